import type { KindData } from '@console/contract/mqtt/payloads';
import { hashText, round } from '../random.ts';
import { offShift } from '../world/schedule.ts';
import { minutes } from './phases.ts';
import { hoursOf, type KindFactory, type KindModel } from './types.ts';

type Data = Extract<KindData, { kind: 'charger' }>;

/** The fault that takes a charger's output down. */
const OUTPUT_FAULT = 'C01';

/**
 * A 48 V charger at a site: a machine is plugged in after the shift (and often over lunch), charged at a
 * constant current that tapers as the pack fills, then held full until the crew unplugs it in the morning.
 */
export const charger: KindFactory = ({ rng }) => {
  const ratedA = rng.pick([60, 80, 100]);
  let energy = rng.range(100, 40_000);
  let state: 'idle' | 'charging' | 'full' = 'idle';
  let fullAt = 0;
  let plugged = false;
  let volts = 0;
  let amps = 0;
  const salt = rng.int(0, 2 ** 30);

  const model: KindModel<Data> = {
    kind: 'charger',
    faultCodes: [OUTPUT_FAULT, 'C03'],
    step(c) {
      const lunch = c.local.hour >= c.schedule.lunchStart && c.local.hour < c.schedule.lunchEnd;
      const lunchCharge = lunch && hashText(`lunch:${c.local.day}`, salt) % 2 === 0;
      // A lock disables the output, as if nothing were plugged in.
      const wantPlugged = c.mayWork && (offShift(c.schedule, c.local) || lunchCharge);
      if (wantPlugged && !plugged) {
        plugged = true;
        state = 'charging';
        fullAt = c.t + minutes(rng, lunch ? 30 : 120, lunch ? 60 : 400);
      } else if (!wantPlugged && plugged) {
        plugged = false;
        state = 'idle';
      }
      if (state === 'charging' && c.t >= fullAt) state = 'full';
      const left = Math.max(0, fullAt - c.t);
      if (state === 'charging') {
        // The last hour tapers from the rated current towards a trickle.
        const taper = Math.min(1, left / 3_600_000);
        amps = ratedA * (0.2 + 0.8 * taper) * rng.range(0.95, 1.02);
        volts = 50 + 6 * (1 - taper) + rng.range(-0.2, 0.2);
      } else if (state === 'full') {
        amps = rng.range(0, 1.5);
        volts = 54.4 + rng.range(-0.1, 0.1);
      } else {
        amps = 0;
        volts = 0;
      }
      energy += (volts * amps * hoursOf(c.dt)) / 1000;
    },
    data(faults) {
      const failed = faults.includes(OUTPUT_FAULT);
      return {
        kind: 'charger',
        state: failed ? 'fault' : state,
        outputV: failed ? 0 : round(volts, 1),
        outputA: failed ? 0 : round(amps, 1),
        energyKwh: round(Math.min(energy, 10_000_000), 1),
        faults,
      };
    },
  };
  return model;
};
