import { CONTROLLER_SILENT, type KindData, type TelemetryMessage } from '@console/contract/mqtt/payloads';
import { round, type Rng } from '../random.ts';
import { offset, type Motion } from '../world/motion.ts';

/** The unit's own alarm marks on a track point (the server runs its own rules on the values). */
const TILT_ALARM_DEG = 14;
const OVERLOAD_ALARM_PCT = 99;

export interface ReportInput {
  t: number;
  seq: number;
  signal: TelemetryMessage['signal'];
  lock: TelemetryMessage['lock'];
  data: KindData;
  motion: Motion;
  /** 'none': no position fix in this report. */
  fix: 'gps' | 'base' | 'none';
  overspeedKmh: number;
  rng: Rng;
}

/** One telemetry message, as the unit on the machine would put it together. */
export function buildReport(input: ReportInput): TelemetryMessage {
  const { motion, data, rng } = input;
  const report: TelemetryMessage = { t: input.t, seq: input.seq, signal: input.signal, lock: input.lock, data };
  if (input.fix === 'none') return report;
  // A GPS fix wanders by a few metres, a base-station fix by hundreds.
  const error = input.fix === 'gps' ? rng.range(0, 4) : rng.range(150, 450);
  const angle = rng.range(0, 2 * Math.PI);
  const at = offset(motion.position, error * Math.cos(angle), error * Math.sin(angle));
  const speed = round(motion.speedKmh, 1);
  const alarms: [string, number][] = [];
  if (input.overspeedKmh > 0 && speed > input.overspeedKmh) alarms.push(['overspeed', speed]);
  if (data.kind === 'aerialPlatform') {
    if (data.tiltDeg > TILT_ALARM_DEG) alarms.push(['tilt', data.tiltDeg]);
    if (data.loadPct >= OVERLOAD_ALARM_PCT) alarms.push(['overload', data.loadPct]);
  }
  report.pos = {
    lat: round(at.lat, 6),
    lng: round(at.lng, 6),
    speed,
    heading: round(motion.heading, 0) % 360,
    fix: input.fix,
    ...(alarms.length > 0 ? { alarm: alarms.map(([name]) => name).join(','), alarmValue: alarms[0]![1] } : {}),
  };
  return report;
}

/** The fault flags of a reading: the machine's faults, and the silent controller's flag. */
export function faultFlags(faults: Iterable<string>, silent: boolean): string[] {
  const flags = [...faults].sort();
  return silent ? [...flags, CONTROLLER_SILENT] : flags;
}
