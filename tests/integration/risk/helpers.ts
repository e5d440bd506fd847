import { and, eq, inArray, ne } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import type { BodyOf } from '@console/contract/http/endpoint';
import { riskEndpoints } from '@console/contract/http/risk';
import type { DbHandle } from '@console/db/client';
import { organisations } from '@console/db/schema/accounts';
import { commands, devices } from '@console/db/schema/devices';
import { arrearsSteps, lockDaySettings, riskTaskItems, riskTasks } from '@console/db/schema/risk';
import { DEMO_PASSWORD } from '@console/db/seed/accounts';
import type { TestApp } from '../../fixtures/test-app.ts';
import { orgOf } from '../commands/helpers.ts';

export type TaskBody = BodyOf<typeof riskEndpoints.createTask>;

/** A first-level lock, run now, with the right password. */
export const lockNow = (deviceIds: number[], extra: Partial<TaskBody> = {}): TaskBody => ({
  deviceIds,
  kind: 'lock',
  taskType: 1,
  level: 2,
  mode: 1,
  password: DEMO_PASSWORD,
  ...extra,
});

/**
 * Start from rental companies that have never locked anything and do not lock for arrears: the demo seed's lock
 * tasks and their commands go, so a test counts only what it does itself.
 */
export async function withoutLockTasks(dbh: DbHandle): Promise<void> {
  const items = await dbh.db.select({ commandId: riskTaskItems.commandId }).from(riskTaskItems).all();
  const ids = items.flatMap((item) => (item.commandId ? [item.commandId] : []));
  if (ids.length > 0) await dbh.db.delete(commands).where(inArray(commands.id, ids)).run();
  await dbh.db.delete(riskTaskItems).run();
  await dbh.db.delete(riskTasks).run();
  // Nor do they lock for arrears (decision 039; seeded off too) or hold any arrears step.
  await dbh.db.update(lockDaySettings).set({ arrearsEnabled: false }).run();
  await dbh.db.delete(arrearsSteps).run();
}

/** Machines of the rental company of the demo lessor admin (role 5), and of another rental company. */
export async function fleetOf(dbh: DbHandle) {
  const own = await orgOf(dbh, ROLE.lessorAdmin);
  const other = (await dbh.db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.kind, 'lessor'), ne(organisations.id, own)))
    .orderBy(organisations.id)
    .get())!.id;
  const machine = async (orgId: number, online: boolean, skip = 0) => {
    const found = (
      await dbh.db
        .select()
        .from(devices)
        .where(and(eq(devices.orgId, orgId), eq(devices.online, online), eq(devices.sleeping, false)))
        // By id: the same machines on either engine (a list without an order is in no stated one).
        .orderBy(devices.id)
        .limit(skip + 1)
        .all()
    )[skip];
    if (!found) throw new Error(`no machine #${skip} (online ${online}) of organisation ${orgId}`);
    return found;
  };
  return { own, other, machine };
}

/** Create a task as the demo lessor admin and return the answer. */
export const createTask = async (t: TestApp, body: TaskBody, token?: string, lang?: 'zh_CN') =>
  t.call(riskEndpoints.createTask, {
    token: token ?? (await t.tokenFor(ROLE.lessorAdmin)),
    body,
    ...(lang ? { lang } : {}),
  });

export const taskDetail = async (t: TestApp, id: number, token?: string) => {
  const res = await t.call(riskEndpoints.taskDetail, {
    token: token ?? (await t.tokenFor(ROLE.lessorAdmin)),
    query: { id },
  });
  if (res.status !== '200') throw new Error(`task ${id}: ${res.status} ${res.message}`);
  return res.data;
};
