import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { deviceEndpoints } from '@console/contract/http/devices';
import { fenceEndpoints, type FenceRow } from '@console/contract/http/fences';
import { organisations, users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { fences } from '@console/db/schema/fences';
import { demoAccount } from '@console/db/seed/accounts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { firstDeviceOf, LESSOR_A, LESSOR_B, orgIdOf } from '../devices/helpers.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';

const CIRCLE = { type: 'circle', center: [31.2304, 121.4737], radius: 800 } as const;
const FORM = {
  name: 'Pudong yard',
  startDate: '2026-11-01',
  endDate: '2027-10-31',
  alarmStart: '08:00',
  alarmEnd: '18:00',
  dailyLimitHours: 10,
  contactName: 'Wang Li',
  areaCode: '86',
  contactPhone: '13900001234',
  location: 'Pudong, Shanghai',
  mapProvider: 'regional',
  shape: CIRCLE,
} as const;

describe('fences', () => {
  let t: TestApp;
  let admin: string;
  let lessorA: number;
  beforeEach(async () => {
    t = await createTestApp();
    admin = await t.tokenFor(ROLE.lessorAdmin);
    lessorA = await orgIdOf(t, LESSOR_A);
  });
  afterEach(() => t.dbh.close());

  const fenceCount = async () => (await t.dbh.db.select().from(fences).all()).length;
  const create = async (body: Record<string, unknown> = FORM, token = admin) =>
    t.call(fenceEndpoints.create, { token, loose: { body } });
  const list = async (query: Record<string, unknown> = {}, token = admin) => {
    const res = await t.call(fenceEndpoints.list, { token, query: { pageSize: 200, ...query } });
    expect(res.status, res.message).toBe('200');
    return res.data as { list: FenceRow[]; total: number };
  };

  it('refuses each missing or wrong field with its message, in both languages, and creates nothing', async () => {
    const before = await fenceCount();
    const { alarmEnd: _end, ...halfWindow } = FORM;
    const { shape: _shape, ...noShape } = FORM;
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ ...FORM, name: '  ' }, 'name', 'Please enter the fence name', '请输入围栏名称'],
      [{ ...FORM, startDate: '' }, 'startDate', 'Please choose the monitoring dates', '请选择监控日期'],
      [{ ...FORM, endDate: '2026-10-01' }, 'endDate', 'cannot be before the start date', '不能早于开始日期'],
      [halfWindow, 'alarmEnd', 'complete alarm time window', '完整的报警时间段'],
      [{ ...FORM, alarmStart: '' }, 'alarmStart', 'complete alarm time window', '完整的报警时间段'],
      [noShape, 'shape', 'Please draw the fence on the map', '请在地图上绘制围栏'],
      [{ ...FORM, shape: null }, 'shape', 'Please draw the fence on the map', '请在地图上绘制围栏'],
      [{ ...FORM, shape: { ...CIRCLE, radius: 5001 } }, 'shape.radius', 'at most 5000 m', '最大为 5000 米'],
      [
        {
          ...FORM,
          shape: {
            type: 'polygon',
            points: [
              [31, 121],
              [31.1, 121],
            ],
          },
        },
        'shape.points',
        'not valid',
        '无效',
      ],
      [{ ...FORM, contactPhone: '12345' }, 'contactPhone', 'valid phone number', '正确的手机号'],
    ];
    for (const [body, field, en, zh] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe('400');
      expect(res.data.field).toBe(field);
      expect(res.message).toContain(en);
      const inChinese = await t.call(fenceEndpoints.create, { token: admin, loose: { body }, lang: 'zh_CN' });
      expect(inChinese.message).toContain(zh);
    }
    expect(await fenceCount()).toBe(before);
    // The limit itself is allowed.
    expect((await create({ ...FORM, shape: { ...CIRCLE, radius: 5000 } })).status).toBe('200');
  });

  it('creates, lists, edits and deletes a fence of the own company, in the time zone of the person saving', async () => {
    const created = await create(FORM);
    expect(created.status, created.message).toBe('200');
    const id = created.data.id as number;
    expect(await t.dbh.db.select().from(fences).where(eq(fences.id, id)).get()).toMatchObject({
      orgId: lessorA,
      timeZone: 'Asia/Shanghai',
    });
    const row = (await list({ name: 'Pudong' })).list.find((r) => r.id === id)!;
    expect(row).toMatchObject({ shapeType: 'circle', deviceCount: 0, contactPhone: '13900001234', editable: true });
    expect((await list({ contact: 'Wang' })).list.map((r) => r.id)).toContain(id);
    expect((await list({ location: 'Nowhere at all' })).total).toBe(0);

    const detail = await t.call(fenceEndpoints.detail, { token: admin, query: { id } });
    expect(detail.data).toMatchObject({ shape: CIRCLE, mapProvider: 'regional', alarmStart: '08:00' });

    const rect = {
      type: 'rectangle',
      bounds: [
        [31.2, 121.4],
        [31.3, 121.5],
      ],
    };
    const updated = await t.call(fenceEndpoints.update, {
      token: admin,
      headers: { timeZone: 'Europe/Berlin' },
      loose: { body: { ...FORM, id, name: 'Pudong yard 2', shape: rect } },
    });
    expect(updated.status, updated.message).toBe('200');
    const after = await t.call(fenceEndpoints.detail, { token: admin, query: { id } });
    expect(after.data).toMatchObject({ name: 'Pudong yard 2', shapeType: 'rectangle', timeZone: 'Europe/Berlin' });

    const deleted = await t.call(fenceEndpoints.delete, { token: admin, body: { id } });
    expect(deleted.status).toBe('200');
    expect((await t.call(fenceEndpoints.detail, { token: admin, query: { id } })).status).toBe('404');
  });

  it('keeps each company to its own fences; the operator sees all; only editors change them', async () => {
    const lessorB = await orgIdOf(t, LESSOR_B);
    const foreign = (await t.dbh.db.select().from(fences).where(eq(fences.orgId, lessorB)).get())!;
    const mine = (await list()).list;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.map((r) => r.id)).not.toContain(foreign.id);
    expect((await t.call(fenceEndpoints.detail, { token: admin, query: { id: foreign.id } })).status).toBe('404');
    const change = await t.call(fenceEndpoints.update, { token: admin, loose: { body: { ...FORM, id: foreign.id } } });
    expect(change.status).toBe('404');
    expect((await t.call(fenceEndpoints.delete, { token: admin, body: { id: foreign.id } })).status).toBe('404');

    const operator = await list({}, await t.tokenFor(ROLE.companyAdmin));
    expect(operator.total).toBe(await fenceCount());
    // Sales may read, not write.
    const sales = await t.tokenFor(ROLE.lessorSales);
    await expectEvery((await list({}, sales)).list, (r) => !r.editable);
    expect((await create(FORM, sales)).status).toBe('403');
  });

  it('binds and unbinds own machines, shows them with their status, and filters the device list by fence', async () => {
    const id = (await create(FORM)).data.id as number;
    const own = await t.dbh.db
      .select()
      .from(devices)
      .where(eq(devices.orgId, lessorA))
      .orderBy(devices.id)
      .limit(2)
      .all();
    const candidates = await t.call(fenceEndpoints.candidates, {
      token: admin,
      query: { id, search: own[0]!.serialNumber },
    });
    expect(candidates.data.map((c: { id: number }) => c.id)).toContain(own[0]!.id);

    const foreign = await firstDeviceOf(t, await orgIdOf(t, LESSOR_B));
    const refused = await t.call(fenceEndpoints.bind, { token: admin, body: { id, deviceIds: [foreign.id] } });
    expect(refused.status).toBe('400');
    expect(refused.message).toContain("Choose machines of the fence's company");
    expect((await t.dbh.db.select().from(devices).where(eq(devices.id, foreign.id)).get())!.fenceId).not.toBe(id);
    const empty = await t.call(fenceEndpoints.bind, { token: admin, body: { id, deviceIds: [] } });
    expect(empty.message).toContain('select at least one item');

    const bound = await t.call(fenceEndpoints.bind, { token: admin, body: { id, deviceIds: own.map((d) => d.id) } });
    expect(bound.data).toEqual({ bound: 2 });
    const machines = await t.call(fenceEndpoints.devices, { token: admin, query: { id } });
    expect(machines.data.total).toBe(2);
    expect(machines.data.list[0]).toMatchObject({ serialNumber: own[0]!.serialNumber, status: own[0]!.status });
    expect((await list({ name: 'Pudong' })).list[0]!.deviceCount).toBe(2);
    const inDeviceList = await t.call(deviceEndpoints.list, { token: admin, query: { fenceId: id } });
    expect(inDeviceList.data.list.map((d: { id: number }) => d.id).sort()).toEqual(own.map((d) => d.id).sort());

    const unbound = await t.call(fenceEndpoints.unbind, { token: admin, body: { id, deviceIds: [own[0]!.id] } });
    expect(unbound.data).toEqual({ unbound: 1 });
    expect((await t.call(fenceEndpoints.devices, { token: admin, query: { id } })).data.total).toBe(1);

    // Deleting the fence frees its machines.
    await t.call(fenceEndpoints.delete, { token: admin, body: { id } });
    expect((await t.dbh.db.select().from(devices).where(eq(devices.id, own[1]!.id)).get())!.fenceId).toBeNull();
  });

  it('shows a customer, read-only, the fences holding the machines it rents', async () => {
    const customerUser = (await t.dbh.db
      .select()
      .from(users)
      .where(eq(users.mobile, demoAccount(ROLE.other)))
      .get())!;
    const customerOrg = (await t.dbh.db
      .select()
      .from(organisations)
      .where(eq(organisations.id, customerUser.orgId))
      .get())!;
    const rented = (await t.dbh.db.select().from(devices).where(eq(devices.customerOrgId, customerOrg.id)).get())!;
    const id = (await create(FORM)).data.id as number;
    const customer = await t.tokenFor(ROLE.other);
    expect((await list({}, customer)).list.map((r) => r.id)).not.toContain(id);

    await t.call(fenceEndpoints.bind, { token: admin, body: { id, deviceIds: [rented.id] } });
    const seen = (await list({}, customer)).list.find((r) => r.id === id)!;
    expect(seen.editable).toBe(false);
    expect((await t.call(fenceEndpoints.devices, { token: customer, query: { id } })).data.total).toBe(1);
    const change = await t.call(fenceEndpoints.update, { token: customer, loose: { body: { ...FORM, id } } });
    expect(change.status).toBe('403');
    expect(
      (await t.call(fenceEndpoints.unbind, { token: customer, body: { id, deviceIds: [rented.id] } })).status,
    ).toBe('403');
  });
});
