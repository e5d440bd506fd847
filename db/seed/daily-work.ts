import { sql } from 'drizzle-orm';
import type { MachineKind } from '@console/contract/codes/machine-kinds';
import { organisationZone } from '@console/contract/codes/organisation-zone';
import type { Db } from '../client.ts';
import { dailyWork } from '../schema/analysis.ts';
import { leaseOn, type LeaseDays } from '../lease-days.ts';

/**
 * A month of daily work for the seeded fleet (docs/decisions/037-daily-work.md), so every analysis chart has
 * history on first start. Deterministic without faker (a hash of machine and day), so it shifts no other step.
 * A machine with seeded telemetry gets days only before its telemetry starts: the rollup job folds the rest from
 * the telemetry itself when the server starts. The figures follow the machine's kind (decision 037's outputs):
 * a machine on lease works most weekdays, one in stock now and then, and a few have stood idle for the last days.
 * Each day is credited to the customer who had the machine that day by its lease periods (decision 062). A machine
 * whose service stopped has no days after its last day of service.
 */

export const SEEDED_WORK_DAYS = 30;
const DAY_MS = 86_400_000;

/** A number in [0, 1) from a machine, a day and a purpose: the same every seeding. */
function unit(deviceId: number, day: number, salt: number): number {
  let h = (deviceId * 374761393 + day * 668265263 + salt * 2246822519) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177) >>> 0;
  h = (h ^ (h >>> 16)) >>> 0;
  return h / 4294967296;
}
const between = (u: number, min: number, max: number) => min + u * (max - min);

const dayFormat = new Map<string, Intl.DateTimeFormat>();
function dayIn(t: number, zone: string): string {
  let f = dayFormat.get(zone);
  if (!f)
    dayFormat.set(
      zone,
      (f = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })),
    );
  return f.format(t);
}

interface Output {
  distanceKm: number;
  volumeM3: number;
  areaM2: number;
  lifts: number;
  energyKwh: number;
  cycles: number;
}

/** What a day of `hours` work gives on a machine of the kind. */
function outputOf(kind: MachineKind, hours: number, u: number): Output {
  const none = { distanceKm: 0, volumeM3: 0, areaM2: 0, lifts: 0, energyKwh: 0, cycles: 0 };
  const r = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;
  switch (kind) {
    case 'aerialPlatform':
      return { ...none, distanceKm: r(between(u, 0.2, 1.5)), lifts: Math.round(hours * between(u, 6, 14)) };
    case 'concretePump':
      // Pumping about half the engine's hours at 40-90 m³/h.
      return { ...none, distanceKm: r(between(u, 0, 0.3)), volumeM3: r(hours * 0.5 * between(u, 40, 90)) };
    case 'wetSprayer':
      return { ...none, distanceKm: r(between(u, 0, 0.5)), volumeM3: r(hours * 0.6 * between(u, 5, 18)) };
    case 'mower':
      return { ...none, distanceKm: r(hours * between(u, 2, 4)), areaM2: Math.round(hours * between(u, 500, 900)) };
    case 'boat':
      return { ...none, distanceKm: r(hours * between(u, 8, 20)) };
    case 'forklift':
      return { ...none, distanceKm: r(hours * between(u, 0.8, 2)), lifts: Math.round(hours * between(u, 15, 30)) };
    case 'battery':
      return { ...none, cycles: hours > 5 ? 2 : 1 };
    case 'charger':
      return { ...none, energyKwh: r(hours * between(u, 5, 12)) };
  }
}

export function seedDailyWork(db: Db, now: number): number {
  const machines = db.all<{
    id: number;
    kind: MachineKind;
    orgId: number;
    customerOrgId: number | null;
    distributorOrgId: number | null;
    province: string | null;
    city: string | null;
    firstReport: number | null;
    serviceExpiresAt: string | null;
  }>(sql`
    SELECT d.id, d.kind, d.org_id AS orgId, d.customer_org_id AS customerOrgId,
      d.distributor_org_id AS distributorOrgId, o.province, o.city, d.service_expires_at AS serviceExpiresAt,
      (SELECT min(t.device_time) FROM telemetry t WHERE t.device_id = d.id) AS firstReport
    FROM devices d LEFT JOIN organisations o ON o.id = coalesce(d.customer_org_id, d.org_id)
    ORDER BY d.id`);
  const leases = new Map<number, LeaseDays[]>();
  for (const l of db.all<LeaseDays & { deviceId: number }>(sql`
    SELECT device_id AS deviceId, contract_id AS contractId, renter_org_id AS renterOrgId, start_on AS startOn,
      end_on AS endOn FROM lease_periods`))
    leases.set(l.deviceId, [...(leases.get(l.deviceId) ?? []), l]);
  const rows: (typeof dailyWork.$inferInsert)[] = [];
  for (const m of machines) {
    const zone = organisationZone(m.province === null ? undefined : { province: m.province, city: m.city ?? '' });
    // One machine in nine has stood idle for the last four to nine days (attendance's "idle for N days").
    const idleFor = m.id % 9 === 0 ? 4 + (m.id % 6) : 0;
    const before = m.firstReport === null ? null : dayIn(m.firstReport, zone);
    for (let back = SEEDED_WORK_DAYS; back >= 1; back--) {
      const at = now - back * DAY_MS;
      const day = dayIn(at, zone);
      if (before !== null && day >= before) continue;
      // A machine whose service has stopped reports nothing after its last day of service (renewals.ts).
      if (m.serviceExpiresAt !== null && day > m.serviceExpiresAt) continue;
      const dayNo = Math.floor(at / DAY_MS);
      const site = leaseOn(leases.get(m.id) ?? [], day, m.customerOrgId);
      const leased = site.customerOrgId !== null;
      const weekend = [0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay());
      const chance = leased ? (weekend ? 0.45 : 0.85) : 0.15;
      const works = back > idleFor && unit(m.id, dayNo, 1) < chance;
      // A day without work still sees the machine switched on now and then (checked, moved, charged).
      if (!works && unit(m.id, dayNo, 2) > 0.3) continue;
      const hoursWorked = works ? Math.round(between(unit(m.id, dayNo, 3), 2, 9) * 100) / 100 : 0;
      const hoursPowered = Math.round((hoursWorked + between(unit(m.id, dayNo, 4), 0.3, 2)) * 100) / 100;
      const out = works ? outputOf(m.kind, hoursWorked, unit(m.id, dayNo, 5)) : outputOf(m.kind, 0, 0);
      rows.push({
        deviceId: m.id,
        day,
        timeZone: zone,
        kind: m.kind,
        ownerOrgId: m.orgId,
        customerOrgId: site.customerOrgId,
        contractId: site.contractId,
        distributorOrgId: m.distributorOrgId,
        hoursWorked,
        hoursPowered,
        ...out,
        cycles: works ? out.cycles : 0,
        reports: Math.round(hoursPowered * 360),
      });
    }
  }
  db.transaction((tx) => {
    for (let i = 0; i < rows.length; i += 500)
      tx.insert(dailyWork)
        .values(rows.slice(i, i + 500))
        .run();
  });
  return rows.length;
}
