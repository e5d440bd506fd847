import { and, desc, eq } from 'drizzle-orm';
import {
  appReleaseEndpoints,
  compareVersions,
  type AppPlatform,
  type ReleaseRow,
} from '@console/contract/http/app-releases';
import { appReleases } from '@console/db/schema/app-releases';
import type { ScopedData } from '../../lib/data.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { listPage } from '../../lib/list-page.ts';
import { userNames } from '../../lib/maintenance.ts';
import { deleted, updated } from '../../lib/record-writes.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { formatInZone } from '../../lib/time.ts';
import { requestBrand } from '../brand.ts';
import { appSettingRoutes } from './settings.ts';
import { mapInOrder } from '@console/db/in-order';

type Release = typeof appReleases.$inferSelect;

/**
 * The releases of one app and platform, newest first. Every app of the brand reads them alike (the check answers
 * the app without a session), so they are read as a code table is.
 */
async function releasesOf(data: ScopedData, appid: string, platform: AppPlatform): Promise<Release[]> {
  return (
    await data
      .unscoped('codeTable')
      .select()
      .from(appReleases)
      .where(and(eq(appReleases.appid, appid), eq(appReleases.platform, platform)))
      .all()
  ).sort((a, b) => compareVersions(b.version, a.version));
}

async function present(data: ScopedData, appid: string, rows: Release[], timeZone: string): Promise<ReleaseRow[]> {
  const names = await userNames(
    data,
    rows.map((r) => r.publishedBy),
  );
  const latest = new Set(
    await mapInOrder(['android', 'ios'] as const, async (p) => (await releasesOf(data, appid, p))[0]?.id),
  );
  return rows.map(({ orgId: _org, appid: _app, publishedBy, publishedAt, ...release }) => ({
    ...release,
    latest: latest.has(release.id),
    publishedByName: (publishedBy && names.get(publishedBy)) || '',
    publishedAt: formatInZone(publishedAt, timeZone),
    editable: true,
  }));
}

/** A release of the console's brand that the user's organisations published. */
async function ownRelease(data: ScopedData, appid: string, id: number): Promise<void> {
  const where = and(eq(appReleases.id, id), eq(appReleases.appid, appid));
  if (
    !(await data.select({ id: appReleases.id }).from(appReleases, data.orgScope(appReleases.orgId)).where(where).get())
  ) {
    throw notFound();
  }
}

export const appReleaseRoutes: RouteDef[] = [
  route(appReleaseEndpoints.list, async ({ query, data, deps, c, timeZone }) => {
    const appid = requestBrand(c, deps).appid;
    const where = and(
      eq(appReleases.appid, appid),
      query.platform ? eq(appReleases.platform, query.platform) : undefined,
    );
    const select = data.select().from(appReleases, data.orgScope(appReleases.orgId)).where(where);
    const { rows, ...paging } = await listPage(data, query, select, [
      desc(appReleases.publishedAt),
      desc(appReleases.id),
    ]);
    return { list: await present(data, appid, rows, timeZone), ...paging };
  }),
  route(appReleaseEndpoints.publish, async ({ body, user, data, deps, c }) => {
    const appid = requestBrand(c, deps).appid;
    const row = await data.write(async (tx) => {
      const newest = (await releasesOf(tx, appid, body.platform))[0];
      if (newest && compareVersions(body.version, newest.version) <= 0) {
        throw invalidField('version', 'appReleases.notNewer');
      }
      const values = { ...body, appid, orgId: user.orgId, publishedBy: user.id, publishedAt: new Date(deps.now()) };
      return tx.insert(appReleases).values(values).returning({ id: appReleases.id }).get();
    });
    return { id: row.id };
  }),
  route(appReleaseEndpoints.update, async ({ body: { id, ...fields }, data, deps, c }) => {
    await data.write(async (tx) => {
      await ownRelease(tx, requestBrand(c, deps).appid, id);
      updated(await tx.update(appReleases).set(fields).where(eq(appReleases.id, id)).run());
    });
    return { id };
  }),
  route(appReleaseEndpoints.withdraw, async ({ body, data, deps, c }) => {
    await data.write(async (tx) => {
      await ownRelease(tx, requestBrand(c, deps).appid, body.id);
      deleted(await tx.delete(appReleases).where(eq(appReleases.id, body.id)).run());
    });
    return { id: body.id };
  }),
  route(appReleaseEndpoints.check, async ({ query, data, deps, c }) => {
    const releases = await releasesOf(data, query.appid || requestBrand(c, deps).appid, query.platform);
    const newer = releases.filter((r) => compareVersions(r.version, query.version) > 0);
    const latest = releases[0];
    return {
      latest: latest?.version ?? null,
      updateAvailable: newer.length > 0,
      mustUpdate: newer.some((r) => r.mandatory),
      downloadUrl: latest?.downloadUrl ?? '',
      notes: latest?.notes ?? '',
    };
  }),
  ...appSettingRoutes,
];
