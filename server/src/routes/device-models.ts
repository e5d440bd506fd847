import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { organisations } from '@console/db/schema/accounts';
import { deviceModels, devices } from '@console/db/schema/devices';
import { API_STATUS } from '@console/contract/http/envelope';
import { deviceModelEndpoints, isBuiltInModelImage, type DeviceModel } from '@console/contract/http/device-models';
import type { AppDeps } from '../lib/deps.ts';
import { ApiError, forbidden, invalidField, notFound } from '../lib/errors.ts';
import { route, type RouteDef } from '../lib/route.ts';
import { deviceScope } from '../lib/scope.ts';
import type { SessionUser } from '../lib/session.ts';
import { formatInZone } from '../lib/time.ts';
import { requireUpload } from '../lib/uploads.ts';
import { ownerOrgIds, visibleModels } from './device-access.ts';
import { sortColumn } from '../lib/sorting.ts';

type ModelRow = typeof deviceModels.$inferSelect;

const contains = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** A model the user may change: one of an organisation whose machines the user keeps. */
function ownModel(db: Db, user: SessionUser, id: number): ModelRow {
  const model = db
    .select()
    .from(deviceModels)
    .where(and(eq(deviceModels.id, id), visibleModels(db, user)))
    .get();
  if (!model) throw notFound();
  if (!ownerOrgIds(db, user).includes(model.orgId)) throw forbidden();
  return model;
}

/** Names are unique among the models an organisation's users choose from: its own and the catalog. */
function assertNameFree(db: Db, orgId: number, name: string, exceptId?: number) {
  const operators = db.select({ id: organisations.id }).from(organisations).where(eq(organisations.kind, 'operator'));
  const clash = db
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
function checkImage(deps: AppDeps, user: SessionUser, image: string, unchanged?: string): string {
  if (isBuiltInModelImage(image) || image === unchanged) return image;
  return requireUpload(deps, user, image, 'image', { kinds: ['image', 'photo'], isPublic: true });
}

function deviceCounts(db: Db, user: SessionUser, ids: number[]): Map<number, number> {
  if (ids.length === 0) return new Map();
  const rows = db
    .select({ id: devices.modelId, n: sql<number>`count(*)` })
    .from(devices)
    .where(and(deviceScope(db, user), inArray(devices.modelId, ids)))
    .groupBy(devices.modelId)
    .all();
  return new Map(rows.map((r) => [r.id, r.n]));
}

export const deviceModelRoutes: RouteDef[] = [
  route(deviceModelEndpoints.list, ({ query, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const where = and(
      visibleModels(db, user),
      query.name ? sql`${deviceModels.name} like ${contains(query.name)} escape '\\'` : undefined,
      query.category ? eq(deviceModels.category, query.category) : undefined,
    );
    const total = db
      .select({ n: sql<number>`count(*)` })
      .from(deviceModels)
      .where(where)
      .get()!.n;
    const sortable = { name: deviceModels.name, category: deviceModels.category, createdAt: deviceModels.createdAt };
    const column = sortColumn(sortable, query.sortField);
    const order = query.sortOrder === 'ascend' ? asc : desc;
    const rows = db
      .select()
      .from(deviceModels)
      .where(where)
      .orderBy(...(column ? [order(column), order(deviceModels.id)] : [desc(deviceModels.id)]))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .all();
    const counts = deviceCounts(
      db,
      user,
      rows.map((r) => r.id),
    );
    const owned = ownerOrgIds(db, user);
    const operators = new Set(
      db
        .select({ id: organisations.id })
        .from(organisations)
        .where(eq(organisations.kind, 'operator'))
        .all()
        .map((o) => o.id),
    );
    const list: DeviceModel[] = rows.map((m) => ({
      id: m.id,
      name: m.name,
      category: m.category,
      brand: m.brand,
      image: m.image,
      deviceCount: counts.get(m.id) ?? 0,
      shared: operators.has(m.orgId),
      editable: owned.includes(m.orgId),
      createdAt: formatInZone(m.createdAt, timeZone),
    }));
    return { list, total, page: query.page, pageSize: query.pageSize };
  }),

  route(deviceModelEndpoints.create, ({ body, user, deps }) => {
    const { db } = deps.dbh;
    if (!ownerOrgIds(db, user).includes(user.orgId)) throw forbidden();
    assertNameFree(db, user.orgId, body.name);
    const image = checkImage(deps, user, body.image);
    const created = db
      .insert(deviceModels)
      .values({
        orgId: user.orgId,
        name: body.name,
        category: body.category,
        brand: body.brand ?? '',
        image,
        createdAt: new Date(deps.now()),
      })
      .returning({ id: deviceModels.id })
      .get();
    return { id: created.id };
  }),

  route(deviceModelEndpoints.update, ({ body, user, deps }) => {
    const { db } = deps.dbh;
    const model = ownModel(db, user, body.id);
    assertNameFree(db, model.orgId, body.name, model.id);
    const image = checkImage(deps, user, body.image, model.image);
    db.transaction((tx) => {
      tx.update(deviceModels)
        .set({ name: body.name, category: body.category, brand: body.brand ?? '', image })
        .where(eq(deviceModels.id, model.id))
        .run();
      // A machine's kind is its model's category.
      if (body.category !== model.category) {
        tx.update(devices).set({ kind: body.category }).where(eq(devices.modelId, model.id)).run();
      }
    });
    return { id: model.id };
  }),

  route(deviceModelEndpoints.delete, ({ body, user, deps }) => {
    const { db } = deps.dbh;
    const model = ownModel(db, user, body.id);
    const used = db
      .select({ n: sql<number>`count(*)` })
      .from(devices)
      .where(eq(devices.modelId, model.id))
      .get()!.n;
    if (used > 0) throw new ApiError(API_STATUS.conflict, 'deviceModels.inUse', { count: used });
    db.delete(deviceModels).where(eq(deviceModels.id, model.id)).run();
    return { id: model.id };
  }),
];
