import { and, asc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Dialect } from '@console/db/dialect';
import { devices } from '@console/db/schema/devices';
import { upkeepPlans } from '@console/db/schema/upkeep';
import { MACHINE_KINDS } from '@console/contract/codes/machine-kinds';
import { addDaysToDay } from '@console/contract/http/upkeep';
import {
  AGE_BANDS,
  SURVEY_PLANS,
  SURVEY_WINDOWS,
  screenEndpoints,
  type SurveyScreen,
} from '@console/contract/http/screens';
import { SURVEY_MAINTENANCE_READERS } from '@console/contract/access/screens';
import type { ScopedData } from '../lib/data.ts';
import { route, type RouteDef } from '../lib/route.ts';
import { dueSql, dueState, settlePlans } from './upkeep/index.ts';
import { ofOrganisation, organisationName } from './screen-scope.ts';

/**
 * The fleet survey (/surveyBigScreen, docs/decisions/046-big-screens.md): the machines of the viewer's scope by kind,
 * by age, by the renewal window of their connectivity service, and their maintenance plans due, each a grouped count
 * in SQL.
 */

/**
 * A machine's age counts from its installation day (the monitoring unit fitted, the machine registered with the
 * platform), else the day it was added; full calendar years on the viewer's today.
 */
function ageBand(dialect: Dialect, today: string) {
  const since = sql`coalesce(${devices.installedAt}, ${dialect.dayOfMs(devices.createdAt)})`;
  const oldestFirst = [...AGE_BANDS].reverse();
  const cases = oldestFirst
    .filter((band) => band.fromYears > 0)
    .map((band) => sql`when ${dialect.dayPlusYears(since, band.fromYears)} <= ${today} then ${band.key}`);
  return sql<string>`case ${sql.join(cases, sql` `)} else ${AGE_BANDS[0].key} end`;
}

/** The tightest renewal window of the service's last day on `today` (renewalWindow's twin), null when further. */
function renewalWindowSql(today: string) {
  const expires = devices.serviceExpiresAt;
  const within = SURVEY_WINDOWS.filter((days) => days > 0).map(
    (days) => sql`when ${expires} <= ${addDaysToDay(today, days - 1)} then ${days}`,
  );
  return sql<
    number | null
  >`case when ${expires} is null then null when ${expires} < ${today} then 0 ${sql.join(within, sql` `)} else null end`;
}

async function maintenanceOf(data: ScopedData, orgId: number | undefined, today: string) {
  // A plan whose work order was resolved is done: brought up to date before it is counted (decision 019).
  await settlePlans(data);
  const due = dueSql(today);
  const inOrg = ofOrganisation(orgId);
  const totals = (await data
    .select({
      plans: sql<number>`count(*)`,
      dueSoon: sql<number>`coalesce(sum(case when ${due.rank} = 1 then 1 else 0 end), 0)`,
      overdue: sql<number>`coalesce(sum(case when ${due.rank} = 0 then 1 else 0 end), 0)`,
    })
    .from(upkeepPlans, data.deviceScope())
    .innerJoin(devices, eq(devices.id, upkeepPlans.deviceId))
    .where(inOrg)
    .get())!;
  const urgent = await data
    .select({ plan: upkeepPlans, serialNumber: devices.serialNumber, kind: devices.kind, hours: devices.workingHours })
    .from(upkeepPlans, data.deviceScope())
    .innerJoin(devices, eq(devices.id, upkeepPlans.deviceId))
    .where(and(inOrg, sql`${due.rank} < 2`))
    .orderBy(
      asc(due.rank),
      asc(sql`coalesce(${upkeepPlans.nextDueAt}, '9999')`),
      asc(sql`${upkeepPlans.nextDueHours} - ${devices.workingHours}`),
      asc(upkeepPlans.id),
    )
    .limit(SURVEY_PLANS)
    .all();
  return {
    ...totals,
    list: urgent.map(({ plan, serialNumber, kind, hours }) => ({
      id: plan.id,
      serialNumber,
      kind,
      nextDueAt: plan.nextDueAt ?? '',
      nextDueHours: plan.nextDueHours,
      ...dueState(plan, hours, today),
    })),
  };
}

export const screenSurveyRoutes: RouteDef[] = [
  route(screenEndpoints.survey, async ({ query, data, deps, user, today: todayOf }): Promise<SurveyScreen> => {
    const orgName = await organisationName(data, query.orgId);
    const inOrg = ofOrganisation(query.orgId);
    const now = deps.now();
    const today = todayOf();
    // Machines counted per key, one GROUP BY each.
    const grouped = <K extends string | number | null>(key: SQLWrapper) =>
      data
        .select({ key: sql<K>`${key}`, machines: sql<number>`count(*)` })
        .from(devices, data.deviceScope())
        .where(inOrg)
        .groupBy(sql`1`)
        .all();
    const kinds = new Map((await grouped<string>(devices.kind)).map((r) => [r.key, r.machines]));
    const ages = new Map((await grouped<string>(ageBand(data.dialect, today))).map((r) => [r.key, r.machines]));
    const windows = new Map(
      (await grouped<number | null>(renewalWindowSql(today)))
        .filter((r) => r.key !== null)
        .map((r) => [Number(r.key), r.machines]),
    );
    const readsPlans = (SURVEY_MAINTENANCE_READERS as readonly number[]).includes(user.roleId);
    return {
      orgName,
      machines: [...kinds.values()].reduce((a, b) => a + b, 0),
      byKind: MACHINE_KINDS.map((kind) => ({ kind, machines: kinds.get(kind) ?? 0 })),
      byAge: AGE_BANDS.map((band) => ({ band: band.key, machines: ages.get(band.key) ?? 0 })),
      renewals: SURVEY_WINDOWS.map((window) => ({ window, machines: windows.get(window) ?? 0 })),
      maintenance: readsPlans ? await maintenanceOf(data, query.orgId, today) : null,
      at: now,
    };
  }),
];
