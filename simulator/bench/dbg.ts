import { harness, spec } from '../src/test-harness.ts';
const h = harness([spec('SLEEPER01', 'aerialPlatform')], { speed: 3600 });
const m = h.machine('SLEEPER01');
h.fleet.act('SLEEPER01', 'sleep', {});
const t0 = h.clock.now();
h.transport.command('SLEEPER01', { id: 'lock-1', type: 'lock', level: 'lock2', expiresAt: Date.UTC(2030, 0) });
const log = (w: string) => console.log(w, (h.clock.now() - t0) / 3600000, m.power, m.nextWakeAt && (m.nextWakeAt - t0) / 3600000, h.clock.pending);
h.run(11 * 1000, 100); log('a');
h.until(() => m.power === 'waking', 2000, 100); log('b');
h.until(() => m.power === 'asleep', 1000, 5); log('c');
for (let i = 0; i < 14; i++) { h.run(1000, 100); log('d'); }
