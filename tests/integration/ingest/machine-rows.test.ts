import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { openDb, type DbHandle } from '@console/db/client';
import { devices, telemetry } from '@console/db/schema/devices';
import { topics } from '@console/contract/mqtt/topics';
import { createStore, STATE_WRITE_MS, type Store, type StoreItem } from '@console/server/src/ingest/store';
import { createPgStore, type PgStore } from '@console/server/src/ingest/store-pg';
import { validateUplink } from '@console/server/src/ingest/validate';
import { loadThresholds, thresholdsFor } from '@console/server/src/lib/alarm-thresholds';
import { testEngine } from '../../fixtures/demo-database.ts';
import { holdTheDatabase, platformReport, seededMachine, smallSeededDatabase, smallSeededFile } from './helpers.ts';

interface StoreRig {
  store: Store | PgStore;
  /** Ingest's own connection (SQLite's, which marks none of its changes). */
  ingestDb: DbHandle;
  /** The API's connection. */
  api: DbHandle;
  close(): void;
}

/**
 * Ingest's store of the run's engine, as the server makes it (ingest.ts `storeOf`), on a copy of the small seed:
 * SQLite's on an ingest connection to a file the API's connection shares; PostgreSQL's on a database of its own,
 * the API on the pool's other connections.
 */
async function storeRig(): Promise<StoreRig> {
  if (testEngine() === 'postgres') {
    const dbh = await smallSeededDatabase();
    let held: Awaited<ReturnType<typeof loadThresholds>> | null = null;
    const store = createPgStore(dbh.db, {
      thresholds: (d) => held!(d.orgId, d.kind),
      prepare: async () => void (held = await loadThresholds(dbh.db)),
    });
    return { store, ingestDb: dbh, api: dbh, close: () => dbh.close() };
  }
  const { dir, file } = await smallSeededFile();
  const ingestDb = openDb(file, { migrate: false, ingest: true });
  const api = openDb(file, { migrate: false });
  const store = createStore(ingestDb, { thresholds: (d) => thresholdsFor(ingestDb.sqliteDb, d.orgId, d.kind) });
  return {
    store,
    ingestDb,
    api,
    close() {
      api.close();
      ingestDb.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A machine that reports every second has the columns of its row that only ingest writes (position, last report,
 * latest reading) written at most every STATE_WRITE_MS; its telemetry and any change of its state are written with
 * every batch, and nothing that waits is lost or overwrites a person's change.
 */
describe("ingest's writes of a machine's row", () => {
  let ingestDb: DbHandle;
  let api: DbHandle;
  let store: Store | PgStore;
  let close: () => void;
  // After the seeded machines' last reports: an older report only adds history.
  const T = Date.now();

  beforeEach(async () => {
    ({ store, ingestDb, api, close } = await storeRig());
  });
  afterEach(() => close());

  /** A report made at `t`, received at `t` + 100 ms, at latitude `lat`; `loadPct` 95 overloads the platform. */
  const report = async (serial: string, t: number, lat: number, loadPct = 40): Promise<StoreItem> => {
    // PostgreSQL's store knows the machines it was asked to look up (as ingest does for each new serial).
    if ('lookUp' in store) await store.lookUp(serial);
    const message = platformReport(t, { loadPct }, { lat, lng: 121.4737, speed: 3.5, fix: 'gps' });
    const result = validateUplink(
      topics.telemetry(serial),
      Buffer.from(JSON.stringify(message)),
      t + 100,
      store.findDevice,
    );
    if (!result.ok || result.item.type === 'ack') throw new Error(`refused: ${JSON.stringify(result)}`);
    return result.item;
  };
  const row = async (id: number) => (await api.db.select().from(devices).where(eq(devices.id, id)).get())!;
  const reports = async (id: number) =>
    (await api.db.select({ n: count() }).from(telemetry).where(eq(telemetry.deviceId, id)).get())!.n;

  it('writes every report to telemetry and the row once in STATE_WRITE_MS, then what waited when it is due', async () => {
    const machine = await seededMachine(api, 'aerialPlatform', true);
    await store.write([await report(machine.serialNumber, T, 31.1)]);
    expect((await row(machine.id)).lat).toBe(31.1);

    await store.write([await report(machine.serialNumber, T + 1000, 31.2)]);
    expect(await reports(machine.id)).toBe(2);
    expect(await row(machine.id)).toMatchObject({ lat: 31.1, lastReportAt: new Date(T + 100) });

    await store.writeWaiting(T + 2000);
    expect((await row(machine.id)).lat).toBe(31.1);
    await store.writeWaiting(T + 100 + STATE_WRITE_MS);
    expect(await row(machine.id)).toMatchObject({ lat: 31.2, lastReportAt: new Date(T + 1100) });
    expect((await row(machine.id)).latest).toMatchObject({ kind: 'aerialPlatform', loadPct: 40 });
  });

  it('writes a change of state with its batch, and the position with it', async () => {
    const machine = await seededMachine(api, 'aerialPlatform', true);
    await store.write([await report(machine.serialNumber, T, 31.1)]);
    const { alarms } = await store.write([await report(machine.serialNumber, T + 1000, 31.2, 95)]);
    expect(alarms.map((a) => a.state)).toEqual(['opened']);
    expect(await row(machine.id)).toMatchObject({ alarmOpen: true, lat: 31.2 });
  });

  it('writes what waits before it reads the machines again, over none of what a person changed', async () => {
    const machine = await seededMachine(api, 'aerialPlatform', true);
    const other = await seededMachine(api, 'aerialPlatform', true, 1);
    await store.write([await report(machine.serialNumber, T, 31.1)]);
    await store.write([await report(machine.serialNumber, T + 1000, 31.2)]);
    // Meanwhile a person's work on another connection changes the machine's lock, a column ingest writes too.
    await api.db.update(devices).set({ lockLevel: 'lock1' }).where(eq(devices.id, machine.id)).run();

    await store.write([await report(other.serialNumber, T + 1500, 30.5)]);
    expect(await row(machine.id)).toMatchObject({ lat: 31.2, lockLevel: 'lock1' });
  });

  it('keeps what waits when the database is busy, and writes it once it is free', async () => {
    const machine = await seededMachine(api, 'aerialPlatform', true);
    await store.write([await report(machine.serialNumber, T, 31.1)]);
    await store.write([await report(machine.serialNumber, T + 1000, 31.2)]);
    const letGo = await holdTheDatabase(api, machine.id);
    if (testEngine() === 'sqlite') {
      ingestDb.sqlite.pragma('busy_timeout = 0');
      expect(() => store.writeWaiting(null)).toThrow(/busy|locked/i);
      await letGo();
      await store.writeWaiting(null);
    } else {
      // PostgreSQL's write waits for the other transaction instead of failing, having written nothing.
      const writing = store.writeWaiting(null);
      const waited = new Promise((resolve) => setTimeout(() => resolve('waiting'), 500));
      expect(await Promise.race([writing, waited])).toBe('waiting');
      expect((await row(machine.id)).lat).toBe(31.1);
      await letGo();
      await writing;
    }
    expect((await row(machine.id)).lat).toBe(31.2);
  });
});
