import { and, eq } from 'drizzle-orm';
import { connectAsync } from 'mqtt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { deviceEndpoints } from '@console/contract/http/devices';
import { deviceSecretMatches } from '@console/contract/mqtt/credentials';
import { deviceModels, devices, operationLogs } from '@console/db/schema/devices';
import { organisations } from '@console/db/schema/accounts';
import { startEmbeddedBroker } from '@console/server/src/ingest/broker';
import { brokerAccounts } from '@console/server/src/ingest/broker-access';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { customersOf, firstDeviceOf, LESSOR_A, LESSOR_B, orgIdOf } from './helpers.ts';

describe('registering and editing hosts', () => {
  let t: TestApp;
  let admin: string;
  let lessorA: number;
  let lessorB: number;
  let catalogModel: typeof deviceModels.$inferSelect;
  beforeEach(async () => {
    t = await createTestApp();
    admin = await t.tokenFor(ROLE.lessorAdmin);
    lessorA = await orgIdOf(t, LESSOR_A);
    lessorB = await orgIdOf(t, LESSOR_B);
    catalogModel = (await t.dbh.db.select().from(deviceModels).where(eq(deviceModels.category, 'forklift')).get())!;
  });
  afterEach(() => t.dbh.close());

  const create = (body: Record<string, unknown>, token = admin) =>
    t.call(deviceEndpoints.create, { token, loose: { body } });

  it('registers a machine for the own company and shows its MQTT secret once', async () => {
    const customer = (await customersOf(t, lessorA))[0]!;
    const res = await create({
      serialNumber: 'FLT-NEW-0001',
      modelId: catalogModel.id,
      hostName: 'Yard forklift',
      licensePlate: '沪A12345',
      installedAt: '2026-01-15',
      serviceExpiresAt: '2027-01-14',
      inventoryState: 2,
      // Not the form's (decision 035): a new machine starts in stock, whatever is sent.
      leaseStatus: 2,
      customerId: customer.id,
    });
    expect(res.status, res.message).toBe('200');
    const { id } = res.data;
    const mqttSecret = res.data.mqttSecret!;
    expect(mqttSecret).toMatch(/^[\w-]{43}$/);
    const stored = (await t.dbh.db.select().from(devices).where(eq(devices.id, id)).get())!;
    expect(stored).toMatchObject({
      orgId: lessorA,
      kind: 'forklift',
      customerOrgId: null,
      leaseStatus: 'stock',
    });
    // Only the hash is kept, and the secret is never answered again.
    expect(stored.mqttSecretHash).not.toContain(mqttSecret);
    expect(deviceSecretMatches(mqttSecret, stored.mqttSecretHash)).toBe(true);
    const again = await t.call(deviceEndpoints.get, {
      token: admin,
      query: { id },
      headers: { timeZone: 'Asia/Shanghai' },
    });
    expect(JSON.stringify(again.data)).not.toContain(mqttSecret);
    expect(again.data).toMatchObject({
      installedAt: '2026-01-15',
      serviceExpiresAt: '2027-01-14',
      brand: catalogModel.brand,
    });
    const logs = await t.dbh.db.select().from(operationLogs).where(eq(operationLogs.deviceId, id)).all();
    expect(logs.map((l) => l.action)).toEqual(['registry.create']);
  });

  it('lets the new machine sign in to the broker with its secret, and nobody with another', async () => {
    const res = await create({ serialNumber: 'AWP-MQTT-0001', modelId: catalogModel.id });
    const accounts = brokerAccounts(t.dbh.sqliteDb ?? t.dbh.db, 'server', 'server-password');
    const broker = await startEmbeddedBroker({
      port: 18900 + Math.floor(Math.random() * 50),
      host: '127.0.0.1',
      accounts,
    });
    try {
      const connect = (password: string) =>
        connectAsync(broker.url, {
          clientId: 'AWP-MQTT-0001',
          username: 'AWP-MQTT-0001',
          password,
          reconnectPeriod: 0,
          connectTimeout: 3000,
        });
      const client = await connect(res.data.mqttSecret!);
      expect(client.connected).toBe(true);
      await client.endAsync();
      await expect(connect('not-the-secret')).rejects.toThrow();
      // A new secret replaces the old one.
      const reset = await t.call(deviceEndpoints.resetSecret, { token: admin, body: { id: res.data.id } });
      expect(reset.data.mqttSecret).not.toBe(res.data.mqttSecret);
      await expect(connect(res.data.mqttSecret!)).rejects.toThrow();
      const renewed = await connect(reset.data.mqttSecret!);
      await renewed.endAsync();
    } finally {
      await broker.close();
    }
  });

  it('answers the MQTT secret only to those who fit devices, and lets only them issue a new one', async () => {
    // Office staff register the machine, without its key.
    const staff = await t.tokenFor(ROLE.lessorStaff);
    const res = await create({ serialNumber: 'AWP-KEY-0001', modelId: catalogModel.id }, staff);
    expect(res.status, res.message).toBe('200');
    expect(res.data).toEqual({ id: res.data.id, serialNumber: 'AWP-KEY-0001' });
    const hashOf = async () =>
      (await t.dbh.db.select().from(devices).where(eq(devices.id, res.data.id)).get())!.mqttSecretHash;
    const before = await hashOf();
    // Nor may they, or the operator's employees, issue a new one: the role is refused and the key stays.
    for (const role of [ROLE.lessorStaff, ROLE.companyEmployee, ROLE.lessorSales]) {
      const refused = await t.call(deviceEndpoints.resetSecret, {
        token: await t.tokenFor(role),
        body: { id: res.data.id },
      });
      expect(refused.status, `role ${role}`).toBe('403');
    }
    expect(await hashOf()).toBe(before);

    // The company's technician, who keeps no registry, issues it on the machine's page.
    const technician = await t.tokenFor(ROLE.technician);
    const reset = await t.call(deviceEndpoints.resetSecret, { token: technician, body: { id: res.data.id } });
    expect(reset.status, reset.message).toBe('200');
    expect(deviceSecretMatches(reset.data.mqttSecret, await hashOf())).toBe(true);
    const log = (await t.dbh.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.deviceId, res.data.id), eq(operationLogs.action, 'registry.resetSecret')))
      .get())!;
    expect(log.userId).toBe(await t.userId(ROLE.technician));
    // The operator's administrator does too; a technician of one company never for another's machine.
    const operator = await t.call(deviceEndpoints.resetSecret, {
      token: await t.tokenFor(ROLE.companyAdmin),
      body: { id: res.data.id },
    });
    expect(deviceSecretMatches(operator.data.mqttSecret, await hashOf())).toBe(true);
    const ofB = await firstDeviceOf(t, lessorB);
    expect((await t.call(deviceEndpoints.resetSecret, { token: technician, body: { id: ofB.id } })).status).toBe('404');
  });

  it('refuses bad input with a message on its field and changes nothing', async () => {
    const before = (await t.dbh.db.select().from(devices).all()).length;
    const existing = await firstDeviceOf(t, lessorB);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ modelId: catalogModel.id }, 'serialNumber', 'enter device serial number'],
      [{ serialNumber: 'a/b+#', modelId: catalogModel.id }, 'serialNumber', 'The serial number has 4-40 letters'],
      [{ serialNumber: 'GOOD-0001' }, 'modelId', 'Please select the model'],
      [
        { serialNumber: existing.serialNumber.toLowerCase(), modelId: catalogModel.id },
        'serialNumber',
        'already registered',
      ],
      [{ serialNumber: 'GOOD-0004', modelId: catalogModel.id, ownerId: lessorB }, 'ownerId', 'Choose your own company'],
      [{ serialNumber: 'GOOD-0005', modelId: catalogModel.id, installedAt: '2026-02-30' }, 'installedAt', 'valid date'],
      [
        { serialNumber: 'GOOD-0006', modelId: catalogModel.id, distributorId: lessorB },
        'distributorId',
        'distributor you work with',
      ],
    ];
    for (const [body, field, text] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe('400');
      expect(res.data.field, JSON.stringify(body)).toBe(field);
      expect(res.message, JSON.stringify(body)).toContain(text);
    }
    const zh = await t.call(deviceEndpoints.create, {
      token: admin,
      loose: { body: { modelId: catalogModel.id } },
      lang: 'zh_CN',
    });
    expect(zh.message).toContain('请输入设备序列号');
    expect((await t.dbh.db.select().from(devices).all()).length).toBe(before);
  });

  it('lets operator staff register a machine for a rental company', async () => {
    const res = await create(
      { serialNumber: 'OPS-0001', modelId: catalogModel.id, ownerId: lessorB },
      await t.tokenFor(ROLE.companyAdmin),
    );
    expect(res.status, res.message).toBe('200');
    expect((await t.dbh.db.select().from(devices).where(eq(devices.id, res.data.id)).get())!.orgId).toBe(lessorB);
  });

  it('edits an owned machine, logs what changed, and keeps the serial number', async () => {
    // A machine in stock, so that only the fields below change.
    const device = (await t.dbh.db
      .select()
      .from(devices)
      .where(and(eq(devices.orgId, lessorA), eq(devices.leaseStatus, 'stock')))
      .get())!;
    const current = (await t.call(deviceEndpoints.get, { token: admin, query: { id: device.id } })).data;
    // The form sends back every field it holds, as the console's does.
    const { id, modelId, hostSerial, deviceName, hostType, brand, machineNumber, gpsSerial, positioning } = current;
    const { engineNumber, frameNumber, installedAt, location, inventoryState, serviceExpiresAt } = current;
    const res = await t.call(deviceEndpoints.update, {
      token: admin,
      loose: {
        body: {
          ...{ id, modelId, hostSerial, deviceName, hostType, brand, machineNumber, gpsSerial, positioning },
          ...{ engineNumber, frameNumber, installedAt, location, inventoryState, serviceExpiresAt },
          distributorId: current.distributorId,
          hostName: 'Renamed host',
          licensePlate: '沪C12345',
          leaseStatus: 1,
          serialNumber: 'CHANGED-001',
        },
      },
    });
    expect(res.status, res.message).toBe('200');
    const after = (await t.dbh.db.select().from(devices).where(eq(devices.id, device.id)).get())!;
    expect(after).toMatchObject({
      hostName: 'Renamed host',
      serialNumber: device.serialNumber,
      licensePlate: '沪C12345',
    });
    // Days the form sent back unchanged keep their stored moment.
    expect(after.installedAt).toEqual(device.installedAt);
    expect(after.serviceExpiresAt).toEqual(device.serviceExpiresAt);
    const log = (await t.dbh.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.deviceId, device.id), eq(operationLogs.action, 'registry.edit')))
      .get())!;
    const detail = JSON.parse(log.detail);
    expect(detail.hostName).toEqual([device.hostName, 'Renamed host']);
    expect(Object.keys(detail).sort()).toEqual(
      ['hostName', 'licensePlate'].filter((k) => k !== 'licensePlate' || device.licensePlate !== '沪C12345'),
    );
    expect(log.userId).toBe(await t.userId(ROLE.lessorAdmin));
  });

  it('hides other companies’ machines and keeps read-only roles from changing theirs', async () => {
    const ofB = await firstDeviceOf(t, lessorB);
    const body = { id: ofB.id, modelId: ofB.modelId, hostName: 'taken over' };
    expect((await t.call(deviceEndpoints.get, { token: admin, query: { id: ofB.id } })).status).toBe('404');
    expect((await t.call(deviceEndpoints.update, { token: admin, body })).status).toBe('404');
    expect((await t.call(deviceEndpoints.resetSecret, { token: admin, body: { id: ofB.id } })).status).toBe('404');
    // The customer sees its leased machine but may not change it (its role is refused before anything runs).
    const leased = (await t.dbh.db
      .select()
      .from(devices)
      .where(eq(devices.customerOrgId, (await customersOf(t, lessorA))[0]!.id))
      .get())!;
    const customer = await t.tokenFor(ROLE.other);
    expect((await t.call(deviceEndpoints.get, { token: customer, query: { id: leased.id } })).data.editable).toBe(
      false,
    );
    const refused = await t.call(deviceEndpoints.update, { token: customer, body: { ...body, id: leased.id } });
    expect(refused.status).toBe('403');
    expect(
      (await t.call(deviceEndpoints.create, { token: await t.tokenFor(ROLE.distributor), loose: { body: {} } })).status,
    ).toBe('403');
    expect((await t.dbh.db.select().from(devices).where(eq(devices.id, ofB.id)).get())!.hostName).toBe(ofB.hostName);
  });

  it('assigns a distributor to the selected hosts only, and needs a selection', async () => {
    const none = await t.call(deviceEndpoints.assignDistributor, {
      token: admin,
      body: { ids: [], distributorId: null },
    });
    expect(none.status).toBe('400');
    expect(none.message).toContain('Distributor assignment requires a selected host');
    const distributor = (await t.dbh.db
      .select()
      .from(organisations)
      .where(eq(organisations.kind, 'distributor'))
      .get())!;
    const mine = await t.dbh.db.select().from(devices).where(eq(devices.orgId, lessorA)).limit(3).all();
    const ok = await t.call(deviceEndpoints.assignDistributor, {
      token: admin,
      body: { ids: mine.map((d) => d.id), distributorId: distributor.id },
    });
    expect(ok.status, ok.message).toBe('200');
    expect(ok.message).toBe('Distributor assigned to 3 machine(s)');
    for (const d of mine) {
      expect((await t.dbh.db.select().from(devices).where(eq(devices.id, d.id)).get())!.distributorOrgId).toBe(
        distributor.id,
      );
    }
    // One machine of another company refuses the whole batch.
    const ofB = await firstDeviceOf(t, lessorB);
    const mixed = await t.call(deviceEndpoints.assignDistributor, {
      token: admin,
      body: { ids: [mine[0]!.id, ofB.id], distributorId: null },
    });
    expect(mixed.status).toBe('404');
    expect((await t.dbh.db.select().from(devices).where(eq(devices.id, mine[0]!.id)).get())!.distributorOrgId).toBe(
      distributor.id,
    );
    const removed = await t.call(deviceEndpoints.assignDistributor, {
      token: admin,
      body: { ids: [mine[0]!.id], distributorId: null },
    });
    expect(removed.message).toBe('Distributor removed from 1 machine(s)');
  });
});
