import { and, eq, gte, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import { addDays } from '@console/contract/codes/lease-billing';
import { formatMoney } from '@console/contract/codes/money';
import { translate, type Lang } from '@console/contract/messages/translate';
import type { Db } from '@console/db/client';
import { devices } from '@console/db/schema/devices';
import { bills } from '@console/db/schema/lease-billing';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { notifyMarks } from '@console/db/schema/notifications';
import { billingToday } from '../billing/zone.ts';
import type { AppDeps } from '../lib/deps.ts';
import { nameIn, namesOfOrg, orgBrand, readerLang } from '../lib/org-brand.ts';
import type { Machine } from './match.ts';
import { raise, rulesOf } from './notifier.ts';

/**
 * The business events that have no live event of their own (docs/decisions/071-notifications.md): a bill passing its
 * due day (found by the billing scheduler's pass) and an arrears step reached (raised by the arrears pass as it takes
 * the step). Each names its contract's machines on lease and its renter, so a rule for a kind, a fence, a customer
 * or a list of machines hears of its own.
 */

/** The machines on lease under contracts now, as rules read them. */
export async function leasedMachines(db: Db, contractIds: number[]): Promise<Map<number, Machine[]>> {
  const byContract = new Map<number, Machine[]>();
  if (contractIds.length === 0) return byContract;
  const rows = await db
    .select({
      contractId: leasePeriods.contractId,
      id: devices.id,
      kind: devices.kind,
      fenceId: devices.fenceId,
      customerOrgId: devices.customerOrgId,
    })
    .from(leasePeriods)
    .innerJoin(devices, eq(devices.id, leasePeriods.deviceId))
    .where(and(inArray(leasePeriods.contractId, contractIds), isNull(leasePeriods.endOn)))
    .all();
  for (const { contractId, ...machine } of rows) {
    const list = byContract.get(contractId);
    if (list) list.push(machine);
    else byContract.set(contractId, [machine]);
  }
  return byContract;
}

/** The renter's name in the language of the message. */
async function renterName(db: Db, renterOrgId: number) {
  const names = await namesOfOrg(db, renterOrgId);
  return (lang: Lang) => (names ? nameIn(names, readerLang(lang)) : '');
}

/** The arrears steps, as a message names them (0 the reminder, 1-4 the lock levels). */
const STEP_KEYS = [
  'notify.arrearsStep0',
  'notify.arrearsStep1',
  'notify.arrearsStep2',
  'notify.arrearsStep3',
  'notify.arrearsStep4',
] as const;

/**
 * A contract's arrears reached a step (the reminder, or a lock level its machines are moved to): the lessor's rules
 * hear of it, for the contract's machines on lease and its renter. A failure is logged: the step is taken all the same.
 */
export async function raiseArrearsStep(
  deps: AppDeps,
  contract: { id: number; number: string; lessorOrgId: number; renterOrgId: number },
  step: number,
  days: number,
): Promise<void> {
  try {
    await arrearsStepRaised(deps, contract, step, days);
  } catch (error) {
    deps.log('error', `notify: the arrears step of contract ${contract.id} could not be raised`, error);
  }
}

async function arrearsStepRaised(
  deps: AppDeps,
  contract: { id: number; number: string; lessorOrgId: number; renterOrgId: number },
  step: number,
  days: number,
): Promise<void> {
  const { db } = deps.dbh;
  const machines = (await leasedMachines(db, [contract.id])).get(contract.id) ?? [];
  const renter = await renterName(db, contract.renterOrgId);
  await raise(deps, {
    orgId: contract.lessorOrgId,
    event: 'arrearsStep',
    level: step === 0 ? 1 : 2,
    machine: null,
    machines,
    customerOrgId: contract.renterOrgId,
    at: deps.now(),
    words: (lang) => ({
      title: translate(lang, 'notify.arrearsStepTitle', { contract: contract.number }),
      text: translate(lang, 'notify.arrearsStepText', {
        contract: contract.number,
        renter: renter(lang),
        days,
        step: translate(lang, STEP_KEYS[step] ?? 'notify.arrearsStep0'),
      }),
    }),
  });
}

/**
 * A bill found past its due day this long after it is not news any more (the server was away, or the pass runs over
 * old bills for the first time): the arrears list shows it, and no rule is told.
 */
export const OVERDUE_LOOKBACK_DAYS = 7;

/** Marks written by one statement (five values each, well under SQLite's limit of variables). */
const MARKS_PER_STATEMENT = 500;

/**
 * Bills that passed their due day unpaid on their lessor's billing calendar since the last pass: each is raised once
 * (marked in notify_marks, whether or not a rule hears of it: a rule made later hears of the bills that fall due
 * after it). Answers how many were raised.
 */
export async function raiseOverdueBills(deps: AppDeps): Promise<number> {
  const { db } = deps.dbh;
  const now = deps.now();
  const lessors = await db
    .selectDistinct({ id: bills.lessorOrgId })
    .from(bills)
    .where(inArray(bills.state, ['open', 'partlyPaid']))
    .all();
  let raised = 0;
  for (const { id: lessorOrgId } of lessors) {
    const today = await billingToday(db, lessorOrgId, now);
    const due = await db
      .select()
      .from(bills)
      .where(
        and(
          eq(bills.lessorOrgId, lessorOrgId),
          inArray(bills.state, ['open', 'partlyPaid']),
          lt(bills.dueOn, today),
          gte(bills.dueOn, addDays(today, -OVERDUE_LOOKBACK_DAYS)),
          // Told in a pass before: not read again on every pass of its week.
          notExists(
            db
              .select({ id: notifyMarks.id })
              .from(notifyMarks)
              .where(and(eq(notifyMarks.event, 'billOverdue'), eq(notifyMarks.subject, sql`'bill:' || ${bills.id}`))),
          ),
        ),
      )
      .all();
    if (due.length === 0) continue;
    // Marked in one statement per few hundred bills, whether or not a rule hears: those already marked (a pass
    // before, or another process at the same time) are not answered, and so not raised again.
    const subject = (id: number) => `bill:${id}`;
    const fresh = new Set<string>();
    const unpaid = due.filter((b) => b.amountCents > b.paidCents);
    for (let at = 0; at < unpaid.length; at += MARKS_PER_STATEMENT) {
      const marked = await db
        .insert(notifyMarks)
        .values(
          unpaid.slice(at, at + MARKS_PER_STATEMENT).map((b) => ({
            orgId: lessorOrgId,
            event: 'billOverdue',
            subject: subject(b.id),
            createdAt: new Date(now),
          })),
        )
        .onConflictDoNothing()
        .returning({ subject: notifyMarks.subject })
        .all();
      for (const m of marked) fresh.add(m.subject);
    }
    const told = unpaid.filter((b) => fresh.has(subject(b.id)));
    // A company none of whose rules names the event has nothing more to do.
    const hears = (await rulesOf(deps, lessorOrgId)).some((r) => r.enabled && r.events.includes('billOverdue'));
    if (told.length === 0 || !hears) continue;
    const machines = await leasedMachines(
      db,
      told.flatMap((b) => (b.contractId === null ? [] : [b.contractId])),
    );
    const { money } = await orgBrand(deps, db, lessorOrgId);
    for (const bill of told) {
      const renter = await renterName(db, bill.renterOrgId);
      const amount = formatMoney(bill.amountCents - bill.paidCents, money);
      await raise(deps, {
        orgId: lessorOrgId,
        event: 'billOverdue',
        level: 2,
        machine: null,
        machines: bill.contractId === null ? [] : (machines.get(bill.contractId) ?? []),
        customerOrgId: bill.renterOrgId,
        at: now,
        words: (lang) => ({
          title: translate(lang, 'notify.billOverdueTitle', { number: bill.number }),
          text: translate(lang, 'notify.billOverdueText', {
            number: bill.number,
            renter: renter(lang),
            amount,
            dueOn: bill.dueOn,
          }),
        }),
      });
      raised++;
    }
  }
  return raised;
}
