import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { invoiceEndpoints } from '@console/contract/http/invoices';
import { rowsOf } from '../../fixtures/sql-rows.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { invoiceFixture } from './helpers.ts';

/** A paid shop order is one more invoiceable source (decisions 050, 051): the buyer asks the seller for it. */
describe('invoices over shop orders', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  it('offers the buyer its paid orders, for what was paid, and an invoice over them goes to the seller', async () => {
    const orders = await rowsOf<{ id: number; state: string; paid: number | null; seller: number }>(
      t.dbh.db,
      `SELECT o.id, o.state, o.paid_cents AS paid, o.seller_org_id AS seller FROM shop_orders o
       JOIN users u ON u.org_id = o.org_id WHERE u.mobile = ? ORDER BY o.id`,
      '13800000011',
    );
    const paid = orders.filter((o) => ['paid', 'shipped', 'received', 'completed'].includes(o.state));
    const unpaid = orders.filter((o) => ['created', 'unpaid', 'cancelled', 'failed'].includes(o.state));
    expect(paid.length, 'the demo customer has paid orders').toBeGreaterThan(0);
    expect(unpaid.length, 'and orders not paid').toBeGreaterThan(0);

    const token = await t.tokenFor(ROLE.other);
    const offered = (await t.call(invoiceEndpoints.invoiceable, { token })).data.list.filter(
      (i) => i.source === 'shop',
    );
    expect(offered.map((i) => i.sourceId).sort()).toEqual(paid.map((o) => o.id).sort());
    expect(offered.find((i) => i.sourceId === paid[0]!.id)!.amountCents).toBe(paid[0]!.paid);

    const f = await invoiceFixture(t);
    const asked = await f.request([{ source: 'shop', id: paid[0]!.id }], token);
    expect(asked.status, asked.message).toBe('200');
    expect(asked.data.totalCents).toBe(paid[0]!.paid);
    const refused = await f.request([{ source: 'shop', id: unpaid[0]!.id }], token);
    expect(refused.status).not.toBe('200');
    expect(refused.message).toMatch(/not paid/);
  });
});
