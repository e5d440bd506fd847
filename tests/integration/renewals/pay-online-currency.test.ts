import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { renewalEndpoints } from '@console/contract/http/renewals';
import { addMonthsToDay } from '@console/contract/http/upkeep';
import { organisations } from '@console/db/schema/accounts';
import { globalDemoAccount } from '@console/db/seed/accounts';
import { dayInZone } from '@console/server/src/lib/time';
import { withoutLockTasks } from '../risk/helpers.ts';
import { shopFixture, type ShopFixture } from '../shop-orders/helpers.ts';
import { renewalFixture } from './helpers.ts';

/** Paying a renewal online asks the provider for the order's own currency and amount (decision 044, per currency). */
describe('a renewal paid online in its currency', () => {
  let f: ShopFixture;
  let r: Awaited<ReturnType<typeof renewalFixture>>;
  beforeAll(async () => {
    f = await shopFixture();
    await withoutLockTasks(f.t.dbh);
    r = await renewalFixture(f.t);
  });
  afterAll(() => f.close());

  it('charges Northwind A$27.00 in AUD for three months of one machine, and renews it once paid', async () => {
    const northwindOrg = (await f.t.dbh.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(and(eq(organisations.kind, 'lessor'), eq(organisations.name, 'Northwind Equipment Hire')))
      .get())!.id;
    // Northwind keeps Sydney's calendar.
    const sydneyDay = (offset: number) => dayInZone(f.t.deps.now() + offset * 86_400_000, 'Australia/Sydney');
    const id = await r.machine(northwindOrg, 0, { serviceExpiresAt: sydneyDay(10) });
    const token = await f.t.tokenForAccount(globalDemoAccount(ROLE.lessorAdmin).account);
    const made = await f.t.call(renewalEndpoints.create, { token, body: { kind: 'device', ids: [id], months: 3 } });
    expect(made.status, made.message).toBe('200');
    const order = made.data.orders[0]!;
    const paying = await f.t.call(renewalEndpoints.payOnline, { token, body: { id: order.id } });
    expect(paying.status, paying.message).toBe('200');
    const payment = [...f.paygate.payments.values()].find((p) => p.subject.startsWith(order.number))!;
    expect(payment).toMatchObject({ currency: 'AUD', amountCents: 2_700 });
    expect(payment.subject).toBe(`${order.number} A$27.00`);

    const paymentId = paying.data.payUrl.split('/pay/')[1]!.split('?')[0]!;
    await f.control(`/control/payments/${paymentId}/act`, { action: 'pay' });
    await f.settled();
    const detail = await f.t.call(renewalEndpoints.detail, { token, query: { id: order.id } });
    expect(detail.data.order).toMatchObject({ state: 'renewed', paymentMethod: 'provider', totalCents: 2_700 });
    expect(await r.expiryOf(id)).toBe(addMonthsToDay(sydneyDay(10), 3));
  });
});
