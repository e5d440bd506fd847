import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateAll, migratedBefore } from './migrated-up-to.ts';

describe('migration money_cents: amounts kept as yuan or fen become integer cents', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('keeps every amount a user saved, to the cent', () => {
    const sqlite = new Database(':memory:');
    const dir = mkdtempSync(join(tmpdir(), 'money-'));
    dirs.push(dir);
    migratedBefore('money_cents', sqlite, dir);
    sqlite
      .prepare(
        "insert into device_expenses (device_id, org_id, type, amount_fen, date) values (1, 1, 'maintenance', 123450, '2026-10-01')",
      )
      .run();
    // 0.1 + 0.2 kept as a real: the conversion rounds to the cent rather than truncating.
    sqlite
      .prepare(
        "insert into purchase_infos (device_id, org_id, original_value, salvage_mode, salvage_value) values (1, 1, 250000.3, 'amount', ?)",
      )
      .run(0.1 + 0.2);
    sqlite
      .prepare(
        "insert into accessories (org_id, device_id, name, quantity, value) values (1, 1, 'Battery', 2, 1200.55)",
      )
      .run();
    const order = sqlite
      .prepare(
        "insert into work_orders (number, org_id, title, device_id, device_kind, phone, created_by, payment_amount) values ('WO1', 1, 'Seal', 1, 'forklift', '13800000000', 1, 320.5) returning id",
      )
      .get() as { id: number };
    sqlite
      .prepare(
        "insert into work_order_events (work_order_id, action, user_id, details, at) values (?, 'pay', 1, ?, 0), (?, 'assign', 1, ?, 0)",
      )
      .run(order.id, JSON.stringify({ amount: 320.5, settled: true }), order.id, JSON.stringify({ assigneeId: 7 }));

    migrateAll(sqlite);

    expect(sqlite.prepare('select amount_cents from device_expenses').get()).toEqual({ amount_cents: 123450 });
    expect(sqlite.prepare('select original_value_cents, salvage_value_cents from purchase_infos').get()).toEqual({
      original_value_cents: 25000030,
      salvage_value_cents: 30,
    });
    expect(sqlite.prepare('select value_cents from accessories').get()).toEqual({ value_cents: 120055 });
    expect(sqlite.prepare('select payment_cents from work_orders').get()).toEqual({ payment_cents: 32050 });
    const details = sqlite.prepare('select action, details from work_order_events order by id').all() as {
      action: string;
      details: string;
    }[];
    expect(details.map((d) => [d.action, JSON.parse(d.details) as unknown])).toEqual([
      ['pay', { settled: true, amountCents: 32050 }],
      ['assign', { assigneeId: 7 }],
    ]);
  });
});
