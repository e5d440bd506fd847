import { and, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { UNFINISHED_STATES } from '@console/contract/http/commands';
import { commands, devices } from '@console/db/schema/devices';
import { lockDayMarks, lockDaySettings, riskTaskItems, riskTasks } from '@console/db/schema/risk';
import type { AppDeps } from '../lib/deps.ts';
import { unitOfWork } from '../lib/unit-of-work.ts';
import { dayInZone, startOfDayInZone } from '../lib/time.ts';
import { addDaysToDay } from '@console/contract/http/upkeep';
import { automaticLockMayMove, levelCode } from './levels.ts';
import { runArrearsLocks } from './arrears.ts';

// Firing a task lives apart, so that the arrears locks (arrears.ts), which this scheduler runs, fire theirs without
// importing the scheduler back.
import { fireTask } from './fire-task.ts';
export { fireTask };

/** Scheduled and delayed tasks whose time has come (also those that came while the server was down). */
export async function fireDueTasks(deps: AppDeps): Promise<number> {
  const due = await deps.dbh.db
    .select()
    .from(riskTasks)
    .where(and(isNull(riskTasks.firedAt), lte(riskTasks.dueAt, new Date(deps.now()))))
    .all();
  for (const task of due) await fireTask(deps, task);
  return due.length;
}

/**
 * When a lock day setting pre-locks and locks a machine whose service's last day is `expiresOn` (`YYYY-MM-DD`):
 * the service ends as the next day starts in the organisation's zone, the pre-lock comes `preLockDays` days
 * later and the lock `intervalDays` after that, each at the start of a day in that zone.
 */
export function lockDayDates(
  expiresOn: string,
  setting: { preLockDays: number; intervalDays: number },
  timeZone: string,
) {
  const preLockDay = addDaysToDay(expiresOn, 1 + setting.preLockDays);
  return {
    preLockAt: startOfDayInZone(preLockDay, timeZone),
    lockAt: startOfDayInZone(addDaysToDay(preLockDay, setting.intervalDays), timeZone),
  };
}

/** The latest expiry day whose pre-lock day has come by `day` (the SQL side of lockDayDates). */
export function lastExpiryPreLockedBy(day: string, setting: { preLockDays: number }): string {
  return addDaysToDay(day, -1 - setting.preLockDays);
}

/** The step a setting takes now for a machine: 2 lock, 1 pre-lock, 0 nothing yet. */
export function dueLevel(now: number, dates: { preLockAt: number; lockAt: number }): number {
  if (dates.lockAt <= now) return 2;
  return dates.preLockAt <= now ? 1 : 0;
}

/**
 * The lock day settings at work: every enabled organisation's machines whose pre-lock or lock day has come get
 * an automatic task, once per step and service expiry (lock_day_marks). Only machines with risk permission are
 * touched, so a working or stopped machine is locked when it next stands by or goes offline, never while it
 * works; a machine already at that level, or with a lock command of its own under way, is left alone.
 */
export async function runLockDays(deps: AppDeps): Promise<number> {
  const { db } = deps.dbh;
  const now = deps.now();
  let created = 0;
  const settings = await db.select().from(lockDaySettings).where(eq(lockDaySettings.enabled, true)).all();
  for (const setting of settings) {
    const latest = lastExpiryPreLockedBy(dayInZone(now, setting.timeZone), setting);
    const machines = await db
      .select({
        id: devices.id,
        status: devices.status,
        lockLevel: devices.lockLevel,
        expiresAt: devices.serviceExpiresAt,
      })
      .from(devices)
      .where(
        and(
          eq(devices.orgId, setting.orgId),
          isNotNull(devices.serviceExpiresAt),
          lte(devices.serviceExpiresAt, latest),
        ),
      )
      .all();
    if (machines.length === 0) continue;
    const busy = new Set(
      (
        await db
          .select({ id: commands.deviceId })
          .from(commands)
          .where(
            and(
              inArray(
                commands.deviceId,
                machines.map((m) => m.id),
              ),
              inArray(commands.type, ['lock', 'unlock']),
              inArray(commands.state, UNFINISHED_STATES),
            ),
          )
          .all()
      ).map((r) => r.id),
    );
    const marked = new Set(
      (
        await db
          .select({ deviceId: lockDayMarks.deviceId, level: lockDayMarks.level, at: lockDayMarks.serviceExpiresAt })
          .from(lockDayMarks)
          .where(
            inArray(
              lockDayMarks.deviceId,
              machines.map((m) => m.id),
            ),
          )
          .all()
      ).map((m) => `${m.deviceId}:${m.level}:${m.at}`),
    );
    const byLevel = new Map<number, typeof machines>();
    for (const machine of machines) {
      const expiresAt = machine.expiresAt!;
      const level = dueLevel(now, lockDayDates(expiresAt, setting, setting.timeZone));
      if (level === 0 || levelCode(machine.lockLevel) >= level) continue;
      if (marked.has(`${machine.id}:${level}:${expiresAt}`) || busy.has(machine.id)) continue;
      if (!automaticLockMayMove(machine.status)) continue;
      byLevel.set(level, [...(byLevel.get(level) ?? []), machine]);
    }
    for (const [level, due] of byLevel) {
      const task = await unitOfWork(db, async (tx) => {
        const row = await tx
          .insert(riskTasks)
          .values({
            orgId: setting.orgId,
            kind: 'lock',
            taskType: 1,
            level,
            mode: setting.mode,
            dueAt: new Date(now),
            automatic: true,
            createdBy: null,
            createdAt: new Date(now),
          })
          .returning()
          .get();
        await tx
          .insert(riskTaskItems)
          .values(due.map((m) => ({ taskId: row.id, deviceId: m.id })))
          .run();
        await tx
          .insert(lockDayMarks)
          .values(due.map((m) => ({ deviceId: m.id, level, serviceExpiresAt: m.expiresAt!, taskId: row.id })))
          .onConflictDoNothing()
          .run();
        return row;
      });
      await fireTask(deps, task);
      created++;
    }
  }
  return created;
}

/** One pass of the scheduler: due tasks first, then the lock day settings. */
export async function runRiskScheduler(deps: AppDeps): Promise<void> {
  await fireDueTasks(deps);
  await runLockDays(deps);
}

/**
 * The running server's pass: the above, then the arrears steps of every company (arrears.ts, decision 039), making
 * tasks for `sliceMs` (a slice of startRiskScheduler's) counted from when they begin, so the part above never uses
 * up their time. Answers the arrears tasks and reminders made. The list and detail endpoints run only the above: a
 * request moves no other company's contracts (decision 028); a receipt runs its own company's arrears at once.
 */
export async function runSchedulerPass(deps: AppDeps, sliceMs?: number): Promise<number> {
  await runRiskScheduler(deps);
  return runArrearsLocks(deps, { until: sliceMs === undefined ? undefined : performance.now() + sliceMs });
}

/**
 * A pass of the running server's scheduler makes an arrears step's tasks for this long, then lets the API's requests
 * run for SLICE_PAUSE_MS before the next pass goes on: a company in arrears can have hundreds of machines to lock,
 * each its own command, and the whole pass held the API for over half a second (decision 017).
 */
export const SLICE_MS = 50;
export const SLICE_PAUSE_MS = 50;

/**
 * The scheduler of the running server: a pass at start (tasks that fell due while the server was down run
 * now) and every `intervalMs`, sooner while the arrears steps still make tasks (in slices, above). Tasks live in the
 * database, so nothing is lost across restarts. The list and detail endpoints run a pass too, so what a user sees
 * is exact to the second.
 */
export async function startRiskScheduler(deps: AppDeps, intervalMs = 10_000): Promise<() => void> {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const pass = async () => {
    let more = false;
    try {
      more = (await runSchedulerPass(deps, SLICE_MS)) > 0;
    } catch (error) {
      deps.log('error', 'risk: the scheduler pass failed', error);
    }
    if (stopped) return;
    timer = setTimeout(pass, more ? SLICE_PAUSE_MS : intervalMs);
    timer.unref();
  };
  await pass();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
