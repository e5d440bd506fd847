import { rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDb, type DbHandle } from '@console/db/client';
import { alarms } from '@console/db/schema/warning';
import { devices, telemetry } from '@console/db/schema/devices';
import { topics } from '@console/contract/mqtt/topics';
import type { EmbeddedBroker } from '@console/server/src/ingest/broker';
import type { Ingest } from '@console/server/src/ingest/ingest';
import { testEngine } from '../../fixtures/demo-database.ts';
import {
  connectMachine,
  holdTheDatabase,
  platformReport,
  seededMachine,
  smallSeededDatabase,
  smallSeededFile,
  startBroker,
  startTestIngest,
  waitFor,
  wayTo,
  type IngestWay,
} from './helpers.ts';

/**
 * Ingest's database and another connection to it, as the API's thread has: on SQLite a second connection to a copy
 * in a file (found busy quickly here: the server waits 5 s, nothing below depends on the time); on PostgreSQL the
 * pool's other connections. `close` closes both and removes the copy.
 */
async function ingestAndOther(): Promise<{ dbh: DbHandle; other: DbHandle; close(): void }> {
  if (testEngine() === 'postgres') {
    const dbh = await smallSeededDatabase();
    return { dbh, other: dbh, close: () => dbh.close() };
  }
  const { dir, file } = await smallSeededFile();
  const dbh = openDb(file, { migrate: false });
  dbh.sqlite.pragma('busy_timeout = 20');
  const other = openDb(file, { migrate: false });
  return {
    dbh,
    other,
    close() {
      if (other.sqlite.inTransaction) other.sqlite.prepare('ROLLBACK').run();
      other.close();
      dbh.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Ingest on a database that another connection (as the API's thread does) can hold: what waits to be written is
 * bounded, and a write that finds the database busy is kept, not lost (decision 017, "Overload"). Through the
 * embedded broker's feed, as the server runs, and as an MQTT client, as it reaches an external broker.
 */
describe.each<IngestWay>(['feed', 'mqtt'])('ingest when it cannot write as fast as reports arrive (%s)', (way) => {
  let dbh: DbHandle;
  let other: DbHandle;
  let close: () => void;
  let broker: EmbeddedBroker;
  let ingest: Ingest;
  /** Lets the other writer's transaction end, if the test left it holding the database. */
  let letGo: (() => Promise<void>) | undefined;
  const BATCH = 5;

  beforeEach(async () => {
    ({ dbh, other, close } = await ingestAndOther());
    broker = await startBroker(dbh);
    ({ ingest } = await startTestIngest(dbh, { ...wayTo(broker, way), batchSize: BATCH, flushMs: 20 }));
    await ingest.ready;
  });
  afterEach(async () => {
    if (testEngine() === 'postgres') await letGo?.();
    letGo = undefined;
    await ingest.stop();
    await broker.close();
    close();
  });

  it('takes no more from the broker while a full batch waits for the database, then stores every report', async () => {
    const seeded = await seededMachine(dbh, 'aerialPlatform', true);
    const unit = await connectMachine(broker.url, seeded.serialNumber);
    const rows = async () =>
      (await dbh.db.select().from(telemetry).where(eq(telemetry.deviceId, seeded.id)).all()).length;
    const before = await rows();
    // Another writer holds the database (a long transaction on the API's thread).
    letGo = await holdTheDatabase(other, seeded.id);
    const t0 = Date.now() - 60_000;
    const sent = 4 * BATCH;
    for (let i = 0; i < sent; i++) {
      const report = JSON.stringify(platformReport(t0 + i * 1000));
      await unit.publishAsync(topics.telemetry(seeded.serialNumber), report, { qos: 1 });
    }
    // (On PostgreSQL ingest also pauses for a moment while it looks the machine up, its buffer still empty.)
    const paused = await waitFor('ingest to stop taking messages', () => {
      const s = ingest.stats();
      return s.paused && s.buffered === BATCH ? s : null;
    });
    // It holds one full batch and takes nothing more until it is written: the rest wait in the broker. SQLite's
    // write finds the database busy and is tried again; PostgreSQL's waits for the other transaction with the batch
    // it took (a full one, or what the flush timer found), and the next batch fills the buffer meanwhile.
    expect(paused.buffered).toBe(BATCH);
    if (testEngine() === 'postgres') {
      expect(paused.received).toBeGreaterThan(BATCH);
      expect(paused.received).toBeLessThanOrEqual(2 * BATCH);
      expect(paused.retried).toBe(0);
    } else {
      expect(paused.received).toBe(BATCH);
      expect(paused.retried).toBeGreaterThanOrEqual(1);
    }
    expect(paused.failed).toBe(0);
    expect(paused.stored).toBe(0);

    await letGo();
    letGo = undefined;
    await waitFor('every report stored', () => ingest.stats().stored === sent, 10_000);
    const after = ingest.stats();
    expect(after).toMatchObject({ received: sent, stored: sent, failed: 0, paused: false, buffered: 0 });
    expect((await rows()) - before).toBe(sent);
    await unit.endAsync();
  });

  it('writes nothing over what a person changed on another connection between two batches', async () => {
    const seeded = await seededMachine(dbh, 'aerialPlatform', true);
    const unit = await connectMachine(broker.url, seeded.serialNumber);
    const send = (t: number, loadPct: number) =>
      unit.publishAsync(topics.telemetry(seeded.serialNumber), JSON.stringify(platformReport(t, { loadPct })), {
        qos: 1,
      });
    // Newer than the seeded machine's last report, so each one is its latest state.
    const t0 = Date.now();
    // An overload alarm opens, and ingest keeps the machine's state for its next batch.
    await send(t0, 95);
    await waitFor('the load alarm', async () =>
      (await dbh.db.select().from(alarms).where(eq(alarms.deviceId, seeded.id)).all()).find(
        (a) => a.type === 'load90' && a.endedAt === null,
      ),
    );
    const alarm = (await dbh.db.select().from(alarms).where(eq(alarms.deviceId, seeded.id)).all()).find(
      (a) => a.type === 'load90' && a.endedAt === null,
    )!;
    // Meanwhile someone on the API's connection handles the alarm and renames the machine's location.
    await other.db.update(alarms).set({ handledAt: new Date() }).where(eq(alarms.id, alarm.id)).run();
    await other.db.update(devices).set({ location: 'Yard 7' }).where(eq(devices.id, seeded.id)).run();
    // The next report still overloads it: the handled alarm no longer counts as the machine's open alarm.
    await send(t0 + 1000, 96);
    await waitFor('the second report', () => ingest.stats().stored === 2);
    const machine = (await dbh.db.select().from(devices).where(eq(devices.id, seeded.id)).get())!;
    expect(machine.alarmOpen).toBe(false);
    expect(machine.location).toBe('Yard 7');
    // A new alarm says where the machine is now.
    await send(t0 + 2000, 20);
    await send(t0 + 3000, 99.5);
    await waitFor('the load99 alarm', async () =>
      (await dbh.db.select().from(alarms).where(eq(alarms.deviceId, seeded.id)).all()).find((a) => a.type === 'load99'),
    );
    const opened = (await dbh.db.select().from(alarms).where(eq(alarms.deviceId, seeded.id)).all()).find(
      (a) => a.type === 'load99',
    )!;
    expect(opened.zoneName).toBe('Yard 7');
    await unit.endAsync();
  });
});
