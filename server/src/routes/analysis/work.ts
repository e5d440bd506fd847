import { and, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Dialect } from '@console/db/dialect';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { dailyWork } from '@console/db/schema/analysis';
import { devices } from '@console/db/schema/devices';
import { contracts } from '@console/db/schema/lease';
import { MAX_PERIOD_DAYS, DEFAULT_PERIOD_DAYS, type Output } from '@console/contract/http/analysis';
import { addressText } from '@console/contract/formats/address';
import type { MachineKind } from '@console/contract/codes/machine-kinds';
import type { ScopedData } from '../../lib/data.ts';
import { invalidField } from '../../lib/errors.ts';
import { orgTimeZone } from '../../lib/org-day.ts';
import { orgNames } from '../../lib/scope.ts';
import type { SessionUser } from '../../lib/session.ts';
import { dayInZone } from '../../lib/time.ts';

/**
 * The reads every analysis shares (docs/decisions/037-daily-work.md): the machines in scope that match the filter,
 * with their state now, and their daily work in a period, summed by the database. Daily work is read through its
 * own organisations (owner, customer and distributor on that day), machines through the device scope.
 */

const DAY_MS = 86_400_000;

export interface Period {
  from: string;
  to: string;
  days: number;
}

export const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
export const dayFromNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** Every day of a period, oldest first. */
export function daysOf(period: Period): string[] {
  const first = dayNumber(period.from);
  return Array.from({ length: period.days }, (_, i) => dayFromNumber(first + i));
}

/**
 * The calendar a viewer's days are counted in: the viewer's organisation's (lib/org-day.ts), not the browser's, so a
 * day's figures are the same for every viewer of the organisation wherever they are, on every page that shows them.
 */
export const viewerZone = (data: ScopedData, user: SessionUser) => orgTimeZone(data.unscoped('domainRule'), user.orgId);

/** The last `days` days of a calendar, today (so far) last. */
export function lastDaysOf(now: number, timeZone: string, days: number): Period {
  const to = dayInZone(now, timeZone);
  return { from: dayFromNumber(dayNumber(to) - (days - 1)), to, days };
}

/** The period asked for, or the last DEFAULT_PERIOD_DAYS days to today in the given zone; refused when reversed or too long. */
export function periodOf(query: { from?: string; to?: string }, now: number, timeZone: string): Period {
  const to = query.to || dayInZone(now, timeZone);
  const from = query.from || dayFromNumber(dayNumber(to) - (DEFAULT_PERIOD_DAYS - 1));
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days < 1) throw invalidField('from', 'analysis.invalidPeriod');
  if (days > MAX_PERIOD_DAYS) throw invalidField('from', 'analysis.periodTooLong');
  return { from, to, days };
}

export interface MachineFilter {
  kind?: MachineKind | '';
  orgId?: number;
  keyword?: string;
}

export interface Machine {
  id: number;
  serialNumber: string;
  deviceName: string;
  kind: MachineKind;
  ownerId: number;
  customerId: number | null;
  /** The organisation it works for: its customer, or its owner while in stock. */
  orgId: number;
  state: 'working' | 'idle' | 'offline';
}

function machineConditions(dialect: Dialect, filter: MachineFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.kind) conditions.push(eq(devices.kind, filter.kind));
  if (filter.orgId) {
    conditions.push(
      or(
        eq(devices.orgId, filter.orgId),
        eq(devices.customerOrgId, filter.orgId),
        eq(devices.distributorOrgId, filter.orgId),
      ),
    );
  }
  if (filter.keyword) {
    const like = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(${dialect.likeNoCase(devices.serialNumber, like, '\\')} OR ${dialect.likeNoCase(devices.deviceName, like, '\\')})`,
    );
  }
  return and(...conditions);
}

/** The machines in scope matching the filter, by id. */
export async function machinesOf(data: ScopedData, filter: MachineFilter): Promise<Machine[]> {
  return (
    await data
      .select({
        id: devices.id,
        serialNumber: devices.serialNumber,
        deviceName: devices.deviceName,
        kind: devices.kind,
        ownerId: devices.orgId,
        customerId: devices.customerOrgId,
        online: devices.online,
        machineOnline: devices.machineOnline,
        activity: devices.activity,
      })
      .from(devices, data.deviceScope())
      .where(machineConditions(data.dialect, filter))
      .orderBy(devices.id)
      .all()
  ).map((d) => ({
    id: d.id,
    serialNumber: d.serialNumber,
    deviceName: d.deviceName,
    kind: d.kind as MachineKind,
    ownerId: d.ownerId,
    customerId: d.customerId,
    orgId: d.customerId ?? d.ownerId,
    state: !d.online ? 'offline' : d.machineOnline && d.activity === 'working' ? 'working' : 'idle',
  }));
}

/** The outputs summed over a group of days; the real ones by the engine's order-independent sum (Dialect.sumReal). */
const outputSums = (dialect: Dialect) => {
  const total = (column: SQLiteColumn) => sql<number>`coalesce(${dialect.sumReal(column)}, 0)`;
  return {
    hoursWorked: total(dailyWork.hoursWorked),
    hoursPowered: total(dailyWork.hoursPowered),
    distanceKm: total(dailyWork.distanceKm),
    volumeM3: total(dailyWork.volumeM3),
    areaM2: total(dailyWork.areaM2),
    lifts: sql<number>`coalesce(sum(${dailyWork.lifts}), 0)`,
    energyKwh: total(dailyWork.energyKwh),
    cycles: sql<number>`coalesce(sum(${dailyWork.cycles}), 0)`,
  };
};
/** Days with work: the hour meter (or charging, discharging) advanced. */
const daysWorked = (dialect: Dialect) =>
  sql<number>`coalesce(${dialect.sumTrue(sql`${dailyWork.hoursWorked} > 0`)}, 0)`;

/**
 * Daily work in the period of the machines matching the filter, both in scope; `withContract` joins the day's
 * contract (none: a day outside every lease).
 */
function workRows(data: ScopedData, period: Period, filter: MachineFilter, withContract = false) {
  // The day's organisations in scope, and the machine in scope now too (devices is joined).
  const scope = data.narrow(
    data.orgScope(dailyWork.ownerOrgId, dailyWork.customerOrgId, dailyWork.distributorOrgId),
    data.deviceScope().sql,
  );
  return (fields: Record<string, SQL | SQL.Aliased | typeof dailyWork.day | typeof dailyWork.deviceId>) => {
    const rows = data.select(fields).from(dailyWork, scope).innerJoin(devices, eq(devices.id, dailyWork.deviceId));
    if (withContract) rows.leftJoin(contracts, eq(contracts.id, dailyWork.contractId));
    return rows.where(
      and(gte(dailyWork.day, period.from), lte(dailyWork.day, period.to), machineConditions(data.dialect, filter)),
    );
  };
}

export interface MachineWork extends Output {
  deviceId: number;
  daysWorked: number;
  lastWorkedOn: string | null;
  /** Days of the period it worked, `YYYY-MM-DD` joined by ','. */
  workedDays: string;
}

/** Each machine's work summed over the period. */
export async function workByMachine(
  data: ScopedData,
  period: Period,
  filter: MachineFilter,
): Promise<Map<number, MachineWork>> {
  const rows = (await workRows(
    data,
    period,
    filter,
  )({
    deviceId: dailyWork.deviceId,
    ...outputSums(data.dialect),
    daysWorked: daysWorked(data.dialect),
    lastWorkedOn: sql<string | null>`max(case when ${dailyWork.hoursWorked} > 0 then ${dailyWork.day} end)`,
    workedDays: sql<string>`coalesce(${data.dialect.stringAgg(sql`case when ${dailyWork.hoursWorked} > 0 then ${dailyWork.day} end`, ',')}, '')`,
  })
    .groupBy(dailyWork.deviceId)
    .all()) as unknown as MachineWork[];
  return new Map(rows.map((r) => [r.deviceId, r]));
}

export interface DayWork extends Output {
  day: string;
  attended: number;
}

/** The machines' work summed per day of the period. */
export async function workByDay(
  data: ScopedData,
  period: Period,
  filter: MachineFilter,
): Promise<Map<string, DayWork>> {
  const rows = (await workRows(
    data,
    period,
    filter,
  )({ day: dailyWork.day, ...outputSums(data.dialect), attended: daysWorked(data.dialect) })
    .groupBy(dailyWork.day)
    .all()) as unknown as DayWork[];
  return new Map(rows.map((r) => [r.day, r]));
}

export interface HoursOfDay {
  date: string;
  hoursWorked: number;
  /** Machines that worked that day. */
  attended: number;
}

/**
 * Hours worked and machines that worked on each day of the period, every day listed: the one computation behind
 * every "hours per day" the console shows (the home, the work analysis), so they agree for the same scope and days.
 */
export async function hoursByDay(data: ScopedData, period: Period, filter: MachineFilter): Promise<HoursOfDay[]> {
  const work = await workByDay(data, period, filter);
  return daysOf(period).map((date) => {
    const day = work.get(date);
    return { date, hoursWorked: Math.round((day?.hoursWorked ?? 0) * 10) / 10, attended: day?.attended ?? 0 };
  });
}

export interface SiteWork extends Output {
  /** The site's first contract among the days summed (0: days outside every lease). */
  siteId: number;
  /** The site's address as its leases name it, written as where it lies ('' outside every lease or not given). */
  name: string;
  machines: number;
}

/**
 * The machines' work summed per construction site: the site of the lease contract each day was worked under
 * (decision 062 credits a day to its lease period's contract). Contracts at the same site are one site; the days
 * outside every lease are one row, site 0.
 */
export async function workBySite(data: ScopedData, period: Period, filter: MachineFilter): Promise<SiteWork[]> {
  const rows = (await workRows(
    data,
    period,
    filter,
    true,
  )({
    siteId: sql<number>`coalesce(min(${contracts.id}), 0)`,
    province: sql<string | null>`${contracts.siteProvince}`,
    city: sql<string | null>`${contracts.siteCity}`,
    district: sql<string | null>`${contracts.siteDistrict}`,
    address: sql<string | null>`${contracts.siteAddress}`,
    ...outputSums(data.dialect),
    machines: sql<number>`count(distinct ${dailyWork.deviceId})`,
  })
    .groupBy(contracts.siteProvince, contracts.siteCity, contracts.siteDistrict, contracts.siteAddress)
    .all()) as unknown as (SiteWork & {
    province: string | null;
    city: string | null;
    district: string | null;
    address: string | null;
  })[];
  return rows.map(({ province, city, district, address, ...site }) => ({
    ...site,
    name: addressText({ province, city, district, address }),
  }));
}

export interface OrgWork {
  orgId: number;
  hoursWorked: number;
  daysWorked: number;
  /** The machines credited with a day there, ids joined by ','. */
  machineIds: string;
}

/**
 * The machines' work summed per organisation it was done for, day by day (decision 062): the customer who had the
 * machine that day, or its owner while it stood in stock; with `customersOnly`, the customers' days alone.
 */
export async function workByOrg(
  data: ScopedData,
  period: Period,
  filter: MachineFilter,
  customersOnly = false,
): Promise<OrgWork[]> {
  const org = customersOnly
    ? sql`${dailyWork.customerOrgId}`
    : sql`coalesce(${dailyWork.customerOrgId}, ${dailyWork.ownerOrgId})`;
  const rows = (await workRows(
    data,
    period,
    filter,
  )({
    orgId: sql<number>`${org}`.as('work_org_id'),
    hoursWorked: outputSums(data.dialect).hoursWorked,
    daysWorked: daysWorked(data.dialect),
    machineIds: data.dialect.stringAgg(dailyWork.deviceId, ',', { distinct: true }),
  })
    .groupBy(sql`work_org_id`)
    .all()) as unknown as (OrgWork & { orgId: number | null })[];
  return rows.filter((r): r is OrgWork => r.orgId !== null);
}

export const emptyOutput = (): Output => ({
  hoursWorked: 0,
  hoursPowered: 0,
  distanceKm: 0,
  volumeM3: 0,
  areaM2: 0,
  lifts: 0,
  energyKwh: 0,
  cycles: 0,
});

/** Sum outputs (into the first). */
const OUTPUT_KEYS = Object.keys(emptyOutput()) as (keyof Output)[];

/** The output figures of a row that carries more (a machine's work has its days too), or zeros for none. */
export function outputOf(o: Output | undefined): Output {
  return addOutput(emptyOutput(), o ?? emptyOutput());
}

export function addOutput<T extends Output>(into: T, more: Output): T {
  for (const key of OUTPUT_KEYS) into[key] += more[key];
  return into;
}

/** Figures as the pages show them: hours, km, m³ and kWh to one decimal, m² whole. */
export function rounded<T extends Output>(o: T): T {
  const one = (v: number) => Math.round(v * 10) / 10;
  return {
    ...o,
    hoursWorked: one(o.hoursWorked),
    hoursPowered: one(o.hoursPowered),
    distanceKm: one(o.distanceKm),
    volumeM3: one(o.volumeM3),
    areaM2: Math.round(o.areaM2),
    lifts: Math.round(o.lifts),
    energyKwh: one(o.energyKwh),
    cycles: Math.round(o.cycles),
  };
}

/** hours worked / (machines × 24 h × days), percent to one decimal. */
export function utilisationPct(hoursWorked: number, machines: number, days: number): number {
  if (machines === 0 || days === 0) return 0;
  return Math.round((hoursWorked / (machines * 24 * days)) * 1000) / 10;
}

/** The organisations the filter offers: owners and customers of the machines of the kind the user sees. */
export async function offeredOrganisations(
  data: ScopedData,
  kind: MachineFilter['kind'],
): Promise<{ id: number; name: string }[]> {
  const ids = new Set(
    (await machinesOf(data, { kind })).flatMap((m) =>
      m.customerId === null ? [m.ownerId] : [m.ownerId, m.customerId],
    ),
  );
  const names = await orgNames(data, [...ids]);
  return [...ids].sort((a, b) => a - b).map((id) => ({ id, name: names.get(id) ?? '' }));
}

export { orgNames };
