import { telemetryMessage } from '@console/contract/mqtt/payloads';
import { MACHINE_KINDS } from '@console/contract/codes/machine-kinds';
import { SimClock } from '../src/clock.ts';
import { Fleet } from '../src/fleet/fleet.ts';
import { machineSpec } from '../src/fleet/spec.ts';
import { MemoryTransport } from '../src/mqtt/memory-transport.ts';
let real = Date.UTC(2026, 10, 23, 0, 0);
const clock = new SimClock({ realNow: () => real, start: real });
const transport = new MemoryTransport();
const fleet = new Fleet({ clock, transport, seed: 7, wakeWindowRealMs: 0 });
fleet.load(MACHINE_KINDS.flatMap((kind, k) => Array.from({ length: 5 }, (_, i) => machineSpec.parse({ serial: `T${k}X${i}0000`, kind, lat: 31.23, lng: 121.47, reportIntervalS: 60 }))));
const t0 = Date.now();
for (let i = 0; i < 24 * 60 * 3; i++) { real += 20_000; clock.tick(); }
console.log('ms', Date.now() - t0, 'sent', transport.sent.length, fleet.counters, fleet.summary());
let bad = 0;
for (const s of transport.sent) if (s.kind === 'telemetry') { const r = telemetryMessage.safeParse(s.message); if (!r.success) { if (bad++ < 5) console.log(JSON.stringify(s.message), r.error.issues); } }
console.log('bad', bad);
for (const kind of MACHINE_KINDS) { const ms = transport.sent.filter(s => s.kind === 'telemetry' && s.message.data.kind === kind); const mid = ms.filter(s=>s.kind==='telemetry' && new Date(s.message.t).getUTCHours() === 3); console.log(kind, ms.length, JSON.stringify(mid[7]?.message).slice(0, 400)); }
