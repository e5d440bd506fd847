import { rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDb, type DbHandle } from '@console/db/client';
import { devices } from '@console/db/schema/devices';
import { users } from '@console/db/schema/accounts';
import { topics } from '@console/contract/mqtt/topics';
import { createStore, type Store, type StoreItem } from '@console/server/src/ingest/store';
import { validateUplink } from '@console/server/src/ingest/validate';
import { thresholdsFor } from '@console/server/src/lib/alarm-thresholds';
import { platformReport, seededMachine, smallSeededFile } from './helpers.ts';

/**
 * Ingest keeps its machines in memory between batches (store.ts) and reads them again only when another
 * connection changed what it keeps: the API's other commits (commands, bills, people's work) cost it nothing.
 */
describe("ingest's machines kept between batches", () => {
  let dir: string;
  let ingestDb: DbHandle;
  let api: DbHandle;
  /** A connection that marks nothing: a change made through it shows what ingest still holds in memory. */
  let unmarked: Database.Database;
  let store: Store;

  beforeEach(async () => {
    const copy = await smallSeededFile();
    dir = copy.dir;
    const file = copy.file;
    ingestDb = openDb(file, { migrate: false, ingest: true });
    api = openDb(file, { migrate: false });
    unmarked = new Database(file);
    store = createStore(ingestDb, { thresholds: (d) => thresholdsFor(ingestDb.sqliteDb, d.orgId, d.kind) });
  });
  afterEach(() => {
    unmarked.close();
    api.close();
    ingestDb.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** One of the machine's reports, accepted as ingest accepts it. */
  const report = (serial: string, t: number): StoreItem => {
    const payload = Buffer.from(JSON.stringify(platformReport(t)));
    const result = validateUplink(topics.telemetry(serial), payload, Date.now(), store.findDevice);
    if (!result.ok || result.item.type === 'ack') throw new Error(`refused: ${JSON.stringify(result)}`);
    return result.item;
  };

  it('keeps a machine through the API’s commits elsewhere and reads it again once the API changed it', async () => {
    const machine = await seededMachine(api, 'aerialPlatform', true);
    const t0 = Date.now() - 60_000;
    store.write([report(machine.serialNumber, t0)]);
    const next = report(machine.serialNumber, t0 + 1000);
    // Behind everyone's back the machine gets another serial number: only a read of the database would see it.
    unmarked.prepare('UPDATE devices SET serial_number = ? WHERE id = ?').run('RENAMED01', machine.id);

    // The API commits something that is not a machine, an alarm or a customer's name.
    await api.db.update(users).set({ nickname: 'Night shift' }).where(eq(users.id, 1)).run();
    store.write([next]);
    expect(store.findDevice(machine.serialNumber)?.id).toBe(machine.id);

    // The API changes the machine: the next batch reads it again, its new place and its new serial.
    await api.db.update(devices).set({ location: 'Yard 9' }).where(eq(devices.id, machine.id)).run();
    const { devices: written } = store.write([report(machine.serialNumber, t0 + 2000)]);
    expect(written.map((d) => [d.id, d.zoneName])).toEqual([[machine.id, 'Yard 9']]);
    expect(store.findDevice(machine.serialNumber)).toBeUndefined();
    expect(store.findDevice('RENAMED01')?.id).toBe(machine.id);
  });
});
