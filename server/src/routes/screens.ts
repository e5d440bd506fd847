import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { devices } from '@console/db/schema/devices';
import { alarms } from '@console/db/schema/warning';
import { MACHINE_KINDS } from '@console/contract/codes/machine-kinds';
import { STATUS } from '@console/contract/codes/device-state';
import {
  SCREEN_ALARMS,
  SCREEN_SITES,
  SCREEN_STATE_STATUS,
  SCREEN_STATES,
  screenEndpoints,
  TREND_DAYS,
  type BoardFigures,
  type FleetScreen,
} from '@console/contract/http/screens';
import { alarmInfo, alarmTypeLabel } from '../lib/alarm-text.ts';
import { listOrder, listPage } from '../lib/list-page.ts';
import { notFound } from '../lib/errors.ts';
import { route, type HandlerContext, type RouteDef } from '../lib/route.ts';
import { keywordIn } from '../lib/search.ts';
import { orgNames } from '../lib/scope.ts';
import { formatInZone, startOfDayInZone } from '../lib/time.ts';
import { dayFromNumber, dayNumber, daysOf, utilisationPct, viewerZone } from './analysis/index.ts';
import { countWhere } from './dashboard.ts';
import { screenPointsOf } from './screen-points.ts';
import { ofOrganisation, organisationName } from './screen-scope.ts';
import { keptTrend, screenTrend } from './screen-trend.ts';
import { screenLeaseRoutes } from './screen-lease.ts';
import { screenSurveyRoutes } from './screen-survey.ts';
import { statusFilter } from './device-list.ts';

/**
 * The big screens' figures (docs/decisions/046-big-screens.md), counted by the database over the machines in scope:
 * a screen polls nothing and counts nothing; it asks again when the live stream says something changed.
 */

const one = (v: number) => Math.round(v * 10) / 10;

type FiguresContext = Pick<
  HandlerContext<typeof screenEndpoints.fleet>,
  'query' | 'data' | 'deps' | 'lang' | 'timeZone' | 'user' | 'today'
>;

/** The fleet screen's figures (decision 046) over the viewer's scope, or one organisation of it. */
async function fleetFigures(ctx: FiguresContext): Promise<FleetScreen> {
  const figures = await figuresOf(ctx, 'sum');
  return { ...figures, trend: figures.trend ?? [] };
}

/**
 * The figures, with the trend summed now (`sum`), or only if it was summed within the rollup interval (`kept`, else
 * null: a first picture does not wait seconds for it, decision 066).
 */
async function figuresOf(
  { query, data, deps, lang, timeZone, user, today: todayOf }: FiguresContext,
  trend: 'sum' | 'kept',
): Promise<BoardFigures> {
  const orgName = await organisationName(data, query.orgId);
  const inOrg = ofOrganisation(query.orgId);
  // Today and its alarms in the viewer's organisation's calendar, as its analysis counts them (decision 026).
  const today = todayOf();

  // By the one status each machine shows (stored in devices.status), so the states partition the machines (062).
  const states = Object.fromEntries(
    SCREEN_STATES.map((s) => [s, countWhere(eq(devices.status, SCREEN_STATE_STATUS[s]))]),
  );
  const kinds = (await data
    .select({
      kind: devices.kind,
      machines: sql<number>`count(*)`,
      online: countWhere(statusFilter(STATUS.online)),
      working: countWhere(statusFilter(STATUS.working)),
      ...Object.fromEntries(SCREEN_STATES.map((s) => [`state_${s}`, states[s]])),
    })
    .from(devices, data.deviceScope())
    .where(inOrg)
    .groupBy(devices.kind)
    .all()) as unknown as ({ kind: string; machines: number; online: number; working: number } & Record<
    `state_${(typeof SCREEN_STATES)[number]}`,
    number
  >)[];
  const sum = (pick: (row: (typeof kinds)[number]) => number) => kinds.reduce((n, row) => n + pick(row), 0);
  const machines = sum((k) => k.machines);

  const since = and(gte(alarms.startedAt, new Date(startOfDayInZone(today, await viewerZone(data, user)))), inOrg);
  const open = sql<number>`coalesce(sum(case when ${alarms.handledAt} is null and ${alarms.endedAt} is null then 1 else 0 end), 0)`;
  const totals = (await data
    .select({ n: sql<number>`count(*)`, open })
    .from(alarms, data.deviceScope())
    .innerJoin(devices, eq(devices.id, alarms.deviceId))
    .where(since)
    .get())!;
  const newest = await data
    .select({ alarm: alarms, device: devices })
    .from(alarms, data.deviceScope())
    .innerJoin(devices, eq(devices.id, alarms.deviceId))
    .where(since)
    .orderBy(desc(alarms.startedAt), desc(alarms.id))
    .limit(SCREEN_ALARMS)
    .all();

  const period = { from: dayFromNumber(dayNumber(today) - (TREND_DAYS - 1)), to: today, days: TREND_DAYS };
  const work =
    trend === 'sum'
      ? await screenTrend(deps, data, user, period, query.orgId)
      : keptTrend(deps, user, period, query.orgId);

  const sites = query.orgId
    ? []
    : await data
        .select({
          orgId: sql<number>`${devices.customerOrgId}`,
          machines: sql<number>`count(*)`,
          working: countWhere(statusFilter(STATUS.working)),
        })
        .from(devices, data.deviceScope())
        // Sites of the viewer's own organisations: each one's screen is open to the viewer (organisationName).
        .where(inArray(devices.customerOrgId, data.orgIds()))
        .groupBy(devices.customerOrgId)
        .orderBy(desc(sql`count(*)`), devices.customerOrgId)
        .limit(SCREEN_SITES)
        .all();
  const siteNames = await orgNames(
    data,
    sites.map((site) => site.orgId),
  );

  return {
    orgName,
    machines,
    online: sum((k) => k.online),
    byState: Object.fromEntries(SCREEN_STATES.map((s) => [s, sum((k) => k[`state_${s}`])])) as Record<
      (typeof SCREEN_STATES)[number],
      number
    >,
    byKind: MACHINE_KINDS.map((kind) => {
      const row = kinds.find((k) => k.kind === kind);
      return { kind, machines: row?.machines ?? 0, working: row?.working ?? 0 };
    }),
    alarmsToday: {
      count: totals.n,
      open: totals.open,
      list: newest.map(({ alarm, device }) => ({
        id: alarm.id,
        deviceId: device.id,
        serialNumber: device.serialNumber,
        deviceName: device.deviceName,
        kind: device.kind,
        level: alarm.level,
        alarmType: alarmTypeLabel(lang, alarm.type),
        alarmInfo: alarmInfo(lang, alarm.type, alarm.value, device.serialNumber),
        alarmTime: formatInZone(alarm.startedAt, timeZone),
        open: alarm.handledAt === null && alarm.endedAt === null,
      })),
    },
    trend:
      work &&
      daysOf(period).map((date) => {
        const day = work.get(date);
        return {
          date,
          attended: day?.attended ?? 0,
          hoursWorked: one(day?.hoursWorked ?? 0),
          utilisationPct: utilisationPct(day?.hoursWorked ?? 0, machines, 1),
        };
      }),
    sites: sites.map((site) => ({ ...site, name: siteNames.get(site.orgId) ?? '' })),
    at: deps.now(),
  };
}

export const screenRoutes: RouteDef[] = [
  route(screenEndpoints.fleet, fleetFigures),

  // The first picture: the figures and the map in one answer, so a wall draws both after one round trip.
  route(screenEndpoints.board, async (ctx) => ({
    figures: await figuresOf(ctx, 'kept'),
    map: await screenPointsOf(ctx.data, ofOrganisation(ctx.query.orgId)),
  })),

  route(screenEndpoints.point, async ({ query, data }) => {
    const row = await data
      .select({
        id: devices.id,
        serialNumber: devices.serialNumber,
        deviceName: devices.deviceName,
        status: devices.status,
      })
      .from(devices, data.deviceScope())
      .where(eq(devices.id, query.id))
      .get();
    if (!row) throw notFound();
    return row;
  }),

  route(screenEndpoints.machines, async ({ query, data, timeZone }) => {
    const orgName = await organisationName(data, query.orgId);
    const rows = data
      .select({
        id: devices.id,
        serialNumber: devices.serialNumber,
        deviceName: devices.deviceName,
        kind: devices.kind,
        status: devices.status,
        location: devices.location,
        lastReportAt: devices.lastReportAt,
        workingHours: devices.workingHours,
      })
      .from(devices, data.deviceScope())
      .where(
        and(
          ofOrganisation(query.orgId),
          keywordIn(data.dialect, [devices.serialNumber, devices.deviceName], query.keyword),
        ),
      )
      .$dynamic();
    const sortable = {
      serialNumber: devices.serialNumber,
      status: devices.status,
      lastReportAt: devices.lastReportAt,
      workingHours: devices.workingHours,
    };
    const page = await listPage(data, query, rows, listOrder(query, sortable, devices.id, [asc(devices.serialNumber)]));
    return {
      orgName,
      total: page.total,
      page: page.page,
      pageSize: page.pageSize,
      list: page.rows.map((d) => ({
        ...d,
        lastReportAt: d.lastReportAt ? formatInZone(d.lastReportAt, timeZone) : '',
      })),
    };
  }),
  ...screenSurveyRoutes,
  ...screenLeaseRoutes,
];
