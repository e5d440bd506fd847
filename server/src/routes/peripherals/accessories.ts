import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { ScopedData } from '../../lib/data.ts';
import { devices } from '@console/db/schema/devices';
import { accessories, purchaseInfos } from '@console/db/schema/peripherals';
import { accessoryEndpoints, MAX_ACCESSORIES, type AssetHost } from '@console/contract/http/accessories';
import { API_STATUS } from '@console/contract/http/envelope';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { textContains } from '../../lib/search.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { ApiError, forbidden, notFound } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { orgNames } from '../../lib/scope.ts';
import type { SessionUser } from '../../lib/session.ts';
import { requireUpload } from '../../lib/uploads.ts';
import { ownerOrgIds } from '../../lib/device-access.ts';
import { ownRecord } from './shared.ts';
import { mapInOrder } from '@console/db/in-order';
import { moneyOfOrgs } from '../../lib/currencies.ts';
import { orgBrand } from '../../lib/org-brand.ts';

type AccessoryRow = typeof accessories.$inferSelect;

/** A host the user's organisations own: "not found" outside the scope, "forbidden" for one only read. */
async function scopedDevice(data: ScopedData, user: SessionUser, deviceId: number, change: boolean) {
  const device = await data
    .select({ id: devices.id, orgId: devices.orgId })
    .from(devices, data.orgScope(devices.orgId))
    .where(eq(devices.id, deviceId))
    .get();
  if (!device) throw notFound();
  const editable = (await ownerOrgIds(data, user)).includes(device.orgId);
  if (change && !editable) throw forbidden();
  return { ...device, editable };
}

/** Rows of a host the user's organisations own (accessories and purchase records follow their host). */
const ofOwnedHost = (data: ScopedData, deviceId: SQLiteColumn) =>
  data.within(deviceId, data.select({ id: devices.id }).from(devices, data.orgScope(devices.orgId)));

/** Files already on the record stay; a new one must be the user's own upload of the right kind. */
async function checkFiles(
  deps: AppDeps,
  user: SessionUser,
  urls: string[],
  kept: string[],
  field: string,
  kind: 'photo' | 'pdf',
) {
  return await mapInOrder(urls, async (url) =>
    kept.includes(url) ? url : await requireUpload(deps, user, url, field, { kinds: [kind] }),
  );
}

export const accessoryRoutes: RouteDef[] = [
  route(accessoryEndpoints.hosts, async ({ query, user, data, deps }) => {
    const where = and(
      textContains(data.dialect, devices.serialNumber, query.serialNumber),
      query.recorded === '1'
        ? isNotNull(purchaseInfos.deviceId)
        : query.recorded === '0'
          ? isNull(purchaseInfos.deviceId)
          : undefined,
    );
    const sortable = { originalValueCents: purchaseInfos.originalValueCents, purchasedAt: purchaseInfos.purchasedAt };
    const { rows, ...paging } = await listPage(
      data,
      query,
      data
        .select({
          device: {
            id: devices.id,
            orgId: devices.orgId,
            serialNumber: devices.serialNumber,
            hostName: devices.hostName,
          },
          purchase: purchaseInfos,
        })
        .from(devices, data.orgScope(devices.orgId))
        .leftJoin(purchaseInfos, eq(purchaseInfos.deviceId, devices.id))
        .where(where),
      listOrder(query, sortable, devices.id, [asc(devices.serialNumber)]),
    );
    const ids = rows.map((r) => r.device.id);
    const totals = new Map(
      (ids.length
        ? await data
            .select({
              deviceId: accessories.deviceId,
              n: count(),
              valueCents: sql<number>`coalesce(sum(${accessories.quantity} * ${accessories.valueCents}), 0)`,
            })
            .from(accessories, ofOwnedHost(data, accessories.deviceId))
            .where(inArray(accessories.deviceId, ids))
            .groupBy(accessories.deviceId)
            .all()
        : []
      ).map((t) => [t.deviceId, t]),
    );
    const owners = await orgNames(
      data,
      rows.map((r) => r.device.orgId),
    );
    const owned = await ownerOrgIds(data, user);
    // A host's values are in its owner's currency: the operator reads hosts of companies of several brands.
    const moneyOf = await moneyOfOrgs(deps, data.unscoped('alreadyScoped'));
    const list: AssetHost[] = rows.map(({ device, purchase }) => ({
      deviceId: device.id,
      serialNumber: device.serialNumber,
      hostName: device.hostName,
      ownerName: owners.get(device.orgId) ?? '',
      purchase: purchase
        ? {
            originalValueCents: purchase.originalValueCents,
            salvageMode: purchase.salvageMode,
            salvageRate: purchase.salvageRate,
            salvageValueCents: purchase.salvageValueCents,
            purchasedAt: purchase.purchasedAt ?? '',
            photos: purchase.photos,
            documents: purchase.documents,
          }
        : null,
      accessoryCount: totals.get(device.id)?.n ?? 0,
      accessoryValueCents: totals.get(device.id)?.valueCents ?? 0,
      editable: owned.includes(device.orgId),
      money: moneyOf(device.orgId),
    }));
    return { list, ...paging };
  }),

  route(accessoryEndpoints.savePurchase, async ({ body, user, data, deps }) => {
    const device = await scopedDevice(data, user, body.deviceId, true);
    const before = await data
      .select()
      .from(purchaseInfos, ofOwnedHost(data, purchaseInfos.deviceId))
      .where(eq(purchaseInfos.deviceId, device.id))
      .get();
    const percentage = body.salvageMode === 'percentage';
    const values = {
      orgId: device.orgId,
      originalValueCents: body.originalValueCents,
      salvageMode: body.salvageMode,
      salvageRate: percentage ? body.salvageRate! : null,
      salvageValueCents: percentage
        ? Math.round((body.originalValueCents * body.salvageRate!) / 100)
        : body.salvageValueCents!,
      // A calendar day, kept as entered (decision 026).
      purchasedAt: body.purchasedAt || null,
      photos: await checkFiles(deps, user, body.photos, before?.photos ?? [], 'photos', 'photo'),
      documents: await checkFiles(deps, user, body.documents, before?.documents ?? [], 'documents', 'pdf'),
      updatedAt: new Date(deps.now()),
    };
    await data.write((tx) =>
      tx
        .insert(purchaseInfos)
        .values({ deviceId: device.id, ...values })
        .onConflictDoUpdate({ target: purchaseInfos.deviceId, set: values })
        .run(),
    );
    return { deviceId: device.id };
  }),

  route(accessoryEndpoints.list, async ({ query, user, data, deps }) => {
    const device = await scopedDevice(data, user, query.deviceId, false);
    const list = (
      await data
        .select()
        .from(accessories, ofOwnedHost(data, accessories.deviceId))
        .where(eq(accessories.deviceId, device.id))
        .orderBy(asc(accessories.id))
        .all()
    ).map(({ orgId: _o, createdAt: _c, ...row }) => row);
    const { money } = await orgBrand(deps, data.unscoped('alreadyScoped'), device.orgId);
    return { list, editable: device.editable, money };
  }),

  route(accessoryEndpoints.create, async ({ body, user, data, deps }) => {
    const created = await data.write(async (tx) => {
      const device = await scopedDevice(tx, user, body.deviceId, true);
      const held = (await tx
        .select({ n: count() })
        .from(accessories, ofOwnedHost(tx, accessories.deviceId))
        .where(eq(accessories.deviceId, device.id))
        .get())!.n;
      if (held >= MAX_ACCESSORIES)
        throw new ApiError(API_STATUS.conflict, 'accessories.tooMany', { max: MAX_ACCESSORIES });
      return tx
        .insert(accessories)
        .values({ ...body, orgId: device.orgId, createdAt: new Date(deps.now()) })
        .returning({ id: accessories.id })
        .get();
    });
    return { id: created.id };
  }),

  route(accessoryEndpoints.update, async ({ body, user, data }) => {
    const row = await data.write(async (tx) => {
      const row = await ownRecord<AccessoryRow>(tx, user, accessories, body.id);
      const { id: _id, ...values } = body;
      await tx.update(accessories).set(values).where(eq(accessories.id, row.id)).run();
      return row;
    });
    return { id: row.id };
  }),

  route(accessoryEndpoints.delete, async ({ body, user, data }) => {
    const row = await data.write(async (tx) => {
      const row = await ownRecord<AccessoryRow>(tx, user, accessories, body.id);
      await tx.delete(accessories).where(eq(accessories.id, row.id)).run();
      return row;
    });
    return { id: row.id };
  }),
];
