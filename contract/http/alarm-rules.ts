import { z } from 'zod';
import { MAX_OVERSPEED_KMH } from '../codes/alarms.ts';
import { MACHINE_KINDS } from '../codes/machine-kinds.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { idParam } from './fields.ts';
import { RULE_EDITORS, RULE_READERS } from '../access/alarm-rules.ts';

const number = (min: number, max: number, key: string) =>
  z
    .number({ error: key })
    .min(min, { error: key })
    .max(max, { error: key })
    // One decimal is as fine as the machines measure.
    .refine((v) => Math.round(v * 10) === v * 10, { error: key });

const load = number(1, 150, 'alarmRules.loadRange');

const thresholds = {
  load80: load,
  load90: load,
  load99: load,
  tiltDeg: number(1, 45, 'alarmRules.tiltRange'),
  overspeedKmh: number(0, MAX_OVERSPEED_KMH, 'alarmRules.speedRange'),
  lowBatteryPct: number(0, 100, 'alarmRules.batteryRange'),
  offline: z.boolean({ error: 'validation.invalid' }),
};

const ruleKey = z.object({
  orgId: z.number({ error: 'validation.invalid' }).int().positive({ error: 'validation.invalid' }),
  kind: z.enum(MACHINE_KINDS, { error: 'validation.invalid' }),
});

/** The bands rise: 80 % < 90 % < 99 % by default, and so in any rule. */
export const saveRuleForm = ruleKey
  .extend(thresholds)
  .refine((r) => r.load80 < r.load90, { error: 'alarmRules.loadOrder', path: ['load90'] })
  .refine((r) => r.load90 < r.load99, { error: 'alarmRules.loadOrder', path: ['load99'] });

export const alarmRuleRow = z.object({
  kind: z.enum(MACHINE_KINDS),
  /** False: the spec's constants apply. */
  configured: z.boolean(),
  load80: z.number(),
  load90: z.number(),
  load99: z.number(),
  tiltDeg: z.number(),
  overspeedKmh: z.number(),
  lowBatteryPct: z.number(),
  offline: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string(),
});
export type AlarmRuleRow = z.infer<typeof alarmRuleRow>;

export const alarmRuleEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/warning/rules.do',
    summary:
      "An owning organisation's alarm rules, one per machine kind (the spec's constants where none is set), and " +
      'the organisations whose rules the user may read',
    access: { roles: RULE_READERS },
    scope: 'organisation',
    query: z.object({ orgId: idParam.optional() }),
    body: noInput,
    response: z.object({
      orgId: z.number().int(),
      orgs: z.array(z.object({ id: z.number().int(), name: z.string() })),
      editable: z.boolean(),
      rules: z.array(alarmRuleRow),
    }),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/warning/saveRule.do',
    summary: "Set an owning organisation's alarm thresholds for a machine kind; ingest applies them at once",
    access: { roles: RULE_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: saveRuleForm,
    response: z.object({ kind: z.enum(MACHINE_KINDS) }),
  }),
  reset: defineEndpoint({
    method: 'POST',
    path: '/warning/resetRule.do',
    summary: "Go back to the spec's constants for a machine kind of an owning organisation",
    access: { roles: RULE_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: ruleKey,
    response: z.object({ kind: z.enum(MACHINE_KINDS) }),
  }),
} as const;
