import { MACHINE_KINDS, type MachineKind } from '@console/contract/codes/machine-kinds';
import {
  analysisEndpoints,
  type AttendanceRow,
  type ConstructionRow,
  type Granularity,
} from '@console/contract/http/analysis';
import type { Output } from '@console/contract/http/analysis';
import { route, type RouteDef } from '../../lib/route.ts';
import { dayInZone } from '../../lib/time.ts';
import {
  addOutput,
  dayFromNumber,
  dayNumber,
  daysOf,
  emptyOutput,
  hoursByDay,
  machinesOf,
  offeredOrganisations,
  orgNames,
  outputOf,
  periodOf,
  rounded,
  utilisationPct,
  viewerZone,
  workByDay,
  workByMachine,
  workByOrg,
  workBySite,
  type Machine,
  type OrgWork,
  type MachineWork,
  type Period,
} from './work.ts';
import { sortAndPage } from './paging.ts';

/**
 * The work analysis (docs/decisions/037-daily-work.md): summary, attendance and construction over the machines'
 * daily work. Every figure is a sum of daily_work rows; the machines are those in the device scope matching the
 * filter.
 */

const one = (v: number) => Math.round(v * 10) / 10;

/** A month `YYYY-MM` as a period: its days, up to today while it is the current month. */
function monthPeriod(month: string | undefined, now: number, timeZone: string): { month: string; period: Period } {
  const today = dayInZone(now, timeZone);
  const m = month || today.slice(0, 7);
  const [y, mo] = m.split('-').map(Number) as [number, number];
  const first = `${m}-01`;
  const last = new Date(Date.UTC(y, mo, 0)).toISOString().slice(0, 10);
  const to = last > today && first <= today ? today : last;
  return { month: m, period: { from: first, to, days: dayNumber(to) - dayNumber(first) + 1 } };
}

function idleDaysOf(work: MachineWork | undefined, period: Period): number {
  if (!work?.lastWorkedOn) return period.days;
  return dayNumber(period.to) - dayNumber(work.lastWorkedOn);
}

function attendanceRows(
  machines: Machine[],
  work: Map<number, MachineWork>,
  period: Period,
  names: Map<number, string>,
) {
  return machines.map((m): AttendanceRow => {
    const w = work.get(m.id);
    return {
      deviceId: m.id,
      serialNumber: m.serialNumber,
      deviceName: m.deviceName,
      kind: m.kind,
      orgName: names.get(m.orgId) ?? '',
      daysAttended: w?.daysWorked ?? 0,
      hoursWorked: one(w?.hoursWorked ?? 0),
      lastWorkedOn: w?.lastWorkedOn ?? '',
      idleDays: idleDaysOf(w, period),
      attendedDays: (w?.workedDays ?? '')
        .split(',')
        .filter(Boolean)
        .map((d) => Number(d.slice(8, 10)))
        .sort((a, b) => a - b),
    };
  });
}

/**
 * Per organisation, the work done for it day by day (decision 062: the customer who had the machine that day, not its
 * customer now) over the machines it has now and those that worked for it in the period.
 */
function creditedOrgs(
  machines: Machine[],
  work: OrgWork[],
  orgOf: (m: Machine) => number | null,
): Map<number, { machines: number; hours: number; days: number }> {
  const inFilter = new Set(machines.map((m) => m.id));
  const ids = new Map<number, Set<number>>();
  const idsOf = (org: number) => ids.get(org) ?? ids.set(org, new Set()).get(org)!;
  for (const m of machines) {
    const org = orgOf(m);
    if (org !== null) idsOf(org).add(m.id);
  }
  for (const w of work)
    for (const id of w.machineIds.split(',').map(Number)) if (inFilter.has(id)) idsOf(w.orgId).add(id);
  const byOrg = new Map(work.map((w) => [w.orgId, w]));
  return new Map(
    [...ids].map(([org, set]) => [
      org,
      { machines: set.size, hours: byOrg.get(org)?.hoursWorked ?? 0, days: byOrg.get(org)?.daysWorked ?? 0 },
    ]),
  );
}

/** The first day of the week (Monday) or month a day falls in. */
function bucketOf(day: string, granularity: Granularity): string {
  if (granularity === 'day') return day;
  if (granularity === 'month') return `${day.slice(0, 7)}-01`;
  const n = dayNumber(day);
  // 1970-01-01 was a Thursday: day number 0 is weekday 3 counted from Monday.
  return dayFromNumber(n - ((n + 3) % 7));
}

export const analysisRoutes: RouteDef[] = [
  route(analysisEndpoints.summary, async ({ query, user, data, deps }) => {
    const period = periodOf(query, deps.now(), await viewerZone(data, user));
    const filter = { kind: query.kind, orgId: query.orgId };
    const machines = await machinesOf(data, filter);
    const work = await workByMachine(data, period, filter);
    const hoursOf = (m: Machine) => work.get(m.id)?.hoursWorked ?? 0;
    const total = machines.reduce((sum, m) => sum + hoursOf(m), 0);

    const kinds = new Map<MachineKind, { machines: number; hours: number }>();
    for (const m of machines) {
      const k = kinds.get(m.kind) ?? { machines: 0, hours: 0 };
      kinds.set(m.kind, { machines: k.machines + 1, hours: k.hours + hoursOf(m) });
    }
    const orgs = creditedOrgs(machines, await workByOrg(data, period, filter), (m) => m.orgId);
    const names = await orgNames(data, [...orgs.keys()]);
    return {
      period,
      machines: machines.length,
      working: machines.filter((m) => m.state === 'working').length,
      idle: machines.filter((m) => m.state === 'idle').length,
      offline: machines.filter((m) => m.state === 'offline').length,
      hoursWorked: one(total),
      utilisationPct: utilisationPct(total, machines.length, period.days),
      byKind: MACHINE_KINDS.filter((k) => kinds.has(k)).map((k) => {
        const { machines: n, hours } = kinds.get(k)!;
        return { kind: k, machines: n, hoursWorked: one(hours), utilisationPct: utilisationPct(hours, n, period.days) };
      }),
      byOrg: [...orgs]
        .map(([orgId, { machines: n, hours }]) => ({
          orgId,
          name: names.get(orgId) ?? '',
          machines: n,
          hoursWorked: one(hours),
          utilisationPct: utilisationPct(hours, n, period.days),
        }))
        .sort((a, b) => b.hoursWorked - a.hoursWorked || a.orgId - b.orgId),
      byDay: await hoursByDay(data, period, filter),
      organisations: await offeredOrganisations(data, query.kind),
    };
  }),

  route(analysisEndpoints.attendance, async ({ query, user, data, deps }) => {
    const { month, period } = monthPeriod(query.month, deps.now(), await viewerZone(data, user));
    const filter = { kind: query.kind, orgId: query.orgId };
    const machines = await machinesOf(data, filter);
    const work = await workByMachine(data, period, filter);
    const byDay = new Map((await hoursByDay(data, period, filter)).map((d) => [d.date, d]));
    const monthDays = Number(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate());
    let attended = 0;
    let machineDays = 0;
    for (const m of machines) {
      const days = work.get(m.id)?.daysWorked ?? 0;
      if (days > 0) attended++;
      machineDays += days;
    }
    const customers = creditedOrgs(machines, await workByOrg(data, period, filter, true), (m) => m.customerId);
    const names = await orgNames(data, [...customers.keys()]);
    const pctOf = (days: number, n: number) => (n === 0 ? 0 : Math.round((days / (n * period.days)) * 1000) / 10);
    return {
      month,
      period,
      machines: machines.length,
      attendedMachines: attended,
      idleMachines: machines.filter((m) => idleDaysOf(work.get(m.id), period) >= query.idleDays).length,
      attendancePct: pctOf(machineDays, machines.length),
      calendar: Array.from({ length: monthDays }, (_, i) => {
        const date = `${month}-${String(i + 1).padStart(2, '0')}`;
        const d = byDay.get(date);
        return { date, attended: d?.attended ?? 0, hoursWorked: d?.hoursWorked ?? 0 };
      }),
      customers: [...customers]
        .map(([orgId, c]) => ({
          orgId,
          name: names.get(orgId) ?? '',
          machines: c.machines,
          daysAttended: c.days,
          attendancePct: pctOf(c.days, c.machines),
        }))
        .sort((a, b) => b.attendancePct - a.attendancePct || a.orgId - b.orgId),
      organisations: await offeredOrganisations(data, query.kind),
    };
  }),

  route(analysisEndpoints.attendanceMachines, async ({ query, user, data, deps }) => {
    const { period } = monthPeriod(query.month, deps.now(), await viewerZone(data, user));
    const filter = { kind: query.kind, orgId: query.orgId, keyword: query.keyword };
    const machines = await machinesOf(data, filter);
    const work = await workByMachine(data, period, filter);
    const names = await orgNames(
      data,
      machines.map((m) => m.orgId),
    );
    let rows = attendanceRows(machines, work, period, names);
    if (query.idleOnly) rows = rows.filter((r) => r.idleDays >= query.idleDays);
    return sortAndPage(rows, query, ['daysAttended', 'hoursWorked', 'idleDays', 'lastWorkedOn', 'serialNumber']);
  }),

  route(analysisEndpoints.construction, async ({ query, user, data, deps }) => {
    const period = periodOf(query, deps.now(), await viewerZone(data, user));
    const filter = { kind: query.kind, orgId: query.orgId };
    const machines = await machinesOf(data, filter);
    const work = await workByMachine(data, period, filter);
    const byDay = await workByDay(data, period, filter);
    const series = new Map<string, Output>();
    for (const day of daysOf(period)) {
      const bucket = bucketOf(day, query.granularity);
      const sum = series.get(bucket) ?? emptyOutput();
      const d = byDay.get(day);
      series.set(bucket, d ? addOutput(sum, d) : sum);
    }
    const kinds = new Map<MachineKind, Output & { machines: number }>();
    const totals = { ...emptyOutput(), machines: 0 };
    for (const m of machines) {
      const w = work.get(m.id);
      if (!w) continue;
      const k = kinds.get(m.kind) ?? { ...emptyOutput(), machines: 0 };
      addOutput(k, w);
      k.machines++;
      kinds.set(m.kind, k);
      addOutput(totals, w);
      totals.machines++;
    }
    const sites = await workBySite(data, period, filter);
    return {
      period,
      granularity: query.granularity,
      totals: rounded(totals),
      series: [...series].map(([p, o]) => ({ ...rounded(o), period: p })),
      byKind: MACHINE_KINDS.filter((k) => kinds.has(k)).map((k) => ({ ...rounded(kinds.get(k)!), kind: k })),
      bySite: sites
        .map((s) => ({ ...rounded(s), siteId: s.siteId, name: s.name, machines: s.machines }))
        .sort((a, b) => b.hoursWorked - a.hoursWorked || a.siteId - b.siteId),
      organisations: await offeredOrganisations(data, query.kind),
    };
  }),

  route(analysisEndpoints.constructionMachines, async ({ query, user, data, deps }) => {
    const period = periodOf(query, deps.now(), await viewerZone(data, user));
    const filter = { kind: query.kind, orgId: query.orgId, keyword: query.keyword };
    const machines = await machinesOf(data, filter);
    const work = await workByMachine(data, period, filter);
    const names = await orgNames(
      data,
      machines.map((m) => m.orgId),
    );
    const rows = machines.map((m): ConstructionRow => {
      const w = work.get(m.id);
      return {
        ...rounded(outputOf(w)),
        deviceId: m.id,
        serialNumber: m.serialNumber,
        deviceName: m.deviceName,
        kind: m.kind,
        orgName: names.get(m.orgId) ?? '',
        daysWorked: w?.daysWorked ?? 0,
      };
    });
    return sortAndPage(rows, query, [
      'hoursWorked',
      'hoursPowered',
      'distanceKm',
      'volumeM3',
      'areaM2',
      'lifts',
      'energyKwh',
      'cycles',
      'daysWorked',
      'serialNumber',
    ]);
  }),
];

/** What the big screens (server/src/routes/screens.ts) and the home (dashboard-utilisation.ts) read of daily work. */
export {
  dayFromNumber,
  dayNumber,
  daysOf,
  hoursByDay,
  lastDaysOf,
  utilisationPct,
  viewerZone,
  workByDay,
  type DayWork,
  type Period,
} from './work.ts';
