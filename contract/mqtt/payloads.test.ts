import { describe, expect, it } from 'vitest';
import { telemetryMessage } from './payloads.ts';
import { mayPublish, maySubscribe, parseUplinkTopic, topics } from './topics.ts';

const report = {
  t: Date.UTC(2026, 10, 22, 8),
  seq: 1,
  signal: 'strong',
  lock: 'unlocked',
  pos: { lat: 31.23, lng: 121.47, speed: 12, fix: 'gps' },
  data: {
    kind: 'aerialPlatform',
    platformHeightM: 12,
    loadPct: 40,
    tiltDeg: 2,
    batteryV: 24.8,
    batteryPct: 80,
    driving: false,
    lifting: true,
    workingHours: 812.5,
    faults: [],
  },
};

describe('device protocol', () => {
  it('accepts a plausible aerial platform report', () => {
    expect(telemetryMessage.safeParse(report).success).toBe(true);
  });

  it.each([
    ['latitude beyond 90', { pos: { ...report.pos, lat: 90.5 } }],
    ['longitude beyond 180', { pos: { ...report.pos, lng: -181 } }],
    ['negative speed', { pos: { ...report.pos, speed: -1 } }],
    ['absurd speed', { pos: { ...report.pos, speed: 900 } }],
    ['a load a platform cannot carry', { data: { ...report.data, loadPct: 400 } }],
    ['telemetry of another kind', { data: { ...report.data, kind: 'charger' } }],
  ])('refuses %s', (_name, change) => {
    expect(telemetryMessage.safeParse({ ...report, ...change }).success).toBe(false);
  });

  it('lets a machine publish only its own uplink and subscribe only to its own commands', () => {
    expect(mayPublish('AWP0001', topics.telemetry('AWP0001'))).toBe(true);
    expect(mayPublish('AWP0001', topics.telemetry('AWP0002'))).toBe(false);
    expect(mayPublish('AWP0001', topics.command('AWP0001'))).toBe(false);
    expect(maySubscribe('AWP0001', topics.command('AWP0001'))).toBe(true);
    expect(maySubscribe('AWP0001', 'dev/+/down/command')).toBe(false);
    expect(maySubscribe('AWP0001', '#')).toBe(false);
    expect(parseUplinkTopic('dev/../up/telemetry')).toBeNull();
  });
});
