import { sql } from 'drizzle-orm';
import type { MachineKind } from '@console/contract/codes/machine-kinds';
import { organisationZone } from '@console/contract/codes/organisation-zone';
import { addDays, billingDaysBetween } from '@console/contract/codes/lease-billing';
import type { Db } from '../client.ts';
import { dialectOf } from '../dialect.ts';
import { dailyWork } from '../schema/analysis.ts';
import { leaseOn, type LeaseDays } from '../lease-days.ts';
import { orgDay } from '../org-zone.ts';
import { seededYearStart } from './lease.ts';

/**
 * Daily work for the seeded fleet (docs/decisions/037-daily-work.md): every machine's last month, and before it each
 * day of the seeded year a machine was on lease (lease.ts), so every analysis chart has history on first start and
 * the revenue analysis measures each bill line's days (decision 040). Deterministic without faker (a hash of machine
 * and day), so it shifts no other step. A machine with seeded telemetry gets days only before its telemetry starts:
 * the rollup folds the rest from the telemetry itself, on a server's first start before it listens. The figures
 * follow the machine's kind (decision 037's outputs, WORK_HOURS): a machine on lease works most weekdays and fewer,
 * shorter weekend days, one in stock now and then, and a few have stood idle for the last days. Each day is credited
 * to the customer who had the machine that day by its lease periods (decision 062). A machine reports nothing before
 * its unit was fitted nor after its last day of service.
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

/**
 * The hours a machine of the kind works on a working day, least and most (decision 062: what it can do): a platform
 * or a boat between other trades' work, a pump through a pour, a forklift a shift and sometimes a second, a robotic
 * mower between charges, a pack through a shift of its machine, a charger its packs' charging. A weekend day is
 * shorter (WEEKEND_SHARE of the day's draw).
 */
const WORK_HOURS: Record<MachineKind, readonly [number, number]> = {
  aerialPlatform: [2, 8],
  concretePump: [3, 9],
  wetSprayer: [3, 8],
  mower: [3, 10],
  boat: [2, 7],
  forklift: [3, 11],
  battery: [3, 9],
  charger: [2, 10],
};
const WEEKEND_SHARE = 0.6;

/**
 * On the contracts with an hours allowance (lease.ts, decision 070) the renter runs its machines two shifts: a day
 * from the kind's longest single shift to this many hours more (at most 20), most days and weekends too, so their
 * bills carry overtime above the allowance, some lines none.
 */
const SECOND_SHIFT_HOURS = 6;
const LONG_DAY_CHANCE = { weekday: 0.95, weekend: 0.7 };

/**
 * Each day back from `now` as a day in the zone and whether it falls on a weekend, counted once per zone. Counted in
 * calendar days from the zone's today: stepping back 24 hours at a time would name one day twice (and skip another)
 * across a change of daylight saving time when the zone's clock is near midnight.
 */
function calendar(zone: string, now: number, days: number): { day: string; weekend: boolean; dayNo: number }[] {
  const today = Date.parse(`${dayIn(now, zone)}T12:00:00Z`);
  return Array.from({ length: days + 1 }, (_, back) => {
    const noon = new Date(today - back * DAY_MS);
    const day = noon.toISOString().slice(0, 10);
    return { day, weekend: [0, 6].includes(noon.getUTCDay()), dayNo: Math.floor((now - back * DAY_MS) / DAY_MS) };
  });
}

/** The columns each seeded day writes, in the order of its row below. */
const COLUMNS = [
  dailyWork.deviceId,
  dailyWork.day,
  dailyWork.timeZone,
  dailyWork.kind,
  dailyWork.ownerOrgId,
  dailyWork.customerOrgId,
  dailyWork.contractId,
  dailyWork.distributorOrgId,
  dailyWork.hoursWorked,
  dailyWork.hoursPowered,
  dailyWork.distanceKm,
  dailyWork.volumeM3,
  dailyWork.areaM2,
  dailyWork.lifts,
  dailyWork.energyKwh,
  dailyWork.cycles,
  dailyWork.reports,
] as const;
type Row = (string | number | null)[];

/**
 * Write the rows through one statement a few thousand rows at a time, each batch bound as one JSON array: a year of
 * a fleet's days is a few hundred thousand rows, and a prepared insert per row (insertAll) spent two thirds as long
 * again binding them in drizzle as SQLite spent writing them.
 */
async function insertDays(db: Db, rows: Row[]): Promise<void> {
  const names = sql.join(
    COLUMNS.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const d = dialectOf(db);
  const values = sql.join(
    COLUMNS.map((column, i) => d.jsonItem(i, column)),
    sql`, `,
  );
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 5000) {
      const batch = JSON.stringify(rows.slice(i, i + 5000));
      await tx.run(sql`INSERT INTO ${dailyWork} (${names}) SELECT ${values} FROM ${d.jsonEach(batch)}`);
    }
  });
}

/**
 * One machine of each rental company whose unit reported nothing through its contract's last billing month (its
 * cable cut on site and mended on the billing day): a machine on lease with an hours allowance, none of the machines
 * with telemetry or those idle lately, on lease since before that month: of those, the one on lease the longest, so
 * that its missing month is one of many it was measured in, whatever day the demo is seeded on (a machine delivered
 * just before it would have no measured days to speak of, and the revenue analysis would list it as the least used).
 * Its bill says its hours are missing (decision 070: no hours is not zero hours). The days are the machine's: from three
 * days before the month to the day before the billing day.
 */
async function silentMonths(
  db: Db,
  now: number,
  eligible: (deviceId: number) => boolean,
): Promise<Map<number, { from: string; to: string }>> {
  const candidates = await db.all<{ deviceId: number; lessorOrgId: number; startOn: string; billingDay: number }>(sql`
    SELECT p.device_id AS "deviceId", p.lessor_org_id AS "lessorOrgId", p.start_on AS "startOn",
      c.billing_day AS "billingDay"
    FROM lease_periods p JOIN contracts c ON c.id = p.contract_id JOIN contract_lines l ON l.id = p.line_id
    WHERE p.end_on IS NULL AND c.status = 7 AND l.allowance_tenths IS NOT NULL
    ORDER BY p.lessor_org_id, p.start_on, p.device_id`);
  const silent = new Map<number, { from: string; to: string }>();
  const done = new Set<number>();
  for (const c of candidates) {
    if (done.has(c.lessorOrgId) || !eligible(c.deviceId)) continue;
    const today = await orgDay(db, c.lessorOrgId, now);
    const billedOn = billingDaysBetween(addDays(today, -40), today, c.billingDay).at(-1);
    if (billedOn === undefined) continue;
    const [y, m, d] = billedOn.split('-').map(Number) as [number, number, number];
    const from = addDays(new Date(Date.UTC(y, m - 2, d)).toISOString().slice(0, 10), -3);
    if (c.startOn >= from) continue;
    silent.set(c.deviceId, { from, to: addDays(billedOn, -1) });
    done.add(c.lessorOrgId);
  }
  return silent;
}

export async function seedDailyWork(db: Db, now: number): Promise<number> {
  const machines = await db.all<{
    id: number;
    kind: MachineKind;
    orgId: number;
    customerOrgId: number | null;
    distributorOrgId: number | null;
    province: string | null;
    city: string | null;
    firstReport: number | null;
    serviceExpiresAt: string | null;
    installedAt: string | null;
  }>(sql`
    SELECT d.id, d.kind, d.org_id AS "orgId", d.customer_org_id AS "customerOrgId",
      d.distributor_org_id AS "distributorOrgId", o.province, o.city, d.service_expires_at AS "serviceExpiresAt",
      d.installed_at AS "installedAt",
      (SELECT min(t.device_time) FROM telemetry t WHERE t.device_id = d.id) AS "firstReport"
    FROM devices d LEFT JOIN organisations o ON o.id = coalesce(d.customer_org_id, d.org_id)
    ORDER BY d.id`);
  const leases = new Map<number, LeaseDays[]>();
  for (const l of await db.all<LeaseDays & { deviceId: number }>(sql`
    SELECT device_id AS "deviceId", contract_id AS "contractId", renter_org_id AS "renterOrgId", start_on AS "startOn",
      end_on AS "endOn" FROM lease_periods`))
    leases.set(l.deviceId, [...(leases.get(l.deviceId) ?? []), l]);
  // The contracts whose renters run two shifts: those with an hours allowance.
  const longDays = new Set(
    (
      await db.all<{ contractId: number }>(
        sql`SELECT DISTINCT contract_id AS "contractId" FROM contract_lines WHERE allowance_tenths IS NOT NULL`,
      )
    ).map((r) => r.contractId),
  );
  // Back to the first day of the seeded year, or of the first lease if later.
  const firstLease = [...leases.values()].flat().reduce((a, l) => (l.startOn < a ? l.startOn : a), dayIn(now, 'UTC'));
  const from = firstLease > seededYearStart(now) ? firstLease : seededYearStart(now);
  const span = Math.max(SEEDED_WORK_DAYS, Math.ceil((now - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1);
  const calendars = new Map<string, ReturnType<typeof calendar>>();
  const fleet = machines.map((m) => {
    const zone = organisationZone(m.province === null ? undefined : { province: m.province, city: m.city ?? '' });
    let days = calendars.get(zone);
    if (!days) calendars.set(zone, (days = calendar(zone, now, span)));
    const periods = leases.get(m.id) ?? [];
    return {
      ...m,
      zone,
      days,
      periods,
      // Before the last month only its days on lease: none before its first lease began.
      oldest: periods.reduce((a, l) => (l.startOn < a ? l.startOn : a), days[SEEDED_WORK_DAYS]!.day),
      // One machine in nine has stood idle for the last four to nine days (attendance's "idle for N days").
      idleFor: m.id % 9 === 0 ? 4 + (m.id % 6) : 0,
      delivered: new Set(periods.map((l) => l.startOn)),
      before: m.firstReport === null ? null : dayIn(m.firstReport, zone),
      hours: WORK_HOURS[m.kind],
    };
  });
  const byId = new Map(fleet.map((m) => [m.id, m]));
  const silent = await silentMonths(db, now, (id) => {
    const m = byId.get(id);
    return (
      m !== undefined &&
      m.before === null &&
      m.idleFor === 0 &&
      (m.serviceExpiresAt === null || m.serviceExpiresAt >= dayIn(now, m.zone))
    );
  });
  // Day by day, so the indexes by day, owner and customer grow at their end (several times faster than machine by
  // machine).
  const rows: Row[] = [];
  for (let back = span; back >= 1; back--) {
    for (const m of fleet) {
      const { day, weekend, dayNo } = m.days[back]!;
      if (day < m.oldest) continue;
      if (m.before !== null && day >= m.before) continue;
      // Nothing reported before its unit was fitted, nor after its last day of service (renewals.ts).
      if (m.installedAt !== null && day < m.installedAt) continue;
      if (m.serviceExpiresAt !== null && day > m.serviceExpiresAt) continue;
      const gap = silent.get(m.id);
      if (gap !== undefined && day >= gap.from && day <= gap.to) continue;
      const site = leaseOn(m.periods, day, m.customerOrgId);
      const leased = site.customerOrgId !== null;
      if (!leased && back > SEEDED_WORK_DAYS) continue;
      const long = site.contractId !== null && longDays.has(site.contractId);
      const chance = long ? LONG_DAY_CHANCE[weekend ? 'weekend' : 'weekday'] : leased ? (weekend ? 0.45 : 0.85) : 0.15;
      // A machine is hired for work waiting for it: it works the day it is delivered.
      const works = (back > m.idleFor && unit(m.id, dayNo, 1) < chance) || m.delivered.has(day);
      // A day without work still sees the machine switched on now and then (checked, moved, charged).
      if (!works && unit(m.id, dayNo, 2) > 0.3) continue;
      const [least, most] = long ? [m.hours[1], Math.min(20, m.hours[1] + SECOND_SHIFT_HOURS)] : m.hours;
      const drawn = between(unit(m.id, dayNo, 3), least, most) * (weekend ? WEEKEND_SHARE : 1);
      const hoursWorked = works ? Math.round(drawn * 100) / 100 : 0;
      const hoursPowered = Math.round((hoursWorked + between(unit(m.id, dayNo, 4), 0.3, 2)) * 100) / 100;
      const out = outputOf(m.kind, hoursWorked, works ? unit(m.id, dayNo, 5) : 0);
      rows.push([
        m.id,
        day,
        m.zone,
        m.kind,
        m.orgId,
        site.customerOrgId,
        site.contractId,
        m.distributorOrgId,
        hoursWorked,
        hoursPowered,
        out.distanceKm,
        out.volumeM3,
        out.areaM2,
        out.lifts,
        out.energyKwh,
        works ? out.cycles : 0,
        Math.round(hoursPowered * 360),
      ]);
    }
  }
  await insertDays(db, rows);
  return rows.length;
}
