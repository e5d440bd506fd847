import type { KindData } from '@console/contract/mqtt/payloads';
import { clamp, round } from '../random.ts';
import { offShift } from '../world/schedule.ts';
import { Charge } from './phases.ts';
import { hoursOf, type KindFactory, type KindModel } from './types.ts';

type Data = Extract<KindData, { kind: 'battery' }>;

/**
 * A 48 V lithium iron phosphate pack powering a machine: it discharges while the machine works, charges after
 * the shift, warms with the current, and counts full-equivalent cycles.
 */
export const battery: KindFactory = ({ rng }) => {
  const capacityAh = rng.pick([200, 300, 400]);
  const pack = new Charge(rng.range(40, 100));
  let throughputPct = rng.int(20, 1800) * 100;
  let current = 0;
  let temperature = 20;

  const model: KindModel<Data> = {
    kind: 'battery',
    faultCodes: ['T01', 'V02'],
    charge: pack.accessor,
    step(c) {
      const ambient = 12 + 14 * (0.5 - 0.5 * Math.cos((2 * Math.PI * (c.local.dayOfYear - 20)) / 365));
      if (c.atWork && c.mayWork && pack.pct > 5) {
        current = -rng.range(10, 180);
      } else if (offShift(c.schedule, c.local) && pack.pct < 99.5) {
        // Constant current, then tapering as the pack fills.
        current = pack.pct > 85 ? rng.range(8, 25) : rng.range(35, 60);
      } else {
        current = 0;
      }
      const deltaPct = ((current * hoursOf(c.dt)) / capacityAh) * 100;
      const before = pack.pct;
      pack.pct = clamp(pack.pct + deltaPct, 0, 100);
      if (pack.pct < before) throughputPct += before - pack.pct;
      const target = ambient + Math.abs(current) / 9;
      // The pack's temperature follows its load with a lag of about half an hour.
      const k = 1 - Math.exp(-c.dt / 1_800_000);
      temperature = clamp(temperature + (target - temperature) * k + rng.range(-0.2, 0.2), -40, 100);
    },
    data(faults) {
      const sag = current < 0 ? -0.8 : current > 0 ? 1.2 : 0;
      return {
        kind: 'battery',
        chargePct: round(pack.pct, 0),
        voltageV: round(clamp(46 + 8 * (pack.pct / 100) + sag, 0, 1000), 2),
        currentA: round(current, 1),
        temperatureC: round(temperature, 1),
        cycles: Math.floor(throughputPct / 100),
        faults,
      };
    },
  };
  return model;
};
