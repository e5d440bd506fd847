import { and, asc, eq, isNotNull, isNull, ne, or } from 'drizzle-orm';
import { OPEN_STATUSES } from '@console/contract/codes/work-order-flow';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import type { BodyOf } from '@console/contract/http/endpoint';
import { workOrderEndpoints } from '@console/contract/http/work-orders';
import type { DbHandle } from '@console/db/client';
import { organisations } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { findSessionUser } from '@console/server/src/lib/session';
import { rowOf } from '../../fixtures/sql-rows.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import { orgOf } from '../commands/helpers.ts';

export type CreateBody = BodyOf<typeof workOrderEndpoints.create>;

/**
 * Machines for the work order tests: one of the demo lessor's (Huadong, where the technician works) rented by
 * the demo customer and distributed by the demo distributor, another of its, and one of another rental company.
 */
export async function machinesOf(dbh: DbHandle) {
  const lessor = await orgOf(dbh, ROLE.lessorAdmin);
  const customer = await orgOf(dbh, ROLE.other);
  const distributor = await orgOf(dbh, ROLE.distributor);
  const shared = await dbh.db
    .select()
    .from(devices)
    .where(
      and(eq(devices.orgId, lessor), eq(devices.customerOrgId, customer), eq(devices.distributorOrgId, distributor)),
    )
    .orderBy(asc(devices.id))
    .get();
  if (!shared) throw new Error('no machine of the demo lessor rented by the demo customer and distributor');
  // The lessor's own: a machine neither the customer nor the distributor sees (the first by id, the same on both
  // engines: PostgreSQL answers an unordered query in any order).
  const own = (await dbh.db
    .select()
    .from(devices)
    .where(
      and(
        eq(devices.orgId, lessor),
        or(isNull(devices.customerOrgId), ne(devices.customerOrgId, customer)),
        or(isNull(devices.distributorOrgId), ne(devices.distributorOrgId, distributor)),
      ),
    )
    .orderBy(asc(devices.id))
    .get())!;
  const otherLessor = (await dbh.db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(eq(organisations.kind, 'lessor'), ne(organisations.id, lessor)))
    .get())!.id;
  const foreign = (await dbh.db
    .select()
    .from(devices)
    .where(and(eq(devices.orgId, otherLessor), isNotNull(devices.id)))
    .get())!;
  return { lessor, customer, distributor, shared, own, foreign };
}

/** A complete create form for a machine. */
export const orderFor = (device: { id: number; kind: string }, extra: Partial<CreateBody> = {}): CreateBody => ({
  title: 'Boom does not lift',
  deviceId: device.id,
  deviceKind: device.kind as CreateBody['deviceKind'],
  phone: '13912345678',
  content: 'The operator reports the boom stops half way.',
  ...extra,
});

/** The SessionUser of a demo account, for calling server functions directly. */
export async function sessionUserOf(t: TestApp, roleId: RoleId) {
  return (await findSessionUser(t.dbh.db, await t.tokenFor(roleId), t.deps.now()))!;
}

/** Create as the demo lessor admin (or another role) and answer the envelope. */
export const create = async (
  t: TestApp,
  body: CreateBody,
  roleId: RoleId = ROLE.lessorAdmin,
  lang?: 'zh_CN' | 'en_US',
) => t.call(workOrderEndpoints.create, { token: await t.tokenFor(roleId), body, ...(lang ? { lang } : {}) });

export async function detailOf(t: TestApp, id: number, roleId: RoleId = ROLE.lessorAdmin) {
  const res = await t.call(workOrderEndpoints.detail, { token: await t.tokenFor(roleId), query: { id } });
  if (res.status !== '200') throw new Error(`work order ${id}: ${res.status} ${res.message}`);
  return res.data;
}

const SOURCE_TABLE = {
  alarm: 'alarms',
  fault: 'fault_records',
  upkeep: 'upkeep_plans',
  feedback: 'feedback',
  leaseExit: 'lease_handover_machines',
} as const;

/** A seeded record of a machine that can be a work order's source: of that machine, with no unresolved order. */
export async function freeSourceOf(dbh: DbHandle, kind: keyof typeof SOURCE_TABLE, deviceId: number): Promise<number> {
  const row = await rowOf<{ id: number }>(
    dbh.db,
    `SELECT id FROM ${SOURCE_TABLE[kind]} s WHERE device_id = ? AND NOT EXISTS (
       SELECT 1 FROM work_orders w WHERE w.source = ? AND w.source_id = s.id AND w.status IN (${OPEN_STATUSES.join(', ')})
     ) ORDER BY id LIMIT 1`,
    deviceId,
    kind,
  );
  if (!row) throw new Error(`no free ${kind} record of machine ${deviceId} in the seed`);
  return row.id;
}

/** A machine of an organisation that holds a free record of a kind (the seed's records depend on the day). */
export async function machineWithFreeSource(dbh: DbHandle, kind: keyof typeof SOURCE_TABLE, orgId: number) {
  const row = await rowOf<{ id: number; kind: string }>(
    dbh.db,
    `SELECT d.id, d.kind FROM ${SOURCE_TABLE[kind]} s JOIN devices d ON d.id = s.device_id
     WHERE d.org_id = ? AND NOT EXISTS (
       SELECT 1 FROM work_orders w WHERE w.source = ? AND w.source_id = s.id AND w.status IN (${OPEN_STATUSES.join(', ')})
     ) ORDER BY s.id LIMIT 1`,
    orgId,
    kind,
  );
  if (!row) throw new Error(`no machine of organisation ${orgId} with a free ${kind} record in the seed`);
  return row;
}
