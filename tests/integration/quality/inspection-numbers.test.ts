import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull, notInArray } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { qualityEndpoints as api } from '@console/contract/http/quality';
import { qualityInspectionNumber } from '@console/db/doc-numbers';
import { orgDay } from '@console/db/org-zone';
import { devices } from '@console/db/schema/devices';
import { qualityInspections } from '@console/db/schema/quality';
import { mapInOrder } from '@console/db/in-order';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { lessorIds } from '../lease/helpers.ts';

/** 3 December 2026 08:30 in Sydney (AEDT, UTC+11) and 05:30 in Shanghai: still 2 December in UTC. */
const SYDNEY_MORNING = Date.UTC(2026, 11, 2, 21, 30);

/**
 * A quality inspection is numbered with the day it started on the calendar of the organisation whose machine it is
 * (decision 026's addendum), by one function for the server and the demo seed (db/doc-numbers.ts), never the UTC day.
 */
describe('quality inspection numbers', () => {
  let t: TestApp;
  let huadong: number;
  let northwind: number;
  beforeAll(async () => {
    t = await createTestApp();
    [huadong, , northwind] = (await lessorIds(t)) as [number, number, number];
  });
  afterAll(() => t.dbh.close());

  it("takes the day of the machine's organisation", async () => {
    expect(await qualityInspectionNumber(t.dbh.db, 42, northwind, SYDNEY_MORNING)).toBe('QC2026120300042');
    expect(await qualityInspectionNumber(t.dbh.db, 42, huadong, SYDNEY_MORNING)).toBe('QC2026120300042');
    // 23:30 UTC: the next day in Shanghai and in Sydney alike.
    expect(await qualityInspectionNumber(t.dbh.db, 7, huadong, Date.UTC(2026, 11, 2, 16, 30))).toBe('QC2026120300007');
    expect(await qualityInspectionNumber(t.dbh.db, 7, northwind, Date.UTC(2026, 11, 2, 12, 30))).toBe(
      'QC2026120200007',
    );
  });

  it('numbers every seeded inspection as the server numbers one it starts', async () => {
    const seeded = await t.dbh.db
      .select({
        id: qualityInspections.id,
        number: qualityInspections.number,
        orgId: qualityInspections.orgId,
        startedAt: qualityInspections.startedAt,
      })
      .from(qualityInspections)
      .all();
    expect(seeded.length).toBeGreaterThan(50);
    const expected = await mapInOrder(seeded, (row) =>
      qualityInspectionNumber(t.dbh.db, row.id, row.orgId, row.startedAt.getTime()),
    );
    expect(seeded.map((row) => row.number)).toEqual(expected);
    // Northwind's own inspections are among them, on Sydney's days.
    const sydney = seeded.filter((row) => row.orgId === northwind);
    expect(sydney.length).toBeGreaterThan(0);
    for (const row of sydney) {
      expect(row.number.slice(2, 10)).toBe(
        (await orgDay(t.dbh.db, northwind, row.startedAt.getTime())).replaceAll('-', ''),
      );
    }
  });

  it("numbers an inspection started in Sydney's morning with Sydney's day, the UTC date being the day before", async () => {
    const now = t.deps.now();
    const next = new Date(now);
    next.setUTCHours(21, 30, 0, 0);
    if (next.getTime() <= now) next.setUTCDate(next.getUTCDate() + 1);
    t.advance(next.getTime() - now);
    const busy = (
      await t.dbh.db
        .select({ deviceId: qualityInspections.deviceId })
        .from(qualityInspections)
        .where(eq(qualityInspections.state, 'inProgress'))
        .all()
    ).map((r) => r.deviceId);
    const machine = (await t.dbh.db
      .select()
      .from(devices)
      .where(and(eq(devices.orgId, northwind), isNull(devices.customerOrgId), notInArray(devices.id, busy)))
      .orderBy(asc(devices.id))
      .get())!;
    const inspector = await t.tokenFor(ROLE.companyEmployee);
    const started = await t.call(api.start, {
      token: inspector,
      body: { serialNumber: machine.serialNumber, reason: 'newBuild', remark: '' },
    });
    expect(started.status, started.message).toBe('200');
    const row = (await t.dbh.db
      .select()
      .from(qualityInspections)
      .where(eq(qualityInspections.id, started.data.id))
      .get())!;
    const sydneyDay = (await orgDay(t.dbh.db, northwind, t.deps.now())).replaceAll('-', '');
    expect(sydneyDay).not.toBe(new Date(t.deps.now()).toISOString().slice(0, 10).replaceAll('-', ''));
    expect(row.number).toBe(`QC${sydneyDay}${String(row.id).padStart(5, '0')}`);
  });
});
