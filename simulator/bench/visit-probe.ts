// Temporary probe: V machines visiting (connect, report, linger, disconnect) every 10 s with mqtt.js.
import { connect } from 'mqtt';
const url = process.argv[2]!;
const v = Number(process.argv[3]);
const seconds = Number(process.argv[4] ?? 30);
const linger = Number(process.argv[5] ?? 1000);
const payload = '{"t":1,"seq":1,"signal":"strong","lock":"unlocked","data":{"kind":"battery","chargePct":50,"voltageV":50,"currentA":1,"temperatureC":20,"cycles":3,"faults":[]}}';
let sent = 0, open = 0, maxOpen = 0, failed = 0;
function visit(i: number) {
  const c = connect(url, { clientId: `V${i}`, clean: false, reconnectPeriod: 0, keepalive: 60, connectTimeout: 10000,
    will: { topic: `dev/V${i}/up/status`, payload: Buffer.from('{"online":false}'), qos: 1, retain: true } });
  open++; maxOpen = Math.max(maxOpen, open);
  c.once('connect', (ack) => {
    if (!ack.sessionPresent) c.subscribe(`dev/V${i}/down/command`, { qos: 1 });
    c.publish(`dev/V${i}/up/telemetry`, payload); sent++;
    setTimeout(() => c.end(false, () => { open--; }), linger);
  });
  c.once('error', () => { failed++; open--; c.end(true); });
}
for (let i = 0; i < v; i++) setTimeout(() => { visit(i); setInterval(() => visit(i), 10000); }, (i * 10000) / v);
await new Promise((r) => setTimeout(r, 12000));
const cpu0 = process.cpuUsage(); const w0 = Date.now(); const s0 = sent;
await new Promise((r) => setTimeout(r, seconds * 1000));
const cpu = process.cpuUsage(cpu0); const wall = Date.now() - w0;
console.log(JSON.stringify({ v, linger, msgsPerSec: Math.round((sent - s0) / (wall / 1000)), cpuPct: Math.round(((cpu.user + cpu.system) / 1000 / wall) * 100), open, maxOpen, failed, rssMb: Math.round(process.memoryUsage().rss / 1e6) }));
process.exit(0);
