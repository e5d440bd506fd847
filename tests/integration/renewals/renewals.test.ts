import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renewalEndpoints } from '@console/contract/http/renewals';
import { addMonthsToDay } from '@console/contract/http/upkeep';
import { devices } from '@console/db/schema/devices';
import { renewalPrices } from '@console/db/schema/renewals';
import { simCards } from '@console/db/schema/sim-cards';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';
import { withoutLockTasks } from '../risk/helpers.ts';
import { renewalFixture } from './helpers.ts';

describe('renewals', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof renewalFixture>>;
  /** Machines of the demo lessor: service ends today, in 5 days, stopped 3 days ago, and far away. */
  let ids: { today: number; soon: number; stopped: number; far: number };

  beforeEach(async () => {
    t = await createTestApp();
    await withoutLockTasks(t.dbh);
    f = await renewalFixture(t);
    ids = {
      today: await f.machine(f.fleet.own, 0, { serviceExpiresAt: f.day(0) }),
      soon: await f.machine(f.fleet.own, 1, { serviceExpiresAt: f.day(5) }),
      stopped: await f.machine(f.fleet.own, 2, { serviceExpiresAt: f.day(-3) }),
      far: await f.machine(f.fleet.own, 3, { serviceExpiresAt: f.day(400) }),
    };
  });
  afterEach(() => t.dbh.close());

  const items = (query: object, token = f.admin) =>
    t.call(renewalEndpoints.items, { token, loose: { query: { pageSize: 200, ...query } } });

  it('lists the machines by renewal window and stopped service, within the company', async () => {
    const within1 = await items({ expiry: 1 });
    expect(within1.data.list.map((r) => r.id)).toEqual([ids.today]);
    expect(within1.data.list[0]).toMatchObject({ renewal: 1, kind: 'device', pendingNumber: '' });
    const within7 = await items({ expiry: 7 });
    expect(within7.data.list.map((r) => r.id)).toEqual([ids.today, ids.soon]);
    const stopped = await items({ expiry: 0 });
    expect(stopped.data.list.map((r) => r.id)).toContain(ids.stopped);
    await expectEvery(stopped.data.list, (r) => r.renewal === 0);
    // Another company's machines are not the lessor's to renew.
    const otherDevice = await f.machine(f.fleet.other, 0, { serviceExpiresAt: f.day(0) });
    expect((await items({ expiry: 1 })).data.list.map((r) => r.id)).not.toContain(otherDevice);
    // The operator's finance sees every company's.
    expect((await items({ expiry: 1 }, f.finance)).data.list.map((r) => r.id)).toEqual(
      expect.arrayContaining([ids.today, otherDevice]),
    );
    // SIM cards have their own windows.
    const card = (await t.dbh.db.select().from(simCards).where(eq(simCards.orgId, f.fleet.own)).get())!;
    await t.dbh.db
      .update(simCards)
      .set({ serviceExpiresAt: f.day(10) })
      .where(eq(simCards.id, card.id))
      .run();
    const cards = await items({ kind: 'sim', expiry: 15 });
    expect(cards.data.list.map((r) => r.id)).toContain(card.id);
    expect(cards.data.list.find((r) => r.id === card.id)).toMatchObject({ label: card.iccid, renewal: 15 });
  });

  it('makes an order waiting for payment at the configured price; finance records the payment', async () => {
    const made = await t.call(renewalEndpoints.create, {
      token: f.staff,
      body: { kind: 'device', ids: [ids.soon, ids.stopped], months: 3, note: 'Q3' },
    });
    expect(made.status, made.message).toBe('200');
    expect(made.message).toBe('The renewal order is made and waits for payment');
    const [order] = made.data.orders;
    // 3 months of the seeded list: 90.00 a machine.
    expect(order).toMatchObject({
      state: 'pending',
      itemCount: 2,
      months: 3,
      totalCents: 2 * 9_000,
      actions: ['cancel'],
    });
    expect(await f.expiryOf(ids.soon)).toBe(f.day(5));
    // The list says which order holds a machine, and it cannot go into a second one.
    expect((await items({ expiry: 7 })).data.list.find((r) => r.id === ids.soon)?.pendingNumber).toBe(order!.number);
    const twice = await t.call(renewalEndpoints.create, {
      token: f.admin,
      body: { kind: 'device', ids: [ids.soon], months: 1 },
    });
    expect(twice.status).toBe('409');
    expect(twice.message).toContain(order!.number);
    // Only the operator records a payment.
    const lessorPays = await t.call(renewalEndpoints.pay, { token: f.admin, body: { id: order!.id } });
    expect(lessorPays.status).toBe('403');
    const asFinance = await t.call(renewalEndpoints.list, { token: f.finance });
    expect(asFinance.data.list.find((o) => o.id === order!.id)?.actions).toEqual(['pay', 'cancel']);

    const paid = await t.call(renewalEndpoints.pay, {
      token: f.finance,
      body: { id: order!.id, paymentReference: 'TR-778' },
    });
    expect(paid.status, paid.message).toBe('200');
    expect(paid.data).toMatchObject({
      state: 'renewed',
      paymentMethod: 'recorded',
      paymentReference: 'TR-778',
      actions: [],
    });
    // A running service continues from its last day; a stopped one restarts today.
    expect(await f.expiryOf(ids.soon)).toBe(addMonthsToDay(f.day(5), 3));
    expect(await f.expiryOf(ids.stopped)).toBe(addMonthsToDay(f.day(-1), 3));
    const detail = await t.call(renewalEndpoints.detail, { token: f.admin, query: { id: order!.id } });
    expect(detail.data.lines.map((l) => [l.itemId, l.previousExpiry, l.newExpiry])).toEqual([
      [ids.soon, f.day(5), await f.expiryOf(ids.soon)],
      [ids.stopped, f.day(-3), await f.expiryOf(ids.stopped)],
    ]);
    // Paid once: a second payment is refused; the history keeps it, by machine.
    expect((await t.call(renewalEndpoints.pay, { token: f.finance, body: { id: order!.id } })).status).toBe('409');
    const history = await t.call(renewalEndpoints.list, { token: f.admin, query: { itemId: ids.stopped } });
    expect(history.data.list.map((o) => o.number)).toEqual([order!.number]);
    expect(
      (await t.call(renewalEndpoints.list, { token: f.admin, query: { keyword: order!.number } })).data.total,
    ).toBe(1);
  });

  it('renews at once when finance records the payment with the order, one order per company', async () => {
    const other = await f.machine(f.fleet.other, 0, { serviceExpiresAt: f.day(2) });
    const made = await t.call(renewalEndpoints.create, {
      token: f.finance,
      body: { kind: 'device', ids: [ids.today, other], months: 12, payNow: true, paymentReference: 'BANK-1' },
    });
    expect(made.status, made.message).toBe('200');
    expect(made.message).toBe('Renewed');
    expect(made.data.orders).toHaveLength(2);
    await expectEvery(made.data.orders, (o) => o.state === 'renewed' && o.totalCents === 30_000);
    expect(await f.expiryOf(ids.today)).toBe(addMonthsToDay(f.day(0), 12));
    expect(await f.expiryOf(other)).toBe(addMonthsToDay(f.day(2), 12));
    // The lessor sees its own order only.
    const own = await t.call(renewalEndpoints.list, { token: f.admin });
    expect(own.data.total).toBe(1);
    // A rental company cannot record its own payment.
    const refused = await t.call(renewalEndpoints.create, {
      token: f.admin,
      body: { kind: 'device', ids: [ids.far], months: 1, payNow: true },
    });
    expect(refused.status).toBe('400');
    expect(refused.data.field).toBe('payNow');
    expect(await f.expiryOf(ids.far)).toBe(f.day(400));
  });

  it('refuses what the form and the flow do not allow', async () => {
    const none = await t.call(renewalEndpoints.create, {
      token: f.admin,
      body: { kind: 'device', ids: [], months: 3 },
    });
    expect(none).toMatchObject({ status: '400', data: { field: 'ids' } });
    const badMonths = await t.call(renewalEndpoints.create, {
      token: f.admin,
      loose: { body: { kind: 'device', ids: [ids.far], months: 2 } },
    });
    expect(badMonths).toMatchObject({ status: '400', data: { field: 'months' } });
    // A period without a price is not offered.
    await t.dbh.db.delete(renewalPrices).where(eq(renewalPrices.months, 6)).run();
    const noPrice = await t.call(renewalEndpoints.create, {
      token: f.admin,
      body: { kind: 'device', ids: [ids.far], months: 6 },
    });
    expect(noPrice.data.field).toBe('months');
    // Another company's machine is not found.
    const foreign = await f.machine(f.fleet.other, 1, {});
    expect(
      (await t.call(renewalEndpoints.create, { token: f.admin, body: { kind: 'device', ids: [foreign], months: 1 } }))
        .status,
    ).toBe('404');

    const made = await t.call(renewalEndpoints.create, {
      token: f.admin,
      body: { kind: 'device', ids: [ids.far], months: 1 },
    });
    const id = made.data.orders[0]!.id;
    const noReason = await t.call(renewalEndpoints.cancel, { token: f.admin, loose: { body: { id, reason: ' ' } } });
    expect(noReason).toMatchObject({ status: '400', data: { field: 'reason' } });
    const cancelled = await t.call(renewalEndpoints.cancel, { token: f.admin, body: { id, reason: 'Ordered twice' } });
    expect(cancelled.data).toMatchObject({ state: 'cancelled', failure: 'Cancelled: Ordered twice', actions: [] });
    expect((await t.call(renewalEndpoints.pay, { token: f.finance, body: { id } })).status).toBe('409');
    expect((await t.call(renewalEndpoints.cancel, { token: f.admin, body: { id, reason: 'again' } })).status).toBe(
      '409',
    );
    expect(await f.expiryOf(ids.far)).toBe(f.day(400));
    // Once cancelled the machine may be renewed again.
    expect(
      (await t.call(renewalEndpoints.create, { token: f.admin, body: { kind: 'device', ids: [ids.far], months: 1 } }))
        .status,
    ).toBe('200');
  });

  it('fails with "renewal failed" when a machine is no longer the company’s, renewing none', async () => {
    const made = await t.call(renewalEndpoints.create, {
      token: f.admin,
      body: { kind: 'device', ids: [ids.soon, ids.today], months: 1 },
    });
    const order = made.data.orders[0]!;
    // The machine moved to another company before the payment came.
    await t.dbh.db.update(devices).set({ orgId: f.fleet.other }).where(eq(devices.id, ids.today)).run();
    const paid = await t.call(renewalEndpoints.pay, {
      token: f.finance,
      body: { id: order.id, paymentReference: 'X1' },
    });
    expect(paid.status).toBe('409');
    expect(paid.message).toMatch(/^renewal failed/);
    const detail = await t.call(renewalEndpoints.detail, { token: f.admin, query: { id: order.id } });
    expect(detail.data.order).toMatchObject({ state: 'failed', paymentReference: 'X1', actions: [] });
    expect(detail.data.order.failure).toMatch(/^renewal failed/);
    expect(await f.expiryOf(ids.soon)).toBe(f.day(5));
    const zh = await t.call(renewalEndpoints.detail, { token: f.admin, query: { id: order.id }, lang: 'zh_CN' });
    expect(zh.data.order.failure).toMatch(/^续费失败/);
  });

  it('keeps the price list the operator’s', async () => {
    const read = await t.call(renewalEndpoints.prices, { token: f.admin });
    expect(read.data.editable).toBe(false);
    expect(read.data.list).toContainEqual({ currency: 'CNY', kind: 'device', months: 12, priceCents: 30_000 });
    expect((await t.call(renewalEndpoints.savePrices, { token: f.admin, body: { prices: [] } })).status).toBe('403');
    const bad = await t.call(renewalEndpoints.savePrices, {
      token: f.finance,
      loose: { body: { prices: [{ currency: 'CNY', kind: 'device', months: 1, priceCents: 10.5 }] } },
    });
    expect(bad.status).toBe('400');
    const saved = await t.call(renewalEndpoints.savePrices, {
      token: f.finance,
      body: {
        prices: [
          { currency: 'CNY', kind: 'device', months: 1, priceCents: 3_500 },
          { currency: 'CNY', kind: 'sim', months: 1, priceCents: null },
        ],
      },
    });
    expect(saved.status, saved.message).toBe('200');
    expect(saved.data.list).toContainEqual({ currency: 'CNY', kind: 'device', months: 1, priceCents: 3_500 });
    expect(saved.data.list.find((p) => p.currency === 'CNY' && p.kind === 'sim' && p.months === 1)).toBeUndefined();
    const made = await t.call(renewalEndpoints.create, {
      token: f.admin,
      body: { kind: 'device', ids: [ids.far], months: 1 },
    });
    expect(made.data.orders[0]!.totalCents).toBe(3_500);
  });
});
