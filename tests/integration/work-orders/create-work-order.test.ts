import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { alarms } from '@console/db/schema/warning';
import { workOrderEvents, workOrders } from '@console/db/schema/work-orders';
import { ApiError } from '@console/server/src/lib/errors';
import { createWorkOrder } from '@console/server/src/work-orders/create';
import { ScopedData, type ScopedWrite } from '@console/server/src/lib/data';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { freeSourceOf, machinesOf, machineWithFreeSource, orderFor, sessionUserOf } from './helpers.ts';

/** createWorkOrder is what other areas (feedback, reminders, fault records) call inside their transaction. */
describe('createWorkOrder', () => {
  let t: TestApp;
  /** The unit of work a route runs it in, as the signed-in user. */
  const inUnit = async <T>(user: ConstructorParameters<typeof ScopedData>[1], work: (tx: ScopedWrite) => T) =>
    (await ScopedData.of(t.dbh.db, user)).write(work);
  let m: Awaited<ReturnType<typeof machinesOf>>;
  const orderCount = async () => (await t.dbh.db.select().from(workOrders).all()).length;

  beforeEach(async () => {
    t = await createTestApp();
    m = await machinesOf(t.dbh);
  });
  afterEach(() => t.dbh.close());

  it('raises a pending order from a source in one step, numbered by day, with its first timeline row', async () => {
    const user = await sessionUserOf(t, ROLE.lessorAdmin);
    const now = Date.UTC(2026, 10, 25, 2, 0, 0);
    const before = await orderCount();
    // The seed's reminders and feedback sit on machines of its choosing: take machines that hold a free one.
    const upkept = await machineWithFreeSource(t.dbh, 'upkeep', m.lessor);
    const fed = await machineWithFreeSource(t.dbh, 'feedback', m.lessor);
    const plan = await freeSourceOf(t.dbh, 'upkeep', upkept.id);
    const feedback = await freeSourceOf(t.dbh, 'feedback', fed.id);
    const first = await (
      await ScopedData.of(t.dbh.db, user)
    ).write((tx) =>
      createWorkOrder(
        tx,
        user,
        { title: 'Reminder: 6-month service', deviceId: upkept.id, source: { kind: 'upkeep', id: plan } },
        now,
      ),
    );
    const second = await (
      await ScopedData.of(t.dbh.db, user)
    ).write((tx) =>
      createWorkOrder(
        tx,
        user,
        {
          title: 'Customer says it leaks',
          deviceId: fed.id,
          phone: '13900000001',
          source: { kind: 'feedback', id: feedback },
        },
        now,
      ),
    );
    expect(first.number).toMatch(/^WO202611250\d{3}$/);
    expect(Number(second.number.slice(-4))).toBe(Number(first.number.slice(-4)) + 1);
    expect(await orderCount()).toBe(before + 2);
    const row = (await t.dbh.db.select().from(workOrders).where(eq(workOrders.id, first.id)).get())!;
    // Kind and phone come from the machine when the caller leaves them out.
    expect(row).toMatchObject({
      status: 1,
      source: 'upkeep',
      sourceId: plan,
      deviceKind: upkept.kind,
      orgId: m.lessor,
    });
    expect(row.phone).toMatch(/^1\d{10}$/);
    const events = await t.dbh.db.select().from(workOrderEvents).where(eq(workOrderEvents.workOrderId, first.id)).all();
    expect(events).toEqual([
      expect.objectContaining({
        action: 'create',
        fromStatus: null,
        toStatus: 1,
        userId: user.id,
        details: { source: 'upkeep', sourceId: plan },
      }),
    ]);
  });

  it("is part of the caller's transaction: when the caller fails, no order remains", async () => {
    const user = await sessionUserOf(t, ROLE.lessorAdmin);
    const before = await orderCount();
    const faulty = await machineWithFreeSource(t.dbh, 'fault', m.lessor);
    const fault = await freeSourceOf(t.dbh, 'fault', faulty.id);
    await expect(
      (await ScopedData.of(t.dbh.db, user)).write(async (tx) => {
        await createWorkOrder(tx, user, {
          title: 'From a fault',
          deviceId: faulty.id,
          source: { kind: 'fault', id: fault },
        });
        throw new Error('the fault record could not be saved');
      }),
    ).rejects.toThrow('the fault record could not be saved');
    expect(await orderCount()).toBe(before);
  });

  it('refuses a second unresolved order for the same source, and an alarm of another machine', async () => {
    const user = await sessionUserOf(t, ROLE.lessorAdmin);
    const fed = await machineWithFreeSource(t.dbh, 'feedback', m.lessor);
    const source = { kind: 'feedback' as const, id: await freeSourceOf(t.dbh, 'feedback', fed.id) };
    await inUnit(user, (tx) => createWorkOrder(tx, user, { title: 'First', deviceId: fed.id, source }));
    const again = () => inUnit(user, (tx) => createWorkOrder(tx, user, { title: 'Again', deviceId: fed.id, source }));
    await expect(again()).rejects.toThrow(ApiError);
    await expect(again()).rejects.toThrow(
      expect.objectContaining({ status: '409', messageKey: 'workOrders.sourceTaken' }),
    );
    const alarm = (await t.dbh.db.select().from(alarms).get())!;
    const otherMachine = alarm.deviceId === m.own.id ? m.shared : m.own;
    await expect(
      inUnit(user, (tx) =>
        createWorkOrder(tx, user, {
          title: 'Alarm',
          deviceId: otherMachine.id,
          source: { kind: 'alarm', id: alarm.id },
        }),
      ),
    ).rejects.toThrow(expect.objectContaining({ status: '400', messageKey: 'error.invalidField' }));
  });

  it('answers "not found" for a machine the user does not see, and checks the form like create.do', async () => {
    const user = await sessionUserOf(t, ROLE.lessorAdmin);
    const before = await orderCount();
    await expect(inUnit(user, (tx) => createWorkOrder(tx, user, orderFor(m.foreign)))).rejects.toThrow(
      expect.objectContaining({ status: '404' }),
    );
    await expect(inUnit(user, (tx) => createWorkOrder(tx, user, orderFor(m.own, { title: '  ' })))).rejects.toThrow(
      expect.objectContaining({ status: '400', data: expect.objectContaining({ field: 'title' }) }),
    );
    await expect(inUnit(user, (tx) => createWorkOrder(tx, user, orderFor(m.own, { phone: '12345' })))).rejects.toThrow(
      expect.objectContaining({ data: expect.objectContaining({ field: 'phone' }) }),
    );
    const wrongKind = m.own.kind === 'forklift' ? 'mower' : 'forklift';
    await expect(
      inUnit(user, (tx) => createWorkOrder(tx, user, orderFor(m.own, { deviceKind: wrongKind }))),
    ).rejects.toThrow(expect.objectContaining({ data: expect.objectContaining({ field: 'deviceKind' }) }));
    expect(await orderCount()).toBe(before);
  });
});
