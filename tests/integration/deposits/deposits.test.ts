import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { billingEndpoints as billing } from '@console/contract/http/lease-billing';
import { depositEndpoints as api } from '@console/contract/http/deposits';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { users } from '@console/db/schema/accounts';
import { globalDemoAccount } from '@console/db/seed/accounts';
import { signingFixture, type SigningFixture } from '../../fixtures/lease-signing.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import { advanceTo } from '../lease-billing/helpers.ts';
import { leaseWithDeposit, type DepositLease } from './helpers.ts';

/**
 * A contract's deposit from its request to its refund (decision 073), through the API as the desk and the renter use
 * it: requested when the contract is signed, received in parts through receipts that pay no rent, held apart from the
 * arrears and the bill record, then applied to a bill of the ended contract and the rest refunded, with every refusal.
 */
describe('a deposit requested, received, held, applied and refunded', () => {
  let f: SigningFixture;
  let t: TestApp;
  let lease: DepositLease;
  let depositId: number;
  beforeAll(async () => {
    f = await signingFixture();
    t = f.t;
    lease = await leaseWithDeposit(f, 1_000_000);
  });
  afterAll(() => f.close());
  // Sessions made now: the clock moves on by weeks between steps.
  const admin = () => t.tokenFor(ROLE.lessorAdmin);
  const staff = () => t.tokenFor(ROLE.lessorStaff);

  const detail = async (token?: string) => {
    const answer = await t.call(api.detail, {
      token: token ?? (await admin()),
      query: { contractId: lease.contractId },
    });
    expect(answer.status, answer.message).toBe('200');
    return answer.data;
  };
  const balance = async () => {
    const rows = await t.call(billing.ledger, {
      token: await admin(),
      query: { renterId: lease.renterId, page: 1, pageSize: 1 },
    });
    return rows.data.list[0]?.balanceCents ?? 0;
  };
  /** What the renter's deposits hold (the seed's, held for it already, and this lease's), in its lessor's yuan. */
  const held = async (token?: string) =>
    (await t.call(api.held, { token: token ?? (await admin()), query: { renterId: lease.renterId } })).data.held.reduce(
      (sum, h) => sum + h.cents,
      0,
    );
  let heldBefore = 0;

  it('is requested when the contract is signed, as a document of its own that bills nothing', async () => {
    // The demo renter's other contracts hold deposits of their own already (the seed's).
    heldBefore = await held();
    const d = await detail();
    expect(d.deposit).toMatchObject({
      amountCents: 1_000_000,
      receivedCents: 0,
      heldCents: 0,
      outstandingCents: 1_000_000,
      state: 'requested',
    });
    expect(d.deposit!.number).toMatch(/^YJ-/);
    expect(d.deposit!.money.currency.code).toBe('CNY');
    expect(d.moves.map((m) => [m.kind, m.amountCents, m.userName])).toEqual([['request', 1_000_000, '']]);
    const bills = await t.call(billing.billList, { token: await admin(), query: { contractId: lease.contractId } });
    expect(bills.data.total).toBe(0);
    const listed = await t.call(api.list, { token: await admin(), query: { contractId: lease.contractId } });
    expect(listed.data.list.map((r) => r.state)).toEqual(['requested']);
  });

  it('is received in parts through receipts that pay no rent and leave the bill record and arrears alone', async () => {
    const before = await balance();
    const d = (await detail()).deposit!;
    const first = await t.call(api.receive, {
      token: await staff(),
      body: {
        depositId: d.id,
        amountCents: 400_000,
        method: 'transfer',
        receivedOn: lease.on('03-15'),
        reference: 'D1',
      },
    });
    expect(first.status, first.message).toBe('200');
    depositId = d.id;
    expect((await detail()).deposit).toMatchObject({
      receivedCents: 400_000,
      heldCents: 400_000,
      state: 'partlyReceived',
    });
    // More than what is still to be received is refused.
    const over = await t.call(api.receive, {
      token: await staff(),
      lang: 'en_US',
      body: { depositId, amountCents: 600_001, method: 'transfer', receivedOn: lease.on('03-15') },
    });
    expect(over.status).toBe('409');
    expect(over.message).toBe('operation failed: the amount is more than what is still to be received for the deposit');
    // The receipt is listed with the others, and paid no bill.
    const receipt = (
      await t.call(billing.receiptList, { token: await admin(), query: { renterId: lease.renterId } })
    ).data.list.find((r) => r.id === first.data.receiptId)!;
    expect(receipt).toMatchObject({ amountCents: 400_000, allocatedCents: 0, voided: false });
    expect(await balance()).toBe(before);

    // Voided before anything was applied: the deposit is requested again.
    const voided = await t.call(billing.receiptVoid, {
      token: await admin(),
      body: { id: first.data.receiptId, reason: '录错金额' },
    });
    expect(voided.status, voided.message).toBe('200');
    expect((await detail()).deposit).toMatchObject({ receivedCents: 0, state: 'requested' });
    expect(await balance()).toBe(before);

    for (const [amountCents, reference] of [
      [300_000, 'D2'],
      [700_000, 'D3'],
    ] as const) {
      const made = await t.call(api.receive, {
        token: await staff(),
        body: { depositId, amountCents, method: 'transfer', receivedOn: lease.on('03-15'), reference },
      });
      expect(made.status, made.message).toBe('200');
    }
    expect((await detail()).deposit).toMatchObject({ receivedCents: 1_000_000, heldCents: 1_000_000, state: 'held' });
    const full = await t.call(api.receive, {
      token: await staff(),
      body: { depositId, amountCents: 1, method: 'cash', receivedOn: lease.on('03-15') },
    });
    expect(full.status).toBe('409');
    expect(await balance()).toBe(before);
  });

  it('stays apart from rent: the month billed is in arrears while the deposit is held', async () => {
    advanceTo(t, lease.on('04-01'));
    expect((await t.call(billing.run, { token: await admin(), body: { contractId: lease.contractId } })).status).toBe(
      '200',
    );
    advanceTo(t, lease.on('04-20'));
    const bills = (await t.call(billing.billList, { token: await admin(), query: { contractId: lease.contractId } }))
      .data.list;
    expect(bills).toHaveLength(1);
    // 15-31 March at 300.00 a day, unpaid although 10,000.00 of deposit is held.
    expect(bills[0]).toMatchObject({ amountCents: 17 * 30_000, paidCents: 0, state: 'open' });
    const arrears = await t.call(billing.arrears, { token: await admin(), query: { renterId: lease.renterId } });
    expect(arrears.data.list.find((r) => r.contractId === lease.contractId)!.overdueCents).toBe(17 * 30_000);
    expect(await held()).toBe(heldBefore + 1_000_000);
    // The renter's user reads the same: rent owed, and the deposit held, apart.
    const renter = await t.tokenFor(ROLE.other);
    expect(await held(renter)).toBe(heldBefore + 1_000_000);
    expect((await detail(renter)).deposit!.heldCents).toBe(1_000_000);
  });

  it('is neither applied nor refunded while the contract runs', async () => {
    const bill = (await detail()).openBills[0]!;
    const applied = await t.call(api.apply, {
      token: await admin(),
      body: { depositId, billId: bill.id, amountCents: 1_000, reason: 'damage' },
    });
    expect(applied.status).toBe('409');
    const refunded = await t.call(api.refund, {
      token: await admin(),
      body: { depositId, amountCents: 1_000, method: 'transfer', refundedOn: lease.on('04-20'), reason: 'other' },
    });
    expect(refunded.status).toBe('409');
  });

  it('refuses other companies, salespeople and the renter', async () => {
    const northwind = await t.tokenForAccount(globalDemoAccount(ROLE.lessorAdmin).account);
    const sales = await t.tokenFor(ROLE.lessorSales);
    const renter = await t.tokenFor(ROLE.other);
    const body = {
      depositId,
      amountCents: 1_000,
      method: 'transfer' as const,
      refundedOn: lease.on('04-20'),
      reason: 'other' as const,
    };
    expect((await t.call(api.refund, { token: northwind, body })).status).toBe('404');
    expect((await t.call(api.detail, { token: northwind, query: { contractId: lease.contractId } })).status).toBe(
      '404',
    );
    expect((await t.call(api.refund, { token: sales, body })).status).toBe('403');
    expect((await t.call(api.refund, { token: renter, body })).status).toBe('403');
    expect((await t.call(api.list, { token: sales, query: {} })).status).toBe('403');
    const seen = await t.call(api.list, { token: northwind, query: { contractId: lease.contractId } });
    expect(seen.data.total).toBe(0);
  });

  it('at the end pays a bill of the contract in part and is refunded the rest, with reasons', async () => {
    const ended = await t.call(leaseContractEndpoints.move, {
      token: await admin(),
      body: { id: lease.contractId, action: 'close', day: lease.on('04-20') },
    });
    expect(ended.status, ended.message).toBe('200');
    const d = await detail();
    expect(d.contractEnded).toBe(true);
    const march = d.openBills.find((b) => b.unpaidCents === 17 * 30_000)!;
    const exit = d.openBills.find((b) => b.id !== march.id)!;
    expect(exit.unpaidCents).toBe(20 * 30_000);
    const before = await balance();

    // More than the bill owes, or more than is held, is refused.
    const overOwed = await t.call(api.apply, {
      token: await admin(),
      lang: 'en_US',
      body: { depositId, billId: march.id, amountCents: march.unpaidCents + 1, reason: 'damage' },
    });
    expect(overOwed.status).toBe('409');
    expect(overOwed.message).toBe('operation failed: the amount is more than the bill still owes');

    const applied = await t.call(api.apply, {
      token: await admin(),
      body: { depositId, billId: march.id, amountCents: march.unpaidCents, reason: 'other', note: '三月租金' },
    });
    expect(applied.status, applied.message).toBe('200');
    const paid = (await t.call(billing.billDetail, { token: await admin(), query: { id: march.id } })).data;
    expect(paid.bill).toMatchObject({ state: 'paid', unpaidCents: 0 });
    expect(paid.allocations.reduce((s, a) => s + a.amountCents, 0)).toBe(17 * 30_000);
    expect(await balance()).toBe(before - 17 * 30_000);
    const ledger = await t.call(billing.ledger, {
      token: await admin(),
      query: { renterId: lease.renterId, type: 'depositApplied' },
    });
    expect(ledger.data.list.map((r) => r.amountCents)).toEqual([-17 * 30_000]);
    const arrears = await t.call(billing.arrears, { token: await admin(), query: { renterId: lease.renterId } });
    expect(arrears.data.list.find((r) => r.contractId === lease.contractId)).toBeUndefined();

    // Damage of 1,500.00 on the exit bill, then the rest (10,000.00 - 5,100.00 - 1,500.00) refunded.
    expect(
      (
        await t.call(api.apply, {
          token: await staff(),
          body: { depositId, billId: exit.id, amountCents: 150_000, reason: 'damage', note: '护栏变形' },
        })
      ).status,
    ).toBe('200');
    const rest = 1_000_000 - 17 * 30_000 - 150_000;
    expect((await detail()).deposit).toMatchObject({ heldCents: rest, state: 'settling' });
    const overHeld = await t.call(api.refund, {
      token: await staff(),
      lang: 'en_US',
      body: { depositId, amountCents: rest + 1, method: 'transfer', refundedOn: lease.on('04-20'), reason: 'other' },
    });
    expect(overHeld.status).toBe('409');
    expect(overHeld.message).toBe('operation failed: the amount is more than the deposit holds');
    // A receipt of a deposit partly applied can no longer be voided.
    const receipts = (await t.call(billing.receiptList, { token: await admin(), query: { renterId: lease.renterId } }))
      .data.list;
    const depositReceipt = receipts.find((r) => r.reference === 'D2')!;
    expect(
      (await t.call(billing.receiptVoid, { token: await admin(), body: { id: depositReceipt.id, reason: '错' } }))
        .status,
    ).toBe('409');

    const refunded = await t.call(api.refund, {
      token: await staff(),
      body: {
        depositId,
        amountCents: rest,
        method: 'transfer',
        refundedOn: lease.on('04-20'),
        reference: 'TK-1',
        reason: 'cleaning',
        note: '扣除清洁后退还',
      },
    });
    expect(refunded.status, refunded.message).toBe('200');
    const end = await detail();
    expect(end.deposit).toMatchObject({
      receivedCents: 1_000_000,
      appliedCents: 17 * 30_000 + 150_000,
      refundedCents: rest,
      heldCents: 0,
      state: 'settled',
    });
    // Received = applied + held + refunded, and every move says who and when.
    const d2 = end.deposit!;
    expect(d2.receivedCents).toBe(d2.appliedCents + d2.heldCents + d2.refundedCents);
    const staffName = (await t.dbh.db
      .select()
      .from(users)
      .where(eq(users.id, await t.userId(ROLE.lessorStaff)))
      .get())!.name;
    expect(end.moves.map((m) => [m.kind, m.amountCents, m.reason])).toEqual([
      ['request', 1_000_000, null],
      ['receive', 400_000, null],
      ['receiptVoid', 400_000, null],
      ['receive', 300_000, null],
      ['receive', 700_000, null],
      ['apply', 17 * 30_000, 'other'],
      ['apply', 150_000, 'damage'],
      ['refund', rest, 'cleaning'],
    ]);
    expect(end.moves.at(-1)).toMatchObject({ userName: staffName, reference: 'TK-1', method: 'transfer' });
    expect(end.moves.every((m) => m.at !== '')).toBe(true);
    expect(await held()).toBe(heldBefore);
    // Nothing is held any more: a further refund is refused by the deposit's state.
    expect(
      (
        await t.call(api.refund, {
          token: await staff(),
          body: { depositId, amountCents: 1, method: 'cash', refundedOn: lease.on('04-20'), reason: 'other' },
        })
      ).status,
    ).toBe('409');
    const listed = await t.call(api.list, {
      token: await admin(),
      query: { state: 'settled', contractId: lease.contractId },
    });
    expect(listed.data.total).toBe(1);
  });
});
