import { z } from 'zod';
import type { MachineKind } from '@console/contract/codes/machine-kinds';
import { CONTROLLER_SILENT, MAX_SPEED_KMH } from '@console/contract/mqtt/payloads';
import { ALARM_CONDITIONS, type AlarmCondition } from './conditions.ts';
import type { Machine } from './machine.ts';

const point = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });
const durationS = z
  .number()
  .positive()
  .max(30 * 86400);

/**
 * What QA and scenarios can do to a machine: the same actions behind the control API and a scenario's
 * timeline. Durations are simulated seconds.
 */
export const actionSchemas = {
  /** Lose the network (the broker publishes the last will); for a while, or until `online`. */
  offline: z.object({ durationS: durationS.optional() }),
  online: z.object({}),
  sleep: z.object({}),
  wake: z.object({}),
  /** Raise a fault flag (CTRL_OFFLINE: the machine's controller falls silent); until cleared by default. */
  fault: z.object({
    code: z.string().regex(/^[A-Z0-9_]{1,16}$/, 'like E01: capitals, digits, _'),
    durationS: durationS.optional(),
  }),
  /** Clear faults, a silent controller and injected alarm conditions. */
  clear: z.object({}),
  /** Hold an alarm condition for a while (default 10 minutes). */
  alarm: z.object({
    condition: z.enum(ALARM_CONDITIONS),
    value: z.number().min(0).max(150).optional(),
    durationS: durationS.default(600),
  }),
  /** Drive to a point or along a route; the machine then works there. */
  move: z
    .object({
      to: point.optional(),
      route: z.array(point).min(1).max(500).optional(),
      speedKmh: z.number().positive().max(MAX_SPEED_KMH).optional(),
    })
    .refine((b) => (b.to === undefined) !== (b.route === undefined), 'give either `to` or `route`'),
} as const;

export type ActionName = keyof typeof actionSchemas;
export type ActionBody<N extends ActionName> = z.output<(typeof actionSchemas)[N]>;
export const ACTION_NAMES = Object.keys(actionSchemas) as ActionName[];

/** An action that does not apply to this machine. */
export class ActionError extends Error {}

const MOVE_KMH: Record<MachineKind, number> = {
  aerialPlatform: 3,
  concretePump: 40,
  wetSprayer: 15,
  mower: 2.5,
  boat: 20,
  forklift: 10,
  battery: 30,
  charger: 30,
};

function alarmValue(m: Machine, condition: AlarmCondition, value: number | undefined): number {
  const loadAndTilt = condition === 'overload' || condition === 'tilt';
  if (loadAndTilt && m.kind !== 'aerialPlatform') throw new ActionError(`a ${m.kind} reports no load or tilt`);
  if (condition === 'lowBattery' && !m.model.charge) throw new ActionError(`a ${m.kind} has no battery to run low`);
  if (condition === 'overspeed' && (m.kind === 'battery' || m.kind === 'charger')) {
    throw new ActionError(`a ${m.kind} does not drive`);
  }
  const limits = { overload: 150, tilt: 45, lowBattery: 100, overspeed: MAX_SPEED_KMH };
  if (value !== undefined && value > limits[condition]) {
    throw new ActionError(`${condition} is at most ${limits[condition]}`);
  }
  const fallback = {
    overload: 100,
    tilt: 16,
    lowBattery: 8,
    overspeed: m.overspeedKmh > 0 ? Math.min(MAX_SPEED_KMH, m.overspeedKmh + 15) : 60,
  };
  return value ?? fallback[condition];
}

export function applyAction<N extends ActionName>(m: Machine, name: N, body: ActionBody<N>): void {
  const seconds = (s: number | undefined) => (s === undefined ? null : s * 1000);
  switch (name) {
    case 'offline': {
      const b = body as ActionBody<'offline'>;
      return m.conditions.loseNetwork(seconds(b.durationS));
    }
    case 'online':
      return m.conditions.restoreNetwork();
    case 'sleep':
      return m.sleep();
    case 'wake':
      return m.wake();
    case 'fault': {
      const b = body as ActionBody<'fault'>;
      const ms = seconds(b.durationS);
      if (b.code === CONTROLLER_SILENT) return m.conditions.silence(ms ?? Infinity);
      return m.conditions.addFault(b.code, ms);
    }
    case 'clear':
      return m.conditions.clear();
    case 'alarm': {
      const b = body as ActionBody<'alarm'>;
      return m.conditions.inject(b.condition, alarmValue(m, b.condition, b.value), b.durationS * 1000);
    }
    case 'move': {
      const b = body as ActionBody<'move'>;
      const route = b.route ?? [b.to!];
      m.motion.goTo(route, b.speedKmh ?? MOVE_KMH[m.kind], true);
      const end = route.at(-1)!;
      m.home.lat = end.lat;
      m.home.lng = end.lng;
      return;
    }
  }
}
