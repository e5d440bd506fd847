// Micro-benchmark: µs per report of ingest's validate + store.write, on a seeded database.
import { openDb } from '@console/db/client';
import { seedDemo } from '@console/db/seed/demo';
import { createStore } from '@console/server/src/ingest/store';
import { validateUplink } from '@console/server/src/ingest/validate';
import { thresholdsFor } from '@console/server/src/lib/alarm-thresholds';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const N = Number(process.env.N ?? 12000);
const dir = mkdtempSync(join(tmpdir(), 'micro-'));
const dbh = openDb(join(dir, 'c.db'));
await seedDemo(dbh.db, { devices: N, historyDevices: 0 });
const rows = dbh.sqlite.prepare('SELECT serial_number sn, latest, lat, lng FROM devices ORDER BY id').all() as any[];
if (process.env.NOCKPT) dbh.sqlite.pragma('wal_autocheckpoint = 0');
const store = createStore(dbh, { thresholds: (d) => thresholdsFor(dbh.db, d.orgId, d.kind) });
let t0 = Date.now() - 3600_000;
function payloads(round: number) {
  return rows.map((r) => {
    const data = JSON.parse(r.latest);
    return {
      topic: `dev/${r.sn}/up/telemetry`,
      payload: Buffer.from(
        JSON.stringify({
          t: t0 + round * 1000,
          seq: round,
          signal: 'strong',
          lock: 'unlocked',
          pos: { lat: (r.lat ?? 31) + round * 1e-5, lng: r.lng ?? 121, speed: 3, fix: 'gps' },
          data,
        }),
      ),
    };
  });
}
let validateMs = 0,
  writeMs = 0,
  count = 0;
for (let round = 0; round < Number(process.env.ROUNDS ?? 6); round++) {
  const ps = payloads(round);
  let a = performance.now();
  const items: any[] = [];
  for (const p of ps) {
    const v = validateUplink(p.topic, p.payload, Date.now(), store.findDevice);
    if (!v.ok) throw new Error(JSON.stringify(v));
    items.push(v.item);
  }
  let b = performance.now();
  for (let i = 0; i < items.length; i += 1000) store.write(items.slice(i, i + 1000));
  let c = performance.now();
  if (round > 0 && round % 10 === 0) console.log(round, (((c - b) * 1000) / items.length).toFixed(1));
  if (round > 0) {
    validateMs += b - a;
    writeMs += c - b;
    count += items.length;
  }
}
console.log(
  `validate ${((validateMs * 1000) / count).toFixed(1)} µs/report, write ${((writeMs * 1000) / count).toFixed(1)} µs/report`,
);
