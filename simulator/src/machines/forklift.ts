import type { KindData } from '@console/contract/mqtt/payloads';
import { round } from '../random.ts';
import { offShift } from '../world/schedule.ts';
import { pointNear } from '../world/motion.ts';
import { Charge, minutes, Phases } from './phases.ts';
import { hoursOf, type KindFactory, type KindModel, type StepContext } from './types.ts';

type Data = Extract<KindData, { kind: 'forklift' }>;
type Phase = 'parked' | 'idle' | 'pick' | 'carry' | 'drop' | 'return';

/**
 * A forklift in a yard: picks a load, carries it across the yard, sets it down, comes back; charged in the
 * lunch break and after the shift.
 */
export const forklift: KindFactory = ({ rng, workingHours, home }) => {
  const capacityKg = rng.pick([2500, 3000, 3500, 5000]);
  const maxLiftM = rng.pick([3, 4.5, 6]);
  const battery = new Charge(rng.range(50, 100));
  let hours = workingHours;
  let load = 0;
  let fork = 0;
  let ctx: StepContext | null = null;

  const phases = new Phases<Phase>('parked', Infinity, (phase) => {
    const c = ctx!;
    switch (phase) {
      case 'idle':
        fork = rng.range(0.5, maxLiftM);
        return ['pick', minutes(rng, 0.5, 1.5)];
      case 'pick':
        load = rng.range(0.1, 0.95) * capacityKg;
        fork = 0.2;
        c.motion.goTo([pointNear(home, 250, rng)], rng.range(6, 15));
        return ['carry', minutes(rng, 1, 4)];
      case 'carry':
        fork = rng.range(0.3, maxLiftM);
        return ['drop', minutes(rng, 0.5, 1.5)];
      case 'drop':
        load = 0;
        fork = 0;
        c.motion.goTo([pointNear(home, 60, rng)], rng.range(8, 16));
        return ['return', minutes(rng, 1, 3)];
      default:
        fork = 0;
        return ['idle', minutes(rng, 1, 8)];
    }
  });

  const model: KindModel<Data> = {
    kind: 'forklift',
    runModes: true,
    faultCodes: ['E01', 'B03', 'S02'],
    charge: battery.accessor,
    step(c) {
      ctx = c;
      const working = c.atWork && c.mayWork && battery.pct > 8;
      if (!working && phases.phase !== 'parked') {
        phases.enter('parked', c.t, Infinity);
        load = 0;
        fork = 0;
      }
      if (working && phases.phase === 'parked') phases.enter('idle', c.t, minutes(rng, 0, 5));
      const phase = phases.advance(c.t);
      if (phase === 'parked') {
        if (offShift(c.schedule, c.local) || c.local.hour >= c.schedule.lunchStart) battery.charge(25, c.dt);
      } else {
        battery.drain(c.motion.moving ? 16 : 6, c.dt);
        hours += hoursOf(c.dt);
      }
    },
    data(faults) {
      return {
        kind: 'forklift',
        loadKg: round(load, 0),
        forkHeightM: round(fork, 2),
        batteryPct: round(battery.pct, 0),
        driving: ctx?.motion.moving ?? false,
        workingHours: round(hours, 1),
        faults,
      };
    },
  };
  return model;
};
