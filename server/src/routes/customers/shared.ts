/** What the customer and distributor routes share: who writes what, the rows they read, how a row is shown. */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { organisations } from '@console/db/schema/accounts';
import { deviceModels, devices } from '@console/db/schema/devices';
import { LESSOR_ROLES, ROLE } from '@console/contract/codes/roles';
import { PEOPLE_OPERATORS } from '@console/contract/access/customers';
import { MAINLAND_MOBILE } from '@console/contract/http/fields';
import type { ScopedData } from '../../lib/data.ts';
import { notFound } from '../../lib/errors.ts';
import { orgNames } from '../../lib/scope.ts';
import type { SessionUser } from '../../lib/session.ts';
import { formatInZone } from '../../lib/time.ts';
import { nameInSql } from '../../lib/org-brand.ts';

/** The operator's staff who manage people and organisations (roles 1 and 2). */
export const isPeopleOperator = (user: SessionUser) =>
  user.orgKind === 'operator' && (PEOPLE_OPERATORS as readonly number[]).includes(user.roleId);
/** A rental company's administrator or administrative staff (5, 10): they write their own customers. */
export const isLessorWriter = (user: SessionUser) =>
  user.orgKind === 'lessor' &&
  (LESSOR_ROLES as readonly number[]).includes(user.roleId) &&
  user.roleId !== ROLE.lessorSales;

/** The fields every organisation row shows; the area code is '86' for a mainland mobile (none is kept). */
export const organisationFields = {
  id: organisations.id,
  name: organisations.name,
  contactName: organisations.contactName,
  contactPhone: organisations.contactPhone,
  province: organisations.province,
  city: organisations.city,
  district: organisations.district,
  address: organisations.address,
  createdAt: organisations.createdAt,
};

export function presentOrganisation<T extends { contactPhone: string; createdAt: Date }>(row: T, timeZone: string) {
  return {
    ...row,
    areaCode: MAINLAND_MOBILE.test(row.contactPhone) ? '86' : '',
    createdAt: formatInZone(row.createdAt, timeZone),
  };
}

/** The first day of the attendance window: machines that worked in the last 30 days are counted. */
export const attendanceSince = (now = Date.now()) => new Date(now - 30 * 86_400_000).toISOString().slice(0, 10);

/**
 * Customers the user sees: the operator's staff every one, a rental company those below it, a distributor those
 * it owns (docs/decisions/043-people.md). The counts are computed from the data on each read; the subqueries name
 * the outer row as "organisations"."id" (drizzle writes a lone table's column unqualified, which they would shadow).
 */
export function customerRows(data: ScopedData) {
  const since = attendanceSince();
  return data
    .select({
      ...organisationFields,
      name: nameInSql(organisations, data.lang),
      parentId: organisations.parentId,
      distributorOrgId: organisations.distributorOrgId,
      deviceCount: sql<number>`(select count(*) from devices d where d.customer_org_id = "organisations"."id")`,
      attendanceCount: sql<number>`(select count(distinct w.device_id) from daily_work w
        where w.customer_org_id = "organisations"."id" and w.hours_worked > 0 and w.day >= ${since})`,
      verifiedUserCount: sql<number>`(select count(*) from users u
        where u.org_id = "organisations"."id" and ${data.dialect.isTrue(sql`u.real_name_verified`)})`,
      esignCount: sql<number>`(select count(*) from signing_flows f join contracts c on c.id = f.contract_id
        where c.renter_org_id = "organisations"."id" and f.state = 'completed')`,
    })
    .from(organisations, data.orgScope(organisations.id, organisations.distributorOrgId));
}
export const isCustomer = eq(organisations.kind, 'customer');
type CustomerRecord = Awaited<ReturnType<ReturnType<typeof customerRows>['all']>>[number];

/** May the user change this customer: the operator's staff any, a rental company's writers those right below it. */
const mayEdit = (user: SessionUser, row: CustomerRecord) =>
  isPeopleOperator(user) || (isLessorWriter(user) && row.parentId === user.orgId);

export async function presentCustomers(data: ScopedData, rows: CustomerRecord[], timeZone: string) {
  const names = await orgNames(
    data,
    rows.flatMap((r) => [r.parentId, r.distributorOrgId]),
  );
  return rows.map(({ parentId, distributorOrgId, ...row }) => ({
    ...presentOrganisation(row, timeZone),
    lessorName: parentId === null ? '' : (names.get(parentId) ?? ''),
    distributorId: distributorOrgId,
    distributorName: distributorOrgId === null ? '' : (names.get(distributorOrgId) ?? ''),
    editable: mayEdit(data.me, { parentId, distributorOrgId, ...row }),
  }));
}

export async function findCustomer(data: ScopedData, id: number): Promise<CustomerRecord> {
  const row = await customerRows(data)
    .where(and(isCustomer, eq(organisations.id, id)))
    .get();
  if (!row) throw notFound();
  return row;
}

/** A customer the user may change, or "not found" (one they only read is not theirs to change). */
export async function editableCustomer(data: ScopedData, id: number): Promise<CustomerRecord> {
  const row = await findCustomer(data, id);
  if (!mayEdit(data.me, row)) throw notFound();
  return row;
}

/** Machines the user sees, matching `where`, with their model and distributor (at most 1000). */
export async function machineRows(data: ScopedData, where: SQL) {
  const rows = await data
    .select({
      id: devices.id,
      serialNumber: devices.serialNumber,
      deviceName: devices.deviceName,
      modelName: nameInSql(deviceModels, data.lang),
      leaseStatus: devices.leaseStatus,
      customerOrgId: devices.customerOrgId,
      distributorOrgId: devices.distributorOrgId,
    })
    .from(devices, data.deviceScope())
    .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId))
    .where(where)
    .orderBy(asc(devices.serialNumber))
    .limit(1000)
    .all();
  const names = await orgNames(
    data,
    rows.flatMap((r) => [r.customerOrgId, r.distributorOrgId]),
  );
  return rows.map(({ customerOrgId, distributorOrgId, ...m }) => ({
    ...m,
    customerName: customerOrgId === null ? '' : (names.get(customerOrgId) ?? ''),
    distributorName: distributorOrgId === null ? '' : (names.get(distributorOrgId) ?? ''),
  }));
}
