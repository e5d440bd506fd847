import type { KindData } from '@console/contract/mqtt/payloads';
import { round } from '../random.ts';
import { minutes, Phases } from './phases.ts';
import { hoursOf, type KindFactory, type KindModel } from './types.ts';

type Data = Extract<KindData, { kind: 'wetSprayer' }>;
type Phase = 'off' | 'standby' | 'spraying';

/**
 * A wet shotcrete sprayer lining a tunnel: sprays a section, stands by while the next is prepared. Inside the
 * tunnel its unit has a weak signal and no GPS fix.
 */
export const wetSprayer: KindFactory = ({ rng, workingHours }) => {
  let hours = workingHours;
  let rate = 0;
  let pressure = 0;
  let accelerator = 0;
  const tunnel = rng.chance(0.7);
  /** The concrete pump motor's frequency drive, Hz (45 is full speed). */
  let driveHz = 45;

  const phases = new Phases<Phase>('off', Infinity, (phase) =>
    phase === 'spraying' ? ['standby', minutes(rng, 5, 20)] : ['spraying', minutes(rng, 20, 60)],
  );

  const model: KindModel<Data> = {
    kind: 'wetSprayer',
    faultCodes: ['S11', 'E05'],
    runModes: true,
    drive: {
      minHz: 5,
      maxHz: 45,
      set(hz) {
        driveHz = hz;
      },
    },
    shielded: () => tunnel && phases.phase !== 'off',
    step(c) {
      const working = c.atWork && c.mayWork;
      if (!working && phases.phase !== 'off') phases.enter('off', c.t, Infinity);
      if (working && phases.phase === 'off') phases.enter('standby', c.t, minutes(rng, 10, 25));
      const phase = phases.advance(c.t);
      if (phase !== 'off') hours += hoursOf(c.dt);
      rate = phase === 'spraying' ? rng.range(6, 25) * (driveHz / 45) : 0;
      pressure = phase === 'spraying' ? rng.range(3, 12) : phase === 'standby' ? rng.range(0.3, 1.5) : 0;
      accelerator = phase === 'spraying' ? rng.range(3, 8) : 0;
    },
    data(faults) {
      return {
        kind: 'wetSprayer',
        spraying: phases.phase === 'spraying',
        sprayRateM3h: round(rate, 1),
        pressureMpa: round(pressure, 1),
        acceleratorPct: round(accelerator, 1),
        engineHours: round(hours, 1),
        faults,
      };
    },
  };
  return model;
};
