/**
 * `npx tsx bench/store-cost.ts`: what ingest's own work costs per report, without broker, network or simulator:
 * validation and the batched write (store.ts), in µs of one thread, on a fresh database of STORE_MACHINES
 * (12000) seeded machines that each send STORE_ROUNDS (31) reports, in transactions of the server's size; the
 * first round warms up. A diagnostic for
 * decision 017, beside `npm run bench -- ingest`, which measures the whole path, and the speed reference that
 * `npm run bench` records with its figures. Wall-clock µs, and the process's CPU µs (user + system, which other
 * work on the machine inflates less); STORE_JSON=1 prints one JSON line instead.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '@console/db/client';
import { seedDemo } from '@console/db/seed/demo';
import { createStore, type StoreItem } from '@console/server/src/ingest/store';
import { validateUplink } from '@console/server/src/ingest/validate';
import { thresholdsFor } from '@console/server/src/lib/alarm-thresholds';
import { INGEST_BATCH_DEFAULT } from '@console/server/src/lib/env';

const machines = Number(process.env.STORE_MACHINES ?? 12_000);
const rounds = Number(process.env.STORE_ROUNDS ?? 31);
// The server's transaction size (INGEST_BATCH_SIZE's default), or STORE_BATCH.
const BATCH = Number(process.env.STORE_BATCH ?? INGEST_BATCH_DEFAULT);

const dir = mkdtempSync(join(tmpdir(), 'console-store-cost-'));
const dbh = openDb(join(dir, 'console.db'));
await seedDemo(dbh.db, { devices: machines, historyDevices: 0 });
const fleet = dbh.sqlite.prepare('SELECT serial_number AS sn, latest, lat, lng FROM devices ORDER BY id').all() as {
  sn: string;
  latest: string;
  lat: number | null;
  lng: number | null;
}[];
const store = createStore(dbh, { thresholds: (d) => thresholdsFor(dbh.sqliteDb, d.orgId, d.kind) });
const start = Date.now() - 3_600_000;

// Each machine reports its seeded telemetry, a metre further on each round.
const reportsOf = (round: number) =>
  fleet.map((m) => ({
    topic: `dev/${m.sn}/up/telemetry`,
    payload: Buffer.from(
      JSON.stringify({
        t: start + round * 1000,
        seq: round,
        signal: 'strong',
        lock: 'unlocked',
        pos: { lat: (m.lat ?? 31.23) + round * 1e-5, lng: m.lng ?? 121.47, speed: 3, fix: 'gps' },
        data: JSON.parse(m.latest),
      }),
    ),
  }));

/** CPU time of this process (ms): on a shared machine it varies less than the wall clock. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

let validateMs = 0;
let writeMs = 0;
let validateCpuMs = 0;
let writeCpuMs = 0;
let measured = 0;
for (let round = 0; round < rounds; round++) {
  const reports = reportsOf(round);
  const [validating, validatingCpu] = [performance.now(), cpuMs()];
  const items: StoreItem[] = [];
  for (const { topic, payload } of reports) {
    const result = validateUplink(topic, payload, Date.now(), store.findDevice);
    if (!result.ok || result.item.type === 'ack') throw new Error(`refused: ${JSON.stringify(result)}`);
    items.push(result.item);
  }
  const [writing, writingCpu] = [performance.now(), cpuMs()];
  for (let i = 0; i < items.length; i += BATCH) store.write(items.slice(i, i + BATCH));
  const [done, doneCpu] = [performance.now(), cpuMs()];
  if (round === 0) continue;
  validateMs += writing - validating;
  writeMs += done - writing;
  validateCpuMs += writingCpu - validatingCpu;
  writeCpuMs += doneCpu - writingCpu;
  measured += items.length;
}
const us = (ms: number) => Math.round((ms * 10_000) / measured) / 10;
const result = {
  machines,
  reports: measured,
  validateUs: us(validateMs),
  writeUs: us(writeMs),
  validateCpuUs: us(validateCpuMs),
  writeCpuUs: us(writeCpuMs),
};
// One JSON line for `npm run bench`, which records it as the machine's speed reference.
if (process.env.STORE_JSON === '1') console.log(JSON.stringify(result));
else {
  console.log(
    `${machines} machines, ${measured} reports: validate ${result.validateUs} µs, write ${result.writeUs} µs a report` +
      ` (CPU: ${result.validateCpuUs} + ${result.writeCpuUs} µs)`,
  );
}
dbh.close();
rmSync(dir, { recursive: true, force: true });
