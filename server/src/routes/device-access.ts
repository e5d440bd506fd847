import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { organisations } from '@console/db/schema/accounts';
import { deviceModels, devices } from '@console/db/schema/devices';
import { DEVICE_EDITORS } from '@console/contract/http/devices';
import { forbidden, invalidField, notFound } from '../lib/errors.ts';
import { deviceScope, visibleOrgIds } from '../lib/scope.ts';
import type { SessionUser } from '../lib/session.ts';

/**
 * Who may change which machine (docs/decisions/003): everyone reads what deviceScope lets them see; only an
 * editor role of an organisation that owns machines (the operator, a lessor) changes them, and only the
 * machines of its own organisations. A customer or distributor sees its machines read-only.
 */
export const isDeviceEditor = (user: SessionUser) => (DEVICE_EDITORS as readonly number[]).includes(user.roleId);

/** The organisations whose machines the user keeps: the operator and lessors in scope, for editors only. */
export function ownerOrgIds(db: Db, user: SessionUser): number[] {
  if (!isDeviceEditor(user)) return [];
  return db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(inArray(organisations.id, visibleOrgIds(db, user)), inArray(organisations.kind, ['operator', 'lessor'])))
    .all()
    .map((o) => o.id);
}

/**
 * The distributors an editor may give machines to: those in scope, and those of the operator the user's
 * organisation belongs to (distributors work for the operator, beside its rental companies).
 */
export function distributorChoices(db: Db, user: SessionUser): { id: number; name: string }[] {
  if (!isDeviceEditor(user)) return [];
  const own = db
    .select({ parentId: organisations.parentId })
    .from(organisations)
    .where(eq(organisations.id, user.orgId))
    .get();
  const parents = [user.orgId, ...(own?.parentId ? [own.parentId] : [])];
  return db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(
      and(
        eq(organisations.kind, 'distributor'),
        or(inArray(organisations.id, visibleOrgIds(db, user)), inArray(organisations.parentId, parents)),
      ),
    )
    .orderBy(organisations.name)
    .all();
}

/** Refuse a distributor the user may not choose, on the form field. */
export function assertDistributor(db: Db, user: SessionUser, distributorId: number | null | undefined, field: string) {
  if (!distributorId) return;
  if (!distributorChoices(db, user).some((d) => d.id === distributorId)) {
    throw invalidField(field, 'devices.invalidDistributor');
  }
}

/** A customer of the owning organisation, or the refusal on the form field. */
export function assertCustomerOf(db: Db, ownerId: number, customerId: number | null | undefined) {
  if (!customerId) return;
  const customer = db.select().from(organisations).where(eq(organisations.id, customerId)).get();
  if (!customer || customer.kind !== 'customer' || customer.parentId !== ownerId) {
    throw invalidField('customerId', 'devices.invalidCustomer');
  }
}

/** The machines a user sees, optionally narrowed. */
export function inDeviceScope(db: Db, user: SessionUser, ...more: (SQL | undefined)[]): SQL {
  return and(deviceScope(db, user), ...more)!;
}

/** A machine the user sees (else "not found", so others' serials cannot be probed). */
export function visibleDevice(db: Db, user: SessionUser, id: number) {
  const row = db
    .select()
    .from(devices)
    .where(inDeviceScope(db, user, eq(devices.id, id)))
    .get();
  if (!row) throw notFound();
  return row;
}

/** A machine the user may change: visible, and owned by one of the user's organisations. */
export function ownedDevice(db: Db, user: SessionUser, id: number) {
  const row = visibleDevice(db, user, id);
  if (!ownerOrgIds(db, user).includes(row.orgId)) throw forbidden();
  return row;
}

/** The operator organisations, whose models are the catalog every organisation uses. */
function operatorOrgIds(db: Db): number[] {
  return db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.kind, 'operator'))
    .all()
    .map((o) => o.id);
}

/** Models a user sees: the catalog, those of organisations in scope, and those of the machines in scope. */
export function visibleModels(db: Db, user: SessionUser): SQL {
  return or(
    inArray(deviceModels.orgId, [...operatorOrgIds(db), ...visibleOrgIds(db, user)]),
    inArray(deviceModels.id, db.select({ id: devices.modelId }).from(devices).where(deviceScope(db, user))),
  )!;
}

/** A model the owner's machines may use: the catalog's or the owner's own; else the refusal on the field. */
export function modelForOwner(db: Db, ownerId: number, modelId: number) {
  const model = db.select().from(deviceModels).where(eq(deviceModels.id, modelId)).get();
  if (!model || (model.orgId !== ownerId && !operatorOrgIds(db).includes(model.orgId))) {
    throw invalidField('modelId', 'devices.selectModel');
  }
  return model;
}

/** Machines the user may change, all of them or the refusal (one not visible: not found; not owned: forbidden). */
export function ownedDevices(db: Db, user: SessionUser, ids: number[]) {
  const rows = db
    .select()
    .from(devices)
    .where(inDeviceScope(db, user, inArray(devices.id, ids)))
    .all();
  if (rows.length !== new Set(ids).size) throw notFound();
  const owned = ownerOrgIds(db, user);
  if (rows.some((row) => !owned.includes(row.orgId))) throw forbidden();
  return rows;
}

/** One page of the machines `where` selects, by serial number, and how many it selects in all. */
export function devicePageBySerial(
  db: Db,
  where: SQL | undefined,
  page: { page: number; pageSize: number },
): { rows: (typeof devices.$inferSelect)[]; total: number } {
  const total = db
    .select({ n: sql<number>`count(*)` })
    .from(devices)
    .where(where)
    .get()!.n;
  const rows = db
    .select()
    .from(devices)
    .where(where)
    .orderBy(asc(devices.serialNumber))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize)
    .all();
  return { rows, total };
}
