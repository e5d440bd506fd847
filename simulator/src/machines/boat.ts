import type { KindData } from '@console/contract/mqtt/payloads';
import { clamp, round } from '../random.ts';
import { loopAround } from '../world/motion.ts';
import { Charge, minutes, Phases } from './phases.ts';
import { hoursOf, type KindFactory, type KindModel, type StepContext } from './types.ts';

type Data = Extract<KindData, { kind: 'boat' }>;
type Phase = 'moored' | 'cruise' | 'station';

/**
 * A work boat: runs a circuit out from its pier, holds station to work, runs on; refuels at the pier when the
 * tank runs low. Water temperature follows the season (the other way round south of the equator).
 */
export const boat: KindFactory = ({ rng, workingHours, home }) => {
  const fuel = new Charge(rng.range(40, 100));
  const [radius, stops] = [rng.range(1000, 3000), rng.int(4, 7)];
  let circuit = loopAround(home, radius, stops, rng);
  let hours = workingHours;
  let rpm = 0;
  let waterTemp = 18;
  let leg = 0;
  let ctx: StepContext | null = null;

  const phases = new Phases<Phase>('moored', Infinity, (phase) => {
    const c = ctx!;
    if (phase === 'cruise') return ['station', minutes(rng, 10, 40)];
    leg = (leg + 1) % circuit.length;
    c.motion.goTo([circuit[leg]!], rng.range(10, 25));
    return ['cruise', minutes(rng, 5, 15)];
  });

  const model: KindModel<Data> = {
    kind: 'boat',
    runModes: true,
    faultCodes: ['E44', 'F01'],
    charge: fuel.accessor,
    step(c) {
      ctx = c;
      const working = c.atWork && c.mayWork && fuel.pct > 12;
      if (!working && phases.phase !== 'moored') {
        phases.enter('moored', c.t, Infinity);
        c.motion.goTo([home], 12);
      }
      if (working && phases.phase === 'moored') {
        // Out from the pier where the boat is now (it may have been moved).
        circuit = loopAround(home, radius, stops, rng);
        phases.enter('station', c.t, minutes(rng, 5, 20));
      }
      const phase = phases.advance(c.t);
      const underway = c.motion.moving;
      if (phase === 'moored' && !underway && fuel.pct < 30) fuel.pct = 95;
      rpm = underway ? rng.range(1500, 2600) : phase === 'station' ? rng.range(700, 900) : 0;
      if (rpm > 0) hours += hoursOf(c.dt);
      fuel.drain(underway ? 8 : rpm > 0 ? 1 : 0, c.dt);
      const south = home.lat < 0;
      const season = 0.5 - 0.5 * Math.cos((2 * Math.PI * (c.local.dayOfYear - (south ? 202 : 20))) / 365);
      const tropical = Math.abs(home.lat) < 15 ? 10 : 0;
      const daily = Math.sin(((c.local.hour - 9) / 24) * 2 * Math.PI);
      waterTemp = clamp(6 + tropical + 18 * season + daily + rng.range(-0.3, 0.3), -2, 38);
    },
    data(faults) {
      return {
        kind: 'boat',
        engineRpm: round(rpm, 0),
        fuelPct: round(fuel.pct, 0),
        waterTempC: round(waterTemp, 1),
        engineHours: round(hours, 1),
        faults,
      };
    },
  };
  return model;
};
