/**
 * `npx tsx bench/store-cost.ts`: what ingest's own work costs per report, without broker, network or simulator:
 * validation and the batched write (store.ts), in µs of one thread, on a fresh database of STORE_MACHINES
 * (12000) seeded machines that each send STORE_ROUNDS (31) reports; the first round warms up. A diagnostic for
 * decision 017, beside `npm run bench -- ingest`, which measures the whole path.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '@console/db/client';
import { seedDemo } from '@console/db/seed/demo';
import { createStore, type StoreItem } from '@console/server/src/ingest/store';
import { validateUplink } from '@console/server/src/ingest/validate';
import { thresholdsFor } from '@console/server/src/lib/alarm-thresholds';

const machines = Number(process.env.STORE_MACHINES ?? 12_000);
const rounds = Number(process.env.STORE_ROUNDS ?? 31);
const BATCH = 1000;

const dir = mkdtempSync(join(tmpdir(), 'console-store-cost-'));
const dbh = openDb(join(dir, 'console.db'));
await seedDemo(dbh.db, { devices: machines, historyDevices: 0 });
const fleet = dbh.sqlite.prepare('SELECT serial_number AS sn, latest, lat, lng FROM devices ORDER BY id').all() as {
  sn: string;
  latest: string;
  lat: number | null;
  lng: number | null;
}[];
const store = createStore(dbh, { thresholds: (d) => thresholdsFor(dbh.db, d.orgId, d.kind) });
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

let validateMs = 0;
let writeMs = 0;
let measured = 0;
for (let round = 0; round < rounds; round++) {
  const reports = reportsOf(round);
  const validating = performance.now();
  const items: StoreItem[] = [];
  for (const { topic, payload } of reports) {
    const result = validateUplink(topic, payload, Date.now(), store.findDevice);
    if (!result.ok || result.item.type === 'ack') throw new Error(`refused: ${JSON.stringify(result)}`);
    items.push(result.item);
  }
  const writing = performance.now();
  for (let i = 0; i < items.length; i += BATCH) store.write(items.slice(i, i + BATCH));
  const done = performance.now();
  if (round === 0) continue;
  validateMs += writing - validating;
  writeMs += done - writing;
  measured += items.length;
}
const us = (ms: number) => ((ms * 1000) / measured).toFixed(1);
console.log(
  `${machines} machines, ${measured} reports: validate ${us(validateMs)} µs, write ${us(writeMs)} µs a report`,
);
dbh.close();
rmSync(dir, { recursive: true, force: true });
