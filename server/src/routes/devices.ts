import { randomBytes } from 'node:crypto';
import { eq, inArray, ne, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { organisations } from '@console/db/schema/accounts';
import { deviceModels, devices, operationLogs } from '@console/db/schema/devices';
import { hashDeviceSecret } from '@console/contract/mqtt/credentials';
import { deviceEndpoints, mayInstallDevices, type DeviceOptions } from '@console/contract/http/devices';
import type { ParsedBodyOf } from '@console/contract/http/endpoint';
import { forbidden, invalidField } from '../lib/errors.ts';
import { route, type RouteDef } from '../lib/route.ts';
import type { ScopedData, ScopedWrite } from '../lib/data.ts';
import type { SessionUser } from '../lib/session.ts';
import {
  assertDistributor,
  distributorChoices,
  keeperOrgIds,
  modelForOwner,
  ownedDevice,
  ownedDevices,
  ownerOrgIds,
  visibleDevice,
  visibleModels,
} from '../lib/device-access.ts';
import { listDevices, presentedDevice } from './device-list.ts';
import { nameInSql } from '../lib/org-brand.ts';

type HostForm = ParsedBodyOf<typeof deviceEndpoints.update> | ParsedBodyOf<typeof deviceEndpoints.create>;

/** A new machine secret: 256 random bits, shown once; the database keeps only its hash. */
export const newSecret = () => randomBytes(32).toString('base64url');

export async function log(
  tx: ScopedWrite,
  user: SessionUser,
  deviceId: number,
  action: string,
  detail: unknown,
  at: number,
) {
  await tx
    .insert(operationLogs)
    .values({ deviceId, userId: user.id, action, detail: JSON.stringify(detail), at: new Date(at) })
    .run();
}

/**
 * The host type a form sends back. The registry shows a host type naming the machine's model in the reader's
 * language (device-list.ts); sent back naming the same model, it stays as kept, so an unchanged form changes nothing.
 */
function hostTypeOf(typed: string, model: typeof deviceModels.$inferSelect, before?: typeof devices.$inferSelect) {
  const names = [model.name, model.nameZh, model.nameEn].filter(Boolean);
  const same = before?.modelId === model.id && names.includes(typed) && names.includes(before.hostType);
  return same ? before.hostType : typed;
}

/** The registry columns a form sets, after checking owner, model, customer and distributor against the user. */
async function hostValues(
  data: ScopedData,
  user: SessionUser,
  body: HostForm,
  ownerId: number,
  before?: typeof devices.$inferSelect,
) {
  if (!(await ownerOrgIds(data, user)).includes(ownerId)) throw invalidField('ownerId', 'devices.invalidOwner');
  const model = await modelForOwner(data, ownerId, body.modelId);
  await assertDistributor(data, user, body.distributorId, 'distributorId');
  return {
    orgId: ownerId,
    modelId: model.id,
    kind: model.category,
    hostSerial: body.hostSerial ?? '',
    hostName: body.hostName ?? '',
    deviceName: body.deviceName ?? '',
    hostType: hostTypeOf(body.hostType ?? '', model, before),
    brand: body.brand || model.brand,
    machineNumber: body.machineNumber ?? '',
    gpsSerial: body.gpsSerial ?? '',
    positioning: body.positioning,
    licensePlate: body.licensePlate ?? '',
    engineNumber: body.engineNumber ?? '',
    frameNumber: body.frameNumber ?? '',
    // Calendar days, the same for every viewer (decision 026).
    installedAt: body.installedAt || null,
    location: body.location ?? '',
    inventoryState: body.inventoryState === 2 ? ('installed' as const) : ('inventory' as const),
    // The service runs to the end of this day.
    serviceExpiresAt: body.serviceExpiresAt || null,
    distributorOrgId: body.distributorId ?? null,
  };
}

type HostValues = Awaited<ReturnType<typeof hostValues>>;

/** What an edit changed, for the operation log: field -> [before, after]. */
function changes(before: typeof devices.$inferSelect, after: HostValues) {
  const text = (v: unknown) => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? '' : String(v));
  return Object.fromEntries(
    (Object.keys(after) as (keyof HostValues)[])
      .filter((key) => text(before[key]) !== text(after[key]))
      .map((key) => [key, [text(before[key]), text(after[key])]]),
  );
}

export async function serialTaken(data: ScopedData, serial: string): Promise<boolean> {
  // Serial numbers are MQTT identities: two that differ only in case would be easy to confuse.
  return !!(await data
    .unscoped('uniqueness')
    .select({ id: devices.id })
    .from(devices)
    .where(sql`lower(${devices.serialNumber}) = lower(${serial})`)
    .get());
}

async function options(data: ScopedData, user: SessionUser): Promise<DeviceOptions> {
  // Organisations the machines in scope name (their customer, their distributor).
  const usedBy = (column: AnySQLiteColumn) =>
    data.within(organisations.id, data.select({ id: sql<number>`${column}` }).from(devices, data.deviceScope()));
  const models = await data
    .select({
      id: deviceModels.id,
      name: nameInSql(deviceModels, data.lang),
      category: deviceModels.category,
      brand: deviceModels.brand,
    })
    .from(deviceModels, await visibleModels(data))
    .orderBy(nameInSql(deviceModels, data.lang))
    .all();
  const owners = await ownerOrgIds(data, user);
  const ownerRows = owners.length
    ? await data
        .select({ id: organisations.id, name: nameInSql(organisations, data.lang) })
        .from(organisations, data.orgScope(organisations.id))
        .where(inArray(organisations.id, owners))
        // The user's own organisation first: the form's default owner.
        .orderBy(sql`${organisations.id} = ${user.orgId} desc`, organisations.id)
        .all()
    : [];
  const customers = await data
    .select({ id: organisations.id, name: nameInSql(organisations, data.lang), ownerId: organisations.parentId })
    .from(organisations, data.anyOf(data.orgScope(organisations.id), usedBy(devices.customerOrgId)))
    .where(eq(organisations.kind, 'customer'))
    .orderBy(organisations.name)
    .all();
  const choices = await distributorChoices(data, user);
  const seen = await data
    .select({ id: organisations.id, name: nameInSql(organisations, data.lang) })
    .from(organisations, usedBy(devices.distributorOrgId))
    .where(eq(organisations.kind, 'distributor'))
    .all();
  const distributors = [...new Map([...choices, ...seen].map((d) => [d.id, d])).values()].sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  const brands = (
    await data
      .selectDistinct({ brand: devices.brand })
      .from(devices, data.deviceScope())
      .where(ne(devices.brand, ''))
      .all()
  ).map((b) => b.brand);
  const allBrands = [...new Set([...brands, ...models.map((m) => m.brand).filter(Boolean)])].sort();
  return { models, owners: ownerRows, customers, distributors, brands: allBrands };
}

export const deviceRoutes: RouteDef[] = [
  route(deviceEndpoints.list, async ({ query, user, data, timeZone, today }) =>
    listDevices(data, user, query, timeZone, today()),
  ),

  route(deviceEndpoints.options, ({ user, data }) => options(data, user)),

  route(deviceEndpoints.get, async ({ query, user, data, timeZone, today }) => {
    return (await presentedDevice(data, user, query.id, timeZone, today())).row;
  }),

  route(deviceEndpoints.create, async ({ body, user, data, deps }) => {
    const ownerId = body.ownerId ?? user.orgId;
    const secret = newSecret();
    const now = deps.now();
    const id = await data.write(async (tx) => {
      const values = await hostValues(tx, user, body, ownerId);
      if (await serialTaken(tx, body.serialNumber)) throw invalidField('serialNumber', 'devices.serialTaken');
      const created = await tx
        .insert(devices)
        .values({ ...values, serialNumber: body.serialNumber, mqttSecretHash: hashDeviceSecret(secret) })
        .returning({ id: devices.id })
        .get();
      await log(tx, user, created.id, 'registry.create', { serialNumber: body.serialNumber }, now);
      return created.id;
    });
    // The key goes only to those who fit devices (decision 011); an installer resets it on the machine's page.
    return { id, serialNumber: body.serialNumber, ...(mayInstallDevices(user.roleId) ? { mqttSecret: secret } : {}) };
  }),

  route(deviceEndpoints.update, async ({ body, user, data, deps }) => {
    const before = await data.write(async (tx) => {
      const before = await ownedDevice(tx, user, body.id);
      const values = await hostValues(tx, user, body, body.ownerId ?? before.orgId, before);
      const changed = changes(before, values);
      await tx.update(devices).set(values).where(eq(devices.id, before.id)).run();
      if (Object.keys(changed).length > 0) await log(tx, user, before.id, 'registry.edit', changed, deps.now());
      return before;
    });
    return { id: before.id };
  }),

  route(deviceEndpoints.resetSecret, async ({ body, user, data, deps }) => {
    const secret = newSecret();
    const device = await data.write(async (tx) => {
      // A technician keeps no registry, yet fits the devices of the machines its organisations own.
      const device = await visibleDevice(tx, body.id);
      if (!(await keeperOrgIds(tx)).includes(device.orgId)) throw forbidden();
      await tx
        .update(devices)
        .set({ mqttSecretHash: hashDeviceSecret(secret) })
        .where(eq(devices.id, device.id))
        .run();
      await log(tx, user, device.id, 'registry.resetSecret', {}, deps.now());
      return device;
    });
    return { id: device.id, serialNumber: device.serialNumber, mqttSecret: secret };
  }),

  route(deviceEndpoints.assignDistributor, async ({ body, user, data, deps, setMessage }) => {
    const ids = [...new Set(body.ids)];
    const now = deps.now();
    await data.write(async (tx) => {
      // All or nothing: one machine the user may not change refuses the whole batch.
      const targets = await ownedDevices(tx, user, ids);
      await assertDistributor(tx, user, body.distributorId, 'distributorId');
      await tx.update(devices).set({ distributorOrgId: body.distributorId }).where(inArray(devices.id, ids)).run();
      for (const device of targets) {
        const change = [String(device.distributorOrgId ?? ''), String(body.distributorId ?? '')];
        await log(tx, user, device.id, 'registry.assignDistributor', { distributorOrgId: change }, now);
      }
    });
    setMessage(body.distributorId ? 'devices.distributorAssigned' : 'devices.distributorRemoved', {
      count: ids.length,
    });
    return { count: ids.length };
  }),
];
