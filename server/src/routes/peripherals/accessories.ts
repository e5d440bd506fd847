import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { devices } from '@console/db/schema/devices';
import { accessories, purchaseInfos } from '@console/db/schema/peripherals';
import { accessoryEndpoints, MAX_ACCESSORIES, type AssetHost } from '@console/contract/http/accessories';
import { API_STATUS } from '@console/contract/http/envelope';
import type { AppDeps } from '../../lib/deps.ts';
import { ApiError, forbidden, notFound } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { orgNames, visibleOrgIds } from '../../lib/scope.ts';
import type { SessionUser } from '../../lib/session.ts';
import { dayInZone, startOfDayInZone } from '../../lib/time.ts';
import { requireUpload } from '../../lib/uploads.ts';
import { ownerOrgIds } from '../device-access.ts';
import { likeText, ownRecord } from './shared.ts';

type AccessoryRow = typeof accessories.$inferSelect;
const cents = (value: number) => Math.round(value * 100) / 100;

/** A host the user's organisations own: "not found" outside the scope, "forbidden" for one only read. */
function scopedDevice(db: Db, user: SessionUser, deviceId: number, change: boolean) {
  const device = db
    .select({ id: devices.id, orgId: devices.orgId })
    .from(devices)
    .where(and(eq(devices.id, deviceId), inArray(devices.orgId, visibleOrgIds(db, user))))
    .get();
  if (!device) throw notFound();
  const editable = ownerOrgIds(db, user).includes(device.orgId);
  if (change && !editable) throw forbidden();
  return { ...device, editable };
}

/** Files already on the record stay; a new one must be the user's own upload of the right kind. */
function checkFiles(
  deps: AppDeps,
  user: SessionUser,
  urls: string[],
  kept: string[],
  field: string,
  kind: 'photo' | 'pdf',
) {
  return urls.map((url) => (kept.includes(url) ? url : requireUpload(deps, user, url, field, { kinds: [kind] })));
}

export const accessoryRoutes: RouteDef[] = [
  route(accessoryEndpoints.hosts, ({ query, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const where = and(
      inArray(devices.orgId, visibleOrgIds(db, user)),
      query.serialNumber ? likeText(devices.serialNumber, query.serialNumber) : undefined,
      query.recorded === '1'
        ? isNotNull(purchaseInfos.deviceId)
        : query.recorded === '0'
          ? isNull(purchaseInfos.deviceId)
          : undefined,
    );
    const total = db
      .select({ n: count() })
      .from(devices)
      .leftJoin(purchaseInfos, eq(purchaseInfos.deviceId, devices.id))
      .where(where)
      .get()!.n;
    const order = query.sortOrder === 'ascend' ? asc : desc;
    const sortColumn =
      query.sortField === 'originalValue'
        ? purchaseInfos.originalValue
        : query.sortField === 'purchasedAt'
          ? purchaseInfos.purchasedAt
          : null;
    const rows = db
      .select({
        device: {
          id: devices.id,
          orgId: devices.orgId,
          serialNumber: devices.serialNumber,
          hostName: devices.hostName,
        },
        purchase: purchaseInfos,
      })
      .from(devices)
      .leftJoin(purchaseInfos, eq(purchaseInfos.deviceId, devices.id))
      .where(where)
      .orderBy(...(sortColumn ? [order(sortColumn), order(devices.id)] : [asc(devices.serialNumber)]))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .all();
    const ids = rows.map((r) => r.device.id);
    const totals = new Map(
      (ids.length
        ? db
            .select({
              deviceId: accessories.deviceId,
              n: count(),
              value: sql<number>`coalesce(sum(${accessories.quantity} * ${accessories.value}), 0)`,
            })
            .from(accessories)
            .where(inArray(accessories.deviceId, ids))
            .groupBy(accessories.deviceId)
            .all()
        : []
      ).map((t) => [t.deviceId, t]),
    );
    const owners = orgNames(
      db,
      rows.map((r) => r.device.orgId),
    );
    const owned = ownerOrgIds(db, user);
    const list: AssetHost[] = rows.map(({ device, purchase }) => ({
      deviceId: device.id,
      serialNumber: device.serialNumber,
      hostName: device.hostName,
      ownerName: owners.get(device.orgId) ?? '',
      purchase: purchase
        ? {
            originalValue: purchase.originalValue,
            salvageMode: purchase.salvageMode,
            salvageRate: purchase.salvageRate,
            salvageValue: purchase.salvageValue,
            purchasedAt: purchase.purchasedAt ? dayInZone(purchase.purchasedAt, timeZone) : '',
            photos: purchase.photos,
            documents: purchase.documents,
          }
        : null,
      accessoryCount: totals.get(device.id)?.n ?? 0,
      accessoryValue: cents(totals.get(device.id)?.value ?? 0),
      editable: owned.includes(device.orgId),
    }));
    return { list, total, page: query.page, pageSize: query.pageSize };
  }),

  route(accessoryEndpoints.savePurchase, ({ body, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const device = scopedDevice(db, user, body.deviceId, true);
    const before = db.select().from(purchaseInfos).where(eq(purchaseInfos.deviceId, device.id)).get();
    const percentage = body.salvageMode === 'percentage';
    const values = {
      orgId: device.orgId,
      originalValue: body.originalValue,
      salvageMode: body.salvageMode,
      salvageRate: percentage ? body.salvageRate! : null,
      salvageValue: percentage ? cents((body.originalValue * body.salvageRate!) / 100) : body.salvageValue!,
      purchasedAt: body.purchasedAt ? new Date(startOfDayInZone(body.purchasedAt, timeZone)) : null,
      photos: checkFiles(deps, user, body.photos, before?.photos ?? [], 'photos', 'photo'),
      documents: checkFiles(deps, user, body.documents, before?.documents ?? [], 'documents', 'pdf'),
      updatedAt: new Date(deps.now()),
    };
    db.insert(purchaseInfos)
      .values({ deviceId: device.id, ...values })
      .onConflictDoUpdate({ target: purchaseInfos.deviceId, set: values })
      .run();
    return { deviceId: device.id };
  }),

  route(accessoryEndpoints.list, ({ query, user, deps }) => {
    const { db } = deps.dbh;
    const device = scopedDevice(db, user, query.deviceId, false);
    const list = db
      .select()
      .from(accessories)
      .where(eq(accessories.deviceId, device.id))
      .orderBy(asc(accessories.id))
      .all()
      .map(({ orgId: _o, createdAt: _c, ...row }) => row);
    return { list, editable: device.editable };
  }),

  route(accessoryEndpoints.create, ({ body, user, deps }) => {
    const { db } = deps.dbh;
    const device = scopedDevice(db, user, body.deviceId, true);
    const held = db.select({ n: count() }).from(accessories).where(eq(accessories.deviceId, device.id)).get()!.n;
    if (held >= MAX_ACCESSORIES)
      throw new ApiError(API_STATUS.conflict, 'accessories.tooMany', { max: MAX_ACCESSORIES });
    const created = db
      .insert(accessories)
      .values({ ...body, orgId: device.orgId, createdAt: new Date(deps.now()) })
      .returning({ id: accessories.id })
      .get();
    return { id: created.id };
  }),

  route(accessoryEndpoints.update, ({ body, user, deps }) => {
    const { db } = deps.dbh;
    const row = ownRecord<AccessoryRow>(db, user, accessories, body.id);
    const { id: _id, ...values } = body;
    db.update(accessories).set(values).where(eq(accessories.id, row.id)).run();
    return { id: row.id };
  }),

  route(accessoryEndpoints.delete, ({ body, user, deps }) => {
    const { db } = deps.dbh;
    const row = ownRecord<AccessoryRow>(db, user, accessories, body.id);
    db.delete(accessories).where(eq(accessories.id, row.id)).run();
    return { id: row.id };
  }),
];
