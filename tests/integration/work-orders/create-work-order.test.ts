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
  const inUnit = <T>(user: ConstructorParameters<typeof ScopedData>[1], work: (tx: ScopedWrite) => T) =>
    new ScopedData(t.dbh.db, user).write(work);
  let m: ReturnType<typeof machinesOf>;
  const orderCount = () => t.dbh.db.select().from(workOrders).all().length;

  beforeEach(async () => {
    t = await createTestApp();
    m = machinesOf(t.dbh);
  });
  afterEach(() => t.dbh.close());

  it('raises a pending order from a source in one step, numbered by day, with its first timeline row', () => {
    const user = sessionUserOf(t, ROLE.lessorAdmin);
    const now = Date.UTC(2026, 10, 25, 2, 0, 0);
    const before = orderCount();
    // The seed's reminders and feedback sit on machines of its choosing: take machines that hold a free one.
    const upkept = machineWithFreeSource(t.dbh, 'upkeep', m.lessor);
    const fed = machineWithFreeSource(t.dbh, 'feedback', m.lessor);
    const plan = freeSourceOf(t.dbh, 'upkeep', upkept.id);
    const first = new ScopedData(t.dbh.db, user).write((tx) =>
      createWorkOrder(
        tx,
        user,
        { title: 'Reminder: 6-month service', deviceId: upkept.id, source: { kind: 'upkeep', id: plan } },
        now,
      ),
    );
    const second = new ScopedData(t.dbh.db, user).write((tx) =>
      createWorkOrder(
        tx,
        user,
        {
          title: 'Customer says it leaks',
          deviceId: fed.id,
          phone: '13900000001',
          source: { kind: 'feedback', id: freeSourceOf(t.dbh, 'feedback', fed.id) },
        },
        now,
      ),
    );
    expect(first.number).toMatch(/^WO202611250\d{3}$/);
    expect(Number(second.number.slice(-4))).toBe(Number(first.number.slice(-4)) + 1);
    expect(orderCount()).toBe(before + 2);
    const row = t.dbh.db.select().from(workOrders).where(eq(workOrders.id, first.id)).get()!;
    // Kind and phone come from the machine when the caller leaves them out.
    expect(row).toMatchObject({
      status: 1,
      source: 'upkeep',
      sourceId: plan,
      deviceKind: upkept.kind,
      orgId: m.lessor,
    });
    expect(row.phone).toMatch(/^1\d{10}$/);
    const events = t.dbh.db.select().from(workOrderEvents).where(eq(workOrderEvents.workOrderId, first.id)).all();
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

  it("is part of the caller's transaction: when the caller fails, no order remains", () => {
    const user = sessionUserOf(t, ROLE.lessorAdmin);
    const before = orderCount();
    const faulty = machineWithFreeSource(t.dbh, 'fault', m.lessor);
    const fault = freeSourceOf(t.dbh, 'fault', faulty.id);
    expect(() =>
      new ScopedData(t.dbh.db, user).write((tx) => {
        createWorkOrder(tx, user, { title: 'From a fault', deviceId: faulty.id, source: { kind: 'fault', id: fault } });
        throw new Error('the fault record could not be saved');
      }),
    ).toThrow('the fault record could not be saved');
    expect(orderCount()).toBe(before);
  });

  it('refuses a second unresolved order for the same source, and an alarm of another machine', () => {
    const user = sessionUserOf(t, ROLE.lessorAdmin);
    const fed = machineWithFreeSource(t.dbh, 'feedback', m.lessor);
    const source = { kind: 'feedback' as const, id: freeSourceOf(t.dbh, 'feedback', fed.id) };
    inUnit(user, (tx) => createWorkOrder(tx, user, { title: 'First', deviceId: fed.id, source }));
    const again = () => inUnit(user, (tx) => createWorkOrder(tx, user, { title: 'Again', deviceId: fed.id, source }));
    expect(again).toThrow(ApiError);
    expect(() => again()).toThrow(expect.objectContaining({ status: '409', messageKey: 'workOrders.sourceTaken' }));
    const alarm = t.dbh.db.select().from(alarms).get()!;
    const otherMachine = alarm.deviceId === m.own.id ? m.shared : m.own;
    expect(() =>
      inUnit(user, (tx) =>
        createWorkOrder(tx, user, {
          title: 'Alarm',
          deviceId: otherMachine.id,
          source: { kind: 'alarm', id: alarm.id },
        }),
      ),
    ).toThrow(expect.objectContaining({ status: '400', messageKey: 'error.invalidField' }));
  });

  it('answers "not found" for a machine the user does not see, and checks the form like create.do', () => {
    const user = sessionUserOf(t, ROLE.lessorAdmin);
    const before = orderCount();
    expect(() => inUnit(user, (tx) => createWorkOrder(tx, user, orderFor(m.foreign)))).toThrow(
      expect.objectContaining({ status: '404' }),
    );
    expect(() => inUnit(user, (tx) => createWorkOrder(tx, user, orderFor(m.own, { title: '  ' })))).toThrow(
      expect.objectContaining({ status: '400', data: expect.objectContaining({ field: 'title' }) }),
    );
    expect(() => inUnit(user, (tx) => createWorkOrder(tx, user, orderFor(m.own, { phone: '12345' })))).toThrow(
      expect.objectContaining({ data: expect.objectContaining({ field: 'phone' }) }),
    );
    const wrongKind = m.own.kind === 'forklift' ? 'mower' : 'forklift';
    expect(() => inUnit(user, (tx) => createWorkOrder(tx, user, orderFor(m.own, { deviceKind: wrongKind })))).toThrow(
      expect.objectContaining({ data: expect.objectContaining({ field: 'deviceKind' }) }),
    );
    expect(orderCount()).toBe(before);
  });
});
