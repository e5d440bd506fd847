import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { users } from '@console/db/schema/accounts';
import { deviceModels, devices } from '@console/db/schema/devices';
import { contracts, storeDevices, stores } from '@console/db/schema/lease';
import { partyEndpoints } from '@console/contract/http/lease-parties';
import type { ScopedData } from '../../lib/data.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { userNames } from '../../lib/maintenance.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { orgNames } from '../../lib/scope.ts';
import { keywordIn } from '../../lib/search.ts';
import type { SessionUser } from '../../lib/session.ts';
import { isManager, ownLessor, refused, countContracts } from './shared.ts';
import { nameInSql } from '../../lib/org-brand.ts';

const storeRows = (data: ScopedData) =>
  data
    .select({
      store: stores,
      deviceCount: sql<number>`(select count(*) from store_devices where store_devices.store_id = ${stores.id})`,
    })
    .from(stores, data.orgScope(stores.orgId));

async function ownStore(data: ScopedData, user: SessionUser, id: number) {
  const row = await data.select().from(stores, data.orgScope(stores.orgId)).where(eq(stores.id, id)).get();
  if (!row || row.orgId !== user.orgId) throw notFound();
  return row;
}

async function checkManager(data: ScopedData, lessorId: number, managerId: number | null) {
  if (managerId === null) return;
  const manager = await data
    .select({ id: users.id })
    .from(users, data.orgScope(users.orgId))
    .where(and(eq(users.id, managerId), eq(users.orgId, lessorId)))
    .get();
  if (!manager) throw invalidField('managerId', 'lease.managerInvalid');
}

async function checkStoreName(data: ScopedData, lessorId: number, name: string, id: number | null) {
  const taken = await data
    .select({ id: stores.id })
    .from(stores, data.orgScope(stores.orgId))
    .where(and(eq(stores.orgId, lessorId), eq(stores.name, name)))
    .get();
  if (taken && taken.id !== id) throw invalidField('name', 'lease.storeNameTaken');
}

/** Stores (depots) and the machines kept at each. */
export const storeRoutes: RouteDef[] = [
  route(partyEndpoints.storeList, async ({ query, user, data }) => {
    const where = keywordIn(data.dialect, [stores.name, stores.address, stores.city, stores.phone], query.keyword);
    const order = listOrder(query, { name: stores.name }, stores.id, [asc(stores.orgId), asc(stores.id)]);
    const { rows, ...paging } = await listPage(data, query, storeRows(data).where(where), order);
    const managers = await userNames(
      data,
      rows.map((r) => r.store.managerId),
    );
    const lessors = await orgNames(
      data,
      rows.map((r) => r.store.orgId),
    );
    return {
      list: rows.map(({ store: s, deviceCount }) => ({
        id: s.id,
        name: s.name,
        province: s.province,
        city: s.city,
        district: s.district,
        address: s.address,
        lat: s.lat,
        lng: s.lng,
        managerId: s.managerId,
        managerName: (s.managerId && managers.get(s.managerId)) || '',
        areaCode: s.areaCode,
        phone: s.phone,
        deviceCount,
        lessorName: lessors.get(s.orgId) ?? '',
        editable: isManager(user) && s.orgId === user.orgId,
      })),
      ...paging,
    };
  }),
  route(partyEndpoints.staff, async ({ user, data }) => ({
    list: (
      await data
        .select({ id: users.id, name: users.name, nickname: users.nickname, roleId: users.roleId })
        .from(users, data.orgScope(users.orgId))
        .where(and(eq(users.orgId, user.orgId), eq(users.disabled, false)))
        .orderBy(asc(users.id))
        .all()
    ).map((u) => ({ id: u.id, name: u.name || u.nickname, roleId: u.roleId })),
  })),
  route(partyEndpoints.storeCreate, ({ body, user, data }) => {
    const lessorId = ownLessor(user, isManager);
    return data.write(async (tx) => {
      await checkManager(tx, lessorId, body.managerId);
      await checkStoreName(tx, lessorId, body.name, null);
      return tx
        .insert(stores)
        .values({ ...body, orgId: lessorId })
        .returning({ id: stores.id })
        .get();
    });
  }),
  route(partyEndpoints.storeUpdate, async ({ body, user, data }) => {
    const lessorId = ownLessor(user, isManager);
    const { id, ...fields } = body;
    await data.write(async (tx) => {
      await ownStore(tx, user, id);
      await checkManager(tx, lessorId, fields.managerId);
      await checkStoreName(tx, lessorId, fields.name, id);
      await tx.update(stores).set(fields).where(eq(stores.id, id)).run();
    });
    return { id };
  }),
  route(partyEndpoints.storeDelete, async ({ body, user, data }) => {
    ownLessor(user, isManager);
    await data.write(async (tx) => {
      await ownStore(tx, user, body.id);
      const n = await countContracts(tx, eq(contracts.storeId, body.id));
      if (n > 0) throw refused('lease.storeHasContracts', n);
      await tx.delete(storeDevices).where(eq(storeDevices.storeId, body.id)).run();
      await tx.delete(stores).where(eq(stores.id, body.id)).run();
    });
    return { id: body.id };
  }),
  route(partyEndpoints.storeMachines, async ({ query, data }) => {
    const store = await data.select().from(stores, data.orgScope(stores.orgId)).where(eq(stores.id, query.id)).get();
    if (!store) throw notFound();
    const list = await data
      .select({
        id: devices.id,
        serialNumber: devices.serialNumber,
        deviceName: devices.deviceName,
        modelName: nameInSql(deviceModels, data.lang),
        leaseStatus: devices.leaseStatus,
      })
      .from(devices, data.deviceScope())
      .innerJoin(storeDevices, eq(storeDevices.deviceId, devices.id))
      .leftJoin(deviceModels, eq(deviceModels.id, devices.modelId))
      .where(eq(storeDevices.storeId, query.id))
      .orderBy(asc(devices.serialNumber))
      .limit(2000)
      .all();
    return { list };
  }),
  route(partyEndpoints.storeAddMachines, ({ body, user, data }) => {
    const lessorId = ownLessor(user, isManager);
    const ids = [...new Set(body.deviceIds)];
    return data.write(async (tx) => {
      await ownStore(tx, user, body.storeId);
      // The lessor's own machines only (not a customer's, not a sub-lessor's).
      const owned = await tx
        .select({ id: devices.id })
        .from(devices, tx.deviceScope())
        .where(and(inArray(devices.id, ids), eq(devices.orgId, lessorId)))
        .all();
      if (owned.length !== ids.length) throw invalidField('deviceIds', 'lease.machineInvalid');
      for (const { id } of owned) {
        await tx
          .insert(storeDevices)
          .values({ deviceId: id, storeId: body.storeId })
          .onConflictDoUpdate({ target: storeDevices.deviceId, set: { storeId: body.storeId } })
          .run();
      }
      return { added: owned.length };
    });
  }),
  route(partyEndpoints.storeRemoveMachine, async ({ body, user, data }) => {
    ownLessor(user, isManager);
    await data.write(async (tx) => {
      await ownStore(tx, user, body.storeId);
      await tx
        .delete(storeDevices)
        .where(and(eq(storeDevices.storeId, body.storeId), eq(storeDevices.deviceId, body.deviceId)))
        .run();
    });
    return { id: body.deviceId };
  }),
];
