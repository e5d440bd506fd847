import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDuration, parseScenario, ScenarioError } from './scenario.ts';

const example = readFileSync(new URL('../../scenarios/shanghai-morning.yaml', import.meta.url), 'utf8');

function issuesOf(text: string): string[] {
  try {
    parseScenario(text);
  } catch (error) {
    if (error instanceof ScenarioError) return error.issues;
    throw error;
  }
  throw new Error('accepted');
}

describe('scenario files', () => {
  it('reads durations as a person writes them', () => {
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('1h30m')).toBe(5_400_000);
    expect(parseDuration('2d')).toBe(172_800_000);
    expect(parseDuration(45)).toBe(45_000);
    expect(parseDuration('45')).toBe(45_000);
    expect(parseDuration('soon')).toBeNull();
    expect(parseDuration('10m later')).toBeNull();
  });

  it('reads the example: sites, machines and a timeline in time order', () => {
    const scenario = parseScenario(example);
    expect(scenario).toMatchObject({ seed: 2026, speed: 60 });
    expect(scenario.machines).toHaveLength(11);
    expect(scenario.machines[0]).toMatchObject({ serial: 'AWP000001', lat: 31.2215, timeZone: 'Asia/Shanghai' });
    expect(scenario.timeline.map((s) => s.at)).toEqual([...scenario.timeline.map((s) => s.at)].sort((a, b) => a - b));
    expect(scenario.timeline[0]).toMatchObject({ at: 600_000, action: 'alarm', serials: ['AWP000001'] });
  });

  it('reads the notification scenario QA run: an overload told at once, a warning, and a flap within damping', () => {
    const text = readFileSync(new URL('../../scenarios/overload-notification.yaml', import.meta.url), 'utf8');
    const scenario = parseScenario(text);
    expect(scenario).toMatchObject({ speed: 1 });
    expect(scenario.machines.map((m) => m.serial)).toEqual(['AWP000001', 'AWP000002']);
    expect(scenario.timeline.map((s) => [s.at, s.action, 'serials' in s ? s.serials : []])).toEqual([
      [30_000, 'alarm', ['AWP000001']],
      [120_000, 'alarm', ['AWP000002']],
      [300_000, 'alarm', ['AWP000001']],
    ]);
  });

  it('reads the same scenario from JSON', () => {
    const json = JSON.stringify({
      start: '2026-11-23T07:30:00+08:00',
      machines: [{ serial: 'MOW000009', kind: 'mower', lat: 1.35, lng: 103.82 }],
      timeline: [{ at: 60, machine: 'MOW000009', action: 'fault', code: 'M02' }],
    });
    expect(parseScenario(json)).toMatchObject({
      start: Date.UTC(2026, 10, 22, 23, 30),
      machines: [{ serial: 'MOW000009', reportIntervalS: 10, lockLevel: 'unlocked' }],
      timeline: [{ at: 60_000, action: 'fault', body: { code: 'M02' } }],
    });
  });

  it('says what is wrong, where', () => {
    expect(issuesOf('machines: [')[0]).toMatch(/^not JSON or YAML/);
    expect(issuesOf('machines: []')).toEqual([expect.stringMatching(/^machines: /)]);
    const bad = issuesOf(`
machines:
  - { serial: 'A/1', kind: aerialPlatform, lat: 1, lng: 2 }
  - { serial: AWP000002, kind: crane, lat: 1, lng: 2 }
  - { serial: AWP000003, kind: aerialPlatform, lat: 100, lng: 2 }
`);
    expect(bad.map((i) => i.split(':')[0])).toEqual(['machines.0.serial', 'machines.1.kind', 'machines.2.lat']);
    expect(
      issuesOf(
        'machines: [{ serial: AWP000001, kind: mower, lat: 1, lng: 2 }]\ntimeline: [{ at: soon, action: pause }]',
      ),
    ).toEqual(['timeline.0.at: a duration such as 90, "90s", "15m", "2h" or "1h30m"']);
    expect(
      issuesOf(`
sites: { a: { lat: 1, lng: 2 } }
machines:
  - { serial: AWP000001, kind: aerialPlatform, site: b }
  - { serial: AWP000001, kind: aerialPlatform, site: a }
timeline:
  - { at: 5m, machine: AWP000009, action: sleep }
  - { at: 5m, machine: AWP000001, action: alarm, condition: flood }
  - { at: 5m, action: speed, speed: 7200 }
`),
    ).toEqual([
      'machines.0.site: no site "b"',
      'machines: a serial number appears twice',
      'timeline.0: no machine AWP000009',
      'timeline.1.condition: Invalid option: expected one of "overload"|"tilt"|"overspeed"|"lowBattery"',
      'timeline.2.speed: between 1 and 3600',
    ]);
  });
});
