import { eq, isNotNull } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { hasRiskPermission } from '@console/contract/codes/device-status';
import { deviceDetailEndpoints } from '@console/contract/http/device-detail';
import { deviceEndpoints } from '@console/contract/http/devices';
import { users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { alarms } from '@console/db/schema/warning';
import { demoAccount } from '@console/db/seed/accounts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { LESSOR_A, LESSOR_B, orgIdOf } from '../devices/helpers.ts';

const orgOfRole = async (t: TestApp, role: RoleId) =>
  (await t.dbh.db
    .select()
    .from(users)
    .where(eq(users.mobile, demoAccount(role)))
    .get())!.orgId;

describe('device detail: who sees which machine', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  const detail = async (role: RoleId, id: number, lang: 'en_US' | 'zh_CN' = 'en_US') =>
    t.call(deviceDetailEndpoints.detail, { token: await t.tokenFor(role), lang, query: { id } });

  it('shows an own machine with its latest state, risk permission and whether the user may command it', async () => {
    const owned = (await t.dbh.db
      .select()
      .from(devices)
      .where(eq(devices.orgId, await orgIdOf(t, LESSOR_A)))
      .limit(1)
      .get())!;
    const admin = await detail(ROLE.lessorAdmin, owned.id);
    expect(admin.status, admin.message).toBe('200');
    expect(admin.data.device).toMatchObject({ id: owned.id, serialNumber: owned.serialNumber, status: owned.status });
    expect(admin.data.latest!.kind).toBe(owned.kind);
    expect(admin.data.riskPermission).toBe(hasRiskPermission(owned.status));
    expect(admin.data.commandable).toBe(true);
    // Sales staff of the same company read it but do not command machines (decision 010).
    const sales = await detail(ROLE.lessorSales, owned.id);
    expect(sales.status).toBe('200');
    expect(sales.data.commandable).toBe(false);
    // The operator's staff see every company's machines.
    expect((await detail(ROLE.companyAdmin, owned.id)).data.commandable).toBe(true);
  });

  it("answers 'not found' for another company's machine on every call, so serials cannot be probed", async () => {
    const foreign = (await t.dbh.db
      .select()
      .from(devices)
      .where(eq(devices.orgId, await orgIdOf(t, LESSOR_B)))
      .limit(1)
      .get())!;
    const range = { id: foreign.id, from: Date.UTC(2026, 2, 10), to: Date.UTC(2026, 2, 11) };
    const token = await t.tokenFor(ROLE.lessorAdmin);
    for (const [endpoint, query] of [
      [deviceDetailEndpoints.detail, { id: foreign.id }],
      [deviceDetailEndpoints.series, range],
      [deviceDetailEndpoints.records, range],
      [deviceDetailEndpoints.track, range],
      [deviceDetailEndpoints.workingHours, range],
      [deviceDetailEndpoints.alarms, { id: foreign.id }],
      [deviceEndpoints.get, { id: foreign.id }],
    ] as const) {
      const res = await t.call(endpoint, { token, loose: { query } });
      expect(res, endpoint.path).toMatchObject({ status: '404', message: 'The record does not exist', data: null });
    }
    expect((await detail(ROLE.lessorAdmin, foreign.id, 'zh_CN')).message).toBe('数据不存在');
  });

  it('lets a customer and a distributor read their machines only, and refuses the screen viewer', async () => {
    const customerOrg = await orgOfRole(t, ROLE.other);
    const rented = (await t.dbh.db
      .select()
      .from(devices)
      .where(eq(devices.customerOrgId, customerOrg))
      .limit(1)
      .get())!;
    const other = await t.dbh.db.select().from(devices).where(isNotNull(devices.customerOrgId)).all();
    const notRented = other.find((d) => d.customerOrgId !== customerOrg)!;
    const customer = await detail(ROLE.other, rented.id);
    expect(customer.status).toBe('200');
    expect(customer.data.commandable).toBe(false);
    expect((await detail(ROLE.other, notRented.id)).status).toBe('404');

    const distributorOrg = await orgOfRole(t, ROLE.distributor);
    const distributed = (await t.dbh.db
      .select()
      .from(devices)
      .where(eq(devices.distributorOrgId, distributorOrg))
      .get())!;
    expect((await detail(ROLE.distributor, distributed.id)).status).toBe('200');
    const notDistributed = (await t.dbh.db.select().from(devices).all()).find(
      (d) => d.distributorOrgId !== distributorOrg,
    )!;
    expect((await detail(ROLE.distributor, notDistributed.id)).status).toBe('404');

    expect(await detail(ROLE.screenViewer, rented.id)).toMatchObject({ status: '403' });
  });

  it("lists a machine's alarms, open or ended, within a time range", async () => {
    const device = (await t.dbh.db
      .select()
      .from(devices)
      .where(eq(devices.orgId, await orgIdOf(t, LESSOR_A)))
      .limit(1)
      .get())!;
    await t.dbh.db.delete(alarms).where(eq(alarms.deviceId, device.id)).run();
    const at = Date.UTC(2026, 2, 10, 2);
    await t.dbh.db
      .insert(alarms)
      .values([
        { deviceId: device.id, type: 'tilt', level: 3, value: 15.5, startedAt: new Date(at) },
        { deviceId: device.id, type: 'load90', value: 91, startedAt: new Date(at - 3_600_000), endedAt: new Date(at) },
        { deviceId: device.id, type: 'offline', startedAt: new Date(Date.UTC(2026, 0, 1)), endedAt: new Date(at) },
      ])
      .run();
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const list = (query: Record<string, unknown>, lang: 'en_US' | 'zh_CN' = 'en_US') =>
      t.call(deviceDetailEndpoints.alarms, {
        token,
        lang,
        headers: { timeZone: 'UTC' },
        query: { id: device.id, ...query },
      });
    const all = await list({});
    expect(all.data.total).toBe(3);
    expect(all.data.list[0]).toMatchObject({
      type: 'tilt',
      typeLabel: 'Tilt alarm',
      info: `${device.serialNumber} tilt 15.5°, above 14°`,
      startedAt: '2026-03-10 02:00:00',
      endedAt: '',
    });
    const open = await list({ state: 'open' });
    expect(open.data.list.map((a: { type: string }) => a.type)).toEqual(['tilt']);
    const ended = await list({ state: 'ended', from: Date.UTC(2026, 2, 1) }, 'zh_CN');
    expect(ended.data.list.map((a: { typeLabel: string }) => a.typeLabel)).toEqual(['载荷报警（90%）']);
  });
});
