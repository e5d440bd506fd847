import { eq } from 'drizzle-orm';
import { appReleaseEndpoints } from '@console/contract/http/app-releases';
import { appSettings } from '@console/db/schema/app-releases';
import { notFound } from '../../lib/errors.ts';
import { userNames } from '../../lib/maintenance.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { formatInZone } from '../../lib/time.ts';
import { requestBrand } from '../brand.ts';

type Settings = typeof appSettings.$inferSelect;
const forApp = ({ appid: _a, orgId: _o, updatedBy: _b, updatedAt: _t, ...settings }: Settings) => settings;

/** The app's own settings of a brand (decision 053, addendum): one record, saved whole, read by the app. */
export const appSettingRoutes: RouteDef[] = [
  route(appReleaseEndpoints.settings, async ({ data, deps, c, timeZone }) => {
    const row = await data
      .select()
      .from(appSettings, data.orgScope(appSettings.orgId))
      .where(eq(appSettings.appid, requestBrand(c, deps).appid))
      .get();
    if (!row) return null;
    const names = await userNames(data, [row.updatedBy]);
    return {
      ...forApp(row),
      updatedByName: (row.updatedBy && names.get(row.updatedBy)) || '',
      updatedAt: formatInZone(row.updatedAt, timeZone),
    };
  }),
  route(appReleaseEndpoints.saveSettings, async ({ body, user, data, deps, c }) => {
    const appid = requestBrand(c, deps).appid;
    const stamp = { updatedBy: user.id, updatedAt: new Date(deps.now()) };
    await data.write(async (tx) => {
      // The brand's record is kept by the organisation that first saved it.
      const kept = await tx.unscoped('codeTable').select().from(appSettings).where(eq(appSettings.appid, appid)).get();
      if (kept && !tx.sees(kept.orgId)) throw notFound();
      await tx
        .insert(appSettings)
        .values({ ...body, ...stamp, appid, orgId: user.orgId })
        .onConflictDoUpdate({ target: appSettings.appid, set: { ...body, ...stamp } })
        .run();
    });
    return { appid };
  }),
  route(appReleaseEndpoints.appSettings, async ({ query, data, deps, c }) => {
    const appid = query.appid || requestBrand(c, deps).appid;
    const row = await data.unscoped('codeTable').select().from(appSettings).where(eq(appSettings.appid, appid)).get();
    return row ? forApp(row) : null;
  }),
];
