import { z } from 'zod';
import { MACHINE_KINDS } from '@console/contract/codes/machine-kinds';
import { ackMessage, LOCK_LEVELS, SIGNALS, telemetryMessage } from '@console/contract/mqtt/payloads';
import { ALARM_CONDITIONS } from './conditions.ts';
import type { Machine } from './machine.ts';

export const CONNECTIONS = ['online', 'connecting', 'offline', 'waking', 'asleep'] as const;

/** A machine as the control API shows it: what the simulator knows, which the server can only infer. */
export const machineView = z.object({
  serial: z.string(),
  kind: z.enum(MACHINE_KINDS),
  /** online: announced to the broker; connecting; offline: cut off; waking: the 12-hourly window; asleep. */
  connection: z.enum(CONNECTIONS),
  site: z.object({ lat: z.number(), lng: z.number(), timeZone: z.string() }),
  position: z.object({ lat: z.number(), lng: z.number(), speedKmh: z.number(), heading: z.number() }),
  lock: z.enum(LOCK_LEVELS),
  signal: z.enum(SIGNALS),
  reportIntervalS: z.number().int(),
  overspeedKmh: z.number(),
  faults: z.array(z.string()),
  controllerSilent: z.boolean(),
  injected: z.partialRecord(z.enum(ALARM_CONDITIONS), z.number()),
  /** Simulated time of the next 12-hourly wake (ISO), while asleep. */
  nextWakeAt: z.string().nullable(),
  /** Locks held until the machine stops or gets a position fix. */
  waiting: z.array(z.object({ id: z.string(), waitFor: z.enum(['stop', 'position']) })),
  reportsSent: z.number().int(),
  lastReport: telemetryMessage.nullable(),
  recentAcks: z.array(ackMessage),
});
export type MachineView = z.infer<typeof machineView>;
export type Connection = (typeof CONNECTIONS)[number];

export function connectionOf(m: Machine): Connection {
  if (m.power === 'asleep') return 'asleep';
  if (m.conditions.lost) return 'offline';
  if (!m.announced) return 'connecting';
  return m.power === 'waking' ? 'waking' : 'online';
}

export function viewOf(m: Machine): MachineView {
  return {
    serial: m.serial,
    kind: m.kind,
    connection: connectionOf(m),
    site: { lat: m.home.lat, lng: m.home.lng, timeZone: m.timeZone },
    position: {
      lat: m.motion.lat,
      lng: m.motion.lng,
      speedKmh: Math.round(m.motion.speedKmh * 10) / 10,
      heading: Math.round(m.motion.heading),
    },
    lock: m.lock,
    signal: m.conditions.signal,
    reportIntervalS: m.reportIntervalS,
    overspeedKmh: m.overspeedKmh,
    faults: m.conditions.faultCodes(),
    controllerSilent: m.conditions.silent,
    injected: m.conditions.active(),
    nextWakeAt: m.nextWakeAt === null ? null : new Date(m.nextWakeAt).toISOString(),
    waiting: m.pending.map((p) => ({ id: p.command.id, waitFor: p.waitFor })),
    reportsSent: m.seq,
    lastReport: m.lastReport,
    recentAcks: m.recentAcks,
  };
}
