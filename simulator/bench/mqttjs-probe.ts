// Temporary probe: N mqtt.js clients, one per machine, each publishing every 10 s.
import { connect, type MqttClient } from 'mqtt';
const url = process.argv[2]!;
const n = Number(process.argv[3]);
const seconds = Number(process.argv[4] ?? 30);
const clients: MqttClient[] = [];
const t0 = Date.now();
let connected = 0;
let failed = 0;
const payload = JSON.stringify({ t: Date.now(), seq: 1, signal: 'strong', lock: 'unlocked', pos: { lat: 31.2, lng: 121.4, speed: 3, fix: 'gps' }, data: { kind: 'aerialPlatform', platformHeightM: 8, loadPct: 40, tiltDeg: 2, batteryV: 24.6, batteryPct: 70, driving: false, lifting: true, workingHours: 1234.5, faults: [] } });
async function open(i: number) {
  await new Promise<void>((resolve) => {
    const c = connect(url, { clientId: `P${i}`, clean: false, reconnectPeriod: 0, keepalive: 60, connectTimeout: 30000,
      will: { topic: `dev/P${i}/up/status`, payload: Buffer.from('{"online":false}'), qos: 1, retain: true } });
    c.once('connect', () => { connected++; c.subscribe(`dev/P${i}/down/command`, { qos: 1 }); c.publish(`dev/P${i}/up/status`, '{"online":true}', { qos: 1, retain: true }); resolve(); });
    c.once('error', (e) => { failed++; if (failed < 3) console.log('error', i, e.message); resolve(); });
    clients.push(c);
  });
}
let next = 0;
await Promise.all(Array.from({ length: 50 }, async () => { while (next < n) await open(next++); }));
const connectMs = Date.now() - t0;
global.gc?.();
const mem = process.memoryUsage();
console.log(JSON.stringify({ n, connected, failed, connectMs, rssMb: Math.round(mem.rss / 1e6), heapMb: Math.round(mem.heapUsed / 1e6) }));
// One report per machine per 10 s, each on its own timer (what a naive per-machine model does).
let sent = 0;
for (const [i, c] of clients.entries()) {
  setTimeout(() => setInterval(() => { c.publish(`dev/P${i}/up/telemetry`, payload); sent++; }, 10000), (i * 10000) / n);
}
await new Promise((r) => setTimeout(r, 10000));
const cpu0 = process.cpuUsage(); const w0 = Date.now(); const s0 = sent;
await new Promise((r) => setTimeout(r, seconds * 1000));
const cpu = process.cpuUsage(cpu0); const wall = Date.now() - w0;
const m2 = process.memoryUsage();
console.log(JSON.stringify({ msgsPerSec: Math.round((sent - s0) / (wall / 1000)), cpuPct: Math.round(((cpu.user + cpu.system) / 1000 / wall) * 100), rssMb: Math.round(m2.rss / 1e6), heapMb: Math.round(m2.heapUsed / 1e6) }));
process.exit(0);
