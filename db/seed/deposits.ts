import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { appendLedger, refreshArrears } from '../billing/ledger.ts';
import type { Db } from '../client.ts';
import { orgDay } from '../org-zone.ts';
import { organisations, users } from '../schema/accounts.ts';
import { depositMoves, deposits } from '../schema/deposits.ts';
import { allocations, bills, receipts } from '../schema/lease-billing.ts';
import { contractEvents, contracts } from '../schema/lease.ts';
import { addDays, billState } from '@console/contract/codes/lease-billing';
import { depositState, type DepositReason } from '@console/contract/lease/deposits';
import { BUSINESSES, say } from './business.ts';

/**
 * Each signed contract's deposit (docs/decisions/073-deposits.md), in every state, written as the moves write them:
 * requested on the day the contract was signed; for running contracts in turn nothing received yet, half received,
 * received in full; for ended ones held still, part applied to an open bill of the contract (damage found at the
 * return), applied and the rest refunded (cleaning), refunded in full. Receipts by bank transfer, texts in the
 * rental company's language. After the bills (what is applied pays one of them) and before the created times.
 */

const TEXT = {
  receiptNote: { zh: '合同押金', en: 'Security deposit' },
  damage: {
    zh: '归还时护栏变形，维修费用从押金中扣除',
    en: 'Bent guard rail found at the return, repair kept from the deposit',
  },
  cleaning: {
    zh: '设备归还时泥污较多，扣除清洗费用后退还余额',
    en: 'Returned caked in mud: balance refunded after cleaning',
  },
  refund: { zh: '设备完好归还，押金全额退还', en: 'Returned in good order, deposit refunded in full' },
} as const;

const RUNNING = ['requested', 'half', 'full'] as const;
/** An ended contract with a bill still open keeps part or all of its deposit for it; one without refunds it. */
const ENDED_OWING = ['applyAndRefund', 'applyAll', 'applyPart'] as const;
const ENDED_PAID = ['full', 'refundAll', 'refundAll'] as const;

export async function seedDeposits(db: Db, now: number): Promise<void> {
  const signed = await db
    .select({
      id: contracts.id,
      number: contracts.number,
      lessorOrgId: contracts.lessorOrgId,
      renterOrgId: contracts.renterOrgId,
      depositCents: contracts.depositCents,
      status: contracts.status,
      startOn: contracts.startOn,
      endedOn: contracts.endedOn,
    })
    .from(contracts)
    .where(and(eq(contracts.kind, 'contract'), inArray(contracts.status, [7, 8, 9]), gt(contracts.depositCents, 0)))
    .orderBy(asc(contracts.id))
    .all();
  const turn = new Map<string, number>();
  for (const c of signed) {
    const lang = await lessorLang(db, c.lessorOrgId);
    const today = await orgDay(db, c.lessorOrgId, now);
    const clerk = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.orgId, c.lessorOrgId), eq(users.roleId, 10)))
      .orderBy(users.id)
      .get();
    const signedAt = (
      await db
        .select({ at: contractEvents.at })
        .from(contractEvents)
        .where(and(eq(contractEvents.contractId, c.id), eq(contractEvents.action, 'lessorSigned')))
        .get()
    )?.at;
    const requestedOn = signedAt ? await orgDay(db, c.lessorOrgId, signedAt.getTime()) : c.startOn;
    const ended = c.status !== 7;
    const owing =
      ended &&
      (await db
        .select({ id: bills.id })
        .from(bills)
        .where(and(eq(bills.contractId, c.id), inArray(bills.state, ['open', 'partlyPaid'])))
        .get()) !== undefined;
    const key = `${c.lessorOrgId}:${ended}:${owing}`;
    const n = turn.get(key) ?? 0;
    turn.set(key, n + 1);
    const plans: readonly string[] = !ended ? RUNNING : owing ? ENDED_OWING : ENDED_PAID;
    const plan = plans[n % plans.length]!;
    const at = (day: string) => new Date(Date.parse(`${day}T02:00:00Z`));
    const figures = { amountCents: c.depositCents, receivedCents: 0, appliedCents: 0, refundedCents: 0 };
    const { id } = await db
      .insert(deposits)
      .values({
        number: `YJ-${c.number}`,
        contractId: c.id,
        lessorOrgId: c.lessorOrgId,
        renterOrgId: c.renterOrgId,
        amountCents: c.depositCents,
        requestedOn,
        createdAt: at(requestedOn),
        updatedAt: at(requestedOn),
      })
      .returning({ id: deposits.id })
      .get();
    const moves: (typeof depositMoves.$inferInsert)[] = [
      {
        depositId: id,
        kind: 'request',
        amountCents: c.depositCents,
        day: requestedOn,
        userId: null,
        at: at(requestedOn),
      },
    ];
    if (plan !== 'requested' && clerk) {
      // Paid a few days after signing, never after today.
      const receivedOn = [addDays(requestedOn, 2), today].sort()[0]!;
      // A renter that paid only what its last bill came to has all of it kept against that bill.
      const owed = await db
        .select({ cents: sql<number>`${bills.amountCents} - ${bills.paidCents}` })
        .from(bills)
        .where(and(eq(bills.contractId, c.id), inArray(bills.state, ['open', 'partlyPaid'])))
        .orderBy(asc(bills.dueOn), asc(bills.id))
        .get();
      const amountCents =
        plan === 'half'
          ? Math.floor(c.depositCents / 2)
          : plan === 'applyAll' && owed
            ? Math.min(c.depositCents, owed.cents)
            : c.depositCents;
      const reference = `TRF${receivedOn.replaceAll('-', '')}${String(100_000 + ((id * 7919) % 900_000)).slice(0, 6)}`;
      const receipt = await db
        .insert(receipts)
        .values({
          lessorOrgId: c.lessorOrgId,
          renterOrgId: c.renterOrgId,
          amountCents,
          method: 'transfer',
          receivedOn,
          reference,
          note: say(lang, TEXT.receiptNote),
          createdBy: clerk.id,
          depositId: id,
        })
        .returning({ id: receipts.id })
        .get();
      figures.receivedCents = amountCents;
      moves.push({
        depositId: id,
        kind: 'receive',
        amountCents,
        receiptId: receipt.id,
        method: 'transfer',
        reference,
        note: say(lang, TEXT.receiptNote),
        day: receivedOn,
        userId: clerk.id,
        at: at(receivedOn),
      });
      const endDay = c.endedOn && c.endedOn <= today ? c.endedOn : today;
      let held = amountCents;
      const refund = async (cents: number, reason: DepositReason, note: string) => {
        if (cents <= 0) return;
        figures.refundedCents += cents;
        held -= cents;
        moves.push({
          depositId: id,
          kind: 'refund',
          amountCents: cents,
          method: 'transfer',
          reason,
          note,
          day: endDay,
          userId: clerk.id,
          at: at(endDay),
        });
      };
      if (plan === 'applyPart' || plan === 'applyAndRefund' || plan === 'applyAll') {
        const bill = await db
          .select()
          .from(bills)
          .where(and(eq(bills.contractId, c.id), inArray(bills.state, ['open', 'partlyPaid'])))
          .orderBy(asc(bills.dueOn), asc(bills.id))
          .get();
        // A damage charge kept from the deposit (a fifth of it), or all of it towards the rent still owed; at most
        // what the bill owes.
        const wanted = plan === 'applyAll' ? held : Math.floor(c.depositCents / 5);
        const cents = bill ? Math.min(bill.amountCents - bill.paidCents, wanted) : 0;
        if (bill && cents > 0) {
          await db.insert(allocations).values({ receiptId: receipt.id, billId: bill.id, amountCents: cents }).run();
          const paidCents = bill.paidCents + cents;
          await db
            .update(bills)
            .set({ paidCents, state: billState(bill.amountCents, paidCents) })
            .where(eq(bills.id, bill.id))
            .run();
          await appendLedger(db, [
            {
              lessorOrgId: c.lessorOrgId,
              renterOrgId: c.renterOrgId,
              type: 'depositApplied',
              billId: bill.id,
              receiptId: receipt.id,
              subject: `YJ-${c.number}`,
              detail: bill.number,
              amountCents: -cents,
              day: endDay,
            },
          ]);
          await refreshArrears(db, c.lessorOrgId, today, c.renterOrgId);
          figures.appliedCents += cents;
          held -= cents;
          moves.push({
            depositId: id,
            kind: 'apply',
            amountCents: cents,
            billId: bill.id,
            reason: 'damage',
            note: say(lang, TEXT.damage),
            day: endDay,
            userId: clerk.id,
            at: at(endDay),
          });
        }
        if (plan === 'applyAndRefund') await refund(held, 'cleaning', say(lang, TEXT.cleaning));
      }
      if (plan === 'refundAll') await refund(held, 'other', say(lang, TEXT.refund));
    }
    await db.insert(depositMoves).values(moves).run();
    await db
      .update(deposits)
      .set({ ...figures, state: depositState(figures) })
      .where(eq(deposits.id, id))
      .run();
  }
}

/** The language a seeded rental company keeps its records in. */
async function lessorLang(db: Db, lessorOrgId: number): Promise<'zh' | 'en'> {
  const lessor = await db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, lessorOrgId))
    .get();
  return BUSINESSES.find((b) => b.lessor === lessor?.name)?.lang ?? 'zh';
}
