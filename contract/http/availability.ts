import { z } from 'zod';
import { codeTable } from '../codes/code-table.ts';
import { MACHINE_KINDS } from '../codes/machine-kinds.ts';
import { QUOTE_READERS, QUOTE_WRITERS } from '../access/quotes.ts';
import { isDay } from './devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { acrossFields, pageQuery, paged } from './fields.ts';

/**
 * The availability calendar (docs/decisions/072-availability-calendar.md): the rental fleet's machines × days, each
 * day by what holds the machine, and the free count of each model per day at a store. Read from the records
 * themselves (lease periods, reservations, contracts in force, work orders, upkeep plans, the machine's lock and
 * line): nothing is stored for it.
 */

/** What a machine's day is, from the strongest hold down: the first that applies names the day. */
export const AVAILABILITY_STATES = ['leased', 'reserved', 'service', 'locked', 'offline', 'free'] as const;
export type AvailabilityState = (typeof AVAILABILITY_STATES)[number];

/** The states' labels (the `availability` catalog) and colours, for the legend and the cells. */
export const AVAILABILITY_STATE_TABLE = codeTable('availability:states', [
  ['leased', 'leased', 'blue'],
  ['reserved', 'reserved', 'gold'],
  ['service', 'service', 'purple'],
  ['locked', 'locked', 'red'],
  ['offline', 'offline', 'default'],
  ['free', 'free', 'green'],
]);

/** The longest span the calendar shows at once: two months. */
export const MAX_CALENDAR_DAYS = 62;

/** The records that hold a machine, each opening its own page. */
export const HOLD_KINDS = ['contract', 'quote', 'workOrder', 'upkeep', 'device'] as const;
export type HoldKind = (typeof HOLD_KINDS)[number];

const day = z
  .string({ error: 'availability.invalidDay' })
  .trim()
  .refine((v) => isDay(v), { error: 'availability.invalidDay' });
const days = z.coerce
  .number({ error: 'availability.tooManyDays' })
  .int({ error: 'availability.tooManyDays' })
  .min(1, { error: 'availability.tooManyDays' })
  .max(MAX_CALENDAR_DAYS, { error: 'availability.tooManyDays' })
  .default(31);
const optionalId = z.coerce.number().int().positive().optional();

/** The span asked: `days` days from `from` (at most two months). */
export const calendarSpan = z.object({ from: day, days });

export const calendarFilters = pageQuery.extend(calendarSpan.shape).extend({
  storeId: optionalId,
  kind: z.enum(MACHINE_KINDS, { error: 'validation.invalid' }).optional(),
  modelId: optionalId,
  /** A renter: the machines its records (leases, contracts, quotes) hold on any day of the span. */
  customerId: optionalId,
  /** Found in the serial number, the machine's name or its model. */
  keyword: z.string().trim().max(50).optional(),
});
export type CalendarFilters = z.input<typeof calendarFilters>;

/** A record holding machines: the cell's click opens it. */
export const holdRef = z.object({
  kind: z.enum(HOLD_KINDS),
  id: z.number().int(),
  /** The contract's, quote's or work order's number (empty for a machine's own condition). */
  number: z.string(),
  /** Whom it is for (a renter, a prospect). */
  customer: z.string(),
  from: z.string(),
  /** Null: open (a machine on lease not yet back, a work order not yet resolved, a lock not yet lifted). */
  to: z.string().nullable(),
  /** A machine on lease: the day its contract expects it back. */
  expectedOn: z.string().nullable(),
  /** A quote or contract draft the person may move to other days (`reschedule`): its bars can be dragged. */
  movable: z.boolean().optional(),
});
export type HoldRef = z.infer<typeof holdRef>;

/** A run of days of one machine in one state, held by one record (`ref`, an index into the answer's refs). */
export const calendarSpanRow = z.object({
  from: z.string(),
  to: z.string(),
  state: z.enum(AVAILABILITY_STATES),
  ref: z.number().int().nullable(),
});
export type CalendarSpanRow = z.infer<typeof calendarSpanRow>;

export const calendarMachine = z.object({
  id: z.number().int(),
  serialNumber: z.string(),
  name: z.string(),
  modelId: z.number().int(),
  modelName: z.string(),
  kind: z.enum(MACHINE_KINDS),
  storeId: z.number().int(),
  storeName: z.string(),
  online: z.boolean(),
  locked: z.boolean(),
  /** The span's days, run by run (every day in exactly one run). */
  spans: z.array(calendarSpanRow),
});
export type CalendarMachine = z.infer<typeof calendarMachine>;

export const calendarAnswer = paged(calendarMachine).extend({
  from: z.string(),
  to: z.string(),
  /** The organisation's today: locks and lines are the machine's condition from today on. */
  today: z.string(),
  refs: z.array(holdRef),
});
export type CalendarAnswer = z.infer<typeof calendarAnswer>;

export const modelFilters = calendarSpan.extend({
  storeId: z.coerce.number({ error: 'availability.storeRequired' }).int().positive({
    error: 'availability.storeRequired',
  }),
  kind: z.enum(MACHINE_KINDS, { error: 'validation.invalid' }).optional(),
  modelId: optionalId,
});

export const modelRow = z.object({
  modelId: z.number().int(),
  modelName: z.string(),
  kind: z.enum(MACHINE_KINDS),
  /** The store's machines of the model. */
  total: z.number().int(),
  /** Per day of the span: how many may still be promised (never below zero). */
  free: z.array(z.number().int()),
  /** Per day: how many model lines hold without naming a machine. */
  held: z.array(z.number().int()),
});
export type ModelRow = z.infer<typeof modelRow>;

const option = z.object({ id: z.number().int(), name: z.string() });

export const availabilityOptions = z.object({
  stores: z.array(option),
  models: z.array(option.extend({ kind: z.enum(MACHINE_KINDS) })),
  customers: z.array(option),
});

/** The records whose days the calendar moves: a quote (draft or sent) or a contract not yet in review. */
export const RESCHEDULE_KINDS = ['quote', 'contract'] as const;

/**
 * Move a quote's or a contract draft's delivery and return days (QUOTE_RESCHEDULE, LEASE_RESCHEDULE): what it holds
 * moves with it, or nothing changes and the refusal names the record holding the machine and the days.
 */
export const rescheduleInput = z
  .object({
    kind: z.enum(RESCHEDULE_KINDS, { error: 'validation.invalid' }),
    id: z.number().int().positive(),
    startOn: day,
    endOn: day,
  })
  .refine(
    (v) => {
      const { startOn, endOn } = v as { startOn?: unknown; endOn?: unknown };
      return typeof startOn !== 'string' || typeof endOn !== 'string' || endOn >= startOn;
    },
    { path: ['endOn'], error: 'lease.endBeforeStart', ...acrossFields },
  );
export type RescheduleInput = z.input<typeof rescheduleInput>;

/** A reschedule's timeline entry: the days before and after. */
export const movedDays = z.object({
  fromStartOn: z.string(),
  fromEndOn: z.string(),
  startOn: z.string(),
  endOn: z.string(),
});
export type MovedDays = z.infer<typeof movedDays>;

export const rescheduleAnswer = z.object({
  kind: z.enum(RESCHEDULE_KINDS),
  id: z.number().int(),
  number: z.string(),
  startOn: z.string(),
  endOn: z.string(),
  /** The record's total priced again over its new days. */
  totalCents: z.number().int(),
});

const readers = { roles: QUOTE_READERS };

export const availabilityEndpoints = {
  calendar: defineEndpoint({
    method: 'GET',
    path: '/availability/calendar.do',
    summary: 'The rental fleet’s machines × days (at most two months), each day by what holds the machine, by machines',
    access: readers,
    scope: 'organisation',
    query: calendarFilters,
    body: noInput,
    response: calendarAnswer,
  }),
  models: defineEndpoint({
    method: 'GET',
    path: '/availability/models.do',
    summary: 'At one store, each model’s count still free per day of the span (never below zero)',
    access: readers,
    scope: 'organisation',
    query: modelFilters,
    body: noInput,
    response: z.object({ from: z.string(), to: z.string(), days: z.array(z.string()), list: z.array(modelRow) }),
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/availability/options.do',
    summary: 'What the calendar filters by: the stores, models of the fleet and renters the person sees',
    access: readers,
    scope: 'organisation',
    query: noInput,
    body: noInput,
    response: availabilityOptions,
  }),
  reschedule: defineEndpoint({
    method: 'POST',
    path: '/availability/reschedule.do',
    summary:
      'Move a quote’s or contract draft’s days; its holds move with it or nothing changes (409 naming the holder)',
    access: { roles: QUOTE_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: rescheduleInput,
    response: rescheduleAnswer,
  }),
} as const;
