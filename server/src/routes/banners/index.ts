import { and, asc, desc, eq, gt, lt, lte, gte, type SQL } from 'drizzle-orm';
import { imageSize } from 'image-size';
import {
  BANNER_SIZES,
  bannerEndpoints,
  bannerState,
  type BannerCategory,
  type BannerRow,
  type BannerState,
} from '@console/contract/http/banners';
import { isBuiltInModelImage } from '@console/contract/http/device-models';
import { FILE_URL_PREFIX } from '@console/contract/http/uploads';
import { banners } from '@console/db/schema/banners';
import type { ScopedData } from '../../lib/data.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { listPage, sortDirection } from '../../lib/list-page.ts';
import { recordWrites } from '../../lib/record-writes.ts';
import { userNames } from '../../lib/maintenance.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { keywordIn } from '../../lib/search.ts';
import { sortColumn } from '../../lib/sorting.ts';
import type { SessionUser } from '../../lib/session.ts';
import { formatInZone } from '../../lib/time.ts';
import { readStoredFile, requireUpload } from '../../lib/uploads.ts';
import { requestBrand } from '../brand.ts';

/** The banners of a state today, as the list filters them (the same rule as `bannerState`). */
function stateIs(state: BannerState | undefined, today: string): SQL | undefined {
  const on = eq(banners.enabled, true);
  if (state === 'off') return eq(banners.enabled, false);
  if (state === 'scheduled') return and(on, gt(banners.shownFrom, today));
  if (state === 'ended') return and(on, lt(banners.shownTo, today));
  if (state === 'live') return and(on, lte(banners.shownFrom, today), gte(banners.shownTo, today));
  return undefined;
}

async function present(
  data: ScopedData,
  rows: (typeof banners.$inferSelect)[],
  timeZone: string,
  today: string,
): Promise<BannerRow[]> {
  const names = await userNames(
    data,
    rows.map((r) => r.updatedBy),
  );
  return rows.map(({ orgId: _org, updatedBy, createdAt: _created, updatedAt, ...banner }) => ({
    ...banner,
    state: bannerState(banner, today),
    updatedByName: (updatedBy && names.get(updatedBy)) || '',
    updatedAt: formatInZone(updatedAt, timeZone),
    editable: true,
  }));
}

/** One banner of the console's brand that the user's organisations keep. */
async function ownBanner(data: ScopedData, appid: string, id: number) {
  const where = and(eq(banners.id, id), eq(banners.appid, appid));
  if (!(await data.select({ id: banners.id }).from(banners, data.orgScope(banners.orgId)).where(where).get()))
    throw notFound();
}

/**
 * The picture is a public image of the editor's organisation whose pixels are the category's size (spec: "image size
 * must match"), read from the file itself; a built-in machine picture is a drawing that fits any size.
 */
async function checkImage(deps: AppDeps, user: SessionUser, form: { image: string; category: BannerCategory }) {
  if (isBuiltInModelImage(form.image)) return;
  await requireUpload(deps, user, form.image, 'image', { kinds: ['image'], isPublic: true });
  const bytes = readStoredFile(deps, form.image.slice(FILE_URL_PREFIX.length));
  let size: { width?: number; height?: number } = {};
  try {
    size = bytes ? imageSize(bytes) : {};
  } catch {
    // Not an image it can read: refused as not of the size.
  }
  const wanted = BANNER_SIZES[form.category];
  if (size.width !== wanted.width || size.height !== wanted.height) throw invalidField('image', 'banners.imageSize');
}

/** The most banners the app is sent at once. */
const LIVE_MAX = 20;

const SORTS = { sortOrder: banners.sortOrder, shownFrom: banners.shownFrom, updatedAt: banners.updatedAt };

export const bannerRoutes: RouteDef[] = [
  route(bannerEndpoints.list, async ({ query, data, deps, c, timeZone, today }) => {
    const where = and(
      eq(banners.appid, requestBrand(c, deps).appid),
      stateIs(query.state, today()),
      query.category ? eq(banners.category, query.category) : undefined,
      keywordIn(data.dialect, [banners.title, banners.link], query.keyword),
    );
    const column = sortColumn(SORTS, query.sortField);
    const order = column ? [sortDirection(query)(column)] : [asc(banners.sortOrder)];
    const select = data.select().from(banners, data.orgScope(banners.orgId)).where(where);
    const { rows, ...paging } = await listPage(data, query, select, [...order, desc(banners.id)]);
    return { list: await present(data, rows, timeZone, today()), ...paging };
  }),
  ...recordWrites(bannerEndpoints, {
    table: banners,
    assertChangeable: (tx, id, { c, deps }) => ownBanner(tx, requestBrand(c, deps).appid, id),
    check: ({ deps, user, body }) => checkImage(deps, user, body as { image: string; category: BannerCategory }),
    origin: (_tx, { user, c, deps }) => ({ appid: requestBrand(c, deps).appid, orgId: user.orgId }),
    stamp: ({ user, deps }) => ({ updatedBy: user.id, updatedAt: new Date(deps.now()) }),
  }),
  route(bannerEndpoints.live, async ({ query, data, deps, c, today }) => {
    const appid = query.appid || requestBrand(c, deps).appid;
    // Banners are the operator's: shown on its calendar's days, as its console lists them, wherever the app is.
    const list = await data
      .unscoped('codeTable')
      .select({
        id: banners.id,
        title: banners.title,
        category: banners.category,
        image: banners.image,
        mode: banners.mode,
        link: banners.link,
      })
      .from(banners)
      .where(
        and(
          eq(banners.appid, appid),
          stateIs('live', today()),
          query.category ? eq(banners.category, query.category) : undefined,
        ),
      )
      .orderBy(asc(banners.sortOrder), desc(banners.id))
      // A carousel shows a handful; an answer to an unauthenticated caller stays small whatever the staff scheduled.
      .limit(LIVE_MAX)
      .all();
    return { list };
  }),
];
