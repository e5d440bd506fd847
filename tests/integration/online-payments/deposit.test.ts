import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_TIMEOUT_MS } from '@console/contract/codes/shop-orders';
import { billingEndpoints as billing } from '@console/contract/http/lease-billing';
import { depositEndpoints as deposits } from '@console/contract/http/deposits';
import { onlinePaymentEndpoints as api } from '@console/contract/http/online-payments';
import { leaseWithDeposit, type DepositLease } from '../deposits/helpers.ts';
import { openPayment, payRig, type PayRig } from './helpers.ts';

/**
 * A renter's user paying its contract's deposit online through the same payment flow as its bills (decisions 073 and
 * 077), through the API as the renter's console and the provider use it: a payment names the deposit instead of
 * bills; the provider refusing or nobody paying in time records nothing; a paid payment becomes the deposit's receipt
 * through the deposit's own receive move (never rent, no bill record row), once however often the provider notifies;
 * money the deposit can no longer take (received at the desk meanwhile) is abnormal and records nothing.
 */
describe('renters pay a deposit online', () => {
  let f: PayRig;
  let lease: DepositLease;
  let depositId: number;
  beforeAll(async () => {
    f = await payRig();
    lease = await leaseWithDeposit(f.f, 1_000_000);
  });
  afterAll(() => f.close());

  const deposit = async (token?: string) => {
    const answer = await f.t.call(deposits.detail, {
      token: token ?? (await f.renter()),
      query: { contractId: lease.contractId },
    });
    expect(answer.status, answer.message).toBe('200');
    return answer.data;
  };
  const balance = async () => {
    const rows = await f.t.call(billing.ledger, {
      token: await f.admin(),
      query: { renterId: lease.renterId, page: 1, pageSize: 1 },
    });
    return rows.data.list[0]?.balanceCents ?? 0;
  };
  const open = (amountCents?: number) => openPayment(f, { depositId }, amountCents);
  const payAt = (providerId: string) => f.control(`/control/payments/${providerId}/act`, { action: 'pay' });
  const mine = async (id: number) => {
    const listed = await f.t.call(api.list, { token: await f.renter(), query: { pageSize: 50 } });
    return listed.data.list.find((p) => p.id === id)!;
  };
  const receiptsOf = async (reference: string) =>
    (await f.t.call(billing.receiptList, { token: await f.staff(), query: { keyword: reference, pageSize: 50 } })).data
      .list;
  let balanceBefore = 0;

  it('lists the requested deposit to the renter, and nobody else pays it', async () => {
    const outstanding = await f.t.call(deposits.list, {
      token: await f.renter(),
      query: { contractId: lease.contractId, state: 'requested' },
    });
    expect(outstanding.data.list).toHaveLength(1);
    depositId = outstanding.data.list[0]!.id;
    expect(outstanding.data.list[0]).toMatchObject({ amountCents: 1_000_000, outstandingCents: 1_000_000 });
    balanceBefore = await balance();
    // Another renter does not find it; the rental company's people record receipts instead.
    expect((await f.t.call(api.create, { token: await f.otherRenter(), body: { depositId } })).status).toBe('404');
    expect((await f.t.call(api.create, { token: await f.staff(), body: { depositId } })).status).toBe('403');
    // A payment names bills or a deposit, not both and not neither.
    const both = await f.t.call(api.create, { token: await f.renter(), body: { depositId, billIds: [1] } });
    expect(both.status).toBe('400');
    expect((await f.t.call(api.create, { token: await f.renter(), body: {} })).status).toBe('400');
    expect(f.paygate.payments.size).toBe(0);
  });

  it('refuses paying more than the deposit asks, in both languages', async () => {
    const body = JSON.stringify({ depositId, amountCents: 1_000_001 });
    const en = await f.t.send(api.create, { token: await f.renter(), body, headers: { lang: 'en_US' } });
    expect(en.envelope?.status).toBe('409');
    expect(en.envelope?.message).toBe('operation failed: the amount is more than the deposit still asks');
    const zh = await f.t.send(api.create, { token: await f.renter(), body });
    expect(zh.envelope?.message).toBe('操作失败，金额超过押金尚待收取的金额');
  });

  it('shows the provider’s refusal and a payment nobody paid in time, and records nothing', async () => {
    await f.control('/control/steer', { refuseNext: true });
    const refused = await open();
    expect(refused).toMatchObject({
      state: 'charging',
      amountCents: 1_000_000,
      owedCents: 1_000_000,
      bills: [],
      deposit: { id: depositId, contractId: lease.contractId },
    });
    expect(refused.deposit!.number).toMatch(/^YJ-/);
    await payAt(refused.providerId);
    await f.settled();
    expect(await mine(refused.id)).toMatchObject({ state: 'refused', receiptId: null, payUrl: '' });

    const waiting = await open();
    const early = await f.t.call(api.check, { token: await f.renter(), body: { id: waiting.id } });
    expect(early.data.payment.state).toBe('charging');
    f.t.advance(PAYMENT_TIMEOUT_MS + 1000);
    const late = await f.t.call(api.check, { token: await f.renter(), body: { id: waiting.id } });
    expect(late.data.payment).toMatchObject({ state: 'closed', receiptId: null });
    expect((await payAt(waiting.providerId)).status).toBe(409);
    await f.settled();

    expect((await deposit()).deposit).toMatchObject({ receivedCents: 0, state: 'requested' });
    expect(await receiptsOf(refused.reference)).toHaveLength(0);
    expect(await receiptsOf(waiting.reference)).toHaveLength(0);
  });

  it('takes a part payment as the deposit’s receipt through its receive move, paying no rent', async () => {
    const payment = await open(400_000);
    expect(payment).toMatchObject({ amountCents: 400_000, owedCents: 1_000_000 });
    await payAt(payment.providerId);
    await f.settled();
    const paid = await mine(payment.id);
    expect(paid.state).toBe('paid');
    const d = await deposit();
    expect(d.deposit).toMatchObject({ receivedCents: 400_000, heldCents: 400_000, state: 'partlyReceived' });
    const receive = d.moves.find((m) => m.kind === 'receive')!;
    expect(receive).toMatchObject({
      amountCents: 400_000,
      receiptId: paid.receiptId,
      method: 'online',
      reference: payment.reference,
    });
    expect(receive.userName).not.toBe('');
    const receipts = await receiptsOf(payment.reference);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ id: paid.receiptId, amountCents: 400_000, allocatedCents: 0 });
    // Deposit money is not rent: no bill record row, no bill of the contract.
    expect(await balance()).toBe(balanceBefore);
    const bills = await f.t.call(billing.billList, { token: await f.admin(), query: { contractId: lease.contractId } });
    expect(bills.data.total).toBe(0);
  });

  it('records nothing for money the deposit no longer asks for (received at the desk meanwhile)', async () => {
    const payment = await open();
    expect(payment.amountCents).toBe(600_000);
    const desk = await f.t.call(deposits.receive, {
      token: await f.staff(),
      body: { depositId, amountCents: 100_000, method: 'transfer', receivedOn: lease.on('03-15'), reference: 'DESK' },
    });
    expect(desk.status, desk.message).toBe('200');
    await payAt(payment.providerId);
    await f.settled();
    expect(await mine(payment.id)).toMatchObject({ state: 'abnormal', receiptId: null });
    expect(await receiptsOf(payment.reference)).toHaveLength(0);
    expect((await deposit()).deposit).toMatchObject({ receivedCents: 500_000, state: 'partlyReceived' });
  });

  it('receives the rest once though the provider notifies twice, and the deposit is held', async () => {
    await f.control('/control/steer', { deliveries: 2 });
    const payment = await open();
    expect(payment.amountCents).toBe(500_000);
    await payAt(payment.providerId);
    await f.settled();
    const again = await f.control(`/control/payments/${payment.providerId}/repeat`, {});
    expect(again.status).toBe(200);
    await f.settled();
    const deliveries = f.paygate.deliveries.filter((d) => d.paymentId === payment.providerId);
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200]);

    const paid = await mine(payment.id);
    expect(paid.state).toBe('paid');
    expect(await receiptsOf(payment.reference)).toHaveLength(1);
    const d = await deposit(await f.admin());
    expect(d.deposit).toMatchObject({ receivedCents: 1_000_000, heldCents: 1_000_000, state: 'held' });
    expect(d.moves.filter((m) => m.kind === 'receive').map((m) => m.amountCents)).toEqual([400_000, 100_000, 500_000]);
    // A check of the settled payment changes nothing; the staff see it as the renter's payment of the deposit.
    const checked = await f.t.call(api.check, { token: await f.staff(), body: { id: payment.id } });
    expect(checked.data.payment).toMatchObject({ state: 'paid', receiptId: paid.receiptId });
    expect(await receiptsOf(payment.reference)).toHaveLength(1);
    expect(await balance()).toBe(balanceBefore);
    // Nothing is left to pay.
    const more = await f.t.call(api.create, { token: await f.renter(), body: { depositId }, lang: 'en_US' });
    expect(more.status).toBe('409');
    expect(more.message).toBe('operation failed: the deposit has nothing left to receive');
  });
});
