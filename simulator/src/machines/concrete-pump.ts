import type { KindData } from '@console/contract/mqtt/payloads';
import { hashText, round } from '../random.ts';
import { pointNear } from '../world/motion.ts';
import { minutes, Phases } from './phases.ts';
import { hoursOf, type KindFactory, type KindModel, type StepContext } from './types.ts';

type Data = Extract<KindData, { kind: 'concretePump' }>;
type Phase = 'off' | 'relocate' | 'setup' | 'standby' | 'pumping' | 'reverse';

/**
 * A trailer or boom pump on a pour: set up, then pump while the mixer trucks come, stand by between trucks,
 * and reverse for a moment now and then to clear the pipe. Some days it is towed to another pour nearby.
 */
export const concretePump: KindFactory = ({ rng, workingHours }) => {
  const salt = rng.int(0, 2 ** 30);
  let hours = workingHours;
  let mode: Data['mode'] = 'performance';
  /** Set from the console: kept, instead of the crew's choice of the day. */
  let modeFixed = false;
  /** The pump motor's frequency drive, Hz (50 is full speed). */
  let driveHz = 50;
  let displacement = 0;
  let pressure = 0;
  let currents: [number, number] = [0, 0];
  let ctx: StepContext | null = null;

  const phases = new Phases<Phase>('off', Infinity, (phase) => {
    const c = ctx!;
    switch (phase) {
      case 'relocate':
        return c.motion.remaining > 0 ? ['relocate', minutes(rng, 2, 4)] : ['setup', minutes(rng, 10, 30)];
      case 'setup':
      case 'standby':
        return ['pumping', minutes(rng, 15, 50)];
      case 'pumping':
        return rng.chance(0.2) ? ['reverse', minutes(rng, 0.3, 2)] : ['standby', minutes(rng, 3, 15)];
      case 'reverse':
        return ['pumping', minutes(rng, 5, 30)];
      default:
        return ['setup', minutes(rng, 10, 30)];
    }
  });

  const model: KindModel<Data> = {
    kind: 'concretePump',
    faultCodes: ['H21', 'P30', 'E05'],
    runModes: true,
    pumpMode: {
      set(next) {
        mode = next;
        modeFixed = true;
      },
    },
    drive: {
      minHz: 10,
      maxHz: 50,
      set(hz) {
        driveHz = hz;
      },
    },
    step(c) {
      ctx = c;
      const working = c.atWork && c.mayWork;
      if (!working) {
        if (phases.phase !== 'off') phases.enter('off', c.t, Infinity);
      } else if (phases.phase === 'off') {
        const day = hashText(`pour:${c.local.day}`, salt);
        if (!modeFixed) mode = day % 10 < 6 ? 'performance' : 'energySaving';
        if (day % 100 < 10) {
          c.motion.goTo([pointNear(c.home, 6000, rng)], rng.range(30, 45));
          phases.enter('relocate', c.t, minutes(rng, 5, 10));
        } else {
          phases.enter('setup', c.t, minutes(rng, 10, 30));
        }
      }
      const phase = phases.advance(c.t);
      if (phase !== 'off') hours += hoursOf(c.dt);
      const perf = (mode === 'performance' ? 1 : 0.55) * (driveHz / 50);
      switch (phase) {
        case 'pumping':
          displacement = rng.range(80, 140) * perf;
          pressure = rng.range(10, 28) * (0.7 + 0.3 * perf);
          currents = [rng.range(90, 220) * perf, rng.range(90, 220) * perf];
          break;
        case 'reverse':
          displacement = rng.range(20, 40);
          pressure = rng.range(4, 12);
          currents = [rng.range(40, 110), rng.range(40, 110)];
          break;
        case 'off':
          displacement = pressure = 0;
          currents = [0, 0];
          break;
        default:
          // Engine running, pump idle: a little standby pressure.
          displacement = 0;
          pressure = phase === 'relocate' ? 0 : rng.range(0.5, 2);
          currents = [0, 0];
      }
    },
    data(faults) {
      const phase = phases.phase;
      return {
        kind: 'concretePump',
        pumpStatus: phase === 'pumping' ? 'pumping' : phase === 'reverse' ? 'reverse' : 'standby',
        mode,
        displacementM3h: round(displacement, 1),
        pressureMpa: round(pressure, 1),
        pumpCurrentA: [round(currents[0], 0), round(currents[1], 0)],
        engineHours: round(hours, 1),
        faults,
      };
    },
  };
  return model;
};
