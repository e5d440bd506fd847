import { z } from 'zod';
import { MACHINE_KINDS } from '../codes/machine-kinds.ts';
import { ROLE } from '../codes/roles.ts';
import { ANALYSIS_READERS } from './analysis.ts';
import { recentAlarm } from './dashboard.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { pageQuery, paged } from './fields.ts';

/**
 * The big screens and the data screen (spec "Data dashboards and big screens"; docs/decisions/046-big-screens.md).
 * Every figure is counted by the server over the machines of the viewer's scope: a screen on a wall never receives
 * the fleet to count it itself.
 */

/** Who may open a big screen: the data centre's readers and the data-screen viewer (role 4). */
export const BIG_SCREEN_VIEWERS = [...ANALYSIS_READERS, ROLE.screenViewer] as const;

/** Today's alarms a screen lists (the count covers them all): a screen runs for days, its list stays this long. */
export const SCREEN_ALARMS = 30;
/** The sites a screen links to (/screenDetail), those with the most machines first. */
export const SCREEN_SITES = 8;
/** Days of the utilisation trend, oldest first, today last. */
export const TREND_DAYS = 14;

/** The machine states a screen counts, in display order (the dashboard's status figures, contract/http/dashboard). */
export const SCREEN_STATES = ['working', 'standby', 'offline', 'alarm', 'locked'] as const;
export type ScreenState = (typeof SCREEN_STATES)[number];

const count = z.number().int().min(0);
const orgId = z.coerce.number({ error: 'validation.invalid' }).int().min(1, { error: 'validation.invalid' }).optional();

/** One site or organisation (/screenDetail), or the whole scope when none. */
export const screenQuery = z.object({ orgId });
export type ScreenQuery = z.input<typeof screenQuery>;

export const todaysAlarm = recentAlarm.extend({ open: z.boolean() });
export type TodaysAlarm = z.infer<typeof todaysAlarm>;

export const fleetScreen = z.object({
  /** The organisation the screen is narrowed to ('' for the whole scope). */
  orgName: z.string(),
  machines: count,
  online: count,
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
      orgId: z.coerce.number({ error: 'validation.invalid' }).int().min(1, { error: 'validation.invalid' }),
      keyword: z.string().trim().max(40).optional(),
    }),
    body: noInput,
    response: paged(screenMachine).extend({ orgName: z.string() }),
  }),
} as const;
