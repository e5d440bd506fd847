import { z } from 'zod';
import { MACHINE_KINDS } from '../codes/machine-kinds.ts';
import { UPKEEP_INTERVAL } from '../codes/service.ts';
import { MAX_COMMAND_DEVICES } from './commands.ts';
import { isDay } from './devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { idParam, optionalText, pageQuery, paged } from './fields.ts';
import { UPKEEP_READERS, UPKEEP_WRITERS } from '../access/upkeep.ts';

/**
 * Maintenance reminders (spec /warning/upkeep): an upkeep plan per machine comes due every 3 months, 6 months, a
 * year (spec section 9) or every N working hours; a plan due soon or overdue raises a work order in one step, and
 * the plan counts as done when that work order is resolved (docs/decisions/019-maintenance-records.md).
 */

type Interval = (typeof UPKEEP_INTERVAL.values)[number];
export const UPKEEP_INTERVALS = UPKEEP_INTERVAL.values as unknown as [Interval, ...Interval[]];
export const UPKEEP_DUE_STATES = ['ok', 'dueSoon', 'overdue'] as const;
export type UpkeepDue = (typeof UPKEEP_DUE_STATES)[number];

/** A date plan is due soon this many days before its date; an hours plan this many working hours before. */
export const DUE_SOON_DAYS = 15;
export const DUE_SOON_HOURS = 50;
export const MIN_INTERVAL_HOURS = 50;
export const MAX_INTERVAL_HOURS = 10000;

/** Months between services of the date plans. */
export const INTERVAL_MONTHS = { '3m': 3, '6m': 6, '12m': 12 } as const;

/**
 * The same calendar day `months` later (`YYYY-MM-DD`). A day the month does not have falls back to its last day:
 * 31 August + 6 months is 28 (or 29) February.
 */
export function addMonthsToDay(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

const DAY_MS = 24 * 3600 * 1000;
const utcOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The calendar day `days` later (`YYYY-MM-DD`; negative: earlier). */
export function addDaysToDay(day: string, days: number): string {
  return new Date(utcOf(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcOf(to) - utcOf(from)) / DAY_MS);
}

const optionalDay = z
  .string()
  .trim()
  .refine((v) => v === '' || isDay(v), { error: 'devices.invalidDate' })
  .optional();

const planFields = {
  interval: z.enum(UPKEEP_INTERVALS, { error: 'upkeep.intervalRequired' }),
  /** Working hours between services, for `hours` plans. */
  intervalHours: z
    .number({ error: 'upkeep.intervalHoursInvalid' })
    .int({ error: 'upkeep.intervalHoursInvalid' })
    .min(MIN_INTERVAL_HOURS, { error: 'upkeep.intervalHoursInvalid' })
    .max(MAX_INTERVAL_HOURS, { error: 'upkeep.intervalHoursInvalid' })
    .nullish(),
  /** The last service, `YYYY-MM-DD`; '' or absent: today. */
  lastDoneAt: optionalDay,
  /** The machine's working hours at the last service; absent: what it reports now. */
  lastDoneHours: z
    .number({ error: 'upkeep.hoursInvalid' })
    .min(0, { error: 'upkeep.hoursInvalid' })
    .max(1_000_000, { error: 'upkeep.hoursInvalid' })
    .nullish(),
  /** What the service includes. */
  content: optionalText(500).default(''),
};

const needsHours = (v: { interval: Interval; intervalHours?: number | null }, ctx: z.RefinementCtx) => {
  if (v.interval === 'hours' && !v.intervalHours) {
    ctx.addIssue({ code: 'custom', path: ['intervalHours'], message: 'upkeep.intervalHoursInvalid' });
  }
};

export const createPlanForm = z
  .object({
    deviceIds: z
      .array(z.number().int().positive(), { error: 'command.selectDevice' })
      .min(1, { error: 'command.selectDevice' })
      .max(MAX_COMMAND_DEVICES, { error: 'validation.tooLong' }),
    ...planFields,
  })
  .superRefine(needsHours);

export const updatePlanForm = z.object({ id: idParam, ...planFields }).superRefine(needsHours);

export const upkeepPlan = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  serialNumber: z.string(),
  hostName: z.string(),
  machineKind: z.enum(MACHINE_KINDS),
  interval: z.enum(UPKEEP_INTERVALS),
  intervalHours: z.number().int().nullable(),
  content: z.string(),
  lastDoneAt: z.string(),
  lastDoneHours: z.number(),
  /** The machine's working hours as it last reported them. */
  workingHours: z.number(),
  /** Date plans: the next due day; hours plans: null. */
  nextDueAt: z.string().nullable(),
  /** Hours plans: the working hours it is due at; date plans: null. */
  nextDueHours: z.number().nullable(),
  due: z.enum(UPKEEP_DUE_STATES),
  /** Days (date plans) or working hours (hours plans) left; negative when overdue. */
  remaining: z.number(),
  /** The open work order raised from it, until that is resolved. */
  workOrderId: z.number().int().nullable(),
  /** The latest work order of the plan that was resolved (what made it done). */
  lastWorkOrderId: z.number().int().nullable(),
  editable: z.boolean(),
});
export type UpkeepPlan = z.infer<typeof upkeepPlan>;

export const upkeepEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/upkeep/list.do',
    summary: 'Upkeep plans of the machines in the user’s scope, with their next due date or hours',
    access: { roles: UPKEEP_READERS },
    scope: 'machines',
    query: pageQuery.extend({
      keyword: z.string().trim().max(40).optional(),
      machineKind: z.enum(MACHINE_KINDS).optional(),
      interval: z.enum(UPKEEP_INTERVALS).optional(),
      due: z.enum(UPKEEP_DUE_STATES).optional(),
    }),
    body: noInput,
    response: paged(upkeepPlan),
  }),
  counts: defineEndpoint({
    method: 'GET',
    path: '/upkeep/counts.do',
    summary: 'How many plans in the user’s scope are due soon and overdue (the tabs of the page)',
    access: { roles: UPKEEP_READERS },
    scope: 'machines',
    query: noInput,
    body: noInput,
    response: z.object({ all: z.number().int(), dueSoon: z.number().int(), overdue: z.number().int() }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/upkeep/create.do',
    summary: 'Add the same upkeep plan to one or several machines the user’s organisations own',
    access: { roles: UPKEEP_WRITERS },
    scope: 'machines',
    query: noInput,
    body: createPlanForm,
    response: z.object({ ids: z.array(z.number().int()) }),
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/upkeep/update.do',
    summary: 'Change an upkeep plan',
    access: { roles: UPKEEP_WRITERS },
    scope: 'machines',
    query: noInput,
    body: updatePlanForm,
    response: z.object({ id: z.number().int() }),
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/upkeep/delete.do',
    summary: 'Delete upkeep plans (1-200); one outside the user’s machines refuses them all',
    access: { roles: UPKEEP_WRITERS },
    scope: 'machines',
    query: noInput,
    body: z.object({
      ids: z
        .array(z.number().int().positive(), { error: 'maintenance.selectOne' })
        .min(1, { error: 'maintenance.selectOne' })
        .max(200, { error: 'validation.tooLong' }),
    }),
    response: z.object({ deleted: z.number().int() }),
  }),
  raiseWorkOrder: defineEndpoint({
    method: 'POST',
    path: '/upkeep/workOrder.do',
    summary: 'Raise an upkeep work order from a plan; the plan is done when that work order is resolved',
    access: { roles: UPKEEP_WRITERS },
    scope: 'machines',
    query: noInput,
    body: z.object({ id: idParam }),
    response: z.object({ workOrderId: z.number().int() }),
  }),
} as const;
