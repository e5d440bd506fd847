import { and, eq, isNull } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { controllerEndpoints, gpsGatewayEndpoints } from '@console/contract/http/peripherals';
import { devices } from '@console/db/schema/devices';
import { controllers, gpsGateways } from '@console/db/schema/peripherals';
import { simCards } from '@console/db/schema/sim-cards';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { LESSOR_A, LESSOR_B, orgIdOf } from './helpers.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';
import { findInOrder } from '@console/db/in-order';

const IMEI = '490154203237518';

describe('controllers and GPS gateways', () => {
  let t: TestApp;
  let admin: string;
  let lessorA: number;
  let lessorB: number;
  beforeEach(async () => {
    t = await createTestApp();
    admin = await t.tokenFor(ROLE.lessorAdmin);
    lessorA = await orgIdOf(t, LESSOR_A);
    lessorB = await orgIdOf(t, LESSOR_B);
  });
  afterEach(() => t.dbh.close());

  const deviceOf = async (orgId: number, skip = 0) =>
    (await t.dbh.db
      .select()
      .from(devices)
      .where(eq(devices.orgId, orgId))
      .orderBy(devices.id)
      .offset(skip)
      .limit(1)
      .get())!;
  const spareSim = async (orgId: number) =>
    (await findInOrder(
      await t.dbh.db
        .select()
        .from(simCards)
        .where(and(eq(simCards.orgId, orgId), isNull(simCards.deviceId)))
        .orderBy(simCards.id)
        .all(),
      async (s) =>
        !(await t.dbh.db.select().from(controllers).where(eq(controllers.simCardId, s.id)).get()) &&
        !(await t.dbh.db.select().from(gpsGateways).where(eq(gpsGateways.simCardId, s.id)).get()),
    ))!;

  it('registers a controller on an own host with an own SIM card, lists it by host, edits and deletes it', async () => {
    const device = await deviceOf(lessorA, 100);
    const sim = await spareSim(lessorA);
    const body = {
      serialNumber: 'CTL-QA-0001',
      model: 'ZK-C300',
      firmwareVersion: 'v2.1.0',
      deviceId: device.id,
      simCardId: sim.id,
      installedAt: '2026-03-01',
      remark: 'cab left',
    };
    const created = await t.call(controllerEndpoints.create, { token: admin, body });
    expect(created.status, created.message).toBe('200');
    const found = await t.call(controllerEndpoints.list, {
      token: admin,
      query: { deviceSerial: device.serialNumber },
    });
    expect(found.data.list).toEqual([
      expect.objectContaining({
        serialNumber: 'CTL-QA-0001',
        deviceSerial: device.serialNumber,
        iccid: sim.iccid,
        simImei: sim.imei,
        installedAt: '2026-03-01',
        editable: true,
      }),
    ]);

    const twice = await t.call(controllerEndpoints.create, { token: admin, body: { ...body, simCardId: null } });
    expect(twice.message).toContain('This controller serial number is already registered');
    const sameSim = await t.call(gpsGatewayEndpoints.create, { token: admin, body: { imei: IMEI, simCardId: sim.id } });
    expect(sameSim.data.field).toBe('simCardId');
    expect(sameSim.message).toContain('already in another controller or gateway');
    const foreignHost = await t.call(controllerEndpoints.update, {
      token: admin,
      body: { ...body, id: created.data.id, deviceId: (await deviceOf(lessorB)).id },
    });
    expect(foreignHost.data.field).toBe('deviceId');
    const foreignSim = await t.call(controllerEndpoints.update, {
      token: admin,
      body: { ...body, id: created.data.id, simCardId: (await spareSim(lessorB)).id },
      lang: 'zh_CN',
    });
    expect(foreignSim.message).toContain('请选择本企业的 SIM 卡');

    const moved = await t.call(controllerEndpoints.update, {
      token: admin,
      body: { ...body, id: created.data.id, deviceId: null, model: 'ZK-C500' },
    });
    expect(moved.status).toBe('200');
    const row = (await t.dbh.db.select().from(controllers).where(eq(controllers.id, created.data.id)).get())!;
    expect(row).toMatchObject({ deviceId: null, model: 'ZK-C500', simCardId: sim.id });
    expect((await t.call(controllerEndpoints.delete, { token: admin, body: { id: row.id } })).status).toBe('200');
    expect(await t.dbh.db.select().from(controllers).where(eq(controllers.id, row.id)).get()).toBeUndefined();
  });

  it("asks for the gateway's IMEI with the spec's prompts and keeps each company to its own gateways", async () => {
    const missing = await t.call(gpsGatewayEndpoints.create, { token: admin, loose: { body: { plate: '沪A12345' } } });
    expect(missing.message).toContain('enter IMEI/CCID');
    const wrong = await t.call(gpsGatewayEndpoints.create, { token: admin, body: { imei: '490154203237519' } });
    expect(wrong.message).toContain('enter correct card number');

    const device = await deviceOf(lessorA, 101);
    const created = await t.call(gpsGatewayEndpoints.create, {
      token: admin,
      body: { imei: IMEI, plate: '沪A12345', positioning: 'base', deviceId: device.id },
    });
    expect(created.status, created.message).toBe('200');
    const byPlate = await t.call(gpsGatewayEndpoints.list, {
      token: admin,
      query: { plate: 'A12345', positioning: 'base' },
    });
    expect(byPlate.data.list.map((g: { imei: string }) => g.imei)).toEqual([IMEI]);
    const taken = await t.call(gpsGatewayEndpoints.create, {
      token: await t.tokenFor(ROLE.companyAdmin),
      body: { imei: IMEI },
    });
    expect(taken.message).toContain('This IMEI is already registered');

    // The operator sees every company's gateways; lessor A none of lessor B's, and cannot touch them.
    const all = await t.dbh.db.select().from(gpsGateways).all();
    const operator = await t.call(gpsGatewayEndpoints.list, {
      token: await t.tokenFor(ROLE.companyEmployee),
      query: { pageSize: 200 },
    });
    expect(operator.data.total).toBe(all.length);
    const own = await t.call(gpsGatewayEndpoints.list, { token: admin, query: { pageSize: 200 } });
    expect(own.data.total).toBe(all.filter((g) => g.orgId === lessorA).length);
    const foreign = all.find((g) => g.orgId === lessorB)!;
    expect((await t.call(gpsGatewayEndpoints.delete, { token: admin, body: { id: foreign.id } })).status).toBe('404');
    const technician = await t.tokenFor(ROLE.technician);
    const read = await t.call(controllerEndpoints.list, { token: technician });
    expect(read.status).toBe('200');
    await expectEvery(read.data.list, (c: { editable: boolean }) => !c.editable);
    expect(
      (await t.call(gpsGatewayEndpoints.delete, { token: technician, body: { id: created.data.id } })).status,
    ).toBe('403');
    expect((await t.call(controllerEndpoints.list, { token: await t.tokenFor(ROLE.distributor) })).status).toBe('403');
  });
});
