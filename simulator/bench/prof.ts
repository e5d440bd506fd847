import { MACHINE_KINDS } from '@console/contract/codes/machine-kinds';
import { telemetryMessage } from '@console/contract/mqtt/payloads';
import { harness, spec } from '../src/test-harness.ts';
const t0 = performance.now();
const h = harness(MACHINE_KINDS.flatMap((k) => [0,1,2,3].map((i) => spec(`${k.slice(0,3)}X${i}`, k, { reportIntervalS: 300 }))), { seed: 11 });
h.run(21 * 86400_000, 300_000);
const t1 = performance.now();
let n = 0; for (const s of h.transport.sent) if (s.kind === 'telemetry') { telemetryMessage.safeParse(s.message); n++; }
const t2 = performance.now();
console.log({ sim: Math.round(t1 - t0), parse: Math.round(t2 - t1), n });
