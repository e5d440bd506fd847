import { z } from 'zod';
import { STATUS } from '../codes/device-state.ts';
import type { DeviceStatus } from '../codes/device-status.ts';
import { LEASE_STATUS } from '../codes/lease-flow.ts';
import { MACHINE_KINDS } from '../codes/machine-kinds.ts';
import { UPKEEP_DUE } from '../codes/maintenance.ts';
import { recentAlarm } from './dashboard.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { idParam, pageQuery, paged } from './fields.ts';
import { BIG_SCREEN_VIEWERS, LEASE_SCREEN_VIEWERS } from '../access/screens.ts';
import { moneyFormat } from '../codes/money.ts';
import { revenueFilter } from './lease-revenue.ts';

/**
 * The big screens and the data screen (spec "Data dashboards and big screens"; docs/decisions/046-big-screens.md).
 * Every figure is counted by the server over the machines of the viewer's scope: a screen on a wall never receives
 * the fleet to count it itself.
 */

/** Today's alarms a screen lists (the count covers them all): a screen runs for days, its list stays this long. */
export const SCREEN_ALARMS = 30;
/** The sites a screen links to (/screenDetail), those with the most machines first. */
export const SCREEN_SITES = 8;
/** Days of the utilisation trend, oldest first, today last. */
export const TREND_DAYS = 14;

/**
 * The machine states a screen counts, in display order: each machine once, by the one status its list shows (the most
 * urgent that holds, contract/codes/device-state primaryStatus), so the states add up to the machines
 * (docs/decisions/062-physical-figures.md).
 */
export const SCREEN_STATES = ['working', 'standby', 'stopped', 'alarm', 'locked', 'deviceOffline', 'offline'] as const;
export type ScreenState = (typeof SCREEN_STATES)[number];
/** Each screen state's status code (contract/codes/device-state STATUS). */
export const SCREEN_STATE_STATUS: Record<ScreenState, DeviceStatus> = {
  working: STATUS.working,
  standby: STATUS.standby,
  stopped: STATUS.stopped,
  alarm: STATUS.alarm,
  locked: STATUS.locked,
  deviceOffline: STATUS.deviceOffline,
  offline: STATUS.offline,
};

const count = z.number().int().min(0);
/**
 * A site's organisation id as the site screens pass it from their address: a positive integer, else the screen
 * says so (the pages send `0` when the address holds none: no organisation has that id).
 */
const siteId = z.coerce
  .number({ error: 'screens.siteInvalid' })
  .int({ error: 'screens.siteInvalid' })
  .min(1, { error: 'screens.siteInvalid' });

/** One site or organisation (/screenDetail), or the whole scope when none. */
export const screenQuery = z.object({ orgId: siteId.optional() });
export type ScreenQuery = z.input<typeof screenQuery>;

export const todaysAlarm = recentAlarm.extend({ open: z.boolean() });
export type TodaysAlarm = z.infer<typeof todaysAlarm>;

export const fleetScreen = z.object({
  /** The organisation the screen is narrowed to ('' for the whole scope). */
  orgName: z.string(),
  machines: count,
  online: count,
  /** A partition: every machine in exactly one state, so the states add up to `machines`. */
  byState: z.object(Object.fromEntries(SCREEN_STATES.map((s) => [s, count])) as Record<ScreenState, typeof count>),
  /** Every machine kind, in the order of MACHINE_KINDS, zero included. */
  byKind: z.array(z.object({ kind: z.enum(MACHINE_KINDS), machines: count, working: count })),
  /** Alarms that started today in the viewer's time zone: how many, and the newest SCREEN_ALARMS. */
  alarmsToday: z.object({ count, open: count, list: z.array(todaysAlarm) }),
  /** From the daily-work rollup (decision 037): the last TREND_DAYS days, oldest first, today (so far) last. */
  trend: z.array(
    z.object({
      date: z.string(),
      /** Machines that worked that day. */
      attended: count,
      hoursWorked: z.number().min(0),
      /** hours worked / (machines × 24 h), percent to one decimal. */
      utilisationPct: z.number().min(0),
    }),
  ),
  /**
   * The sites the machines work at (their customers), most machines first, at most SCREEN_SITES: each leads to its
   * own screen. Empty when the screen is narrowed to one organisation.
   */
  sites: z.array(z.object({ orgId: z.number().int(), name: z.string(), machines: count, working: count })),
  /** When the figures were counted (ms since the epoch). */
  at: z.number().int(),
});
export type FleetScreen = z.infer<typeof fleetScreen>;

/**
 * Every placed machine of a screen's map packed in one flat array of integers, four per machine:
 * `id, lat × 1e5, lng × 1e5, status` (WGS-84, about a metre; the primary status code 1-9, contract/codes/device-state
 * primaryStatus). 20,000 machines are about 0.5 MB of JSON, a quarter of the console's columnar positions: a wall
 * shows no search, so serials and names come only with a popup (`screenEndpoints.point`).
 */
export const POINT_STRIDE = 4;
export const POINT_SCALE = 1e5;
export const screenPoints = z.object({
  points: z
    .array(z.number().int())
    .refine((points) => points.length % POINT_STRIDE === 0, { message: 'four integers a machine' }),
  /** Machines in scope that have reported no position yet (not on the map). */
  unplaced: count,
});
export type ScreenPoints = z.infer<typeof screenPoints>;

/**
 * A fleet big screen's first picture in one answer: its figures and its map's points. The trend is the figures'
 * costliest part (a fortnight of the fleet's daily work summed, seconds at 20,000 machines): the first picture
 * carries it when the server has it summed for this viewer already (decision 046), else null, and the screen asks
 * `/screens/fleet.do` for it next.
 */
export const boardFigures = fleetScreen.extend({ trend: fleetScreen.shape.trend.nullable() });
export type BoardFigures = z.infer<typeof boardFigures>;
export const fleetBoard = z.object({ figures: boardFigures, map: screenPoints });
export type FleetBoardAnswer = z.infer<typeof fleetBoard>;

/** One machine of a screen's map, for its popup. */
export const screenPoint = z.object({
  id: z.number().int(),
  serialNumber: z.string(),
  deviceName: z.string(),
  status: z.number().int(),
});
export type ScreenPoint = z.infer<typeof screenPoint>;

/** A machine of a site's screen (/screenDeviceList). */
export const screenMachine = z.object({
  id: z.number().int(),
  serialNumber: z.string(),
  deviceName: z.string(),
  kind: z.enum(MACHINE_KINDS),
  /** The primary status code 1-9 (contract/codes/device-state.ts primaryStatus). */
  status: z.number().int(),
  location: z.string(),
  /** In the viewer's time zone, '' when it never reported. */
  lastReportAt: z.string(),
  workingHours: z.number(),
});
export type ScreenMachine = z.infer<typeof screenMachine>;
export const SCREEN_MACHINE_SORT = ['serialNumber', 'status', 'lastReportAt', 'workingHours'] as const;

/**
 * The fleet survey's age bands (/surveyBigScreen), in years since the machine was registered with its monitoring
 * unit (its installation day, else the day it was added: the device record has no day of manufacture).
 */
export const AGE_BANDS = [
  { key: 'under1', fromYears: 0 },
  { key: 'oneToTwo', fromYears: 1 },
  { key: 'twoToThree', fromYears: 2 },
  { key: 'threeToFive', fromYears: 3 },
  { key: 'fivePlus', fromYears: 5 },
] as const;
export type AgeBand = (typeof AGE_BANDS)[number]['key'];

/** The renewal windows a survey counts (contract/codes/finance RENEWAL_WINDOW: days, 0 stopped), each machine once. */
export const SURVEY_WINDOWS = [1, 7, 15, 30, 0] as const;
/** The maintenance plans a survey lists, the most urgent first (the count covers them all). */
export const SURVEY_PLANS = 8;

export const surveyScreen = z.object({
  orgName: z.string(),
  machines: count,
  /** Every machine kind, in the order of MACHINE_KINDS, zero included. */
  byKind: z.array(z.object({ kind: z.enum(MACHINE_KINDS), machines: count })),
  /** AGE_BANDS in order, zero included. */
  byAge: z.array(z.object({ band: z.enum(AGE_BANDS.map((b) => b.key) as [AgeBand, ...AgeBand[]]), machines: count })),
  /** Machines by the tightest renewal window of their connectivity service (SURVEY_WINDOWS in order; 0 stopped). */
  renewals: z.array(z.object({ window: z.number().int(), machines: count })),
  /**
   * Upkeep plans of the machines (decision 019) due soon and overdue, and the most urgent SURVEY_PLANS of them;
   * null for a viewer who does not read upkeep plans (finance, customers).
   */
  maintenance: z
    .object({
      plans: count,
      dueSoon: count,
      overdue: count,
      list: z.array(
        z.object({
          id: z.number().int(),
          serialNumber: z.string(),
          kind: z.enum(MACHINE_KINDS),
          due: z.enum(UPKEEP_DUE.values as ['ok', 'dueSoon', 'overdue']),
          /** The next due day, or '' for a plan by working hours. */
          nextDueAt: z.string(),
          nextDueHours: z.number().nullable(),
          /** Whole days or working hours left, negative when overdue. */
          remaining: z.number(),
        }),
      ),
    })
    .nullable(),
  at: z.number().int(),
});
export type SurveyScreen = z.infer<typeof surveyScreen>;

/** Months of the income trend, oldest first, this month last. */
export const LEASE_TREND_MONTHS = 12;
/** Renters listed by what they owe past due. */
export const LEASE_SCREEN_RENTERS = 8;
/** The contract states a lease screen counts, in the flow's order (draft first). */
export const LEASE_SCREEN_STATES = Object.keys(LEASE_STATUS) as (keyof typeof LEASE_STATUS)[];

const cents = z.number().int();
export const leaseScreen = z.object({
  /** Nothing to show: no contract and no bill in scope (the page says so rather than drawing zeros). */
  empty: z.boolean(),
  /** Contracts (not their changes) by LEASE_STATUS, every state in LEASE_SCREEN_STATES order. */
  contracts: z.array(z.object({ state: z.enum(LEASE_SCREEN_STATES as [string, ...string[]]), contracts: count })),
  /** The rental companies' own machines, and those of them on lease now. */
  machines: z.object({ owned: count, onLease: count }),
  /**
   * The currency of the money figures (income, arrears, the renters owing) and the currencies of the rental companies
   * in scope (a choice when several): figures of companies billing in two currencies are never added (decision 064).
   */
  money: moneyFormat,
  currencies: z.array(moneyFormat),
  /** Income as the revenue analysis counts it (decision 040): bill lines by the month of their last billed day. */
  thisMonth: z.object({ month: z.string(), billedCents: cents, receivedCents: cents }),
  trend: z.array(z.object({ month: z.string(), billedCents: cents, receivedCents: cents })),
  /** Unpaid past due on the viewer's today (the arrears list's rule, decision 036). */
  arrears: z.object({ overdueCents: cents, renters: count, contracts: count }),
  /** The renters owing most past due, with their oldest due day's days overdue. */
  overdueRenters: z.array(
    z.object({
      renterId: z.number().int(),
      name: z.string(),
      overdueCents: cents,
      contracts: count,
      daysOverdue: count,
    }),
  ),
  at: z.number().int(),
});
export type LeaseScreen = z.infer<typeof leaseScreen>;

export const screenEndpoints = {
  fleet: defineEndpoint({
    method: 'GET',
    path: '/screens/fleet.do',
    summary:
      "The fleet big screen's figures for the viewer's scope (or one organisation of it): machines by state and " +
      'kind, today’s alarms, and the utilisation trend from the daily-work rollup',
    access: { roles: BIG_SCREEN_VIEWERS },
    scope: 'machines',
    query: screenQuery,
    body: noInput,
    response: fleetScreen,
  }),
  machines: defineEndpoint({
    method: 'GET',
    path: '/screens/machines.do',
    summary:
      "The machines of one organisation of a data screen (owner, customer or distributor), paged, in the viewer's scope",
    access: { roles: BIG_SCREEN_VIEWERS },
    scope: 'machines',
    query: pageQuery.extend({
      orgId: siteId,
      keyword: z.string().trim().max(40).optional(),
    }),
    body: noInput,
    response: paged(screenMachine).extend({ orgName: z.string() }),
  }),
  board: defineEndpoint({
    method: 'GET',
    path: '/screens/board.do',
    summary:
      "A fleet big screen's first picture in one answer: the figures of `/screens/fleet.do` and every placed machine " +
      "of the same machines packed as (id, lat, lng, status), the viewer's scope or one organisation of it",
    access: { roles: BIG_SCREEN_VIEWERS },
    scope: 'machines',
    query: screenQuery,
    body: noInput,
    response: fleetBoard,
  }),
  point: defineEndpoint({
    method: 'GET',
    path: '/screens/point.do',
    summary: "One machine of a big screen's map, for its popup: serial number, name and status now",
    access: { roles: BIG_SCREEN_VIEWERS },
    scope: 'machines',
    query: z.object({ id: idParam }),
    body: noInput,
    response: screenPoint,
  }),
  survey: defineEndpoint({
    method: 'GET',
    path: '/screens/survey.do',
    summary:
      "The fleet survey's figures for the viewer's scope (or one organisation of it): machines by kind and age, " +
      'connectivity service by renewal window, maintenance plans due',
    access: { roles: BIG_SCREEN_VIEWERS },
    scope: 'machines',
    query: screenQuery,
    body: noInput,
    response: surveyScreen,
  }),
  lease: defineEndpoint({
    method: 'GET',
    path: '/screens/lease.do',
    summary:
      "The lease big screen's figures of the viewer's rental companies: contracts by state, machines on lease, this " +
      "month's income and the last twelve months', arrears and the renters owing most; the money figures of the " +
      'companies billing in one currency (`currency`, else the viewer’s company’s, else the one most billed in)',
    access: { roles: LEASE_SCREEN_VIEWERS },
    scope: 'organisation',
    query: z.object({ currency: revenueFilter.shape.currency }),
    body: noInput,
    response: leaseScreen,
  }),
} as const;
