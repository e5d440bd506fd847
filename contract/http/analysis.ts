import { z } from 'zod';
import { MACHINE_KINDS } from '../codes/machine-kinds.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { isDay } from './devices.ts';
import { pageQuery, paged } from './fields.ts';
import { ANALYSIS_READERS } from '../access/analysis.ts';

/**
 * The data centre's work analysis (spec /workingAnalysis; docs/decisions/037-daily-work.md): summary, attendance and
 * construction, read from the machines' daily work (one row per machine and local day, folded from telemetry by
 * the rollup job), never from raw telemetry. Every figure counts the machines in the user's scope: the operator's
 * staff see every machine, a rental company its own and those its customers rent, a customer the days it rented.
 */

/** The longest period one request covers (a year and a day: a leap year's twelve months). */
export const MAX_PERIOD_DAYS = 366;
/** The period the pages open with when none is chosen: the last 30 days, today included. */
export const DEFAULT_PERIOD_DAYS = 30;
export const GRANULARITIES = ['day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

const day = z
  .string({ error: 'analysis.invalidDay' })
  .trim()
  .refine((v) => v === '' || isDay(v), { error: 'analysis.invalidDay' })
  .optional();
const month = z
  .string({ error: 'analysis.invalidMonth' })
  .trim()
  .refine((v) => v === '' || (/^\d{4}-\d{2}$/.test(v) && isDay(`${v}-01`)), { error: 'analysis.invalidMonth' })
  .optional();
const kind = z.union([z.enum(MACHINE_KINDS), z.literal('')]).optional();
const orgId = z.coerce.number({ error: 'validation.invalid' }).int().min(0, { error: 'validation.invalid' }).optional();

/** The filters every analysis shares: a period (`YYYY-MM-DD`, both included), a machine kind, an organisation. */
export const periodFilter = z.object({ from: day, to: day, kind, orgId });
export type PeriodFilter = z.input<typeof periodFilter>;
export const monthFilter = z.object({
  month,
  kind,
  orgId,
  /** "Idle": no work in this many days up to the end of the month (or today). */
  idleDays: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(31).default(3),
});
export type MonthFilter = z.input<typeof monthFilter>;

const count = z.number().int().min(0);
const hours = z.number().min(0);
const pct = z.number().min(0);
const period = z.object({ from: z.string(), to: z.string(), days: count });
/** The organisations the filter offers: the owners and customers of the machines the user sees. */
const organisations = z.array(z.object({ id: z.number().int(), name: z.string() }));

/** What the machines did, summed: the kind-specific outputs of decision 037. */
export const output = z.object({
  hoursWorked: hours,
  hoursPowered: hours,
  distanceKm: z.number().min(0),
  /** m³ pumped (concrete pump) or sprayed (wet sprayer). */
  volumeM3: z.number().min(0),
  /** m² mowed. */
  areaM2: z.number().min(0),
  /** Starts of lifting (aerial platform), loads picked up (forklift). */
  lifts: count,
  /** kWh charged (charger). */
  energyKwh: z.number().min(0),
  /** Charge cycles (battery). */
  cycles: count,
});
export type Output = z.infer<typeof output>;

export const summary = z.object({
  period,
  /** Machines in scope matching the filter, and their state now. */
  machines: count,
  working: count,
  idle: count,
  offline: count,
  hoursWorked: hours,
  /** hours worked / (machines × 24 h × days), in percent, one decimal. */
  utilisationPct: pct,
  byKind: z.array(z.object({ kind: z.enum(MACHINE_KINDS), machines: count, hoursWorked: hours, utilisationPct: pct })),
  /** By the organisation the machine works for: its customer, or its owner while in stock. */
  byOrg: z.array(
    z.object({ orgId: z.number().int(), name: z.string(), machines: count, hoursWorked: hours, utilisationPct: pct }),
  ),
  byDay: z.array(z.object({ date: z.string(), hoursWorked: hours, attended: count })),
  organisations,
});
export type Summary = z.infer<typeof summary>;

export const attendance = z.object({
  month: z.string(),
  period,
  machines: count,
  /** Machines that worked at least one day of the month. */
  attendedMachines: count,
  /** Machines that did not work in the last `idleDays` days of the period. */
  idleMachines: count,
  /** Machine-days worked over machine-days in the period, percent. */
  attendancePct: pct,
  /** The heat map: every day of the month, machines that worked and their hours. */
  calendar: z.array(z.object({ date: z.string(), attended: count, hoursWorked: hours })),
  customers: z.array(
    z.object({
      orgId: z.number().int(),
      name: z.string(),
      machines: count,
      daysAttended: count,
      attendancePct: pct,
    }),
  ),
  organisations,
});
export type Attendance = z.infer<typeof attendance>;

export const attendanceRow = z.object({
  deviceId: z.number().int(),
  serialNumber: z.string(),
  deviceName: z.string(),
  kind: z.enum(MACHINE_KINDS),
  /** The organisation it works for (customer, or owner while in stock). */
  orgName: z.string(),
  daysAttended: count,
  hoursWorked: hours,
  /** `YYYY-MM-DD`, '' if it never worked in the period. */
  lastWorkedOn: z.string(),
  /** Days since it last worked, up to the period's end (the whole period when it did not work). */
  idleDays: count,
  /** Days of the month (1-31) it worked: its row of the calendar. */
  attendedDays: z.array(z.number().int()),
});
export type AttendanceRow = z.infer<typeof attendanceRow>;

export const construction = z.object({
  period,
  granularity: z.enum(GRANULARITIES),
  totals: output.extend({ machines: count }),
  /** Per day, week (starting Monday) or month of the period: `YYYY-MM-DD` of its first day. */
  series: z.array(output.extend({ period: z.string() })),
  byKind: z.array(output.extend({ kind: z.enum(MACHINE_KINDS), machines: count })),
  /**
   * By construction site: the site of the lease contract each day was worked under, contracts at the same site as one
   * (`siteId` the first of them, `name` its address); id 0 and '' name: the days outside every lease.
   */
  bySite: z.array(output.extend({ siteId: z.number().int(), name: z.string(), machines: count })),
  organisations,
});
export type Construction = z.infer<typeof construction>;

export const constructionRow = output.extend({
  deviceId: z.number().int(),
  serialNumber: z.string(),
  deviceName: z.string(),
  kind: z.enum(MACHINE_KINDS),
  orgName: z.string(),
  daysWorked: count,
});
export type ConstructionRow = z.infer<typeof constructionRow>;

const machinePage = pageQuery.extend({ keyword: z.string().trim().max(50).optional() });

export const analysisEndpoints = {
  summary: defineEndpoint({
    method: 'GET',
    path: '/analysis/summary.do',
    summary: 'Work summary: machines, working, idle and offline now; utilisation by kind, organisation and day',
    access: { roles: ANALYSIS_READERS },
    scope: 'machines',
    query: periodFilter,
    body: noInput,
    response: summary,
  }),
  attendance: defineEndpoint({
    method: 'GET',
    path: '/analysis/attendance.do',
    summary: 'Attendance in a month: the calendar heat map, machines attended and idle, per customer',
    access: { roles: ANALYSIS_READERS },
    scope: 'machines',
    query: monthFilter,
    body: noInput,
    response: attendance,
  }),
  attendanceMachines: defineEndpoint({
    method: 'GET',
    path: '/analysis/attendanceMachines.do',
    summary: 'Attendance per machine in a month (paged); `idleOnly` keeps the machines idle for `idleDays` or more',
    access: { roles: ANALYSIS_READERS },
    scope: 'machines',
    query: monthFilter.extend(machinePage.shape).extend({
      idleOnly: z
        .enum(['true', 'false', '1', '0'])
        .optional()
        .transform((v) => v === 'true' || v === '1'),
    }),
    body: noInput,
    response: paged(attendanceRow),
  }),
  construction: defineEndpoint({
    method: 'GET',
    path: '/analysis/construction.do',
    summary: 'Construction output per kind and site over a period, by day, week or month',
    access: { roles: ANALYSIS_READERS },
    scope: 'machines',
    query: periodFilter.extend({ granularity: z.enum(GRANULARITIES).default('day') }),
    body: noInput,
    response: construction,
  }),
  constructionMachines: defineEndpoint({
    method: 'GET',
    path: '/analysis/constructionMachines.do',
    summary: 'Construction output per machine over a period (paged)',
    access: { roles: ANALYSIS_READERS },
    scope: 'machines',
    query: periodFilter.extend(machinePage.shape),
    body: noInput,
    response: paged(constructionRow),
  }),
} as const;
