import { z } from 'zod';
import { MACHINE_KINDS } from '../codes/machine-kinds.ts';
import { type RoleId } from '../codes/roles.ts';
import { WORK_ORDER_SOURCE, WORK_ORDER_STATUS, WORK_ORDER_TYPE } from '../codes/service.ts';
import { WORK_ORDER_ACTIONS, WORK_ORDER_EVENTS } from '../codes/work-order-flow.ts';
import { isDay } from './devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { idParam, pageQuery, paged } from './fields.ts';
import {
  assignForm,
  createWorkOrderInput,
  payForm,
  remarkForm,
  repairForm,
  requiredRemarkForm,
  workOrderUpdate,
} from './work-order-forms.ts';
import { WORK_ORDER_KEEPERS, WORK_ORDER_READERS, WORK_ORDER_REPAIRERS } from '../access/work-orders.ts';
import { moneyFormat } from '../codes/money.ts';

/**
 * Maintenance work orders (spec sections 3, 4 and 5; docs/decisions/018-work-orders.md). The state machine is
 * contract/codes/work-order-flow.ts; the forms are work-order-forms.ts.
 */

const status = z.number().int();

export const workOrderRow = z.object({
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  type: z.number().int(),
  level: z.number().int(),
  /** WORK_ORDER_STATUS code. */
  status,
  source: z.enum(WORK_ORDER_SOURCE.values),
  sourceId: z.number().int().nullable(),
  phone: z.string(),
  areaCode: z.string(),
  deviceId: z.number().int(),
  serialNumber: z.string(),
  deviceKind: z.enum(MACHINE_KINDS),
  orgId: z.number().int(),
  orgName: z.string(),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What this user may do to it now (work-order-flow.ts allowedActions). */
  actions: z.array(z.enum(WORK_ORDER_ACTIONS)),
  editable: z.boolean(),
  /** The currency of its payment (and of the payments its timeline records): its organisation's brand's money. */
  money: moneyFormat,
});
export type WorkOrderRow = z.infer<typeof workOrderRow>;

export const workOrderEvent = z.object({
  id: z.number().int(),
  action: z.enum(WORK_ORDER_EVENTS),
  by: z.string(),
  at: z.string(),
  from: status.nullable(),
  to: status.nullable(),
  remark: z.string(),
  /** What the action recorded: the assignee, the repair, the payment, the fields an edit changed. */
  details: z.record(z.string(), z.unknown()),
});
export type WorkOrderEventRow = z.infer<typeof workOrderEvent>;

export const workOrderDetail = workOrderRow.extend({
  province: z.string(),
  city: z.string(),
  district: z.string(),
  address: z.string(),
  content: z.string(),
  attachments: z.array(z.string()),
  solverId: z.number().int().nullable(),
  solverName: z.string(),
  settled: z.boolean(),
  /** Cents, in `money`. */
  paymentCents: z.number().int().nullable(),
  remark: z.string(),
  faultTypes: z.array(z.string()),
  faultCause: z.string(),
  partsUsed: z.string(),
  repairMethod: z.string(),
  suspendedFrom: status.nullable(),
  createdBy: z.string(),
  device: z.object({ id: z.number().int(), serialNumber: z.string(), hostName: z.string(), deviceName: z.string() }),
  timeline: z.array(workOrderEvent),
});
export type WorkOrderDetail = z.infer<typeof workOrderDetail>;

export const technicianChoice = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  orgId: z.number().int(),
  orgName: z.string(),
  region: z.string(),
  skills: z.array(z.string()),
  open: z.number().int(),
});

/**
 * A new order's contact and place; each empty when not known: the phone only as a mainland mobile (with its
 * area code), province and city only as a pair of the region list (codes/region-list.ts).
 */
export const machineContact = z.object({
  areaCode: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  address: z.string(),
});

/** The orders to assign, comma-separated ids (at most 200, as the assign action takes). */
export const technicianQuery = z.object({
  ids: z
    .string()
    .trim()
    .regex(/^\d{1,12}(,\d{1,12}){0,199}$/, { error: 'validation.invalid' })
    .transform((v) => v.split(',').map(Number))
    .optional(),
});

/**
 * Why no technician can take the orders: none works for the machines' owner or for the operator
 * (`noTechnician`), or the orders belong to several owners and no operator technician serves them all
 * (`mixedOwners`). `owners` names the owners concerned.
 */
export const NO_TECHNICIAN_REASONS = ['noTechnician', 'mixedOwners'] as const;

export const technicianChoices = z.object({
  list: z.array(technicianChoice),
  none: z.object({ reason: z.enum(NO_TECHNICIAN_REASONS), owners: z.array(z.string()) }).nullable(),
});
export type TechnicianChoices = z.infer<typeof technicianChoices>;

const day = z
  .string({ error: 'devices.invalidDate' })
  .trim()
  .refine((v) => v === '' || isDay(v), { error: 'devices.invalidDate' })
  .optional();
const code = <T extends readonly (string | number)[]>(values: T) =>
  z.coerce.number().pipe(z.literal(values as unknown as readonly number[], { error: 'validation.invalid' }));

export const workOrderListQuery = pageQuery.extend({
  /** Over number, title and phone. */
  keyword: z.string().trim().max(40).optional(),
  status: code(WORK_ORDER_STATUS.values).optional(),
  /** `open`: every status but resolved (the technicians page links with it). */
  open: z.enum(['0', '1'], { error: 'validation.invalid' }).optional(),
  type: code(WORK_ORDER_TYPE.values).optional(),
  level: z.coerce
    .number()
    .int()
    .min(1, { error: 'validation.invalid' })
    .max(5, { error: 'validation.invalid' })
    .optional(),
  source: z.enum(WORK_ORDER_SOURCE.values, { error: 'validation.invalid' }).optional(),
  assigneeId: idParam.optional(),
  serialNumber: z.string().trim().max(40).optional(),
  deviceId: idParam.optional(),
  deviceKind: z.enum(MACHINE_KINDS, { error: 'validation.invalid' }).optional(),
  /** Created on or after this day and on or before that one, in the request's time zone. */
  from: day,
  to: day,
});

const created = z.object({ id: z.number().int(), number: z.string() });
const changed = z.object({ ids: z.array(z.number().int()), status });

const action = <B extends z.ZodType>(
  name: string,
  path: `/${string}`,
  body: B,
  roles: readonly RoleId[] = WORK_ORDER_KEEPERS,
) =>
  defineEndpoint({
    method: 'POST',
    path,
    summary: `${name}; refused with 409 and nothing changed when the state machine does not allow it`,
    access: { roles },
    scope: 'machines',
    query: noInput,
    body,
    response: changed,
  });

export const workOrderEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/workOrder/list.do',
    summary:
      'Work orders of the machines in scope (a technician: those assigned to them), filtered and sorted by ' +
      'number, created time, level or status',
    access: { roles: WORK_ORDER_READERS },
    scope: 'machines',
    query: workOrderListQuery,
    body: noInput,
    response: paged(workOrderRow),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/workOrder/detail.do',
    summary: 'One work order with its machine and timeline',
    access: { roles: WORK_ORDER_READERS },
    scope: 'machines',
    query: z.object({ id: idParam }),
    body: noInput,
    response: workOrderDetail,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/workOrder/create.do',
    summary: 'Create a work order for a machine the user keeps; from an alarm with source {kind: alarm, id}',
    access: { roles: WORK_ORDER_KEEPERS },
    scope: 'machines',
    query: noInput,
    body: createWorkOrderInput,
    response: created,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/workOrder/update.do',
    summary: 'Edit a work order that is not resolved',
    access: { roles: WORK_ORDER_KEEPERS },
    scope: 'machines',
    query: noInput,
    body: workOrderUpdate,
    response: created,
  }),
  assign: action('Assign one or many work orders to a technician, all or none', '/workOrder/assign.do', assignForm),
  repair: action('Record the repair', '/workOrder/repair.do', repairForm, WORK_ORDER_REPAIRERS),
  pay: action('Record the payment', '/workOrder/pay.do', payForm),
  resolve: action('Resolve', '/workOrder/resolve.do', remarkForm, WORK_ORDER_REPAIRERS),
  suspend: action('Suspend, with a remark', '/workOrder/suspend.do', requiredRemarkForm),
  resume: action('Resume where it was suspended', '/workOrder/resume.do', remarkForm),
  close: action('Close without a repair, with a remark', '/workOrder/close.do', requiredRemarkForm),
  machineContact: defineEndpoint({
    method: 'GET',
    path: '/workOrder/machineContact.do',
    summary:
      "Who to call and where to go for a machine the user keeps: its customer's contact and site (the owner's " +
      'when it is not rented), to fill a new work order',
    access: { roles: WORK_ORDER_KEEPERS },
    scope: 'machines',
    query: z.object({ deviceId: idParam }),
    body: noInput,
    response: machineContact,
  }),
  technicians: defineEndpoint({
    method: 'GET',
    path: '/workOrder/technicians.do',
    summary:
      'Technicians the user may assign work orders to, with their open work orders; with `ids`, only those who can ' +
      'take every one of those orders, and why none can when none can',
    access: { roles: WORK_ORDER_KEEPERS },
    scope: 'organisation',
    query: technicianQuery,
    body: noInput,
    response: technicianChoices,
  }),
} as const;
