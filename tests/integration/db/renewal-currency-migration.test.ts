import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateAll, migratedBefore } from './migrated-up-to.ts';

describe('migration renewal_prices_per_currency: prices and orders name their currency', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('keeps the price list and the orders made before as yuan, the operator’s default, and opens other lists', () => {
    const sqlite = new Database(':memory:');
    const dir = mkdtempSync(join(tmpdir(), 'renewal-currency-'));
    dirs.push(dir);
    migratedBefore('renewal_prices_per_currency', sqlite, dir);
    sqlite.prepare("insert into renewal_prices (kind, months, price_cents) values ('device', 3, 9000)").run();
    sqlite
      .prepare(
        "insert into renewal_orders (number, org_id, kind, months, total_cents, created_by) values ('XF00000001', 7, 'device', 3, 9000, 1)",
      )
      .run();

    migrateAll(sqlite);

    expect(sqlite.prepare('select currency, kind, months, price_cents from renewal_prices').all()).toEqual([
      { currency: 'CNY', kind: 'device', months: 3, price_cents: 9000 },
    ]);
    expect(sqlite.prepare('select currency, total_cents from renewal_orders').get()).toEqual({
      currency: 'CNY',
      total_cents: 9000,
    });
    // Another currency's list prices the same period; one currency still keeps one price a period.
    sqlite
      .prepare("insert into renewal_prices (currency, kind, months, price_cents) values ('AUD', 'device', 3, 2700)")
      .run();
    expect(() =>
      sqlite
        .prepare("insert into renewal_prices (currency, kind, months, price_cents) values ('CNY', 'device', 3, 1)")
        .run(),
    ).toThrow(/UNIQUE/);
  });
});
