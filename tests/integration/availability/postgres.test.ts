/**
 * The calendar's reads on PostgreSQL (docs/decisions/067, 072): on the same demo seed, the machines' days and each
 * store's model view answer on PostgreSQL exactly as on SQLite.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, openDb, type AnyDbHandle, type Db } from '@console/db/client';
import { orgTimeZones } from '@console/db/org-zone';
import { devices } from '@console/db/schema/devices';
import { storeDevices, stores } from '@console/db/schema/lease';
import { seedDemo, type SeedOptions } from '@console/db/seed/demo';
import { holdsOf, layDays } from '@console/server/src/availability/calendar';
import { modelFreeDays } from '@console/server/src/availability/models';
import { createScratchDatabase, type ScratchDatabase } from '../db-pg/scratch-database.ts';

const NOW = Date.UTC(2026, 10, 20, 6, 30);
const OPTIONS: SeedOptions = { devices: 60, historyDevices: 0, now: NOW };
const FROM = '2026-11-10';
const TO = '2027-01-10';
const TODAY = '2026-11-20';

/** Every store's machines' days and its model view, as plain values. */
async function calendarOf(db: Db) {
  const storeRows = await db.select({ id: stores.id, orgId: stores.orgId }).from(stores).orderBy(asc(stores.id)).all();
  const zoneOf = await orgTimeZones(db);
  const out = [];
  for (const store of storeRows) {
    const fleet = await db
      .select({ id: devices.id, ownerOrgId: devices.orgId, online: devices.online, lockLevel: devices.lockLevel })
      .from(devices)
      .innerJoin(storeDevices, eq(storeDevices.deviceId, devices.id))
      .where(eq(storeDevices.storeId, store.id))
      .orderBy(asc(devices.id))
      .all();
    const machines = fleet.map((m) => ({ ...m, locked: m.lockLevel !== 'unlocked' }));
    const laid = layDays(
      machines.map((m) => m.id),
      await holdsOf(db, machines, FROM, TO, TODAY, zoneOf),
      FROM,
      TO,
    );
    const models = await modelFreeDays(db, store, FROM, TO, undefined, 'en');
    out.push({ store: store.id, spans: [...laid.spans.entries()], refs: laid.refs, models });
  }
  return out;
}

describe('the availability calendar on PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let pgHandle: AnyDbHandle;

  beforeAll(async () => {
    scratch = await createScratchDatabase('console_availability');
    pgHandle = await openDatabase('', { url: scratch.url });
  });
  afterAll(async () => {
    await pgHandle?.close();
    await scratch?.drop();
  });

  it('lays the same days and counts the same free machines as on SQLite', { timeout: 600_000 }, async () => {
    const sqlite = openDb(':memory:');
    let onSqlite: Awaited<ReturnType<typeof calendarOf>>;
    try {
      await seedDemo(sqlite.db, OPTIONS);
      onSqlite = await calendarOf(sqlite.db);
    } finally {
      sqlite.close();
    }
    expect(pgHandle.engine).toBe('postgres');
    await seedDemo(pgHandle.db, OPTIONS);
    const onPg = await calendarOf(pgHandle.db);
    expect(onPg).toEqual(onSqlite);
    // Not a calendar of free days only: the seed's leases and holds are on it.
    const states = new Set(onSqlite.flatMap((s) => s.spans.flatMap(([, runs]) => runs.map((r) => r.state))));
    expect(states).toContain('leased');
    expect(states).toContain('free');
    expect(onSqlite.some((s) => s.models.list.length > 0)).toBe(true);
  });
});
