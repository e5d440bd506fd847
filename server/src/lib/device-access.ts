import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Dialect } from '@console/db/dialect';
import { nameInSql } from './org-brand.ts';
import { organisations } from '@console/db/schema/accounts';
import { deviceModels, devices } from '@console/db/schema/devices';
import { DEVICE_EDITORS } from '@console/contract/access/devices';
import { listPage } from './list-page.ts';
import { keywordIn } from './search.ts';
import { forbidden, invalidField, notFound } from './errors.ts';
import type { Scope, ScopedData } from './data.ts';
import type { SessionUser } from './session.ts';

/**
 * Who may change which machine (docs/decisions/003): everyone reads what deviceScope lets them see; only an
 * editor role of an organisation that owns machines (the operator, a lessor) changes them, and only the
 * machines of its own organisations. A customer or distributor sees its machines read-only.
 */
export const isDeviceEditor = (user: SessionUser) => (DEVICE_EDITORS as readonly number[]).includes(user.roleId);

/** The organisations whose machines the user keeps: the operator and lessors in scope, for editors only. */
export async function ownerOrgIds(data: ScopedData, user: SessionUser): Promise<number[]> {
  return isDeviceEditor(user) ? await keeperOrgIds(data) : [];
}

/** The kinds of organisation that own machines. */
const KEEPER_KINDS = ['operator', 'lessor'] as const;

/** A machine's owner as a read that joins it gives it: its id and kind. */
type MachineOwner = { id: number; kind: string | null };

/**
 * Whether the user may change a machine of `owner`: the rule of ownerOrgIds judged on one row, so a read that joins
 * the owner anyway needs no statement of its own for it (the device list: one round trip to the database less).
 */
export function keepsMachineOf(data: ScopedData, user: SessionUser, owner: MachineOwner): boolean {
  const keeper = owner.kind !== null && (KEEPER_KINDS as readonly string[]).includes(owner.kind);
  return isDeviceEditor(user) && keeper && data.sees(owner.id);
}

/** The organisations in scope that own machines (the operator, lessors), whatever the user's role. */
export async function keeperOrgIds(data: ScopedData): Promise<number[]> {
  return (
    await data
      .prepared('device-access:owners', () =>
        data.planOnce(
          data
            .select({ id: organisations.id })
            .from(organisations, data.orgScope(organisations.id))
            .where(inArray(organisations.kind, ['operator', 'lessor'])),
        ),
      )
      .all()
  ).map((o) => o.id);
}

/**
 * The distributors an editor may give machines to: those in scope, and those of the operator the user's
 * organisation belongs to (distributors work for the operator, beside its rental companies).
 */
/** New records belong to the user's own organisation, which must be one that keeps machines. */
export async function assertCreator(data: ScopedData, user: SessionUser): Promise<number> {
  if (!(await ownerOrgIds(data, user)).includes(user.orgId)) throw forbidden();
  return user.orgId;
}

/** A machine matches the keyword by its serial number or host name. */
export const deviceKeyword = (dialect: Dialect, keyword: string) =>
  keywordIn(dialect, [devices.serialNumber, devices.hostName], keyword);

export async function distributorChoices(data: ScopedData, user: SessionUser): Promise<{ id: number; name: string }[]> {
  if (!isDeviceEditor(user)) return [];
  const own = await data
    .select({ parentId: organisations.parentId })
    .from(organisations, data.orgScope(organisations.id))
    .where(eq(organisations.id, user.orgId))
    .get();
  const parents = [user.orgId, ...(own?.parentId ? [own.parentId] : [])];
  // Distributors work for the operator, beside its rental companies: a lessor's editor names one it does not see.
  return data
    .unscoped('referencedNames')
    .select({ id: organisations.id, name: nameInSql(organisations, data.lang) })
    .from(organisations)
    .where(
      and(
        eq(organisations.kind, 'distributor'),
        or(inArray(organisations.id, data.orgIds()), inArray(organisations.parentId, parents)),
      ),
    )
    .orderBy(organisations.name)
    .all();
}

/** Refuse a distributor the user may not choose, on the form field. */
export async function assertDistributor(
  data: ScopedData,
  user: SessionUser,
  distributorId: number | null | undefined,
  field: string,
) {
  if (!distributorId) return;
  if (!(await distributorChoices(data, user)).some((d) => d.id === distributorId)) {
    throw invalidField(field, 'devices.invalidDistributor');
  }
}

/** A customer of the owning organisation, or the refusal on the form field. */
export async function assertCustomerOf(data: ScopedData, ownerId: number, customerId: number | null | undefined) {
  if (!customerId) return;
  const customer = await data
    .select()
    .from(organisations, data.orgScope(organisations.id))
    .where(eq(organisations.id, customerId))
    .get();
  if (!customer || customer.kind !== 'customer' || customer.parentId !== ownerId) {
    throw invalidField('customerId', 'devices.invalidCustomer');
  }
}

/** The read of a machine the user sees, not yet run (none outside the user's scope). */
export const deviceRead = (data: ScopedData, id: number) =>
  data.select().from(devices, data.deviceScope()).where(eq(devices.id, id));

/** A machine the user sees (else "not found", so others' serials cannot be probed). */
export async function visibleDevice(data: ScopedData, id: number) {
  const row = await deviceRead(data, id).get();
  if (!row) throw notFound();
  return row;
}

/** A machine the user may change: visible, and owned by one of the user's organisations. */
export async function ownedDevice(data: ScopedData, user: SessionUser, id: number) {
  const row = await visibleDevice(data, id);
  if (!(await ownerOrgIds(data, user)).includes(row.orgId)) throw forbidden();
  return row;
}

/** The operator organisations, whose models and cases are the catalog every organisation uses. */
export async function operatorOrgIds(data: ScopedData): Promise<number[]> {
  return (
    await data
      .unscoped('codeTable')
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.kind, 'operator'))
      .all()
  ).map((o) => o.id);
}

/** Models a user sees: the catalog, those of organisations in scope, and those of the machines in scope. */
export async function visibleModels(data: ScopedData): Promise<Scope> {
  return data.anyOf(
    data.orgScope(deviceModels.orgId),
    data.shared('codeTable', inArray(deviceModels.orgId, await operatorOrgIds(data))),
    data.within(deviceModels.id, data.select({ id: devices.modelId }).from(devices, data.deviceScope())),
  );
}

/** A model the owner's machines may use: the catalog's or the owner's own; else the refusal on the field. */
export async function modelForOwner(data: ScopedData, ownerId: number, modelId: number) {
  const model = await data
    .select()
    .from(deviceModels, await visibleModels(data))
    .where(eq(deviceModels.id, modelId))
    .get();
  if (!model || (model.orgId !== ownerId && !(await operatorOrgIds(data)).includes(model.orgId))) {
    throw invalidField('modelId', 'devices.selectModel');
  }
  return model;
}

/** Machines the user may change, all of them or the refusal (one not visible: not found; not owned: forbidden). */
export async function ownedDevices(data: ScopedData, user: SessionUser, ids: number[]) {
  const rows = await data.select().from(devices, data.deviceScope()).where(inArray(devices.id, ids)).all();
  if (rows.length !== new Set(ids).size) throw notFound();
  const owned = await ownerOrgIds(data, user);
  if (rows.some((row) => !owned.includes(row.orgId))) throw forbidden();
  return rows;
}

/** One page of the machines in scope `where` selects, by serial number, and how many it selects in all. */
export async function devicePageBySerial(
  data: ScopedData,
  where: SQL | undefined,
  page: { page: number; pageSize: number },
): Promise<{ rows: (typeof devices.$inferSelect)[]; total: number }> {
  const { rows, total } = await listPage(data, page, data.select().from(devices, data.deviceScope()).where(where), [
    asc(devices.serialNumber),
  ]);
  return { rows, total };
}
