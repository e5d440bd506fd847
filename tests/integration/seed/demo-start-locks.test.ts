import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { ARREARS_DEFAULTS, riskEndpoints } from '@console/contract/http/risk';
import type { DbHandle } from '@console/db/client';
import { organisations, smsOutbox } from '@console/db/schema/accounts';
import { commands, devices } from '@console/db/schema/devices';
import { arrearsSteps, lockDaySettings, riskTasks } from '@console/db/schema/risk';
import { seedDemo } from '@console/db/seed/demo';
import { startBillingScheduler } from '@console/server/src/billing/scheduler';
import { createCommandQueue } from '@console/server/src/commands/queue';
import type { AppDeps } from '@console/server/src/lib/deps';
import { readEnv } from '@console/server/src/lib/env';
import { LiveHub } from '@console/server/src/live/hub';
import { previewArrears } from '@console/server/src/risk/arrears';
import { runSchedulerPass, startRiskScheduler } from '@console/server/src/risk/scheduler';
import { emptyDatabase } from '../../fixtures/demo-database.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

/**
 * A demo server starts from a coherent business (decisions 026 and 039, addenda): a rule that acts by itself is
 * seeded off or with what it has done (the lock day settings, arrears steps included: off), so the first passes of a
 * freshly seeded server (npm start seeds, then runs the risk and the billing scheduler at once, server/src/main.ts)
 * find nothing due: no lock or unlock is queued, no renter is sent a reminder, no machine changes its lock level.
 * The seed is relative to its clock, so this holds on any day.
 */

/** What the arrears steps and the lock day settings could change. */
async function lockState(dbh: DbHandle) {
  const { db } = dbh;
  return {
    levels: (
      await db.select({ id: devices.id, lockLevel: devices.lockLevel }).from(devices).orderBy(devices.id).all()
    ).map((d) => `${d.id}:${d.lockLevel}`),
    commands: (
      await db
        .select({ id: commands.id, state: commands.state })
        .from(commands)
        .where(inArray(commands.type, ['lock', 'unlock']))
        .orderBy(commands.id)
        .all()
    ).map((c) => `${c.id}:${c.state}`),
    tasks: (await db.select({ id: riskTasks.id }).from(riskTasks).all()).map((r) => r.id),
    steps: await db.select().from(arrearsSteps).all(),
    texts: await db.select().from(smsOutbox).all(),
  };
}

/**
 * Start as the running server does (server/src/main.ts): the risk scheduler's pass, then the billing scheduler's
 * (bills of the day and the arrears they bring), each at once; then the risk scheduler's next pass, after the
 * bills. Answers the arrears tasks and reminders that next pass made.
 */
async function startAsTheServer(deps: AppDeps): Promise<number> {
  const stopRisk = await startRiskScheduler(deps, 3_600_000);
  const stopBilling = await startBillingScheduler(deps, 3_600_000, 3_600_000);
  stopRisk();
  stopBilling();
  return runSchedulerPass(deps);
}

/**
 * Switched on, the arrears steps would lock machines of every rental company at once (what the lock day preview shows
 * before the setting is saved): a start that moves nothing is not for want of arrears.
 */
async function expectSomethingToLock(dbh: DbHandle, now: number) {
  for (const { orgId } of await dbh.db.select({ orgId: lockDaySettings.orgId }).from(lockDaySettings).all()) {
    const preview = await previewArrears(dbh.db, orgId, ARREARS_DEFAULTS, now, 30);
    expect(preview.filter((r) => r.dueNow && r.step >= 1).length, `rental company ${orgId}`).toBeGreaterThan(0);
  }
}

/** The difference a start made: lock and unlock commands queued, reminders sent, levels changed. */
function expectNothingMoved(
  before: Awaited<ReturnType<typeof lockState>>,
  after: Awaited<ReturnType<typeof lockState>>,
) {
  const added = (was: string[], is: string[]) => is.filter((x) => !was.includes(x));
  expect(added(before.commands, after.commands), 'lock and unlock commands').toEqual([]);
  expect(after.texts.slice(before.texts.length), 'text messages').toEqual([]);
  expect(added(before.levels, after.levels), 'lock levels').toEqual([]);
  expect(after.tasks, 'risk tasks').toEqual(before.tasks);
  expect(after.steps, 'arrears steps').toEqual(before.steps);
}

describe('a freshly seeded demo server starts without locking anything', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.dbh.close());

  it('queues no lock or unlock and texts no renter at its first passes, and no machine moves', async () => {
    const before = await lockState(t.dbh);
    // No machine is seeded locked (decision 026) ...
    expect(before.levels.filter((l) => !l.endsWith(':unlocked'))).toEqual([]);
    // ... though the demo's renters in arrears stand at the arrears steps (decision 039).
    await expectSomethingToLock(t.dbh, t.deps.now());
    expect(await startAsTheServer(t.deps)).toBe(0);
    expectNothingMoved(before, await lockState(t.dbh));
    // Ten seconds on, the next pass finds nothing either.
    t.advance(10_000);
    expect(await runSchedulerPass(t.deps)).toBe(0);
    expectNothingMoved(before, await lockState(t.dbh));
  });

  it('keeps arrears locking and the service expiry trigger of every rental company switched off', async () => {
    const settings = await t.dbh.db.select().from(lockDaySettings).all();
    const lessors = (
      await t.dbh.db.select({ id: organisations.id, kind: organisations.kind }).from(organisations).all()
    ).filter((o) => o.kind === 'lessor');
    expect(settings.map((s) => s.orgId).sort()).toEqual(lessors.map((o) => o.id).sort());
    expect(settings.filter((s) => s.enabled || s.arrearsEnabled)).toEqual([]);
  });

  it("still shows each rental company's lock tasks in every stage the README names, none automatic", async () => {
    await startAsTheServer(t.deps);
    // The operator's administrator sees every rental company's machines (decision 013).
    const token = await t.tokenFor(ROLE.companyAdmin);
    const res = await t.call(riskEndpoints.listTasks, { token, query: { pageSize: 200 } });
    expect(res.status, res.message).toBe('200');
    const tasks = res.data.list as { id: number; kind: string; automatic: boolean }[];
    expect(tasks.filter((task) => task.automatic)).toEqual([]);
    const orgOf = new Map(
      (await t.dbh.db.select({ id: riskTasks.id, orgId: riskTasks.orgId }).from(riskTasks).all()).map((r) => [
        r.id,
        r.orgId,
      ]),
    );
    const byOrg = new Map<number, string[]>();
    for (const task of tasks) {
      // A task's machines' stages (the list sums an expired lock up as failed).
      const detail = await t.call(riskEndpoints.taskDetail, { token, query: { id: task.id } });
      expect(detail.status, detail.message).toBe('200');
      const orgId = orgOf.get(task.id)!;
      const stages = detail.data.items.map((item: { stage: string }) => `${task.kind} ${item.stage}`);
      byOrg.set(orgId, [...(byOrg.get(orgId) ?? []), ...stages]);
    }
    expect(byOrg.size).toBe(3);
    for (const [orgId, stages] of byOrg) {
      // An unlock that succeeded, a lock refused by a busy machine, one expired while its machine was offline, one
      // cancelled, one waiting for its day.
      expect(stages.sort(), `rental company ${orgId}`).toEqual(
        ['lock cancelled', 'lock expired', 'lock failed', 'lock scheduled', 'unlock succeeded'].sort(),
      );
    }
  });
});

/**
 * The same on a database seeded at a month's edges on the demo's calendar (Beijing): the 31st just before midnight,
 * and the 1st just after it (still the last day of the month before in UTC). A smaller fleet, the same business.
 */
describe.each([
  ['the 31st of a month, just before midnight', '2027-01-31T23:58:00+08:00'],
  ['the 1st of a month, just after midnight', '2027-03-01T00:02:00+08:00'],
])('a demo server seeded on %s', (_, at) => {
  const seededAt = Date.parse(at);
  let dbh: DbHandle | undefined;
  afterAll(() => dbh?.close());

  it('starts without queueing a lock or texting a renter', { timeout: 120_000 }, async () => {
    dbh = await emptyDatabase();
    await seedDemo(dbh.db, { now: seededAt, devices: 300, historyDevices: 0 });
    let now = seededAt + 30_000;
    const base = { dbh, env: readEnv({ NODE_ENV: 'test' }), now: () => now, log: () => {}, live: new LiveHub() };
    const deps: AppDeps = { ...base, commands: await createCommandQueue(base), ingest: null };
    const before = await lockState(dbh);
    expect(before.levels.filter((l) => !l.endsWith(':unlocked'))).toEqual([]);
    await expectSomethingToLock(dbh, now);
    expect(await startAsTheServer(deps)).toBe(0);
    now += 10_000;
    expect(await runSchedulerPass(deps)).toBe(0);
    expectNothingMoved(before, await lockState(dbh));
  });
});
