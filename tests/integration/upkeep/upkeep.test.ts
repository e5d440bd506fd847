import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { upkeepEndpoints, type UpkeepPlan } from '@console/contract/http/upkeep';
import { devices } from '@console/db/schema/devices';
import { upkeepPlans } from '@console/db/schema/upkeep';
import { workOrders } from '@console/db/schema/work-orders';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { demoOrgs, machineOf, moveOrder } from '../maintenance/helpers.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';

const DAY = 24 * 3600 * 1000;
const shanghaiDay = (ms: number) => new Date(ms + 8 * 3600 * 1000).toISOString().slice(0, 10);

describe('maintenance reminders', () => {
  let t: TestApp;
  let orgs: Awaited<ReturnType<typeof demoOrgs>>;
  const list = async (roleId: RoleId, query: Record<string, unknown> = {}) =>
    t.call(upkeepEndpoints.list, {
      token: await t.tokenFor(roleId),
      query: { pageSize: 200, ...query },
      headers: { timeZone: 'Asia/Shanghai' },
    });
  const plan = async (id: number) =>
    ((await list(ROLE.lessorAdmin)).data.list as UpkeepPlan[]).find((p) => p.id === id)!;

  beforeEach(async () => {
    t = await createTestApp();
    orgs = await demoOrgs(t.dbh);
  });
  afterEach(() => t.dbh.close());

  it('lists due soon and overdue plans first, with tabs counted on the server', async () => {
    const all = (await list(ROLE.lessorAdmin)).data.list as UpkeepPlan[];
    const states = all.map((p) => p.due);
    expect(states).toContain('overdue');
    expect(states).toContain('dueSoon');
    expect(states).toContain('ok');
    // Most urgent first.
    const rank = { overdue: 0, dueSoon: 1, ok: 2 };
    expect(states.map((s) => rank[s])).toEqual([...states.map((s) => rank[s])].sort());
    for (const due of ['overdue', 'dueSoon', 'ok'] as const) {
      const filtered = (await list(ROLE.lessorAdmin, { due })).data.list as UpkeepPlan[];
      // The SQL filter and the state each row shows agree.
      expect(filtered.map((p) => p.id).sort()).toEqual(
        all
          .filter((p) => p.due === due)
          .map((p) => p.id)
          .sort(),
      );
    }
    const counts = await t.call(upkeepEndpoints.counts, { token: await t.tokenFor(ROLE.lessorAdmin) });
    expect(counts.data).toEqual({
      all: all.length,
      dueSoon: states.filter((s) => s === 'dueSoon').length,
      overdue: states.filter((s) => s === 'overdue').length,
    });
  });

  it('creates one plan per machine for several machines, computing the next due day or hours', async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const a = await machineOf(t.dbh, orgs.lessor, null, 0);
    const b = await machineOf(t.dbh, orgs.lessor, null, 1);
    const res = await t.call(upkeepEndpoints.create, {
      token,
      headers: { timeZone: 'Asia/Shanghai' },
      body: { deviceIds: [a.id, b.id], interval: '6m', lastDoneAt: '2026-08-31', content: 'Oil and filters' },
    });
    expect(res.status).toBe('200');
    expect(res.data.ids).toHaveLength(2);
    const created = await plan(res.data.ids[0]);
    expect(created).toMatchObject({ lastDoneAt: '2026-08-31', nextDueAt: '2027-02-28', nextDueHours: null });
    const hours = await t.call(upkeepEndpoints.create, {
      token,
      body: { deviceIds: [a.id], interval: 'hours', intervalHours: 250, lastDoneHours: a.workingHours - 240 },
    });
    const byHours = await plan(hours.data.ids[0]);
    expect(byHours).toMatchObject({ due: 'dueSoon', remaining: 10, nextDueAt: null });
    expect(byHours.nextDueHours).toBeCloseTo(a.workingHours + 10, 5);
    // Reported working hours move the plan: past its hours it is overdue.
    await t.dbh.db
      .update(devices)
      .set({ workingHours: a.workingHours + 15 })
      .where(eq(devices.id, a.id))
      .run();
    expect((await plan(hours.data.ids[0])).due).toBe('overdue');
  });

  it('refuses bad input, foreign machines and readers, changing nothing', async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const before = (await t.dbh.db.select().from(upkeepPlans).all()).length;
    const own = await machineOf(t.dbh, orgs.lessor);
    const noHours = await t.call(upkeepEndpoints.create, { token, body: { deviceIds: [own.id], interval: 'hours' } });
    expect(noHours).toMatchObject({ status: '400', data: { field: 'intervalHours' } });
    const noMachine = await t.call(upkeepEndpoints.create, { token, body: { deviceIds: [], interval: '3m' } });
    expect(noMachine.data.field).toBe('deviceIds');
    const future = await t.call(upkeepEndpoints.create, {
      token,
      body: { deviceIds: [own.id], interval: '3m', lastDoneAt: '2999-01-01' },
    });
    expect(future.data.field).toBe('lastDoneAt');
    const foreign = await machineOf(t.dbh, orgs.foreign);
    const mixed = await t.call(upkeepEndpoints.create, {
      token,
      body: { deviceIds: [own.id, foreign.id], interval: '3m' },
    });
    expect(mixed.status).toBe('404');
    for (const role of [ROLE.technician, ROLE.distributor, ROLE.lessorSales]) {
      const refused = await t.call(upkeepEndpoints.create, {
        token: await t.tokenFor(role),
        body: { deviceIds: [own.id], interval: '3m' },
      });
      expect(refused.status).toBe('403');
    }
    const foreignPlan = (await t.dbh.db.select().from(upkeepPlans).where(eq(upkeepPlans.orgId, orgs.foreign)).get())!;
    const ownPlan = (await t.dbh.db.select().from(upkeepPlans).where(eq(upkeepPlans.orgId, orgs.lessor)).get())!;
    const batch = await t.call(upkeepEndpoints.remove, { token, body: { ids: [ownPlan.id, foreignPlan.id] } });
    expect(batch.status).toBe('404');
    expect((await t.dbh.db.select().from(upkeepPlans).all()).length).toBe(before);
    expect((await t.call(upkeepEndpoints.remove, { token, body: { ids: [ownPlan.id] } })).data.deleted).toBe(1);
  });

  it('raises one work order from a plan; resolving it makes the plan done, closing it frees the plan', async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const overdue = ((await list(ROLE.lessorAdmin, { due: 'overdue' })).data.list as UpkeepPlan[]).find(
      (p) => p.interval !== 'hours',
    )!;
    const raised = await t.call(upkeepEndpoints.raiseWorkOrder, { token, body: { id: overdue.id } });
    expect(raised.status).toBe('200');
    const orderId = raised.data.workOrderId;
    const order = (await t.dbh.db.select().from(workOrders).where(eq(workOrders.id, orderId)).get())!;
    expect(order).toMatchObject({ source: 'upkeep', sourceId: overdue.id, type: 2 });
    expect((await plan(overdue.id)).workOrderId).toBe(orderId);
    const again = await t.call(upkeepEndpoints.raiseWorkOrder, { token, body: { id: overdue.id } });
    expect(again).toMatchObject({ status: '409', message: 'The plan already has an open work order' });
    // Repaired is not yet done.
    await moveOrder(t.dbh, orderId, 'repair', Date.now());
    expect(await plan(overdue.id)).toMatchObject({ due: 'overdue', workOrderId: orderId });
    await moveOrder(t.dbh, orderId, 'resolve', Date.now());
    const done = await plan(overdue.id);
    expect(done).toMatchObject({ due: 'ok', workOrderId: null, lastWorkOrderId: orderId });
    expect(done.lastDoneAt).toBe(shanghaiDay(Date.now()));
    // A closed order (no repair) frees the plan without a service.
    const next = await t.call(upkeepEndpoints.raiseWorkOrder, { token, body: { id: overdue.id } });
    await moveOrder(t.dbh, next.data.workOrderId, 'close', Date.now() + DAY);
    expect(await plan(overdue.id)).toMatchObject({
      workOrderId: null,
      lastWorkOrderId: orderId,
      lastDoneAt: done.lastDoneAt,
    });
  });

  it('shows a distributor and a technician only their machines’ plans, read-only; customers not at all', async () => {
    const sold = (
      await t.dbh.db
        .select({ id: devices.id })
        .from(devices)
        .where(eq(devices.distributorOrgId, orgs.distributor))
        .all()
    ).map((d) => d.id);
    const distributor = (await list(ROLE.distributor)).data.list as UpkeepPlan[];
    expect(distributor.length).toBeGreaterThan(0);
    await expectEvery(distributor, (p) => sold.includes(p.deviceId) && !p.editable);
    const tech = (await list(ROLE.technician)).data.list as UpkeepPlan[];
    expect(tech.length).toBeGreaterThan(0);
    await expectEvery(tech, (p) => !p.editable);
    expect((await list(ROLE.other)).status).toBe('403');
    const foreignPlan = (await t.dbh.db.select().from(upkeepPlans).where(eq(upkeepPlans.orgId, orgs.foreign)).get())!;
    const edit = await t.call(upkeepEndpoints.update, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      body: { id: foreignPlan.id, interval: '3m' },
    });
    expect(edit.status).toBe('404');
  });
});
