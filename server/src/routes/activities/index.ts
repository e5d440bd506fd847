import { and, desc, eq, gt, gte, inArray, lte, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  activityEndpoints,
  activityState,
  type ActivityRow,
  type ActivityState,
} from '@console/contract/http/activities';
import { compareVersions } from '@console/contract/http/app-releases';
import { activities, activityPushes } from '@console/db/schema/activities';
import type { ScopedData, ScopedWrite } from '../../lib/data.ts';
import { notFound } from '../../lib/errors.ts';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { userNames } from '../../lib/maintenance.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { keywordIn } from '../../lib/search.ts';
import { formatInZone } from '../../lib/time.ts';
import { requestBrand } from '../brand.ts';

/** The activities of a state at a moment, as the list filters them (the same rule as `activityState`). */
function stateIs(state: ActivityState | undefined, now: number): SQL | undefined {
  if (state === 'expired') return lt(activities.endAt, new Date(now));
  if (state === 'notExpired') return gte(activities.endAt, new Date(now));
  return undefined;
}

/** The latest push of each activity and how many there were. */
async function pushesOf(data: ScopedData, ids: number[]) {
  if (ids.length === 0) return new Map<number, { count: number; lastDue: number }>();
  const rows = await data
    .unscoped('alreadyScoped')
    .select({
      activityId: activityPushes.activityId,
      count: sql<number>`count(*)`,
      lastDue: sql<number>`max(${activityPushes.dueAt})`,
    })
    .from(activityPushes)
    .where(inArray(activityPushes.activityId, ids))
    .groupBy(activityPushes.activityId)
    .all();
  return new Map(rows.map((r) => [r.activityId, { count: r.count, lastDue: r.lastDue }]));
}

async function present(
  data: ScopedData,
  rows: (typeof activities.$inferSelect)[],
  timeZone: string,
  now: number,
): Promise<ActivityRow[]> {
  const names = await userNames(
    data,
    rows.map((r) => r.updatedBy),
  );
  const pushes = await pushesOf(
    data,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const push = pushes.get(r.id);
    return {
      id: r.id,
      title: r.title,
      version: r.version,
      platform: r.platform,
      image: r.image,
      h5Path: r.h5Path,
      content: r.content,
      startAt: formatInZone(r.startAt, timeZone),
      endAt: formatInZone(r.endAt, timeZone),
      startMs: r.startAt.getTime(),
      endMs: r.endAt.getTime(),
      state: activityState(r.endAt.getTime(), now),
      pushAt: push ? formatInZone(push.lastDue, timeZone) : '',
      pushState: push ? (push.lastDue > now ? 'scheduled' : 'pushed') : null,
      pushes: push?.count ?? 0,
      createdAt: formatInZone(r.createdAt, timeZone),
      updatedByName: (r.updatedBy && names.get(r.updatedBy)) || '',
    };
  });
}

/** One activity of the console's brand that the user's organisations keep. */
async function ownActivity(data: ScopedData, appid: string, id: number) {
  const where = and(eq(activities.id, id), eq(activities.appid, appid));
  const row = await data.select().from(activities, data.orgScope(activities.orgId)).where(where).get();
  if (!row) throw notFound();
  return row;
}

type Form = Parameters<Parameters<typeof route<typeof activityEndpoints.create>>[1]>[0]['body'];

/** Put a push in the outbox when the form asks for one (a scheduled one replaces the one still waiting). */
async function queuePush(
  tx: ScopedWrite,
  activity: typeof activities.$inferSelect,
  form: Form,
  userId: number,
  now: number,
) {
  if (form.push === 'none') return;
  await tx
    .delete(activityPushes)
    .where(and(eq(activityPushes.activityId, activity.id), gt(activityPushes.dueAt, new Date(now))))
    .run();
  await tx
    .insert(activityPushes)
    .values({
      activityId: activity.id,
      appid: activity.appid,
      platform: activity.platform,
      title: activity.title,
      content: activity.content,
      dueAt: new Date(form.push === 'now' ? now : (form.pushAt ?? now)),
      createdBy: userId,
      createdAt: new Date(now),
    })
    .run();
}

const fieldsOf = ({ push: _push, pushAt: _at, ...form }: Form) => ({
  ...form,
  startAt: new Date(form.startAt),
  endAt: new Date(form.endAt),
});

const SORTS = { startAt: activities.startAt, endAt: activities.endAt, createdAt: activities.createdAt };

/** At most this many activities answer the app. */
const LIVE_MAX = 20;

export const activityRoutes: RouteDef[] = [
  route(activityEndpoints.list, async ({ query, data, deps, c, timeZone }) => {
    const now = deps.now();
    const where = and(
      eq(activities.appid, requestBrand(c, deps).appid),
      query.platform ? eq(activities.platform, query.platform) : undefined,
      stateIs(query.state, now),
      keywordIn(data.dialect, [activities.title, activities.content, activities.h5Path], query.keyword),
    );
    const select = data.select().from(activities, data.orgScope(activities.orgId)).where(where).$dynamic();
    const order = listOrder(query, SORTS, activities.id, [desc(activities.startAt), desc(activities.id)]);
    const { rows, ...paging } = await listPage(data, query, select, order);
    return { list: await present(data, rows, timeZone, now), ...paging };
  }),
  route(activityEndpoints.create, async ({ body, user, data, deps, c }) => {
    const now = deps.now();
    const id = await data.write(async (tx) => {
      const row = await tx
        .insert(activities)
        .values({
          ...fieldsOf(body),
          appid: requestBrand(c, deps).appid,
          orgId: user.orgId,
          updatedBy: user.id,
          updatedAt: new Date(now),
        })
        .returning()
        .get();
      await queuePush(tx, row, body, user.id, now);
      return row.id;
    });
    return { id };
  }),
  route(activityEndpoints.update, async ({ body: { id, ...form }, user, data, deps, c }) => {
    const now = deps.now();
    await data.write(async (tx) => {
      await ownActivity(tx, requestBrand(c, deps).appid, id);
      const row = await tx
        .update(activities)
        .set({ ...fieldsOf(form), updatedBy: user.id, updatedAt: new Date(now) })
        .where(eq(activities.id, id))
        .returning()
        .get();
      await queuePush(tx, row, form, user.id, now);
    });
    return { id };
  }),
  route(activityEndpoints.remove, async ({ body, data, deps, c }) => {
    await data.write(async (tx) => {
      await ownActivity(tx, requestBrand(c, deps).appid, body.id);
      // Pushes already handed out stay as the record of what the users were sent.
      await tx
        .delete(activityPushes)
        .where(and(eq(activityPushes.activityId, body.id), gt(activityPushes.dueAt, new Date(deps.now()))))
        .run();
      await tx.delete(activities).where(eq(activities.id, body.id)).run();
    });
    return { id: body.id };
  }),
  route(activityEndpoints.live, async ({ query, data, deps, c, timeZone }) => {
    const appid = query.appid || requestBrand(c, deps).appid;
    const now = new Date(deps.now());
    const db = data.unscoped('codeTable');
    const rows = (
      await db
        .select()
        .from(activities)
        .where(
          and(
            eq(activities.appid, appid),
            lte(activities.startAt, now),
            gte(activities.endAt, now),
            query.platform ? or(eq(activities.platform, 'all'), eq(activities.platform, query.platform)) : undefined,
          ),
        )
        .orderBy(desc(activities.startAt), desc(activities.id))
        .all()
    )
      // An activity from a version on: not for an older app.
      .filter((a) => !query.version || !a.version || compareVersions(query.version, a.version) >= 0)
      // A handful at once: an answer to an unauthenticated caller stays small.
      .slice(0, LIVE_MAX);
    const pushed = new Map(
      rows.length === 0
        ? []
        : (
            await db
              .select({ id: activityPushes.activityId, at: sql<number>`max(${activityPushes.dueAt})` })
              .from(activityPushes)
              .where(
                and(
                  inArray(
                    activityPushes.activityId,
                    rows.map((r) => r.id),
                  ),
                  lte(activityPushes.dueAt, now),
                ),
              )
              .groupBy(activityPushes.activityId)
              .all()
          ).map((p) => [p.id, p.at]),
    );
    return {
      list: rows.map((a) => ({
        id: a.id,
        title: a.title,
        image: a.image,
        h5Path: a.h5Path,
        content: a.content,
        startAt: formatInZone(a.startAt, timeZone),
        endAt: formatInZone(a.endAt, timeZone),
        pushedAt: pushed.has(a.id) ? formatInZone(pushed.get(a.id)!, timeZone) : '',
      })),
    };
  }),
];
