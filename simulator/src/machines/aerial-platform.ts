import { PLATFORM_HEIGHT_M, platformHeightOf } from '@console/contract/codes/lift-heights';
import type { KindData } from '@console/contract/mqtt/payloads';
import { hashText, round } from '../random.ts';
import { offShift } from '../world/schedule.ts';
import { pointNear } from '../world/motion.ts';
import { Charge, minutes, Phases } from './phases.ts';
import { hoursOf, type KindFactory, type KindModel, type StepContext } from './types.ts';

type Data = Extract<KindData, { kind: 'aerialPlatform' }>;
type Phase = 'parked' | 'drive' | 'lift' | 'work' | 'lower' | 'idle';

/**
 * A scissor or boom lift on a building site: drives a short way, raises the platform, the crew works at
 * height, lowers, waits, moves on. Battery powered, charged overnight (now and then someone forgets). Loads
 * now and then run into the 80/90/99 % bands; a soft or sloping floor now and then tilts it past 14 degrees.
 */
export const aerialPlatform: KindFactory = ({ rng, modelName, workingHours }) => {
  // Its model's reach; a machine of unknown model is one of the known models. Drawn either way, so the rest of
  // the machine's stream does not depend on whether its model is known.
  const drawn = rng.pick(Object.values(PLATFORM_HEIGHT_M));
  const maxHeight = (modelName === null ? null : platformHeightOf(modelName)) ?? drawn;
  const floorTilt = rng.range(0.2, 2.2);
  const battery = new Charge(rng.range(55, 100));
  let hours = workingHours;
  let height = 0;
  let targetHeight = 0;
  let load = 0;
  let tilt = floorTilt;
  let tiltEventUntil = 0;
  let tiltEventDeg = 0;
  let reportedLoad = 0;
  const salt = rng.int(0, 2 ** 30);
  let ctx: StepContext | null = null;

  /** Usually well within the rated load; now and then into the alarm bands, rarely over the rating. */
  const drawLoad = () => {
    const r = rng.next();
    if (r < 0.004) return rng.range(99, 112);
    if (r < 0.014) return rng.range(90, 99);
    if (r < 0.04) return rng.range(80, 90);
    return rng.range(12, 75);
  };

  const phases = new Phases<Phase>('parked', 0, (phase, at) => {
    const c = ctx!;
    switch (phase) {
      case 'parked':
      case 'idle': {
        c.motion.goTo([pointNear(c.home, 150, rng)], rng.range(1.5, 4));
        return ['drive', minutes(rng, 2, 8)];
      }
      case 'drive':
        c.motion.goTo([], 0);
        targetHeight = rng.range(3, maxHeight);
        return ['lift', minutes(rng, 1, 3)];
      case 'lift':
        load = drawLoad();
        return ['work', minutes(rng, 10, 45)];
      case 'work':
        return ['lower', minutes(rng, 1, 2)];
      case 'lower':
        load = 0;
        return ['idle', minutes(rng, 2, 12)];
    }
    return [at === 0 ? 'parked' : phase, 60_000];
  });

  const model: KindModel<Data> = {
    kind: 'aerialPlatform',
    runModes: true,
    faultCodes: ['E01', 'E12', 'P07', 'B03'],
    charge: battery.accessor,
    step(c) {
      ctx = c;
      const working = c.atWork && c.mayWork && battery.pct > 5;
      if (!working) {
        if (phases.phase !== 'parked') phases.enter('parked', c.t, Infinity);
        height = 0;
        load = 0;
        // Plugged in after the shift, unless someone forgot tonight.
        const forgot = hashText(`charge:${c.local.day}`, salt) % 100 < 8;
        if (offShift(c.schedule, c.local) && !forgot) battery.charge(20, c.dt);
        else battery.drain(0.3, c.dt);
      } else {
        if (phases.phase === 'parked') phases.enter('idle', c.t, minutes(rng, 0, 10));
        const phase = phases.advance(c.t);
        height = phase === 'work' ? targetHeight : phase === 'lift' || phase === 'lower' ? targetHeight / 2 : 0;
        const rate = { parked: 0.3, idle: 0.8, drive: 7, lift: 12, work: 3, lower: 4 }[phase];
        battery.drain(rate, c.dt);
        hours += hoursOf(c.dt);
      }
      c.motion.speedCap = height > 0 ? 0.8 : c.motion.speedCap;
      if (c.t >= tiltEventUntil && working && rng.happens(0.04, c.dt)) {
        tiltEventUntil = c.t + minutes(rng, 2, 12);
        tiltEventDeg = rng.chance(0.6) ? rng.range(14.5, 19) : rng.range(8, 13.5);
      }
      const base = c.t < tiltEventUntil ? tiltEventDeg : floorTilt + (c.motion.moving ? rng.range(0, 3) : 0);
      tilt = Math.max(0, base + rng.range(-0.3, 0.3));
      reportedLoad = load > 0 ? Math.max(0, load + rng.range(-1.5, 1.5)) : 0;
    },
    data(faults) {
      const lifting = phases.phase === 'lift' || phases.phase === 'work' || phases.phase === 'lower';
      return {
        kind: 'aerialPlatform',
        platformHeightM: round(height, 1),
        loadPct: round(reportedLoad, 0),
        tiltDeg: round(tilt, 1),
        batteryV: round(22.8 + 2.6 * (battery.pct / 100) - (lifting ? 0.5 : 0), 1),
        batteryPct: round(battery.pct, 0),
        driving: ctx?.motion.moving ?? false,
        lifting,
        workingHours: round(hours, 1),
        faults,
      };
    },
  };
  return model;
};
