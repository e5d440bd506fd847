import { describe, expect, it } from 'vitest';
import { MAX_CLOCK_AHEAD_MS } from '@console/contract/mqtt/payloads';
import { topics } from '@console/contract/mqtt/topics';
import { MAX_PAYLOAD_BYTES, validateUplink, type KnownDevice } from './validate.ts';

const NOW = Date.UTC(2026, 10, 22, 8);
const SN = 'AWP000001';
const fleet = new Map<string, KnownDevice>([[SN, { id: 7, kind: 'aerialPlatform' }]]);
const find = (sn: string) => fleet.get(sn);

const good = {
  t: NOW - 1000,
  seq: 3,
  signal: 'medium',
  lock: 'lock1',
  pos: { lat: 31.2, lng: 121.4, speed: 0, fix: 'base' },
  data: {
    kind: 'aerialPlatform',
    platformHeightM: 0,
    loadPct: 0,
    tiltDeg: 0.5,
    batteryV: 25,
    batteryPct: 60,
    driving: false,
    lifting: false,
    workingHours: 12,
    faults: [],
  },
};

const check = (payload: unknown, topic = topics.telemetry(SN)) =>
  validateUplink(topic, Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload)), NOW, find);
const reasonOf = (payload: unknown, topic?: string) => {
  const result = check(payload, topic);
  return result.ok ? 'ok' : result.reason;
};

describe('validateUplink', () => {
  it('accepts a plausible report, status and acknowledgement, naming the machine', () => {
    const result = check(good);
    expect(result).toMatchObject({ ok: true, item: { type: 'telemetry', sn: SN, device: { id: 7 }, receivedAt: NOW } });
    expect(reasonOf({ online: false, reason: 'sleep', t: NOW }, topics.status(SN))).toBe('ok');
    expect(
      reasonOf({ id: 'c1', result: 'done', state: { lock: 'lock1', sleeping: false }, t: NOW }, topics.ack(SN)),
    ).toBe('ok');
  });

  it.each([
    ['latitude above 90', { ...good, pos: { ...good.pos, lat: 90.01 } }],
    ['latitude below -90', { ...good, pos: { ...good.pos, lat: -90.01 } }],
    ['longitude above 180', { ...good, pos: { ...good.pos, lng: 180.5 } }],
    ['longitude below -180', { ...good, pos: { ...good.pos, lng: -181 } }],
    ['negative speed', { ...good, pos: { ...good.pos, speed: -0.1 } }],
    ['absurd speed', { ...good, pos: { ...good.pos, speed: 151 } }],
    ['out-of-range telemetry', { ...good, data: { ...good.data, tiltDeg: 50 } }],
    ['an unknown lock level', { ...good, lock: 'locked' }],
    ['a fractional device time', { ...good, t: 1.5 }],
    ['a status without online', { reason: 'sleep' }],
  ])('refuses %s as a schema failure', (_name, payload) => {
    const topic = 'online' in payload || 'reason' in payload ? topics.status(SN) : topics.telemetry(SN);
    expect(reasonOf(payload, topic)).toBe('schema');
  });

  it('refuses malformed JSON, an unknown machine, another kind and a foreign topic', () => {
    expect(reasonOf('{"t":')).toBe('json');
    expect(reasonOf('')).toBe('json');
    expect(reasonOf(good, topics.telemetry('UNKNOWN01'))).toBe('unknownDevice');
    const pump = { kind: 'charger', state: 'idle', outputV: 0, outputA: 0, energyKwh: 5, faults: [] };
    expect(check({ ...good, data: pump })).toMatchObject({
      ok: false,
      reason: 'kind',
      detail: 'charger from a aerialPlatform',
    });
    expect(reasonOf(good, `dev/${SN}/up/telemetry/extra`)).toBe('topic');
    expect(reasonOf(good, `dev/${SN}/down/command`)).toBe('topic');
  });

  it('refuses a device time more than 25 hours ahead of the server', () => {
    expect(reasonOf({ ...good, t: NOW + MAX_CLOCK_AHEAD_MS })).toBe('ok');
    expect(reasonOf({ ...good, t: NOW + MAX_CLOCK_AHEAD_MS + 1 })).toBe('clockAhead');
    expect(reasonOf({ online: true, t: NOW + MAX_CLOCK_AHEAD_MS + 1 }, topics.status(SN))).toBe('clockAhead');
  });

  it('refuses a payload larger than any message of the protocol before parsing it', () => {
    expect(reasonOf({ ...good, pad: 'x'.repeat(MAX_PAYLOAD_BYTES) })).toBe('tooLarge');
  });

  it('never throws, whatever arrives', () => {
    const junk = [
      Buffer.from([0xff, 0xfe, 0x00, 0xc3]),
      Buffer.from('null'),
      Buffer.from('[]'),
      Buffer.from('1e999'),
      Buffer.from('"text"'),
      Buffer.from('{"__proto__":{"t":1},"constructor":{"prototype":{}}}'),
      Buffer.from('['.repeat(5000) + ']'.repeat(5000)),
      Buffer.from(JSON.stringify({ ...good, data: null })),
      Buffer.from(JSON.stringify({ ...good, data: { kind: 'toString' } })),
    ];
    for (const payload of junk) {
      for (const topic of [topics.telemetry(SN), topics.status(SN), topics.ack(SN), 'dev', '', 'dev/+/up/#']) {
        expect(() => validateUplink(topic, payload, NOW, find)).not.toThrow();
        expect(validateUplink(topic, payload, NOW, find).ok).toBe(false);
      }
    }
  });
});
