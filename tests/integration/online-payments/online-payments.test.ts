import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_TIMEOUT_MS } from '@console/contract/codes/shop-orders';
import { billingEndpoints as billing } from '@console/contract/http/lease-billing';
import { onlinePaymentEndpoints as api } from '@console/contract/http/online-payments';
import { runSchedulerPass } from '@console/server/src/risk/scheduler';
import { BILL_PAY_NOTIFY_PATH } from '@console/server/src/billing/online-payments';
import { openPayment, payFixture, type PayFixture } from './helpers.ts';

/**
 * A renter's user paying its overdue bill online through the shop's payment provider (decision 077), through the
 * API as the renter's console and the provider use it: the provider refusing, a payment left waiting until its time
 * is over, a part payment, then the rest paid with the provider notifying twice; the paid money a receipt allocated
 * and clearing the arrears as the desk's receipts do, seen by the rental company's staff; another renter shut out.
 */
describe('renters pay their bills online', () => {
  let f: PayFixture;
  let bill: number;
  beforeAll(async () => {
    f = await payFixture(300_000);
    bill = f.lease.bill!;
    // The arrears reached their first step (the reminder) before anything is paid.
    await runSchedulerPass(f.t.deps);
  });
  afterAll(() => f.close());

  const billOf = async (token?: string) => {
    const answer = await f.t.call(billing.billList, {
      token: token ?? (await f.renter()),
      query: { contractId: f.lease.contractId },
    });
    expect(answer.status, answer.message).toBe('200');
    return answer.data.list.find((b) => b.id === bill);
  };
  const arrears = async () =>
    (await f.t.call(billing.contractArrears, { token: await f.admin(), query: { contractId: f.lease.contractId } }))
      .data;
  const open = (amountCents?: number) => openPayment(f, { billIds: [bill] }, amountCents);
  const payAt = (providerId: string) => f.control(`/control/payments/${providerId}/act`, { action: 'pay' });
  const mine = async (id: number) => {
    const listed = await f.t.call(api.list, { token: await f.renter(), query: { pageSize: 50 } });
    return listed.data.list.find((p) => p.id === id)!;
  };
  const receiptsOf = async (reference: string) =>
    (await f.t.call(billing.receiptList, { token: await f.staff(), query: { keyword: reference, pageSize: 50 } })).data
      .list;

  it('shows the renter its overdue bill, and another renter neither sees nor pays it', async () => {
    expect(await billOf()).toMatchObject({ amountCents: 300_000, paidCents: 0, unpaidCents: 300_000 });
    expect((await arrears()).step).toBeGreaterThanOrEqual(0);
    const other = await f.otherRenter();
    expect(await billOf(other)).toBeUndefined();
    const paid = await f.t.call(api.create, { token: other, body: { billIds: [bill] } });
    expect(paid.status).toBe('404');
    // Nor do the rental company's people open payments: they record receipts.
    expect((await f.t.call(api.create, { token: await f.staff(), body: { billIds: [bill] } })).status).toBe('403');
    expect(f.paygate.payments.size).toBe(0);
  });

  it('refuses paying more than the bill owes, in both languages', async () => {
    const body = JSON.stringify({ billIds: [bill], amountCents: 300_001 });
    const en = await f.t.send(api.create, { token: await f.renter(), body, headers: { lang: 'en_US' } });
    expect(en.envelope?.status).toBe('409');
    expect(en.envelope?.message).toBe('operation failed: the amount is more than the chosen bills still owe');
    const zh = await f.t.send(api.create, { token: await f.renter(), body });
    expect(zh.envelope?.message).toBe('操作失败，金额超过所选账单尚欠的金额');
  });

  it('shows the provider’s refusal and records nothing', async () => {
    await f.control('/control/steer', { refuseNext: true });
    const payment = await open();
    expect(payment).toMatchObject({ state: 'charging', amountCents: 300_000, owedCents: 300_000 });
    expect((await payAt(payment.providerId)).status).toBe(200);
    await f.settled();
    expect(await mine(payment.id)).toMatchObject({ state: 'refused', receiptId: null, payUrl: '' });
    expect(await billOf()).toMatchObject({ paidCents: 0, state: 'open' });
    expect(await receiptsOf(payment.reference)).toHaveLength(0);
  });

  it('leaves a payment nobody pays charging within its time, then closes it at the provider', async () => {
    const payment = await open();
    const early = await f.t.call(api.check, { token: await f.renter(), body: { id: payment.id } });
    expect(early.status, early.message).toBe('200');
    expect(early.data.payment.state).toBe('charging');
    f.t.advance(PAYMENT_TIMEOUT_MS + 1000);
    const late = await f.t.call(api.check, { token: await f.renter(), body: { id: payment.id } });
    expect(late.data.payment).toMatchObject({ state: 'closed', receiptId: null });
    // The payer coming back to the pay page can no longer pay it.
    expect((await payAt(payment.providerId)).status).toBe(409);
    await f.settled();
    expect((await mine(payment.id)).state).toBe('closed');
    expect(await billOf()).toMatchObject({ paidCents: 0, state: 'open' });
  });

  it('takes a part payment as a receipt of that amount, the rest still in arrears', async () => {
    const payment = await open(100_000);
    expect(payment).toMatchObject({ amountCents: 100_000, owedCents: 300_000 });
    await payAt(payment.providerId);
    await f.settled();
    const paid = await mine(payment.id);
    expect(paid.state).toBe('paid');
    expect(paid.receiptId).not.toBeNull();
    expect(await billOf()).toMatchObject({ paidCents: 100_000, unpaidCents: 200_000, state: 'partlyPaid' });
    const status = await arrears();
    expect(status.overdueCents).toBe(200_000);
    expect(status.step).toBeGreaterThanOrEqual(0);
  });

  it('pays the rest once though the provider notifies twice, clears the arrears, and the staff see the receipt', async () => {
    await f.control('/control/steer', { deliveries: 2 });
    const payment = await open();
    expect(payment.amountCents).toBe(200_000);
    await payAt(payment.providerId);
    await f.settled();
    // And once more, later, as a provider resending an event does.
    const again = await f.control(`/control/payments/${payment.providerId}/repeat`, {});
    expect(again.status).toBe(200);
    await f.settled();
    const deliveries = f.paygate.deliveries.filter((d) => d.paymentId === payment.providerId);
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200]);

    const paid = await mine(payment.id);
    expect(paid.state).toBe('paid');
    expect(await billOf()).toMatchObject({ paidCents: 300_000, unpaidCents: 0, state: 'paid' });
    expect(await arrears()).toMatchObject({ overdueCents: 0, daysOverdue: 0, step: -1 });

    const receipts = await receiptsOf(payment.reference);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({
      id: paid.receiptId,
      amountCents: 200_000,
      allocatedCents: 200_000,
      reference: payment.reference,
      voided: false,
    });
    expect(receipts[0]!.allocations.map((a) => [a.billId, a.amountCents])).toEqual([[bill, 200_000]]);
    // The staff see the renter's payments too, and a check of a settled one changes nothing.
    const listed = await f.t.call(api.list, { token: await f.staff(), query: { state: 'paid' } });
    expect(listed.data.list.map((p) => p.reference)).toContain(payment.reference);
    const checked = await f.t.call(api.check, { token: await f.staff(), body: { id: payment.id } });
    expect(checked.data.payment).toMatchObject({ state: 'paid', receiptId: paid.receiptId });
    expect(await receiptsOf(payment.reference)).toHaveLength(1);
    // A paid bill is not paid again.
    const more = await f.t.call(api.create, { token: await f.renter(), body: { billIds: [bill] } });
    expect(more.status).toBe('409');
  });

  it('refuses an unsigned notification and keeps another renter out of the payments', async () => {
    const forged = await f.t.app.request(BILL_PAY_NOTIFY_PATH, { method: 'POST', body: '{}' });
    expect(forged.status).toBe(401);
    const other = await f.t.call(api.list, { token: await f.otherRenter(), query: {} });
    expect(other.data.total).toBe(0);
    const first = (await f.t.call(api.list, { token: await f.renter(), query: {} })).data.list[0]!;
    expect((await f.t.call(api.check, { token: await f.otherRenter(), body: { id: first.id } })).status).toBe('404');
  });
});
