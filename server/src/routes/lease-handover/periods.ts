import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Dialect } from '@console/db/dialect';
import { alias } from 'drizzle-orm/sqlite-core';
import { organisations } from '@console/db/schema/accounts';
import { deviceModels, devices } from '@console/db/schema/devices';
import { contracts } from '@console/db/schema/lease';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { leaseHandoverEndpoints as api, type PeriodRow } from '@console/contract/http/lease-handover';
import type { ScopedData } from '../../lib/data.ts';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { textContains } from '../../lib/search.ts';
import type { SessionUser } from '../../lib/session.ts';
import { orgTodays } from '../../lib/org-day.ts';
import { periodScope } from './scope.ts';
import { nameInSql } from '../../lib/org-brand.ts';

type Period = typeof leasePeriods.$inferSelect;
const renterOrg = alias(organisations, 'period_renter');

const DAY_MS = 86_400_000;
const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
/** Whole days from one `YYYY-MM-DD` to another. */
const daysBetween = (from: string, to: string) => Math.round((toMs(to) - toMs(from)) / DAY_MS);
const addDays = (day: string, n: number) => new Date(toMs(day) + n * DAY_MS).toISOString().slice(0, 10);

interface Filters {
  contractId?: number;
  renterId?: number;
  deviceId?: number;
  keyword?: string;
  state?: 'open' | 'ended';
  due?: number;
  overdue?: boolean;
}

/** The filters, against the user's organisation's today: due within N days and overdue only count machines on lease. */
function filtersOf(dialect: Dialect, query: Filters, today: string) {
  return and(
    query.contractId === undefined ? undefined : eq(leasePeriods.contractId, query.contractId),
    query.renterId === undefined ? undefined : eq(leasePeriods.renterOrgId, query.renterId),
    query.deviceId === undefined ? undefined : eq(leasePeriods.deviceId, query.deviceId),
    textContains(dialect, devices.serialNumber, query.keyword || undefined),
    query.state === 'open'
      ? isNull(leasePeriods.endOn)
      : query.state === 'ended'
        ? isNotNull(leasePeriods.endOn)
        : undefined,
    query.due === undefined
      ? undefined
      : and(
          isNull(leasePeriods.endOn),
          sql`${leasePeriods.plannedEndOn} >= ${today}`,
          sql`${leasePeriods.plannedEndOn} <= ${addDays(today, query.due)}`,
        ),
    query.overdue ? and(isNull(leasePeriods.endOn), sql`${leasePeriods.plannedEndOn} < ${today}`) : undefined,
  );
}

function readRows(data: ScopedData, user: SessionUser, query: Filters, today: string) {
  const scope = periodScope(data, user);
  if (!scope) return null;
  return data
    .select({
      period: leasePeriods,
      serialNumber: devices.serialNumber,
      modelName: nameInSql(deviceModels, data.lang),
      contractNumber: contracts.number,
      lessorOrgId: contracts.lessorOrgId,
      renterName: nameInSql(renterOrg, data.lang),
    })
    .from(leasePeriods, scope)
    .innerJoin(devices, eq(devices.id, leasePeriods.deviceId))
    .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId))
    .innerJoin(contracts, eq(contracts.id, leasePeriods.contractId))
    .leftJoin(renterOrg, eq(renterOrg.id, leasePeriods.renterOrgId))
    .where(filtersOf(data.dialect, query, today));
}

type ReadRow = {
  period: Period;
  serialNumber: string;
  modelName: string | null;
  contractNumber: string;
  lessorOrgId: number;
  renterName: string | null;
};

export function presentPeriod(r: ReadRow, today: string): PeriodRow {
  const p = r.period;
  // A return ends a period on its day; a change's cut (a later day of new terms, decision 041) after its last day.
  const ended = p.endOn !== null && (p.endedByChangeId === null || p.endOn < today);
  const upcoming = !ended && today < p.startOn;
  const last = ended ? p.endOn! : today;
  const overdue = p.endOn === null && p.plannedEndOn < today;
  return {
    id: p.id,
    deviceId: p.deviceId,
    serialNumber: r.serialNumber,
    modelName: r.modelName ?? '',
    contractId: p.contractId,
    contractNumber: r.contractNumber,
    renterId: p.renterOrgId,
    renterName: r.renterName ?? '',
    startOn: p.startOn,
    plannedEndOn: p.plannedEndOn,
    endOn: p.endOn,
    state: ended ? 'ended' : upcoming ? 'upcoming' : overdue ? 'overdue' : 'open',
    days: upcoming ? 0 : Math.max(0, daysBetween(p.startOn, last) + 1),
    daysLeft: ended ? null : daysBetween(today, p.endOn ?? p.plannedEndOn),
    entryId: p.entryId,
    exitId: p.exitId,
  };
}

const SORTS = {
  startOn: leasePeriods.startOn,
  plannedEndOn: leasePeriods.plannedEndOn,
  endOn: leasePeriods.endOn,
  serialNumber: devices.serialNumber,
};
/** On lease first, the nearest planned end first; then the ended ones, the latest first. */
const DEFAULT_ORDER = [
  sql`${leasePeriods.endOn} is not null`,
  asc(sql`case when ${leasePeriods.endOn} is null then ${leasePeriods.plannedEndOn} end`),
  desc(leasePeriods.endOn),
  desc(leasePeriods.id),
];

export const periodRoutes: RouteDef[] = [
  route(api.periods, async ({ query, user, data, deps, today }) => {
    const db = data.unscoped('domainRule');
    const rows = readRows(data, user, query, today());
    if (!rows) return { list: [], total: 0, page: query.page, pageSize: query.pageSize };
    const { rows: found, ...paging } = await listPage(
      data,
      query,
      rows,
      listOrder(query, SORTS, leasePeriods.id, DEFAULT_ORDER),
    );
    // Days on lease and days left count on the lessor's calendar: the same for every viewer, wherever they are.
    const todayOf = await orgTodays(db, deps.now());
    return { list: (found as ReadRow[]).map((r) => presentPeriod(r, todayOf(r.lessorOrgId))), ...paging };
  }),
];
