import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KIND_OUTPUTS,
  MAX_CHARGER_KW,
  MAX_MOWING_M2_PER_HOUR,
  MIN_CYCLE_HOURS,
  type MachineKind,
} from '@console/contract/codes/machine-kinds';
import { ROLE } from '@console/contract/codes/roles';
import { analysisEndpoints } from '@console/contract/http/analysis';
import type { Db } from '@console/db/client';
import type { KindData } from '@console/contract/mqtt/payloads';
import { storedData } from '@console/contract/mqtt/stored-data';
import { harness, spec } from '@console/simulator/src/test-harness';
import { rowOf, rowsOf, runOf } from '../../fixtures/sql-rows.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { rollUp } from '../dashboard/helpers.ts';

/**
 * Every figure of the analysis is one a machine can make, and is credited to whom the machine worked for that day
 * (docs/decisions/062-physical-figures.md): a charger and a mower played by the simulator over the day before and
 * the day of their delivery, a charger's unit replaced on the way, and the seeded month as a whole.
 */

const DAY = 86_400_000;

interface Played {
  id: number;
  serial: string;
  kind: MachineKind;
  startOn: string;
  renter: number;
  contract: number;
}

/** A province named in other letters than ASCII's: one in China. */
const inChina = (province: string | null) => province !== null && /[^ -~]/.test(province);
/** Tuesday to Friday: a weekday after a weekday. */
const afterAWeekday = (day: string) => [2, 3, 4, 5].includes(new Date(`${day}T00:00:00Z`).getUTCDay());

/**
 * A machine of the kind without seeded telemetry, delivered to a customer in China before `before`, on a weekday
 * after a weekday (its crew works both days).
 */
async function deliveredLongAgo(db: Db, kind: MachineKind, before: string): Promise<Played | undefined> {
  const leases = await rowsOf<Played & { province: string | null }>(
    db,
    `SELECT d.id, d.serial_number AS serial, d.kind, p.start_on AS "startOn", p.renter_org_id AS renter,
       p.contract_id AS contract, o.province
     FROM lease_periods p JOIN devices d ON d.id = p.device_id JOIN organisations o ON o.id = p.renter_org_id
     WHERE d.kind = ? AND p.start_on < ?
       AND NOT EXISTS (SELECT 1 FROM telemetry t WHERE t.device_id = d.id)
       AND NOT EXISTS (SELECT 1 FROM lease_periods q WHERE q.device_id = d.id AND q.id <> p.id)
     ORDER BY d.id`,
    kind,
    before,
  );
  return leases.find((l) => inChina(l.province) && afterAWeekday(l.startOn));
}

/** Rows of `columns` into `table`, in their order, in one statement. */
async function insertRows(db: Db, table: string, columns: string[], rows: unknown[][]) {
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  await runOf(
    db,
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${rows.map(() => tuple).join(', ')}`,
    ...rows.flat(),
  );
}

/** What the simulator's machine reported, stored as ingest stores it. */
async function store(db: Db, machine: Played, start: number, before?: KindData) {
  const h = harness([spec(machine.serial, machine.kind, { reportIntervalS: 300, leased: true })], { start });
  h.run(2 * DAY, 300_000);
  const reports = h.transport.of(machine.serial, 'telemetry').map((u) => u.message);
  expect(reports.length).toBeGreaterThan(400);
  // The unit fitted before: its last report, a minute before the new unit's first, with a counter of its own.
  const fitted = before
    ? [[machine.id, reports[0]!.t - 60_000, reports[0]!.t - 59_000, storedData(before), null, null, null, null]]
    : [];
  await insertRows(
    db,
    'telemetry',
    ['device_id', 'device_time', 'received_at', 'data', 'lat', 'lng', 'speed', 'alarm_info'],
    [
      ...fitted,
      ...reports.map((r) => [
        ...[machine.id, r.t, r.t + 500, storedData(r.data)],
        ...(r.pos ? [r.pos.lat, r.pos.lng, r.pos.speed, ''] : [null, null, null, null]),
      ]),
    ],
  );
}

describe('physically possible analysis figures', () => {
  let t: TestApp;
  let db: Db;
  let charger: Played;
  let mower: Played;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.dbh.db;
    // Before the seeded year of daily work (its days on lease begin on its first day): the played days are the only
    // ones there.
    const { first } = (await rowOf<{ first: string }>(db, 'SELECT min(day) AS first FROM daily_work'))!;
    charger = (await deliveredLongAgo(db, 'charger', first))!;
    mower = (await deliveredLongAgo(db, 'mower', first))!;
    expect(charger?.id && mower?.id).toBeTruthy();
    for (const m of [charger, mower]) {
      // From midnight in Shanghai the day before the delivery.
      const start = Date.parse(`${m.startOn}T00:00:00+08:00`) - DAY;
      await store(
        db,
        m,
        start,
        m.kind === 'charger'
          ? { kind: 'charger', state: 'charging', outputV: 52, outputA: 60, energyKwh: 3.2, faults: [] }
          : undefined,
      );
    }
    await rollUp(t);
  });
  afterAll(() => t.dbh.close());

  const construction = async (m: Played) => {
    const from = new Date(Date.parse(`${m.startOn}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
    const res = await t.call(analysisEndpoints.construction, {
      token: await t.tokenFor(ROLE.companyAdmin),
      query: { from, to: m.startOn, kind: m.kind, granularity: 'day' },
    });
    expect(res.status).toBe('200');
    return { ...res.data, from };
  };

  it("gives a charger's energy no more than its power allows, and no distance, across a replaced unit", async () => {
    const { totals } = await construction(charger);
    expect(totals.machines).toBe(1);
    expect(totals.hoursWorked).toBeGreaterThan(0);
    expect(totals.energyKwh).toBeGreaterThan(0);
    expect(totals.energyKwh).toBeLessThanOrEqual(MAX_CHARGER_KW * totals.hoursPowered);
    expect(totals.hoursPowered).toBeLessThanOrEqual(48);
    expect(totals.distanceKm).toBe(0);
  });

  it('gives a mower its area at a pace it can cut', async () => {
    const { totals } = await construction(mower);
    expect(totals.areaM2).toBeGreaterThan(0);
    expect(totals.areaM2).toBeLessThanOrEqual(MAX_MOWING_M2_PER_HOUR * totals.hoursPowered);
    expect(totals.energyKwh).toBe(0);
  });

  it('credits the day before the delivery to the yard and the day of it to the renter', async () => {
    for (const m of [charger, mower]) {
      const { bySite, from } = await construction(m);
      const days = await rowsOf<{ day: string; customer: number | null }>(
        db,
        'SELECT day, customer_org_id AS customer FROM daily_work WHERE device_id = ? AND day <= ? ORDER BY day',
        m.id,
        m.startOn,
      );
      expect(days).toEqual([
        { day: from, customer: null },
        { day: m.startOn, customer: m.renter },
      ]);
      // The day of the delivery at its contract's site; the day before in no lease's.
      expect(bySite.map((site) => site.siteId).sort((a, b) => a - b)).toEqual([0, m.contract].sort((a, b) => a - b));
    }
  });

  it('keeps every day of the seeded year and the rollup within what its kind can do', async () => {
    const rows = await rowsOf<
      {
        deviceId: number;
        day: string;
        kind: MachineKind;
        hoursWorked: number;
        hoursPowered: number;
      } & Record<'distanceKm' | 'volumeM3' | 'areaM2' | 'lifts' | 'energyKwh' | 'cycles', number>
    >(
      db,
      `SELECT device_id AS "deviceId", day, kind, hours_worked AS "hoursWorked", hours_powered AS "hoursPowered",
         distance_km AS "distanceKm", volume_m3 AS "volumeM3", area_m2 AS "areaM2", lifts, energy_kwh AS "energyKwh",
         cycles
       FROM daily_work`,
    );
    expect(rows.length).toBeGreaterThan(1000);
    const wrong = rows.filter((r) => {
      const outputs = KIND_OUTPUTS[r.kind];
      const foreign = (['distanceKm', 'volumeM3', 'areaM2', 'lifts', 'energyKwh', 'cycles'] as const).some(
        (o) => r[o] > 0 && !outputs.includes(o),
      );
      return (
        foreign ||
        r.hoursPowered > 24 + 1e-9 ||
        r.hoursWorked > 24 + 1e-9 ||
        r.energyKwh > MAX_CHARGER_KW * r.hoursPowered + 1e-6 ||
        r.areaM2 > MAX_MOWING_M2_PER_HOUR * r.hoursPowered + 1e-6 ||
        r.cycles > Math.ceil(r.hoursPowered / MIN_CYCLE_HOURS) + 1
      );
    });
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it("credits every day to the renter of the lease covering it, else to the owner's yard", async () => {
    const miscredited = await rowsOf(
      db,
      `SELECT w.device_id, w.day, w.customer_org_id, p.renter_org_id FROM daily_work w
       LEFT JOIN lease_periods p ON p.device_id = w.device_id AND p.start_on <= w.day
         AND (p.end_on IS NULL OR p.end_on >= w.day)
       WHERE EXISTS (SELECT 1 FROM lease_periods q WHERE q.device_id = w.device_id)
         AND w.customer_org_id IS DISTINCT FROM p.renter_org_id
       LIMIT 5`,
    );
    expect(miscredited).toEqual([]);
  });

  it('answers per site no more hours than its machines have in the period', async () => {
    const res = await t.call(analysisEndpoints.construction, {
      token: await t.tokenFor(ROLE.companyAdmin),
      query: { granularity: 'day' },
    });
    expect(res.status).toBe('200');
    const { period, bySite } = res.data;
    expect(bySite.length).toBeGreaterThan(1);
    for (const site of bySite) expect(site.hoursWorked).toBeLessThanOrEqual(site.machines * 24 * period.days);
  });
});
