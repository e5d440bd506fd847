import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KindData } from '@console/contract/mqtt/payloads';
import { devices, telemetry, trackPoints } from '@console/db/schema/devices';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { filterInOrder, flatMapInOrder } from '@console/db/in-order';

const hoursOf = (d: KindData) => ('workingHours' in d ? d.workingHours : 'engineHours' in d ? d.engineHours : null);
const chargeOf = (d: KindData) =>
  'batteryPct' in d ? d.batteryPct : 'chargePct' in d ? d.chargePct : 'fuelPct' in d ? d.fuelPct : null;

/** The seeded history of a machine tells the same story as its row (docs/decisions/026-demo-data.md). */
describe('the seeded device history', () => {
  let t: TestApp;
  let sample: (typeof devices.$inferSelect)[];
  const db = () => t.dbh.db;
  const readings = (id: number) =>
    db().select().from(telemetry).where(eq(telemetry.deviceId, id)).orderBy(asc(telemetry.deviceTime)).all();

  beforeAll(async () => {
    t = await createTestApp();
    const withHistory = [
      ...new Set((await db().select({ id: telemetry.deviceId }).from(telemetry).all()).map((r) => r.id)),
    ];
    sample = await db().select().from(devices).where(inArray(devices.id, withHistory)).all();
  });
  afterAll(() => t?.dbh.close());

  it('ends at the last report of a machine offline since then', async () => {
    const offline = sample.filter((d) => !d.online);
    expect(offline.length).toBeGreaterThan(0);
    const late = await flatMapInOrder(offline, async (d) => {
      const last = d.lastReportAt!.getTime();
      const after = [
        ...(await readings(d.id)).filter((r) => r.deviceTime.getTime() > last),
        ...(await db().select().from(trackPoints).where(eq(trackPoints.deviceId, d.id)).all()).filter(
          (p) => p.gpsTime.getTime() > last,
        ),
      ];
      return after.length ? [[d.serialNumber, d.lastReportAt, after.length]] : [];
    });
    expect(late).toEqual([]);
  });

  it('climbs the hour meter to the hours the latest report gives', async () => {
    const withReadings = await filterInOrder(sample, async (d) => (await readings(d.id)).length > 0);
    expect(withReadings.length).toBeGreaterThan(0);
    const apart = await flatMapInOrder(withReadings, async (d) => {
      const last = (await readings(d.id)).at(-1)!.data as KindData;
      const latest = hoursOf(d.latest as KindData);
      const charted = hoursOf(last);
      return latest === null || Math.abs(latest - charted!) < 0.05 ? [] : [[d.serialNumber, latest, charted]];
    });
    expect(apart).toEqual([]);
  });

  it('drains and charges the battery gradually, never jumping between readings', async () => {
    const charged = await filterInOrder(
      sample,
      async (d) => chargeOf(d.latest as KindData) !== null && (await readings(d.id)).length > 1,
    );
    expect(charged.length).toBeGreaterThan(0);
    const jumps = await flatMapInOrder(charged, async (d) => {
      const levels = (await readings(d.id)).map((r) => chargeOf(r.data as KindData)!);
      const steps = levels.slice(1).map((v, i) => Math.abs(v - levels[i]!));
      const biggest = Math.max(...steps);
      return biggest > 3 ? [[d.serialNumber, biggest]] : [];
    });
    expect(jumps).toEqual([]);
    // The machine's row shows the history's last reading.
    expect(
      await filterInOrder(
        charged,
        async (d) => chargeOf(d.latest as KindData) !== chargeOf((await readings(d.id)).at(-1)!.data as KindData),
      ),
    ).toEqual([]);
  });
});
