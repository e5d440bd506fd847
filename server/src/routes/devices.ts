import { randomBytes } from 'node:crypto';
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '@console/db/client';
import { organisations } from '@console/db/schema/accounts';
import { deviceModels, devices, operationLogs } from '@console/db/schema/devices';
import { hashDeviceSecret } from '@console/contract/mqtt/credentials';
import { deviceEndpoints, type DeviceOptions } from '@console/contract/http/devices';
import type { ParsedBodyOf } from '@console/contract/http/endpoint';
import { invalidField } from '../lib/errors.ts';
import { route, type RouteDef } from '../lib/route.ts';
import { deviceScope, visibleOrgIds } from '../lib/scope.ts';
import type { SessionUser } from '../lib/session.ts';
import { dayInZone, startOfDayInZone } from '../lib/time.ts';
import {
  assertCustomerOf,
  assertDistributor,
  distributorChoices,
  modelForOwner,
  ownedDevice,
  ownedDevices,
  ownerOrgIds,
  visibleDevice,
  visibleModels,
} from './device-access.ts';
import { deviceRows, listDevices } from './device-list.ts';

type HostForm = ParsedBodyOf<typeof deviceEndpoints.update> | ParsedBodyOf<typeof deviceEndpoints.create>;

/** A new machine secret: 256 random bits, shown once; the database keeps only its hash. */
const newSecret = () => randomBytes(32).toString('base64url');

function log(db: Db, user: SessionUser, deviceId: number, action: string, detail: unknown, at: number) {
  db.insert(operationLogs)
    .values({ deviceId, userId: user.id, action, detail: JSON.stringify(detail), at: new Date(at) })
    .run();
}

/** The registry columns a form sets, after checking owner, model, customer and distributor against the user. */
function hostValues(db: Db, user: SessionUser, body: HostForm, ownerId: number, timeZone: string) {
  if (!ownerOrgIds(db, user).includes(ownerId)) throw invalidField('ownerId', 'devices.invalidOwner');
  const model = modelForOwner(db, ownerId, body.modelId);
  assertCustomerOf(db, ownerId, body.customerId);
  assertDistributor(db, user, body.distributorId, 'distributorId');
  const dayStart = (day: string | undefined) => (day ? new Date(startOfDayInZone(day, timeZone)) : null);
  const dayEnd = (day: string | undefined) => (day ? new Date(startOfDayInZone(day, timeZone) + 86400000 - 1) : null);
  return {
    orgId: ownerId,
    modelId: model.id,
    kind: model.category,
    hostSerial: body.hostSerial ?? '',
    hostName: body.hostName ?? '',
    deviceName: body.deviceName ?? '',
    hostType: body.hostType ?? '',
    brand: body.brand || model.brand,
    machineNumber: body.machineNumber ?? '',
    gpsSerial: body.gpsSerial ?? '',
    positioning: body.positioning,
    licensePlate: body.licensePlate ?? '',
    engineNumber: body.engineNumber ?? '',
    frameNumber: body.frameNumber ?? '',
    installedAt: dayStart(body.installedAt),
    location: body.location ?? '',
    inventoryState: body.inventoryState === 2 ? ('installed' as const) : ('inventory' as const),
    leaseStatus: body.leaseStatus === 2 ? ('leased' as const) : ('stock' as const),
    // The service runs to the end of its last day in the user's zone.
    serviceExpiresAt: dayEnd(body.serviceExpiresAt),
    customerOrgId: body.customerId ?? null,
    distributorOrgId: body.distributorId ?? null,
  };
}

type HostValues = ReturnType<typeof hostValues>;

/** What an edit changed, for the operation log: field -> [before, after]. */
function changes(before: typeof devices.$inferSelect, after: HostValues) {
  const text = (v: unknown) => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? '' : String(v));
  return Object.fromEntries(
    (Object.keys(after) as (keyof HostValues)[])
      .filter((key) => text(before[key]) !== text(after[key]))
      .map((key) => [key, [text(before[key]), text(after[key])]]),
  );
}

function serialTaken(db: Db, serial: string): boolean {
  // Serial numbers are MQTT identities: two that differ only in case would be easy to confuse.
  return !!db
    .select({ id: devices.id })
    .from(devices)
    .where(sql`lower(${devices.serialNumber}) = lower(${serial})`)
    .get();
}

function options(db: Db, user: SessionUser): DeviceOptions {
  const scope = deviceScope(db, user);
  const visible = visibleOrgIds(db, user);
  const usedBy = (column: AnySQLiteColumn) =>
    db
      .select({ id: sql<number>`${column}` })
      .from(devices)
      .where(scope);
  const models = db
    .select({
      id: deviceModels.id,
      name: deviceModels.name,
      category: deviceModels.category,
      brand: deviceModels.brand,
    })
    .from(deviceModels)
    .where(visibleModels(db, user))
    .orderBy(deviceModels.name)
    .all();
  const owners = ownerOrgIds(db, user);
  const ownerRows = owners.length
    ? db
        .select({ id: organisations.id, name: organisations.name })
        .from(organisations)
        .where(inArray(organisations.id, owners))
        // The user's own organisation first: the form's default owner.
        .orderBy(sql`${organisations.id} = ${user.orgId} desc`, organisations.id)
        .all()
    : [];
  const customers = db
    .select({ id: organisations.id, name: organisations.name, ownerId: organisations.parentId })
    .from(organisations)
    .where(
      and(
        eq(organisations.kind, 'customer'),
        or(inArray(organisations.id, visible), inArray(organisations.id, usedBy(devices.customerOrgId))),
      ),
    )
    .orderBy(organisations.name)
    .all();
  const choices = distributorChoices(db, user);
  const seen = db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(and(eq(organisations.kind, 'distributor'), inArray(organisations.id, usedBy(devices.distributorOrgId))))
    .all();
  const distributors = [...new Map([...choices, ...seen].map((d) => [d.id, d])).values()].sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  const brands = db
    .selectDistinct({ brand: devices.brand })
    .from(devices)
    .where(and(scope, ne(devices.brand, '')))
    .all()
    .map((b) => b.brand);
  const allBrands = [...new Set([...brands, ...models.map((m) => m.brand).filter(Boolean)])].sort();
  return { models, owners: ownerRows, customers, distributors, brands: allBrands };
}

export const deviceRoutes: RouteDef[] = [
  route(deviceEndpoints.list, ({ query, user, deps, timeZone }) =>
    listDevices(deps.dbh.db, user, query, timeZone, deps.now()),
  ),

  route(deviceEndpoints.options, ({ user, deps }) => options(deps.dbh.db, user)),

  route(deviceEndpoints.get, ({ query, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    return deviceRows(db, user, [visibleDevice(db, user, query.id)], timeZone, deps.now())[0]!;
  }),

  route(deviceEndpoints.create, ({ body, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const ownerId = body.ownerId ?? user.orgId;
    const values = hostValues(db, user, body, ownerId, timeZone);
    if (serialTaken(db, body.serialNumber)) throw invalidField('serialNumber', 'devices.serialTaken');
    const secret = newSecret();
    const now = deps.now();
    const id = db.transaction((tx) => {
      const created = tx
        .insert(devices)
        .values({ ...values, serialNumber: body.serialNumber, mqttSecretHash: hashDeviceSecret(secret) })
        .returning({ id: devices.id })
        .get();
      log(tx, user, created.id, 'registry.create', { serialNumber: body.serialNumber }, now);
      return created.id;
    });
    return { id, serialNumber: body.serialNumber, mqttSecret: secret };
  }),

  route(deviceEndpoints.update, ({ body, user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const before = ownedDevice(db, user, body.id);
    const values = hostValues(db, user, body, body.ownerId ?? before.orgId, timeZone);
    // A form only holds days: a day the user left as it was keeps its stored moment.
    const sameDay = (stored: Date | null, day: string | undefined) => !!stored && dayInZone(stored, timeZone) === day;
    if (sameDay(before.installedAt, body.installedAt)) values.installedAt = before.installedAt;
    if (sameDay(before.serviceExpiresAt, body.serviceExpiresAt)) values.serviceExpiresAt = before.serviceExpiresAt;
    const changed = changes(before, values);
    db.transaction((tx) => {
      tx.update(devices).set(values).where(eq(devices.id, before.id)).run();
      if (Object.keys(changed).length > 0) log(tx, user, before.id, 'registry.edit', changed, deps.now());
    });
    return { id: before.id };
  }),

  route(deviceEndpoints.resetSecret, ({ body, user, deps }) => {
    const { db } = deps.dbh;
    const device = ownedDevice(db, user, body.id);
    const secret = newSecret();
    db.transaction((tx) => {
      tx.update(devices)
        .set({ mqttSecretHash: hashDeviceSecret(secret) })
        .where(eq(devices.id, device.id))
        .run();
      log(tx, user, device.id, 'registry.resetSecret', {}, deps.now());
    });
    return { id: device.id, serialNumber: device.serialNumber, mqttSecret: secret };
  }),

  route(deviceEndpoints.assignDistributor, ({ body, user, deps, setMessage }) => {
    const { db } = deps.dbh;
    const ids = [...new Set(body.ids)];
    // All or nothing: one machine the user may not change refuses the whole batch.
    const targets = ownedDevices(db, user, ids);
    assertDistributor(db, user, body.distributorId, 'distributorId');
    const now = deps.now();
    db.transaction((tx) => {
      tx.update(devices).set({ distributorOrgId: body.distributorId }).where(inArray(devices.id, ids)).run();
      for (const device of targets) {
        const change = [String(device.distributorOrgId ?? ''), String(body.distributorId ?? '')];
        log(tx, user, device.id, 'registry.assignDistributor', { distributorOrgId: change }, now);
      }
    });
    setMessage(body.distributorId ? 'devices.distributorAssigned' : 'devices.distributorRemoved', {
      count: ids.length,
    });
    return { count: ids.length };
  }),
];
