import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { monitorEndpoints, type CameraRow } from '@console/contract/http/monitor';
import { expectEvery } from '../../fixtures/expect-every.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { bareMachine, cameraOf, orgOf } from './helpers.ts';

describe('cameras bound to machines', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor(ROLE.lessorAdmin);
  });
  afterAll(() => t.dbh.close());
  const cameras = async (token: string, query: Record<string, unknown> = {}) => {
    const res = await t.call(monitorEndpoints.cameras, { token, query: { pageSize: 100, ...query } });
    expect(res.status, res.message).toBe('200');
    return res.data;
  };
  const form = (deviceId: number, over: Record<string, unknown> = {}) => ({
    deviceId,
    channel: 4,
    name: '吊篮',
    position: 'boom' as const,
    remark: '',
    ...over,
  });

  it("shows each reader the cameras of the machines it sees, named in the owner's language", async () => {
    const own = await cameras(admin);
    expect(own.total).toBeGreaterThan(10);
    await expectEvery(own.list, (c: CameraRow) => c.editable, 'own cameras');
    const names = new Set(own.list.map((c: CameraRow) => c.ownerName));
    expect(names.size).toBe(1);
    expect(own.list.some((c: CameraRow) => /[\u4e00-\u9fa5]/.test(c.name))).toBe(true);
    const abroad = await cameras(await t.tokenForAccount('400000005'));
    await expectEvery(abroad.list, (c: CameraRow) => /^[A-Za-z ]+$/.test(c.name), 'Northwind cameras');
    // A customer watches the machines it rents (read-only); the operator's staff every company's.
    const customer = await cameras(await t.tokenFor(ROLE.other));
    await expectEvery(customer.list, (c: CameraRow) => !c.editable, "a customer's cameras");
    expect(customer.total).toBeLessThan(own.total);
    expect((await cameras(await t.tokenFor(ROLE.companyAdmin))).total).toBeGreaterThan(own.total);
    // Roles the page is not for are refused.
    for (const role of [ROLE.finance, ROLE.distributor]) {
      const res = await t.call(monitorEndpoints.cameras, { token: await t.tokenFor(role), query: {} });
      expect(res.status).toBe('403');
    }
  });

  it('filters by position and machine kind, and lists the machines with cameras for the player', async () => {
    const pumps = await cameras(admin, { machineKind: 'concretePump', position: 'hopper' });
    expect(pumps.total).toBeGreaterThan(0);
    await expectEvery(
      pumps.list,
      (c: CameraRow) => c.machineKind === 'concretePump' && c.position === 'hopper',
      'pumps',
    );
    const first = pumps.list[0]!;
    const tree = await t.call(monitorEndpoints.machines, {
      token: admin,
      query: { keyword: first.serialNumber, page: 1, pageSize: 10 },
    });
    expect(tree.data.list).toHaveLength(1);
    expect(tree.data.list[0]!.cameras.map((c) => c.channel)).toEqual([1, 2, 3]);
    const all = await t.call(monitorEndpoints.machines, { token: admin, query: { pageSize: 100 } });
    await expectEvery(all.data.list, (m) => m.cameras.length > 0, 'machines');
  });

  it('binds a camera on a free channel of its own machine, and refuses everything else with the reason', async () => {
    const machine = await bareMachine(t, await orgOf(t, ROLE.lessorAdmin));
    const created = await t.call(monitorEndpoints.create, { token: admin, body: form(machine.id) });
    expect(created.status, created.message).toBe('200');
    const taken = await t.call(monitorEndpoints.create, { token: admin, body: form(machine.id, { name: 'x' }) });
    expect(taken.status).toBe('400');
    expect(taken.data.field).toBe('channel');
    expect(taken.message).toContain('already has a camera');
    for (const channel of [0, 17, 1.5]) {
      const res = await t.call(monitorEndpoints.create, {
        token: admin,
        loose: { body: form(machine.id, { channel }) },
      });
      expect(res.status).toBe('400');
      expect(res.message).toContain('1 to 16');
    }
    const blank = await t.call(monitorEndpoints.create, {
      token: admin,
      body: form(machine.id, { name: ' ', channel: 5 }),
    });
    expect(blank.data.field).toBe('name');
    // Another company's machine is not seen; a salesperson and a customer do not bind cameras.
    const other = await t.call(monitorEndpoints.create, {
      token: await t.tokenForAccount('400000005'),
      body: form(machine.id, { channel: 6 }),
    });
    expect(other.status).toBe('404');
    for (const role of [ROLE.lessorSales, ROLE.other]) {
      const res = await t.call(monitorEndpoints.create, {
        token: await t.tokenFor(role),
        body: form(machine.id, { channel: 7 }),
      });
      expect(res.status).toBe('403');
    }
    const kept = (await cameras(admin, { keyword: machine.serialNumber })).list;
    expect(kept.map((c: CameraRow) => [c.channel, c.name])).toEqual([[4, '吊篮']]);
  });

  it('changes and unbinds only its own cameras', async () => {
    const { camera } = await cameraOf(t, await orgOf(t, ROLE.lessorAdmin));
    const moved = await t.call(monitorEndpoints.update, {
      token: admin,
      body: { id: camera.id, channel: 9, name: '臂架', position: 'boom', remark: '更换为高清' },
    });
    expect(moved.status, moved.message).toBe('200');
    const row = (await t.call(monitorEndpoints.camera, { token: admin, query: { id: camera.id } })).data;
    expect([row.channel, row.remark]).toEqual([9, '更换为高清']);
    const stranger = await t.tokenForAccount('400000005');
    expect((await t.call(monitorEndpoints.camera, { token: stranger, query: { id: camera.id } })).status).toBe('404');
    expect((await t.call(monitorEndpoints.remove, { token: stranger, body: { id: camera.id } })).status).toBe('404');
    expect((await t.call(monitorEndpoints.remove, { token: admin, body: { id: camera.id } })).status).toBe('200');
    expect((await t.call(monitorEndpoints.camera, { token: admin, query: { id: camera.id } })).status).toBe('404');
  });
});
