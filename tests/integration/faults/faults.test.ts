import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { faultEndpoints } from '@console/contract/http/faults';
import { devices } from '@console/db/schema/devices';
import { faultRecords } from '@console/db/schema/faults';
import { alarms } from '@console/db/schema/warning';
import { workOrders } from '@console/db/schema/work-orders';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { demoOrgs, machineOf } from '../maintenance/helpers.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';
import { findInOrder } from '@console/db/in-order';

const DAY = 24 * 3600 * 1000;
const today = () => new Date(Date.now() + 8 * 3600 * 1000).toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() + 8 * 3600 * 1000 - n * DAY).toISOString().slice(0, 10);
const body = (deviceId: number) => ({
  deviceId,
  faultTypes: ['hydraulic' as const],
  cause: 'Lift cylinder seal worn',
  occurredAt: daysAgo(2),
});

describe('fault records', () => {
  let t: TestApp;
  let orgs: Awaited<ReturnType<typeof demoOrgs>>;
  const count = async () => (await t.dbh.db.select().from(faultRecords).all()).length;
  const list = async (roleId: RoleId, query: Record<string, unknown> = {}) =>
    t.call(faultEndpoints.list, { token: await t.tokenFor(roleId), query: { pageSize: 200, ...query } });

  beforeEach(async () => {
    t = await createTestApp();
    orgs = await demoOrgs(t.dbh);
  });
  afterEach(() => t.dbh.close());

  it('records a fault, repairs it once, and raises one work order from it', async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const machine = await machineOf(t.dbh, orgs.lessor);
    const created = await t.call(faultEndpoints.create, { token, body: body(machine.id) });
    expect(created.status).toBe('200');
    const id = created.data.id;
    const detail = await t.call(faultEndpoints.detail, { token, query: { id } });
    expect(detail.data).toMatchObject({
      state: 'open',
      serialNumber: machine.serialNumber,
      editable: true,
      raisable: true,
    });
    expect(detail.data.reporterName).not.toBe('');
    // Repaired before it happened, or in the future: refused on the field, nothing changes.
    const early = await t.call(faultEndpoints.repair, {
      token,
      body: { id, repairedAt: daysAgo(5), repairMethod: 'Replaced the seal' },
    });
    expect(early).toMatchObject({ status: '400', data: { field: 'repairedAt' } });
    const future = await t.call(faultEndpoints.repair, {
      token,
      body: { id, repairedAt: '2999-01-01', repairMethod: 'Replaced the seal' },
      lang: 'zh_CN',
    });
    expect(future.message).toContain('日期不能晚于今天');
    const repaired = await t.call(faultEndpoints.repair, {
      token,
      body: { id, repairedAt: today(), repairMethod: 'Replaced the seal' },
    });
    expect(repaired.status).toBe('200');
    const again = await t.call(faultEndpoints.repair, {
      token,
      body: { id, repairedAt: today(), repairMethod: 'Again' },
    });
    expect(again).toMatchObject({ status: '409', message: 'The fault has already been repaired' });
    expect((await t.call(faultEndpoints.detail, { token, query: { id } })).data).toMatchObject({
      state: 'repaired',
      repairedAt: today(),
      repairMethod: 'Replaced the seal',
    });
    const raised = await t.call(faultEndpoints.raiseWorkOrder, { token, body: { id } });
    expect(raised.status).toBe('200');
    const order = (await t.dbh.db.select().from(workOrders).where(eq(workOrders.id, raised.data.workOrderId)).get())!;
    expect(order).toMatchObject({ source: 'fault', sourceId: id, deviceId: machine.id, type: 1, status: 1 });
    expect(order.title).toContain(machine.serialNumber);
    const twice = await t.call(faultEndpoints.raiseWorkOrder, { token, body: { id } });
    expect(twice.status).toBe('409');
    const fromIt = and(eq(workOrders.source, 'fault'), eq(workOrders.sourceId, id));
    expect(await t.dbh.db.select().from(workOrders).where(fromIt).all()).toHaveLength(1);
  });

  it('takes a record from a fault alarm of the machine, once, and refuses other alarms', async () => {
    const token = await t.tokenFor(ROLE.technician);
    const alarmOf = async (type: 'fault' | 'tilt') =>
      (await findInOrder(
        await t.dbh.db
          .select({ id: alarms.id, deviceId: alarms.deviceId })
          .from(alarms)
          .innerJoin(devices, eq(devices.id, alarms.deviceId))
          .where(and(eq(alarms.type, type), eq(devices.orgId, orgs.lessor)))
          .all(),
        async (a) => !(await t.dbh.db.select().from(faultRecords).where(eq(faultRecords.alarmId, a.id)).get()),
      ))!;
    const fault = await alarmOf('fault');
    const { deviceId: _d, ...fields } = body(0);
    const created = await t.call(faultEndpoints.create, { token, body: { ...fields, alarmId: fault.id } });
    expect(created.status).toBe('200');
    expect(
      (await t.dbh.db.select().from(faultRecords).where(eq(faultRecords.id, created.data.id)).get())!.deviceId,
    ).toBe(fault.deviceId);
    expect((await t.call(faultEndpoints.create, { token, body: { ...fields, alarmId: fault.id } })).status).toBe('409');
    const tilt = await t.call(faultEndpoints.create, {
      token,
      body: { ...fields, alarmId: (await alarmOf('tilt')).id },
    });
    expect(tilt).toMatchObject({ status: '400', data: { field: 'alarmId' } });
    // The technician records faults but does not raise work orders.
    expect((await t.call(faultEndpoints.raiseWorkOrder, { token, body: { id: created.data.id } })).status).toBe('403');
  });

  it('refuses missing fields and another company’s machine, storing nothing', async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const before = await count();
    const machine = await machineOf(t.dbh, orgs.lessor);
    expect((await t.call(faultEndpoints.create, { token, body: { ...body(machine.id), cause: '' } })).data.field).toBe(
      'cause',
    );
    expect(
      (await t.call(faultEndpoints.create, { token, body: { ...body(machine.id), faultTypes: [] } })).data.field,
    ).toBe('faultTypes');
    const { deviceId: _d, ...noMachine } = body(0);
    expect((await t.call(faultEndpoints.create, { token, body: noMachine })).data.field).toBe('deviceId');
    const foreign = await machineOf(t.dbh, orgs.foreign);
    expect((await t.call(faultEndpoints.create, { token, body: body(foreign.id) })).status).toBe('404');
    // A customer sees its leased machine but does not keep it.
    const leased = await machineOf(t.dbh, orgs.lessor, orgs.customer);
    expect(
      (await t.call(faultEndpoints.create, { token: await t.tokenFor(ROLE.other), body: body(leased.id) })).status,
    ).toBe('403');
    expect(await count()).toBe(before);
  });

  it('shows a customer, a distributor and a technician only their part; a foreign record is not found', async () => {
    const rows = (res: { data: { list: { deviceId: number; state: string }[] } }) => res.data.list;
    const machineIds = async (where: ReturnType<typeof eq>) =>
      (await t.dbh.db.select({ id: devices.id }).from(devices).where(where).all()).map((d) => d.id);
    const customer = rows(await list(ROLE.other));
    expect(customer.length).toBeGreaterThan(0);
    const leased = await machineIds(eq(devices.customerOrgId, orgs.customer));
    await expectEvery(customer, (r) => leased.includes(r.deviceId));
    const distributor = rows(await list(ROLE.distributor));
    expect(distributor.length).toBeGreaterThan(0);
    const sold = await machineIds(eq(devices.distributorOrgId, orgs.distributor));
    await expectEvery(distributor, (r) => sold.includes(r.deviceId));
    const tech = rows(await list(ROLE.technician));
    const own = await machineIds(eq(devices.orgId, orgs.lessor));
    await expectEvery(tech, (r) => own.includes(r.deviceId));
    const foreign = (await t.dbh.db.select().from(faultRecords).where(eq(faultRecords.orgId, orgs.foreign)).get())!;
    expect(
      (await t.call(faultEndpoints.detail, { token: await t.tokenFor(ROLE.lessorAdmin), query: { id: foreign.id } }))
        .status,
    ).toBe('404');
    expect((await list(ROLE.finance)).status).toBe('403');
  });

  it('filters by state, fault type, machine kind and date range', async () => {
    const open = (await list(ROLE.companyAdmin, { state: 'open' })).data.list;
    expect(open.length).toBeGreaterThan(0);
    await expectEvery(open, (r: { state: string }) => r.state === 'open');
    const all = (await list(ROLE.companyAdmin)).data.list as { faultTypes: string[]; machineKind: string }[];
    const type = all[0]!.faultTypes[0]!;
    const typed = (await list(ROLE.companyAdmin, { faultType: type })).data.list;
    await expectEvery(typed, (r: { faultTypes: string[] }) => r.faultTypes.includes(type));
    const kind = all[0]!.machineKind;
    await expectEvery(
      (await list(ROLE.companyAdmin, { machineKind: kind })).data.list,
      (r: { machineKind: string }) => r.machineKind === kind,
    );
    const from = daysAgo(5);
    const recent = (await list(ROLE.companyAdmin, { from })).data.list;
    await expectEvery(recent, (r: { occurredAt: string }) => r.occurredAt >= from);
    expect((await list(ROLE.companyAdmin, { from: 'yesterday' })).status).toBe('400');
  });
});
