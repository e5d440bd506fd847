import { and, eq, isNull } from 'drizzle-orm';
import { isValidPhone } from '@console/contract/http/fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '@console/db/schema/devices';
import { leaseHandoverMachines, leaseHandovers } from '@console/db/schema/lease-handover';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { workOrders } from '@console/db/schema/work-orders';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';
import { dayOf, DAY_MS } from './helpers.ts';

/** The seeded entries, exits and periods agree with the machines and contracts (docs/decisions/035). */
describe('seeded lease handovers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.dbh.close());

  it('gives every machine on lease an open period, with its renter, from a confirmed entry', async () => {
    const db = t.dbh.db;
    const leased = await db.select().from(devices).where(eq(devices.leaseStatus, 'leased')).all();
    const open = await db.select().from(leasePeriods).where(isNull(leasePeriods.endOn)).all();
    expect(leased.length).toBeGreaterThan(0);
    await expectEvery(
      leased,
      (d) => open.find((p) => p.deviceId === d.id)?.renterOrgId === d.customerOrgId,
      'leased machines with an open period',
    );
    expect(open).toHaveLength(leased.length);
    const entries = await db.select().from(leaseHandovers).where(eq(leaseHandovers.kind, 'entry')).all();
    await expectEvery(open, (p) => entries.find((e) => e.id === p.entryId)?.state === 'confirmed', 'open periods');
  });

  it('seeds ended periods with exits, a damaged return with its work order, a draft, a lease due and one overdue', async () => {
    const db = t.dbh.db;
    const ended = (await db.select().from(leasePeriods).all()).filter((p) => p.endOn !== null);
    expect(ended.length).toBeGreaterThan(0);
    await expectEvery(ended, (p) => p.exitId !== null && p.endOn! >= p.startOn, 'ended periods');
    const damaged = await db
      .select({ m: leaseHandoverMachines, order: workOrders })
      .from(leaseHandoverMachines)
      .innerJoin(workOrders, eq(workOrders.id, leaseHandoverMachines.workOrderId))
      .all();
    expect(damaged.length).toBeGreaterThan(0);
    await expectEvery(
      damaged,
      (r) => r.order.source === 'leaseExit' && r.order.sourceId === r.m.id && r.m.damage !== '',
      'damage orders',
    );
    // Each names a phone its calling code can dial (an Australian contact under +61, not +86).
    await expectEvery(damaged, (r) => isValidPhone(r.order.phone, r.order.areaCode), 'damage order phones');
    expect(new Set(damaged.map((r) => r.order.areaCode))).toEqual(new Set(['86', '61']));
    expect(
      (
        await db
          .select()
          .from(leaseHandovers)
          .where(and(eq(leaseHandovers.kind, 'entry'), eq(leaseHandovers.state, 'draft')))
          .all()
      ).length,
    ).toBeGreaterThan(0);
    const today = dayOf(t.deps.now());
    const open = await db.select().from(leasePeriods).where(isNull(leasePeriods.endOn)).all();
    expect(open.some((p) => p.plannedEndOn >= today && p.plannedEndOn <= dayOf(t.deps.now() + 7 * DAY_MS))).toBe(true);
    expect(open.some((p) => p.plannedEndOn < today)).toBe(true);
  });
});
