import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { MAX_SPEED, MIN_SPEED } from '../clock.ts';
import { ACTION_NAMES, actionSchemas, type ActionName } from '../fleet/actions.ts';
import { machineSpec, type MachineSpec } from '../fleet/spec.ts';
import { isTimeZone } from '../world/local-time.ts';

/** "90" or 90 (seconds), "90s", "15m", "2h", "1d", "1h30m". */
export function parseDuration(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value * 1000 : null;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  const units: Record<string, number> = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 };
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)([dhms])/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== text) return null;
  return parts.reduce((sum, [, n, unit]) => sum + Number(n) * units[unit!]!, 0);
}

const duration = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const ms = parseDuration(v);
  if (ms === null) ctx.addIssue({ code: 'custom', message: 'a duration such as 90, "90s", "15m", "2h" or "1h30m"' });
  return ms ?? 0;
});

const site = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  timeZone: z.string().refine(isTimeZone, 'an IANA time zone').optional(),
});

/** A machine of the scenario: a spec, where `site` may name one of the scenario's sites instead of lat/lng. */
const scenarioMachine = machineSpec
  .partial({ lat: true, lng: true })
  .extend({ site: z.string().optional() })
  .refine((m) => m.site !== undefined || (m.lat !== undefined && m.lng !== undefined), 'give `site` or lat and lng');

const timelineEntry = z
  .looseObject({
    at: duration,
    machine: z.string().optional(),
    machines: z.array(z.string()).optional(),
    action: z.enum([...ACTION_NAMES, 'speed', 'pause', 'resume']),
  })
  .refine((e) => ['speed', 'pause', 'resume'].includes(e.action) || e.machine || e.machines, 'name a machine');

export const scenarioSchema = z.object({
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31)
    .optional(),
  /** Simulated time at load (ISO 8601 with an offset); by default the clock goes on from where it is. */
  start: z.iso.datetime({ offset: true }).optional(),
  speed: z.number().min(MIN_SPEED).max(MAX_SPEED).optional(),
  sites: z.record(z.string(), site).default({}),
  machines: z.array(scenarioMachine).min(1).max(100_000),
  timeline: z.array(timelineEntry).default([]),
});

export type TimelineStep =
  | { at: number; action: 'speed'; speed: number }
  | { at: number; action: 'pause' | 'resume' }
  | { at: number; action: ActionName; serials: string[]; body: unknown };

export interface Scenario {
  seed?: number;
  start?: number;
  speed?: number;
  machines: MachineSpec[];
  /** Offsets (ms of simulated time after the load) and what to do then. */
  timeline: TimelineStep[];
}

export class ScenarioError extends Error {
  constructor(readonly issues: string[]) {
    super(`invalid scenario: ${issues.slice(0, 5).join('; ')}`);
  }
}

const issuesOf = (error: z.ZodError, prefix = '') =>
  error.issues.map((i) => `${[prefix, ...i.path].filter((p) => p !== '').join('.') || 'scenario'}: ${i.message}`);

/** Read a scenario from JSON or YAML text (JSON is YAML, so one parser reads both). */
export function parseScenario(text: string): Scenario {
  let raw: unknown;
  try {
    raw = parseYaml(text, { maxAliasCount: 100 });
  } catch (error) {
    throw new ScenarioError([`not JSON or YAML: ${(error as Error).message.split('\n')[0]}`]);
  }
  const parsed = scenarioSchema.safeParse(raw);
  if (!parsed.success) throw new ScenarioError(issuesOf(parsed.error));
  const { sites, timeline, ...scenario } = parsed.data;
  const issues: string[] = [];
  const machines = scenario.machines.map(({ site: name, ...m }, i) => {
    const at = name === undefined ? undefined : sites[name];
    if (name !== undefined && !at) issues.push(`machines.${i}.site: no site "${name}"`);
    return machineSpec.parse({
      ...m,
      lat: m.lat ?? at?.lat ?? 0,
      lng: m.lng ?? at?.lng ?? 0,
      timeZone: m.timeZone ?? at?.timeZone,
    });
  });
  const serials = new Set(machines.map((m) => m.serial));
  if (serials.size !== machines.length) issues.push('machines: a serial number appears twice');
  const steps = timeline.map((entry, i): TimelineStep => {
    const { at, machine, machines: named, action, ...rest } = entry;
    if (action === 'speed') {
      const speed = z.number().min(MIN_SPEED).max(MAX_SPEED).safeParse(rest.speed);
      if (!speed.success) issues.push(`timeline.${i}.speed: between ${MIN_SPEED} and ${MAX_SPEED}`);
      return { at, action, speed: speed.data ?? 1 };
    }
    if (action === 'pause' || action === 'resume') return { at, action };
    const targets = named ?? [machine!];
    for (const serial of targets) if (!serials.has(serial)) issues.push(`timeline.${i}: no machine ${serial}`);
    const body = actionSchemas[action].safeParse(rest);
    if (!body.success) issues.push(...issuesOf(body.error, `timeline.${i}`));
    return { at, action, serials: targets, body: body.data };
  });
  if (issues.length > 0) throw new ScenarioError(issues);
  return {
    seed: scenario.seed,
    start: scenario.start === undefined ? undefined : Date.parse(scenario.start),
    speed: scenario.speed,
    machines,
    timeline: steps.sort((a, b) => a.at - b.at),
  };
}
