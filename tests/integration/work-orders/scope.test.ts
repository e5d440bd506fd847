import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { technicianEndpoints } from '@console/contract/http/technicians';
import { workOrderEndpoints } from '@console/contract/http/work-orders';
import { users } from '@console/db/schema/accounts';
import { workOrders } from '@console/db/schema/work-orders';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { create, detailOf, machinesOf, orderFor } from './helpers.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';

describe('who sees and acts on which work order', () => {
  let t: TestApp;
  let m: Awaited<ReturnType<typeof machinesOf>>;
  let tech: number;
  const token = (role: Parameters<TestApp['tokenFor']>[0]) => t.tokenFor(role);
  const list = async (role: Parameters<TestApp['tokenFor']>[0], query = {}) => {
    const res = await t.call(workOrderEndpoints.list, { token: await token(role), query: { pageSize: 200, ...query } });
    expect(res.status, res.message).toBe('200');
    return res.data as {
      total: number;
      list: { id: number; assigneeId: number | null; orgId: number; actions: string[] }[];
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    m = await machinesOf(t.dbh);
    tech = await t.userId(ROLE.technician);
  });
  afterAll(() => t.dbh.close());

  it('the seed gives every reading role orders to see', async () => {
    for (const role of [ROLE.companyAdmin, ROLE.lessorAdmin, ROLE.technician, ROLE.distributor, ROLE.other]) {
      expect((await list(role)).total, `role ${role}`).toBeGreaterThan(0);
    }
  });

  it('a technician sees only the orders assigned to them, records the repair and resolves, never assigns', async () => {
    const mine = (await create(t, orderFor(m.shared))).data.id;
    const notMine = (await create(t, orderFor(m.shared))).data.id;
    await t.call(workOrderEndpoints.assign, {
      token: await token(ROLE.lessorAdmin),
      body: { ids: [mine], assigneeId: tech },
    });
    const seen = await list(ROLE.technician);
    await expectEvery(seen.list, (o) => o.assigneeId === tech);
    expect(seen.list.map((o) => o.id)).toContain(mine);
    expect(seen.list.map((o) => o.id)).not.toContain(notMine);
    expect(
      (await t.call(workOrderEndpoints.detail, { token: await token(ROLE.technician), query: { id: notMine } })).status,
    ).toBe('404');
    expect(seen.list.find((o) => o.id === mine)!.actions).toEqual(['repair']);

    const assign = await t.call(workOrderEndpoints.assign, {
      token: await token(ROLE.technician),
      body: { ids: [mine], assigneeId: tech },
    });
    expect(assign.status).toBe('403');
    const suspend = await t.call(workOrderEndpoints.suspend, {
      token: await token(ROLE.technician),
      body: { id: mine, remark: 'x' },
    });
    expect(suspend.status).toBe('403');
    const repairBody = {
      id: mine,
      faultTypes: ['electrical' as const],
      faultCause: 'Loose wire',
      repairMethod: 'Tightened it',
    };
    const repaired = await t.call(workOrderEndpoints.repair, { token: await token(ROLE.technician), body: repairBody });
    expect(repaired.status, repaired.message).toBe('200');
    const other = await t.call(workOrderEndpoints.repair, {
      token: await token(ROLE.technician),
      body: { ...repairBody, id: notMine },
    });
    expect(other.status).toBe('404');
    expect(
      (await t.call(workOrderEndpoints.resolve, { token: await token(ROLE.technician), body: { id: mine } })).status,
    ).toBe('200');
    const detail = await detailOf(t, mine, ROLE.technician);
    expect(detail.status).toBe(5);
    expect(detail.solverId).toBe(tech);
  });

  it('a distributor and a customer read the orders of the machines they see, and cannot act', async () => {
    const onShared = (await create(t, orderFor(m.shared))).data.id;
    const onOwn = (await create(t, orderFor(m.own))).data.id;
    for (const role of [ROLE.distributor, ROLE.other]) {
      const seen = await list(role);
      const ids = seen.list.map((o) => o.id);
      expect(ids).toContain(onShared);
      expect(ids).not.toContain(onOwn);
      await expectEvery(seen.list, (o) => o.actions.length === 0);
      expect((await detailOf(t, onShared, role)).editable).toBe(false);
      const res = await t.call(workOrderEndpoints.close, {
        token: await token(role),
        body: { id: onShared, remark: 'no' },
      });
      expect(res.status).toBe('403');
      expect(
        (await t.call(workOrderEndpoints.create, { token: await token(role), body: orderFor(m.shared) })).status,
      ).toBe('403');
    }
  });

  it("another company's order is 'not found' to read and to act on, and changes nothing", async () => {
    const foreignOrder = (await t.dbh.db.select().from(workOrders).where(ne(workOrders.orgId, m.lessor)).get())!;
    expect(foreignOrder).toBeDefined();
    const admin = await token(ROLE.lessorAdmin);
    expect((await t.call(workOrderEndpoints.detail, { token: admin, query: { id: foreignOrder.id } })).status).toBe(
      '404',
    );
    expect((await list(ROLE.lessorAdmin)).list.some((o) => o.orgId !== m.lessor)).toBe(false);
    const close = await t.call(workOrderEndpoints.close, {
      token: admin,
      body: { id: foreignOrder.id, remark: 'mine now' },
    });
    expect(close.status).toBe('404');
    expect((await create(t, orderFor(m.foreign))).status).toBe('404');
    expect(await t.dbh.db.select().from(workOrders).where(eq(workOrders.id, foreignOrder.id)).get()).toEqual(
      foreignOrder,
    );
  });

  it('finance and the screen viewer have no work orders', async () => {
    for (const role of [ROLE.finance, ROLE.screenViewer, ROLE.processMaintainer]) {
      expect((await t.call(workOrderEndpoints.list, { token: await token(role), query: {} })).status).toBe('403');
    }
  });

  it('batch assign is all or nothing: one order that may not be assigned refuses the whole request', async () => {
    const admin = await token(ROLE.lessorAdmin);
    const a = (await create(t, orderFor(m.own))).data.id;
    const b = (await create(t, orderFor(m.own))).data.id;
    const closed = (await create(t, orderFor(m.own))).data.id;
    await t.call(workOrderEndpoints.close, { token: admin, body: { id: closed, remark: 'Duplicate' } });
    const refused = await t.call(workOrderEndpoints.assign, {
      token: admin,
      body: { ids: [a, b, closed], assigneeId: tech },
    });
    expect(refused.status).toBe('409');
    expect(refused.message).toContain('it cannot be assigned');
    for (const id of [a, b]) expect((await detailOf(t, id)).status).toBe(1);
    const foreignOrder = (await t.dbh.db.select().from(workOrders).where(ne(workOrders.orgId, m.lessor)).get())!;
    const mixed = await t.call(workOrderEndpoints.assign, {
      token: admin,
      body: { ids: [a, foreignOrder.id], assigneeId: tech },
    });
    expect(mixed.status).toBe('404');
    expect((await detailOf(t, a)).status).toBe(1);
    const done = await t.call(workOrderEndpoints.assign, { token: admin, body: { ids: [a, b], assigneeId: tech } });
    expect(done).toMatchObject({
      status: '200',
      message: '2 work order(s) assigned',
      data: { ids: [a, b], status: 2 },
    });
    for (const id of [a, b]) expect((await detailOf(t, id)).assigneeId).toBe(tech);
  });

  it("assigns only to the company's own technicians (or the operator's), and lists them with their orders", async () => {
    const admin = await token(ROLE.lessorAdmin);
    const stranger = (await t.dbh.db
      .select()
      .from(users)
      .where(and(eq(users.roleId, ROLE.technician), ne(users.orgId, m.lessor)))
      .get())!;
    const id = (await create(t, orderFor(m.own))).data.id;
    for (const assigneeId of [stranger.id, await t.userId(ROLE.lessorSales)]) {
      const res = await t.call(workOrderEndpoints.assign, { token: admin, body: { ids: [id], assigneeId } });
      expect(res).toMatchObject({ status: '400', data: { field: 'assigneeId' } });
    }
    const choices = await t.call(workOrderEndpoints.technicians, { token: admin });
    expect(choices.data.list.map((c: { id: number }) => c.id)).toContain(tech);
    expect(choices.data.list.map((c: { id: number }) => c.id)).not.toContain(stranger.id);
    const page = await t.call(technicianEndpoints.list, { token: admin, query: {} });
    const me = page.data.list.find((r: { id: number }) => r.id === tech);
    expect(me).toMatchObject({ editable: true, region: expect.any(String) });
    expect(me!.open + me!.finished).toBeGreaterThan(0);
    const saved = await t.call(technicianEndpoints.saveProfile, {
      token: admin,
      body: { userId: tech, region: 'Pudong', skills: ['Hydraulics', 'Batteries'] },
    });
    expect(saved).toMatchObject({ status: '200', data: { region: 'Pudong', skills: ['Hydraulics', 'Batteries'] } });
    const notOurs = await t.call(technicianEndpoints.saveProfile, {
      token: admin,
      body: { userId: stranger.id, region: 'x' },
    });
    expect(notOurs.status).toBe('404');
    const staff = await t.call(technicianEndpoints.saveProfile, {
      token: await token(ROLE.lessorStaff),
      body: { userId: tech },
    });
    expect(staff.status).toBe('403');
  });
});
