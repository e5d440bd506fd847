import { z } from 'zod';
import { MACHINE_KINDS } from '../codes/machine-kinds.ts';
import { isDay } from './devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { FAULT_TYPES, faultTypeList } from './cases.ts';
import { byId, idParam, optionalText, paged, pageQuery, requiredText } from './fields.ts';
import { FAULT_RAISERS, FAULT_READERS, FAULT_WRITERS } from '../access/faults.ts';

/**
 * Fault handling (spec /warning/fault): what broke on a machine, why, the parts used and how it was repaired;
 * typed in or taken from a machine's fault alarm, and turned into a work order in one step.
 */

export const FAULT_STATES = ['open', 'repaired'] as const;

export const day = (key: 'validation.required' | 'devices.invalidDate' = 'devices.invalidDate') =>
  z.string({ error: key }).trim().refine(isDay, { error: key });
const optionalDay = z
  .string()
  .trim()
  .refine((v) => v === '' || isDay(v), { error: 'devices.invalidDate' })
  .optional();

const faultFields = {
  faultTypes: faultTypeList,
  cause: requiredText(2000),
  parts: optionalText(500).default(''),
  repairMethod: optionalText(2000).default(''),
  /** The day it happened, `YYYY-MM-DD` in the user's zone. */
  occurredAt: day('validation.required'),
  reporterName: optionalText(40).default(''),
};

export const createFaultForm = z
  .object({
    /** The machine; taken from the alarm when `alarmId` is given. */
    deviceId: z.number({ error: 'command.selectDevice' }).int().positive().optional(),
    /** A fault alarm of the machine this record comes from. */
    alarmId: z.number().int().positive().optional(),
    ...faultFields,
  })
  .superRefine((v, ctx) => {
    if (!v.deviceId && !v.alarmId)
      ctx.addIssue({ code: 'custom', path: ['deviceId'], message: 'command.selectDevice' });
  });

export const updateFaultForm = z.object({ id: idParam, ...faultFields });

export const repairFaultForm = z.object({
  id: idParam,
  repairedAt: day('validation.required'),
  repairMethod: requiredText(2000),
  parts: optionalText(500).default(''),
});

export const faultRow = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  serialNumber: z.string(),
  machineKind: z.enum(MACHINE_KINDS),
  faultTypes: z.array(z.string()),
  cause: z.string(),
  parts: z.string(),
  repairMethod: z.string(),
  occurredAt: z.string(),
  repairedAt: z.string().nullable(),
  reporterName: z.string(),
  state: z.enum(FAULT_STATES),
  alarmId: z.number().int().nullable(),
  workOrderId: z.number().int().nullable(),
  createdAt: z.string(),
  /** The user may change and repair it (a writer of the organisation that owns the machine). */
  editable: z.boolean(),
  /** The user may raise a work order from it (a keeper, none raised yet). */
  raisable: z.boolean(),
});
export type FaultRow = z.infer<typeof faultRow>;

export const faultEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/faults/list.do',
    summary: 'Fault records of the machines in the user’s scope',
    access: { roles: FAULT_READERS },
    scope: 'machines',
    query: pageQuery.extend({
      /** Serial number or host name. */
      keyword: z.string().trim().max(40).optional(),
      deviceId: z.coerce.number().int().positive().optional(),
      machineKind: z.enum(MACHINE_KINDS).optional(),
      faultType: z.enum(FAULT_TYPES).optional(),
      state: z.enum(FAULT_STATES).optional(),
      /** Occurred on or after / before or on, `YYYY-MM-DD` in the user's zone. */
      from: optionalDay,
      to: optionalDay,
    }),
    body: noInput,
    response: paged(faultRow),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/faults/detail.do',
    summary: 'One fault record',
    access: { roles: FAULT_READERS },
    scope: 'machines',
    query: byId,
    body: noInput,
    response: faultRow,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/faults/create.do',
    summary: 'Record a fault of a machine the user’s organisation keeps, by hand or from its fault alarm',
    access: { roles: FAULT_WRITERS },
    scope: 'machines',
    query: noInput,
    body: createFaultForm,
    response: z.object({ id: z.number().int() }),
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/faults/update.do',
    summary: 'Change a fault record',
    access: { roles: FAULT_WRITERS },
    scope: 'machines',
    query: noInput,
    body: updateFaultForm,
    response: z.object({ id: z.number().int() }),
  }),
  repair: defineEndpoint({
    method: 'POST',
    path: '/faults/repair.do',
    summary: 'Mark an open fault repaired, with the day and the repair method',
    access: { roles: FAULT_WRITERS },
    scope: 'machines',
    query: noInput,
    body: repairFaultForm,
    response: z.object({ id: z.number().int() }),
  }),
  raiseWorkOrder: defineEndpoint({
    method: 'POST',
    path: '/faults/workOrder.do',
    summary: 'Raise a repair work order from a fault record (once)',
    access: { roles: FAULT_RAISERS },
    scope: 'machines',
    query: noInput,
    body: byId,
    response: z.object({ workOrderId: z.number().int() }),
  }),
} as const;
