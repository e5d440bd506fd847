import { z } from 'zod';
import { MACHINE_KINDS } from '@console/contract/codes/machine-kinds';
import type { ManifestMachine } from '@console/contract/http/fleet-manifest';
import { LOCK_LEVELS, MAX_SPEED_KMH } from '@console/contract/mqtt/payloads';
import { SERIAL_PATTERN } from '@console/contract/mqtt/topics';
import { isTimeZone } from '../world/local-time.ts';

/** One machine to simulate: from the server's manifest or a scenario file. */
export const machineSpec = z.object({
  serial: z.string().regex(SERIAL_PATTERN, 'a serial number is 4-40 letters, digits, _ or -'),
  kind: z.enum(MACHINE_KINDS),
  /** Its model's name ("JCPT1412DC scissor lift"): what the model reaches bounds what it reports. Null: not known. */
  model: z.string().max(100).nullable().default(null),
  /** The work site (WGS-84). */
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  /** IANA time zone of the site; by default from its position. */
  timeZone: z.string().refine(isTimeZone, 'an IANA time zone such as Asia/Shanghai').optional(),
  location: z.string().max(100).default(''),
  positioning: z.enum(['gps', 'base']).default('gps'),
  /** Leased machines work most days; machines in stock rarely. */
  leased: z.boolean().default(true),
  reportIntervalS: z.number().int().min(1).max(86400).default(10),
  overspeedKmh: z.number().min(0).max(MAX_SPEED_KMH).default(0),
  lockLevel: z.enum(LOCK_LEVELS).default('unlocked'),
  sleeping: z.boolean().default(false),
  workingHours: z.number().min(0).max(200000).default(0),
  /** State of charge (or fuel) of the machine's last report, percent: the model carries on from it. */
  chargePct: z.number().min(0).max(100).nullable().default(null),
});
export type MachineSpec = z.output<typeof machineSpec>;
export type MachineSpecInput = z.input<typeof machineSpec>;

/** Where a machine the server has no position for is put: the first demo site (Shanghai). */
export const DEFAULT_SITE = { lat: 31.2304, lng: 121.4737 };

export function specFromManifest(m: ManifestMachine): MachineSpec {
  return machineSpec.parse({
    ...m,
    lat: m.lat ?? DEFAULT_SITE.lat,
    lng: m.lng ?? DEFAULT_SITE.lng,
    // The server's value may predate the protocol's limits; the machine keeps what it can obey.
    reportIntervalS: Math.min(86400, Math.max(1, Math.round(m.reportIntervalS))),
    overspeedKmh: Math.min(MAX_SPEED_KMH, Math.max(0, m.overspeedKmh)),
    workingHours: Math.min(200000, Math.max(0, m.workingHours)),
    location: m.location.slice(0, 100),
  });
}
