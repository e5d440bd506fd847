import { eq } from 'drizzle-orm';
import { hasStatus, type DeviceState } from '@console/contract/codes/device-state';
import { OPERATOR_ROLES, type RoleId } from '@console/contract/codes/roles';
import { organisations, users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { createUser } from '@console/db/seed/accounts';
import { rollUpAllOn, rollUpChunk, type ChunkOptions, type ChunkResult } from '@console/server/src/analysis/rollup';
import { rollUpChunkPg } from '@console/server/src/analysis/rollup-pg';
import { createSession } from '@console/server/src/lib/session';
import type { TestApp } from '../../fixtures/test-app.ts';

/**
 * Fold the telemetry not yet rolled up into daily work with the engine's own rollup, as the rollup job chooses it,
 * chunk after chunk until caught up. Answers the rows read.
 */
export async function rollUp(t: TestApp, options: { chunk?: number } = {}): Promise<ChunkResult> {
  return rollUpAllOn(t.dbh, options);
}

/**
 * One chunk of the engine's own rollup. `beforeCommit` runs after the chunk's writes and before their commit: on
 * PostgreSQL, whose chunk has no such hook, the chunk runs inside a transaction that calls it before committing.
 */
export async function rollUpOneChunk(t: TestApp, options: ChunkOptions = {}): Promise<ChunkResult> {
  if (t.dbh.sqlite) return rollUpChunk(t.dbh, options);
  const { beforeCommit, ...chunk } = options;
  if (!beforeCommit) return rollUpChunkPg(t.dbh.db, chunk);
  return t.dbh.db.transaction(async (db) => {
    const folded = await rollUpChunkPg(db, chunk);
    beforeCommit();
    return folded;
  });
}

export type DeviceRow = typeof devices.$inferSelect;

/**
 * The machines a user may see, worked out here from the organisation tree and the rule of
 * docs/decisions/003 (own, rent or distribute), not with the server's scope code.
 */
export async function machinesOf(t: TestApp, userId: number): Promise<DeviceRow[]> {
  const { db } = t.dbh;
  const user = (await db.select().from(users).where(eq(users.id, userId)).get())!;
  const orgs = await db.select().from(organisations).all();
  const own = orgs.find((o) => o.id === user.orgId)!;
  let visible: Set<number>;
  if (own.kind === 'operator' && OPERATOR_ROLES.includes(user.roleId as RoleId)) {
    visible = new Set(orgs.map((o) => o.id));
  } else {
    visible = new Set([own.id]);
    for (let grew = true; grew;) {
      grew = false;
      for (const org of orgs) {
        if (org.parentId !== null && visible.has(org.parentId) && !visible.has(org.id)) {
          visible.add(org.id);
          grew = true;
        }
      }
    }
  }
  const sees = (id: number | null) => id !== null && visible.has(id);
  return (await db.select().from(devices).all()).filter(
    (d) => sees(d.orgId) || sees(d.customerOrgId) || sees(d.distributorOrgId),
  );
}

export const stateOf = (d: DeviceRow): DeviceState => ({
  online: d.online,
  machineOnline: d.machineOnline,
  activity: d.activity,
  lockLevel: d.lockLevel,
  alarmOpen: d.alarmOpen,
});

export const countWhere = <T>(rows: T[], test: (row: T) => boolean) => rows.filter(test).length;

export const withStatus = (rows: DeviceRow[], code: Parameters<typeof hasStatus>[1]) =>
  countWhere(rows, (d) => hasStatus(stateOf(d), code));

/** An administrator of another lessor (the demo accounts all belong to the first), with a console token. */
export async function otherLessorAdmin(t: TestApp, lessorIndex: number): Promise<{ token: string; userId: number }> {
  const { db } = t.dbh;
  const lessors = await db.select().from(organisations).where(eq(organisations.kind, 'lessor')).all();
  const user = await createUser(db, {
    orgId: lessors[lessorIndex]!.id,
    mobile: `1370000${String(lessorIndex).padStart(4, '0')}`,
    roleId: 5,
  });
  const token = await createSession(db, user.id, 'console', '127.0.0.1', t.deps.now() + 3600_000);
  return { token, userId: user.id };
}

/** A user in a new customer organisation that holds no machine. */
export async function emptyScopeUser(t: TestApp): Promise<{ token: string; userId: number }> {
  const { db } = t.dbh;
  const org = await db.insert(organisations).values({ name: 'Empty customer', kind: 'customer' }).returning().get();
  const user = await createUser(db, { orgId: org.id, mobile: '13799990000', roleId: 11 });
  return { token: await createSession(db, user.id, 'console', '127.0.0.1', t.deps.now() + 3600_000), userId: user.id };
}
