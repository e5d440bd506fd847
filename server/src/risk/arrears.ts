import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { addDays, daysOverdue } from '@console/contract/codes/lease-billing';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import {
  arrearsStepDays,
  arrearsStepFor,
  type ArrearsPreviewRow,
  type ArrearsStepField,
} from '@console/contract/http/risk';
import { formatMoney } from '@console/contract/codes/money';
import { translate } from '@console/contract/messages/translate';
import type { Db } from '@console/db/client';
import { organisations } from '@console/db/schema/accounts';
import { commands, devices } from '@console/db/schema/devices';
import { contracts } from '@console/db/schema/lease';
import { bills } from '@console/db/schema/lease-billing';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { arrearsExemptions, arrearsSteps, lockDaySettings, riskTaskItems, riskTasks } from '@console/db/schema/risk';
import { billingToday } from '../billing/zone.ts';
import type { AppDeps } from '../lib/deps.ts';
import { nameIn, orgBrand } from '../lib/org-brand.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';
import { raiseArrearsStep } from '../notify/business.ts';
import { sendSystemSms } from '../notify/system.ts';
import { automaticLockMayMove, levelCode } from './levels.ts';
import { fireTask } from './fire-task.ts';

/**
 * Arrears drive the graded lock (docs/decisions/039-arrears-lock.md). A contract is in arrears while one of its
 * bills is unpaid after its due day; its days overdue are those of its oldest unpaid bill, on the rental company's
 * billing calendar (the one its bills' due days are in). The company's lock day settings name the days overdue of
 * each step: 0 a reminder text to the renter, 1-4 the lock level its machines on lease are moved to. Each step
 * happens once while the arrears last (arrears_steps); the payment that clears them closes the steps and, when the
 * setting says so, unlocks the machines. Commands go through the durable queue, so an offline machine gets its
 * step when it comes online.
 */

type Settings = typeof lockDaySettings.$inferSelect;
export type ArrearsSettings = Pick<Settings, ArrearsStepField>;

/**
 * A running contract's open bills: the oldest unpaid due day and what is unpaid past due on `today`. An opening
 * balance (no contract) moves no machine: it counts in the renter's arrears, which automatic approval reads.
 */
async function openContracts(db: Db, lessorOrgId: number, today: string, contractId?: number) {
  return await db
    .select({
      contractId: sql<number>`${bills.contractId}`,
      renterOrgId: bills.renterOrgId,
      oldestDueOn: sql<string>`min(${bills.dueOn})`,
      overdueCents: sql<number>`coalesce(sum(case when ${bills.dueOn} < ${today}
        then ${bills.amountCents} - ${bills.paidCents} else 0 end), 0)`,
    })
    .from(bills)
    // An ended contract has no machine out and takes no step: what it still owes is the renter's arrears alone.
    .innerJoin(
      contracts,
      and(eq(contracts.id, bills.contractId), inArray(contracts.status, [LEASE_STATUS.inExecution])),
    )
    .where(
      and(
        eq(bills.lessorOrgId, lessorOrgId),
        inArray(bills.state, ['open', 'partlyPaid']),
        contractId === undefined ? isNotNull(bills.contractId) : eq(bills.contractId, contractId),
      ),
    )
    // A contract's bills are all its renter's: grouped by the renter too, which PostgreSQL asks of a column it selects.
    .groupBy(bills.contractId, bills.renterOrgId)
    .all();
}

/** The contracts exempted from arrears locking among `ids`, with their reasons. */
export async function activeExemptions(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, typeof arrearsExemptions.$inferSelect>();
  return new Map(
    (
      await db
        .select()
        .from(arrearsExemptions)
        .where(and(inArray(arrearsExemptions.contractId, ids), isNull(arrearsExemptions.liftedAt)))
        .all()
    ).map((e) => [e.contractId, e]),
  );
}

/** The steps taken and still open of contracts. */
export async function openSteps(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(arrearsSteps)
    .where(and(inArray(arrearsSteps.contractId, ids), isNull(arrearsSteps.clearedAt)))
    .all();
}

/** The highest step taken and open per contract (-1 none). */
export async function reachedSteps(db: Db, ids: number[]): Promise<Map<number, number>> {
  const reached = new Map<number, number>();
  for (const s of await openSteps(db, ids))
    reached.set(s.contractId, Math.max(reached.get(s.contractId) ?? -1, s.step));
  return reached;
}

/** The machines on lease under contracts now. */
async function machinesOnLease(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      contractId: leasePeriods.contractId,
      id: devices.id,
      serialNumber: devices.serialNumber,
      status: devices.status,
      lockLevel: devices.lockLevel,
    })
    .from(leasePeriods)
    .innerJoin(devices, eq(devices.id, leasePeriods.deviceId))
    .where(and(inArray(leasePeriods.contractId, ids), isNull(leasePeriods.endOn)))
    .all();
}

/** Machines a lock command of their own is being carried out on (delivered): they are left for the next pass. */
async function carryingOut(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  return new Set(
    (
      await db
        .select({ id: commands.deviceId })
        .from(commands)
        .where(
          and(
            inArray(commands.deviceId, ids),
            inArray(commands.type, ['lock', 'unlock']),
            eq(commands.state, 'delivered'),
          ),
        )
        .all()
    ).map((r) => r.id),
  );
}

export interface Reason {
  key: string;
  params: Record<string, string | number>;
}

/** An automatic task for some machines, its steps recorded in the same unit of work, then fired. */
export async function makeTask(
  deps: AppDeps,
  task: { orgId: number; kind: 'lock' | 'unlock'; level: number; mode: number; reason: Reason },
  deviceIds: number[],
  after: (tx: Db, taskId: number) => unknown,
): Promise<void> {
  const now = new Date(deps.now());
  const row = await unitOfWork(deps.dbh.db, async (tx) => {
    const made = await tx
      .insert(riskTasks)
      .values({ ...task, taskType: 1, dueAt: now, automatic: true, createdBy: null, createdAt: now })
      .returning()
      .get();
    await tx
      .insert(riskTaskItems)
      .values(deviceIds.map((deviceId) => ({ taskId: made.id, deviceId })))
      .run();
    await after(tx, made.id);
    return made;
  });
  await fireTask(deps, row);
}

/** The reminder text to the renter's contact, in the contract's language. */
async function remind(
  deps: AppDeps,
  contract: { number: string; lang: 'zh' | 'en'; renterOrgId: number; lessorOrgId: number },
  days: number,
  overdueCents: number,
): Promise<void> {
  const { db } = deps.dbh;
  const org = (id: number) => db.select().from(organisations).where(eq(organisations.id, id)).get();
  const renter = await org(contract.renterOrgId);
  if (!renter?.contactPhone) return;
  const lessor = await org(contract.lessorOrgId);
  // The lessor's name in the text's language and the amount in its brand's money (decision 064).
  const brand = await orgBrand(deps, db, contract.lessorOrgId);
  const text = translate(contract.lang === 'en' ? 'en_US' : 'zh_CN', 'billing.arrearsReminderSms', {
    lessor: lessor ? nameIn(lessor, contract.lang) : '',
    contract: contract.number,
    amount: formatMoney(overdueCents, brand.money),
    days,
  });
  await sendSystemSms(deps, {
    orgId: contract.lessorOrgId,
    event: 'arrearsReminder',
    recipient: renter ? nameIn(renter, contract.lang) : '',
    sms: { mobile: renter.contactPhone, areaCode: brand.dialCode, text },
  });
}

/**
 * What a request just recorded that may clear arrears, for the unlock's risk record: a receipt of a renter (it pays
 * that renter's oldest bills, whatever their contract) or the void of a contract's bill. Contracts it does not name
 * that clear in the same pass (a contract change that billed less, for instance) are said to be settled.
 */
export type ArrearsClearing = { by: 'receipt'; renterOrgId: number } | { by: 'billVoid'; contractId: number };
const CLEARED_REASON: Record<ArrearsClearing['by'] | 'found' | 'exempted' | 'ended', string> = {
  receipt: 'risk.reason.arrearsCleared',
  billVoid: 'risk.reason.arrearsClearedByVoid',
  found: 'risk.reason.arrearsSettled',
  exempted: 'risk.reason.arrearsExempted',
  ended: 'risk.reason.arrearsContractEnded',
};
const clearedBy = (contract: { id: number; renterOrgId: number }, clearing?: ArrearsClearing) =>
  clearing?.by === 'receipt' && contract.renterOrgId === clearing.renterOrgId
    ? clearing.by
    : clearing?.by === 'billVoid' && contract.id === clearing.contractId
      ? clearing.by
      : 'found';

/**
 * One pass over the rental companies with arrears locking on (or one company): contracts whose arrears cleared
 * close their steps (and unlock), contracts in arrears move their machines on lease to the step their days
 * overdue reach. Answers the tasks and reminders it made.
 */
export async function runArrearsLocks(
  deps: AppDeps,
  /** `until`: a time (performance.now()) after which this pass makes no more tasks (once it made one); the next pass goes on. */
  only: { lessorOrgId?: number; clearing?: ArrearsClearing; until?: number } = {},
): Promise<number> {
  // A pass always makes its first task or reminder, whatever the time: one that stopped before making anything would
  // answer 0, which tells the scheduler there is nothing to do, and the steps would wait a whole interval.
  const overTime = () => only.until !== undefined && made > 0 && performance.now() > only.until;
  const { db } = deps.dbh;
  const now = deps.now();
  let made = 0;
  const settings = await db
    .select()
    .from(lockDaySettings)
    .where(
      // A pass for one company after something that may clear its arrears runs even with arrears locking off:
      // what was locked while it was on is released all the same.
      only.lessorOrgId === undefined
        ? eq(lockDaySettings.arrearsEnabled, true)
        : eq(lockDaySettings.orgId, only.lessorOrgId),
    )
    .all();
  for (const setting of settings) {
    if (overTime()) break;
    const lessorOrgId = setting.orgId;
    const today = await billingToday(db, lessorOrgId, now);
    const open = new Map((await openContracts(db, lessorOrgId, today)).map((c) => [c.contractId, c]));
    const exempt = await activeExemptions(db, [...open.keys()]);
    made += await clearPaid(deps, setting, open, exempt, only.clearing);
    if (!setting.arrearsEnabled) continue;
    const inArrears = [...open.values()].filter((c) => c.overdueCents > 0);
    const ids = inArrears.map((c) => c.contractId);
    const steps = await openSteps(db, ids);
    const reminded = new Set(steps.filter((s) => s.deviceId === null).map((s) => s.contractId));
    // The highest open step of each machine under each contract, looked up once per pass: a company in arrears
    // has thousands of steps, and scanning them for every machine made each pass quadratic.
    const taken = new Map<string, number>();
    for (const s of steps) {
      if (s.deviceId === null) continue;
      const key = `${s.contractId}:${s.deviceId}`;
      taken.set(key, Math.max(taken.get(key) ?? -1, s.step));
    }
    const highest = (contractId: number, deviceId: number) => taken.get(`${contractId}:${deviceId}`) ?? -1;
    const stepDays = arrearsStepDays(setting);
    const due = inArrears
      .filter((c) => !exempt.has(c.contractId))
      .map((c) => ({ ...c, days: daysOverdue(c.oldestDueOn, today) }))
      .map((c) => ({ ...c, step: arrearsStepFor(c.days, stepDays) }))
      .filter((c) => c.step >= 0);
    if (due.length === 0) continue;
    const info = new Map(
      (
        await db
          .select()
          .from(contracts)
          .where(
            inArray(
              contracts.id,
              due.map((c) => c.contractId),
            ),
          )
          .all()
      ).map((c) => [c.id, c]),
    );
    const machines = await machinesOnLease(
      db,
      due.filter((c) => c.step >= 1).map((c) => c.contractId),
    );
    const busy = await carryingOut(
      db,
      machines.map((m) => m.id),
    );
    const machinesOf = new Map<number, (typeof machines)[number][]>();
    for (const m of machines) {
      const list = machinesOf.get(m.contractId);
      if (list) list.push(m);
      else machinesOf.set(m.contractId, [m]);
    }
    for (const c of due) {
      if (overTime()) break;
      const contract = info.get(c.contractId);
      if (!contract) continue;
      if (!reminded.has(c.contractId)) {
        // The reminder comes once per arrears, also when the arrears are found past later steps already.
        await db
          .insert(arrearsSteps)
          .values({ contractId: c.contractId, deviceId: null, step: 0, daysOverdue: c.days })
          .onConflictDoNothing()
          .run();
        await remind(deps, contract, c.days, c.overdueCents);
        await raiseArrearsStep(deps, contract, 0, c.days);
        made++;
      }
      if (c.step < 1) continue;
      const level = c.step;
      const moving = (machinesOf.get(c.contractId) ?? []).filter(
        (m) =>
          highest(c.contractId, m.id) < level &&
          levelCode(m.lockLevel) < level &&
          automaticLockMayMove(m.status) &&
          !busy.has(m.id),
      );
      if (moving.length === 0) continue;
      const reason = { key: 'risk.reason.arrears', params: { contract: contract.number, days: c.days } };
      await makeTask(
        deps,
        { orgId: lessorOrgId, kind: 'lock', level, mode: setting.mode, reason },
        moving.map((m) => m.id),
        (tx, taskId) =>
          tx
            .insert(arrearsSteps)
            .values(
              moving.map((m) => ({
                contractId: c.contractId,
                deviceId: m.id,
                step: level,
                daysOverdue: c.days,
                taskId,
              })),
            )
            .onConflictDoNothing()
            .run(),
      );
      await raiseArrearsStep(deps, contract, level, c.days);
      made++;
    }
  }
  return made;
}

/**
 * Contracts with open steps and no arrears any more (paid, voided, exempted, or the contract ended): the steps
 * close, and when the setting says so (always, for an ended contract) the machines they locked are unlocked at once,
 * the risk record saying why.
 */
async function clearPaid(
  deps: AppDeps,
  setting: Settings,
  open: Map<number, { overdueCents: number }>,
  exempt: Map<number, unknown>,
  clearing?: ArrearsClearing,
): Promise<number> {
  const { db } = deps.dbh;
  // Which contracts have open steps first (one indexed column), then the steps of those no longer in arrears
  // only: on most passes that is none, and reading every open step with its contract cost most of the pass.
  const withSteps = await db
    .selectDistinct({ id: arrearsSteps.contractId })
    .from(arrearsSteps)
    .innerJoin(contracts, eq(contracts.id, arrearsSteps.contractId))
    .where(and(eq(contracts.lessorOrgId, setting.orgId), isNull(arrearsSteps.clearedAt)))
    .all();
  const cleared = withSteps.map((s) => s.id).filter((id) => (open.get(id)?.overdueCents ?? 0) === 0 || exempt.has(id));
  if (cleared.length === 0) return 0;
  const stepped = await db
    .select()
    .from(arrearsSteps)
    .innerJoin(contracts, eq(contracts.id, arrearsSteps.contractId))
    .where(and(inArray(arrearsSteps.contractId, cleared), isNull(arrearsSteps.clearedAt)))
    .all();
  let made = 0;
  for (const contractId of cleared) {
    const rows = stepped.filter((s) => s.contracts.id === contractId);
    const locked = [
      ...new Set(
        rows
          .filter((s) => s.arrears_steps.step >= 1 && s.arrears_steps.taskId !== null)
          .flatMap((s) => (s.arrears_steps.deviceId === null ? [] : [s.arrears_steps.deviceId])),
      ),
    ];
    const close = (tx: Db) =>
      tx
        .update(arrearsSteps)
        .set({ clearedAt: new Date(deps.now()) })
        .where(and(eq(arrearsSteps.contractId, contractId), isNull(arrearsSteps.clearedAt)))
        .run();
    const contract = rows[0]!.contracts;
    // A contract that ended took its machines back, and an exempted one no longer moves: their machines are
    // released whatever the setting says.
    const why =
      contract.status !== LEASE_STATUS.inExecution
        ? 'ended'
        : exempt.has(contractId)
          ? 'exempted'
          : clearedBy(contract, clearing);
    const always = why === 'ended' || why === 'exempted';
    if ((!setting.arrearsUnlockOnPayment && !always) || locked.length === 0) {
      await close(db);
      continue;
    }
    const reason = { key: CLEARED_REASON[why], params: { contract: contract.number } };
    await makeTask(deps, { orgId: setting.orgId, kind: 'unlock', level: 0, mode: 1, reason }, locked, close);
    made++;
  }
  return made;
}

/** The step arrears of `days` overdue reach under a setting (for lists that show it). */
export const stepOf = (days: number, setting: ArrearsSettings | undefined) =>
  setting ? arrearsStepFor(days, arrearsStepDays(setting)) : -1;

/**
 * Which machines arrears would move to which step on which day within `windowDays` (the lock day preview), under
 * settings not yet saved: each contract with unpaid bills, from its oldest unpaid due day, steps not yet taken. With
 * `contractId`, that contract's alone (its next steps, on its page).
 */
export async function previewArrears(
  db: Db,
  lessorOrgId: number,
  setting: ArrearsSettings,
  now: number,
  windowDays: number,
  contractId?: number,
): Promise<ArrearsPreviewRow[]> {
  const today = await billingToday(db, lessorOrgId, now);
  const until = addDays(today, windowDays);
  const open = await openContracts(db, lessorOrgId, today, contractId);
  const ids = open.map((c) => c.contractId);
  const exempt = await activeExemptions(db, ids);
  const steps = await openSteps(db, ids);
  const machines = await machinesOnLease(db, ids);
  const numbers = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: contracts.id, number: contracts.number, renter: organisations.name })
            .from(contracts)
            .leftJoin(organisations, eq(organisations.id, contracts.renterOrgId))
            .where(inArray(contracts.id, ids))
            .all()
        ).map((c) => [c.id, c]),
  );
  const stepDays = arrearsStepDays(setting);
  const rows: ArrearsPreviewRow[] = [];
  for (const c of open) {
    if (exempt.has(c.contractId)) continue;
    const named = numbers.get(c.contractId);
    const base = { contractId: c.contractId, contractNumber: named?.number ?? '', renterName: named?.renter ?? '' };
    // A step of 0 days happens on the first day overdue: arrears begin the day after the due day.
    const dayOf = (step: number) => addDays(c.oldestDueOn, Math.max(1, stepDays[step]!));
    const reachedNow = arrearsStepFor(daysOverdue(c.oldestDueOn, today), stepDays);
    const taken = (deviceId: number | null, step: number) =>
      steps.some((s) => s.contractId === c.contractId && s.deviceId === deviceId && s.step >= step);
    const row = (deviceId: number, serialNumber: string, step: number, movesNow: boolean) => {
      const day = dayOf(step);
      rows.push({
        ...base,
        deviceId,
        serialNumber,
        step,
        day,
        daysOverdue: daysOverdue(c.oldestDueOn, day),
        dueNow: day <= today,
        movesNow,
      });
    };
    if (!taken(null, 0) && dayOf(0) <= until) row(0, '', 0, true);
    for (const m of machines.filter((x) => x.contractId === c.contractId)) {
      for (let step = 1; step <= 4; step++) {
        // Steps passed already are skipped: the next pass goes straight to the step reached now.
        if (step < reachedNow || taken(m.id, step) || dayOf(step) > until) continue;
        if (levelCode(m.lockLevel) >= step) continue;
        row(m.id, m.serialNumber, step, automaticLockMayMove(m.status));
      }
    }
  }
  return rows.sort((a, b) => a.day.localeCompare(b.day) || a.contractId - b.contractId || a.step - b.step);
}
