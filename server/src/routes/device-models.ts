import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ScopedData } from '../lib/data.ts';
import { organisations } from '@console/db/schema/accounts';
import { deviceModels, devices } from '@console/db/schema/devices';
import { API_STATUS } from '@console/contract/http/envelope';
import { deviceModelEndpoints, isBuiltInModelImage, type DeviceModel } from '@console/contract/http/device-models';
import { listOrder, listPage } from '../lib/list-page.ts';
import { keywordIn } from '../lib/search.ts';
import type { AppDeps } from '../lib/deps.ts';
import { ApiError, forbidden, invalidField, notFound } from '../lib/errors.ts';
import { route, type RouteDef } from '../lib/route.ts';
import type { SessionUser } from '../lib/session.ts';
import { formatInZone } from '../lib/time.ts';
import { requireUpload } from '../lib/uploads.ts';
import { ownerOrgIds, visibleModels } from '../lib/device-access.ts';

type ModelRow = typeof deviceModels.$inferSelect;

/** A model the user may change: one of an organisation whose machines the user keeps. */
async function ownModel(data: ScopedData, user: SessionUser, id: number): Promise<ModelRow> {
  const model = await data
    .select()
    .from(deviceModels, await visibleModels(data))
    .where(eq(deviceModels.id, id))
    .get();
  if (!model) throw notFound();
  if (!(await ownerOrgIds(data, user)).includes(model.orgId)) throw forbidden();
  return model;
}

/** Names are unique among the models an organisation's users choose from: its own and the catalog. */
async function assertNameFree(data: ScopedData, orgId: number, name: string, exceptId?: number) {
  const db = data.unscoped('uniqueness');
  const operators = db.select({ id: organisations.id }).from(organisations).where(eq(organisations.kind, 'operator'));
  const clash = await db
    .select({ id: deviceModels.id })
    .from(deviceModels)
    .where(
      and(
        sql`lower(${deviceModels.name}) = lower(${name})`,
        sql`(${deviceModels.orgId} = ${orgId} or ${inArray(deviceModels.orgId, operators)})`,
        exceptId ? ne(deviceModels.id, exceptId) : undefined,
      ),
    )
    .get();
  if (clash) throw invalidField('name', 'deviceModels.nameTaken');
}

/**
 * Model pictures are product images that every organisation using the model shows, so they are public uploads
 * (readable by link); the built-in pictures of the machine kinds are allowed too.
 */
async function checkImage(deps: AppDeps, user: SessionUser, image: string, unchanged?: string): Promise<string> {
  if (isBuiltInModelImage(image) || image === unchanged) return image;
  return requireUpload(deps, user, image, 'image', { kinds: ['image', 'photo'], isPublic: true });
}

async function deviceCounts(data: ScopedData, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await data
    .select({ id: devices.modelId, n: sql<number>`count(*)` })
    .from(devices, data.deviceScope())
    .where(inArray(devices.modelId, ids))
    .groupBy(devices.modelId)
    .all();
  return new Map(rows.map((r) => [r.id, r.n]));
}

export const deviceModelRoutes: RouteDef[] = [
  route(deviceModelEndpoints.list, async ({ query, user, data, timeZone }) => {
    const where = and(
      keywordIn(data.dialect, [deviceModels.name, deviceModels.nameZh, deviceModels.nameEn], query.name),
      query.category ? eq(deviceModels.category, query.category) : undefined,
    );
    const sortable = { name: deviceModels.name, category: deviceModels.category, createdAt: deviceModels.createdAt };
    const { rows, ...paging } = await listPage(
      data,
      query,
      data
        .select()
        .from(deviceModels, await visibleModels(data))
        .where(where),
      listOrder(query, sortable, deviceModels.id, [desc(deviceModels.id)]),
    );
    const counts = await deviceCounts(
      data,
      rows.map((r) => r.id),
    );
    const owned = await ownerOrgIds(data, user);
    const operators = new Set(
      (
        await data
          .unscoped('codeTable')
          .select({ id: organisations.id })
          .from(organisations)
          .where(eq(organisations.kind, 'operator'))
          .all()
      ).map((o) => o.id),
    );
    const list: DeviceModel[] = rows.map((m) => ({
      id: m.id,
      name: m.name,
      nameZh: m.nameZh,
      nameEn: m.nameEn,
      category: m.category,
      brand: m.brand,
      image: m.image,
      deviceCount: counts.get(m.id) ?? 0,
      shared: operators.has(m.orgId),
      editable: owned.includes(m.orgId),
      createdAt: formatInZone(m.createdAt, timeZone),
    }));
    return { list, ...paging };
  }),

  route(deviceModelEndpoints.create, async ({ body, user, data, deps }) => {
    if (!(await ownerOrgIds(data, user)).includes(user.orgId)) throw forbidden();
    await assertNameFree(data, user.orgId, body.name);
    const image = await checkImage(deps, user, body.image);
    const created = await data.write(async (tx) => {
      await assertNameFree(tx, user.orgId, body.name);
      return tx
        .insert(deviceModels)
        .values({
          orgId: user.orgId,
          name: body.name,
          nameZh: body.nameZh ?? '',
          nameEn: body.nameEn ?? '',
          category: body.category,
          brand: body.brand ?? '',
          image,
          createdAt: new Date(deps.now()),
        })
        .returning({ id: deviceModels.id })
        .get();
    });
    return { id: created.id };
  }),

  route(deviceModelEndpoints.update, async ({ body, user, data, deps }) => {
    const model = await ownModel(data, user, body.id);
    await assertNameFree(data, model.orgId, body.name, model.id);
    const image = await checkImage(deps, user, body.image, model.image);
    await data.write(async (tx) => {
      await tx
        .update(deviceModels)
        .set({
          name: body.name,
          nameZh: body.nameZh ?? '',
          nameEn: body.nameEn ?? '',
          category: body.category,
          brand: body.brand ?? '',
          image,
        })
        .where(eq(deviceModels.id, model.id))
        .run();
      // A machine's kind is its model's category.
      if (body.category !== model.category) {
        await tx.update(devices).set({ kind: body.category }).where(eq(devices.modelId, model.id)).run();
      }
    });
    return { id: model.id };
  }),

  route(deviceModelEndpoints.delete, async ({ body, user, data }) => {
    const model = await data.write(async (tx) => {
      const model = await ownModel(tx, user, body.id);
      // Every machine that uses the model counts, whoever keeps it: the model cannot go from under it.
      const used = (await tx
        .unscoped('references')
        .select({ n: sql<number>`count(*)` })
        .from(devices)
        .where(eq(devices.modelId, model.id))
        .get())!.n;
      if (used > 0) throw new ApiError(API_STATUS.conflict, 'deviceModels.inUse', { count: used });
      await tx.delete(deviceModels).where(eq(deviceModels.id, model.id)).run();
      return model;
    });
    return { id: model.id };
  }),
];
