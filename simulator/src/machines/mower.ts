import type { KindData } from '@console/contract/mqtt/payloads';
import { round } from '../random.ts';
import { distanceM, offset, type Point } from '../world/motion.ts';
import { Charge } from './phases.ts';
import { hoursOf, type KindFactory, type KindModel } from './types.ts';

type Data = Extract<KindData, { kind: 'mower' }>;
type Mode = 'docked' | 'cutting' | 'returning';

/** Back and forth across a rectangular field beside the dock: the lanes a robotic mower cuts. */
function lanes(dock: Point, widthM: number, depthM: number, laneM: number): Point[] {
  const points: Point[] = [];
  for (let i = 0, east = 5; east < widthM; i++, east += laneM) {
    const [a, b] = i % 2 === 0 ? [5, depthM] : [depthM, 5];
    points.push(offset(dock, a, east), offset(dock, b, east));
  }
  return points;
}

/**
 * A robotic mower: cuts its field lane by lane during the day, goes back to its dock to charge when the
 * battery runs low, and counts the area it cut today.
 */
export const mower: KindFactory = ({ rng, workingHours, home }) => {
  const battery = new Charge(rng.range(40, 100));
  const [width, depth] = [rng.range(40, 120), rng.range(30, 80)];
  // The field lies beside the dock, wherever the dock is now (a mower can be moved to another site).
  const field = () => lanes(home, width, depth, 0.8);
  const fieldPoints = field().length;
  const cruise = rng.range(1.6, 2.6);
  let hours = workingHours;
  let mode: Mode = 'docked';
  let lane = 0;
  let area = 0;
  let day = -1;
  let blade = 0;
  let lastPosition = home;

  const model: KindModel<Data> = {
    kind: 'mower',
    runModes: true,
    faultCodes: ['M02', 'M07', 'B03'],
    charge: battery.accessor,
    step(c) {
      if (c.local.day !== day) {
        day = c.local.day;
        area = 0;
      }
      const working = c.atWork && c.mayWork;
      if (mode === 'cutting' && (!working || battery.pct < 20)) {
        mode = 'returning';
        c.motion.goTo([home], cruise + 0.5);
      } else if (mode === 'docked' && working && battery.pct > 90) {
        mode = 'cutting';
        c.motion.goTo(field().slice(lane), cruise);
      }
      if (mode === 'cutting') {
        area += distanceM(lastPosition, c.motion.position) * 0.8;
        lane = Math.max(0, fieldPoints - c.motion.remaining);
        if (c.motion.remaining === 0) {
          // Field done: start again from the first lane.
          lane = 0;
          c.motion.goTo(field(), cruise);
        }
        battery.drain(28, c.dt);
        hours += hoursOf(c.dt);
      } else if (mode === 'returning') {
        battery.drain(10, c.dt);
        if (c.motion.remaining === 0) mode = 'docked';
      } else {
        battery.charge(60, c.dt);
      }
      blade = mode === 'cutting' ? rng.range(2500, 3200) : 0;
      lastPosition = c.motion.position;
    },
    data(faults) {
      return {
        kind: 'mower',
        cutting: mode === 'cutting',
        bladeRpm: round(blade, 0),
        batteryPct: round(battery.pct, 0),
        areaTodayM2: round(Math.min(area, 1_000_000), 0),
        workingHours: round(hours, 1),
        faults,
      };
    },
  };
  return model;
};
