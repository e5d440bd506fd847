import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_TIMEOUT_MS } from '@console/contract/codes/shop-orders';
import { billingEndpoints as billing } from '@console/contract/http/lease-billing';
import { onlinePaymentEndpoints as api } from '@console/contract/http/online-payments';
import { BILL_PAY_NOTIFY_PATH } from '@console/server/src/billing/online-payments';
import { openPayment, payFixture, type PayFixture } from './helpers.ts';

/**
 * Money paid online is a receipt of its own method, `online`, which the desk cannot enter; and money the provider
 * reports paid after the payment was settled here without money (closed past its time, cancelled) is never a receipt
 * nor allocated: it is recorded on the payment and refunded at the provider by a signed request (decision 077, late
 * money), or, refused there, shown so and asked again by the company's people.
 */
describe('online money: its receipt method and money that comes late', () => {
  let f: PayFixture;
  let bill: number;
  beforeAll(async () => {
    f = await payFixture(300_000);
    bill = f.lease.bill!;
  });
  afterAll(() => f.close());

  const billOf = async () =>
    (
      await f.t.call(billing.billList, { token: await f.renter(), query: { contractId: f.lease.contractId } })
    ).data.list.find((b) => b.id === bill)!;
  const open = (amountCents?: number) => openPayment(f, { billIds: [bill] }, amountCents);
  const act = (providerId: string, action: 'pay' | 'cancel' | 'payLate') =>
    f.control(`/control/payments/${providerId}/act`, { action });
  const seenBy = async (token: string, id: number) =>
    (await f.t.call(api.list, { token, query: { pageSize: 50 } })).data.list.find((p) => p.id === id)!;
  const receipts = async (query: Record<string, unknown>) =>
    (await f.t.call(billing.receiptList, { token: await f.staff(), query: { pageSize: 50, ...query } })).data.list;
  const providerState = (providerId: string) => f.paygate.payments.get(providerId)!.state;
  const deliveriesOf = (providerId: string) => f.paygate.deliveries.filter((d) => d.paymentId === providerId);

  it('writes a paid payment as a receipt of method online, found by that method', async () => {
    const payment = await open(100_000);
    await act(payment.providerId, 'pay');
    await f.settled();
    const paid = await seenBy(await f.renter(), payment.id);
    expect(paid).toMatchObject({ state: 'paid', lateMoney: null });
    const online = await receipts({ method: 'online' });
    expect(online.map((r) => r.id)).toEqual([paid.receiptId]);
    expect(online[0]).toMatchObject({ method: 'online', amountCents: 100_000, reference: payment.reference });
    expect(await receipts({ method: 'other', keyword: payment.reference })).toHaveLength(0);
    expect(await billOf()).toMatchObject({ paidCents: 100_000, state: 'partlyPaid' });
  });

  it('refuses the online method on the desk’s receipt form, in both languages', async () => {
    const form = {
      renterId: f.lease.renterId,
      amountCents: 1_000,
      method: 'online',
      receivedOn: f.lease.today(),
    };
    const en = await f.t.send(billing.receiptCreate, {
      token: await f.staff(),
      body: JSON.stringify(form),
      headers: { lang: 'en_US' },
    });
    expect(en.envelope?.status).toBe('400');
    expect(JSON.stringify(en.envelope)).toContain(
      "Online payments are recorded by the renter's payment through the payment provider; select another method",
    );
    const zh = await f.t.send(billing.receiptCreate, { token: await f.staff(), body: JSON.stringify(form) });
    expect(zh.envelope?.status).toBe('400');
    expect(JSON.stringify(zh.envelope)).toContain('“在线支付”由租户经支付平台付款时自动记录,请选择其他方式');
    // Nothing was recorded; the same money by transfer is.
    expect(await billOf()).toMatchObject({ paidCents: 100_000 });
    const transfer = await f.t.call(billing.receiptCreate, {
      token: await f.staff(),
      body: { ...form, method: 'transfer' as const, reference: '', note: '' },
    });
    expect(transfer.status, transfer.message).toBe('200');
    expect(await billOf()).toMatchObject({ paidCents: 101_000 });
  });

  it('refunds money paid after the payment was closed here, allocating none of it', async () => {
    const before = await billOf();
    const payment = await open();
    f.t.advance(PAYMENT_TIMEOUT_MS + 1000);
    const closed = await f.t.call(api.check, { token: await f.renter(), body: { id: payment.id } });
    expect(closed.data.payment).toMatchObject({ state: 'closed', lateMoney: null });
    await f.settled();
    // The payer's money reaches the provider after all; its signed notification says paid.
    expect((await act(payment.providerId, 'payLate')).status).toBe(200);
    await f.settled();
    const paidNotice = deliveriesOf(payment.providerId).filter((d) => d.state === 'paid');
    expect(paidNotice.map((d) => d.status)).toEqual([200]);
    // Refunded at the provider, whole, by the server itself.
    expect(providerState(payment.providerId)).toBe('refunded');
    const seen = await seenBy(await f.staff(), payment.id);
    expect(seen).toMatchObject({
      state: 'closed',
      receiptId: null,
      lateMoney: {
        amountCents: payment.amountCents,
        paymentState: 'closed',
        state: 'refunded',
        attempts: 1,
        error: '',
        refundedByName: '',
      },
    });
    expect(seen.lateMoney!.refundedAt).not.toBe('');
    expect(seen.lateMoney!.reportedAt).not.toBe('');
    // The renter sees the same on its payment.
    expect((await seenBy(await f.renter(), payment.id)).lateMoney).toMatchObject({ state: 'refunded' });
    // No receipt, no allocation: the bill is as it was.
    expect(await receipts({ keyword: payment.reference })).toHaveLength(0);
    expect(await billOf()).toMatchObject({ paidCents: before.paidCents, state: before.state });
    // The provider repeating its notification changes nothing, and nothing is refunded twice.
    await f.control(`/control/payments/${payment.providerId}/repeat?event=-1`, {});
    await f.settled();
    expect((await seenBy(await f.staff(), payment.id)).lateMoney).toMatchObject({ state: 'refunded', attempts: 1 });
    // Asked again by hand, it is already refunded.
    const again = await f.t.call(api.refundLate, { token: await f.staff(), body: { id: payment.id } });
    expect(again.status).toBe('409');
  });

  it('shows a refund the provider refuses, and the company’s people ask again', async () => {
    const payment = await open();
    await act(payment.providerId, 'cancel');
    await f.settled();
    expect((await seenBy(await f.renter(), payment.id)).state).toBe('cancelled');
    // A signed "paid" for a payment the provider itself still holds cancelled: its refund is refused there.
    await f.control(`/control/payments/${payment.providerId}/notify`, { state: 'paid' });
    await f.settled();
    const refused = (await seenBy(await f.staff(), payment.id)).lateMoney!;
    expect(refused).toMatchObject({ paymentState: 'cancelled', state: 'refused', attempts: 1, refundedAt: '' });
    expect(refused.error).not.toBe('');
    expect(providerState(payment.providerId)).toBe('cancelled');
    // The renter's users cannot ask for it.
    expect((await f.t.call(api.refundLate, { token: await f.renter(), body: { id: payment.id } })).status).toBe('403');
    const still = await f.t.call(api.refundLate, { token: await f.staff(), body: { id: payment.id } });
    expect(still.status, still.message).toBe('200');
    expect(still.data.payment.lateMoney).toMatchObject({ state: 'refused', attempts: 2 });
    // The money does reach the provider: its notice finds the money already recorded, and the staff's refund is made.
    await act(payment.providerId, 'payLate');
    await f.settled();
    const made = await f.t.call(api.refundLate, { token: await f.admin(), body: { id: payment.id } });
    expect(made.status, made.message).toBe('200');
    expect(made.data.payment.lateMoney).toMatchObject({ state: 'refunded', attempts: 3, error: '' });
    expect(made.data.payment.lateMoney!.refundedByName).not.toBe('');
    expect(providerState(payment.providerId)).toBe('refunded');
    expect(await receipts({ keyword: payment.reference })).toHaveLength(0);
  });

  it('refuses an unsigned late notification', async () => {
    const forged = await f.t.app.request(BILL_PAY_NOTIFY_PATH, { method: 'POST', body: '{}' });
    expect(forged.status).toBe(401);
  });
});
