import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateAll, migratedBefore } from './migrated-up-to.ts';

describe('migration invoice_currency: invoices name the currency of what they cover', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('takes a renewal invoice’s currency from its order, and keeps the others in yuan', () => {
    const sqlite = new Database(':memory:');
    const dir = mkdtempSync(join(tmpdir(), 'invoice-currency-'));
    dirs.push(dir);
    migratedBefore('invoice_currency', sqlite, dir);
    const order = sqlite.prepare(
      "insert into renewal_orders (number, org_id, kind, months, currency, total_cents, state, created_by) values (?, 7, 'device', 12, ?, ?, 'renewed', 1)",
    );
    order.run('XF00000001', 'AUD', 18000);
    order.run('XF00000002', 'CNY', 60000);
    const invoice = sqlite.prepare(
      "insert into invoices (id, number, org_id, issuer_org_id, requested_by, invoice_type, tax_rate, title, tax_number, contact, total_cents, tax_cents) values (?, ?, ?, 1, 1, 'ordinary', 13, 'T', 'N', 'C', ?, 0)",
    );
    const item = sqlite.prepare(
      'insert into invoice_items (invoice_id, org_id, source, source_id, label, amount_cents) values (?, ?, ?, ?, ?, ?)',
    );
    invoice.run(1, 'INV-1', 7, 18000);
    item.run(1, 7, 'renewal', 1, 'XF00000001', 18000);
    invoice.run(2, 'FP-2', 7, 60000);
    item.run(2, 7, 'renewal', 2, 'XF00000002', 60000);
    // A lease bill records no currency (its lessor's brand decides it): kept as yuan, the operator's default.
    invoice.run(3, 'FP-3', 9, 5000);
    item.run(3, 9, 'bill', 4, 'ZD0004', 5000);

    migrateAll(sqlite);

    expect(sqlite.prepare('select id, currency, total_cents from invoices order by id').all()).toEqual([
      { id: 1, currency: 'AUD', total_cents: 18000 },
      { id: 2, currency: 'CNY', total_cents: 60000 },
      { id: 3, currency: 'CNY', total_cents: 5000 },
    ]);
    expect(sqlite.prepare('select invoice_id, currency from invoice_items order by invoice_id').all()).toEqual([
      { invoice_id: 1, currency: 'AUD' },
      { invoice_id: 2, currency: 'CNY' },
      { invoice_id: 3, currency: 'CNY' },
    ]);
  });
});
