import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { faultRecords } from '@console/db/schema/faults';
import { feedback } from '@console/db/schema/feedback';
import { alarms } from '@console/db/schema/warning';
import { workOrders } from '@console/db/schema/work-orders';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

/**
 * The demo's work orders raised from an alarm, a customer's feedback or a fault record point at that record, on
 * the same machine: the detail's "source record" link opens something real.
 */
describe('seeded work orders and their sources', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  const sourced = (source: 'alarm' | 'feedback' | 'fault') =>
    t.dbh.db.select().from(workOrders).where(eq(workOrders.source, source)).all();

  it('an alarm order points at an alarm of its machine', async () => {
    expect((await sourced('alarm')).length).toBeGreaterThan(0);
    for (const order of await sourced('alarm')) {
      const alarm = await t.dbh.db.select().from(alarms).where(eq(alarms.id, order.sourceId!)).get();
      expect(alarm?.deviceId).toBe(order.deviceId);
    }
  });

  it('a feedback order points at the feedback it was raised from, which names the order', async () => {
    expect((await sourced('feedback')).length).toBeGreaterThan(0);
    for (const order of await sourced('feedback')) {
      const record = await t.dbh.db.select().from(feedback).where(eq(feedback.id, order.sourceId!)).get();
      expect(record).toMatchObject({ deviceId: order.deviceId, workOrderId: order.id });
    }
  });

  it('a fault order points at the fault record it was raised from, repaired as the order was', async () => {
    expect((await sourced('fault')).length).toBeGreaterThan(0);
    for (const order of await sourced('fault')) {
      const record = await t.dbh.db.select().from(faultRecords).where(eq(faultRecords.id, order.sourceId!)).get();
      expect(record).toMatchObject({ deviceId: order.deviceId, workOrderId: order.id });
      if (order.solverId !== null) expect(record).toMatchObject({ state: 'repaired', parts: order.partsUsed });
    }
  });
});
