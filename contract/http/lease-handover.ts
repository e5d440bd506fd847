import { z } from 'zod';
import { codeTable } from '../codes/code-table.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { byId, idParam, optionalText, paged, pageQuery } from './fields.ts';
import { fileRef } from './uploads.ts';
import { HANDOVER_READERS, HANDOVER_WRITERS } from '../access/lease-handover.ts';

export const HANDOVER_KIND = codeTable('handoverKind', [
  ['entry', 'entry', 'blue'],
  ['exit', 'exit', 'purple'],
]);
export const HANDOVER_STATE = codeTable('handoverState', [
  ['draft', 'draft', 'default'],
  ['confirmed', 'confirmed', 'green'],
]);
/**
 * A lease period as the list shows it on the lessor's today: not started yet (a change's new terms from a later day),
 * on lease, on lease past its planned end, ended (returned, or cut by a change after its last day).
 */
export const PERIOD_STATE = codeTable('periodState', [
  ['upcoming', 'upcoming', 'blue'],
  ['open', 'open', 'green'],
  ['overdue', 'overdue', 'red'],
  ['ended', 'ended', 'default'],
]);
/** The "due to end within" windows of the lease period list (days). */
export const DUE_WINDOWS = [1, 7, 15, 30] as const;
/** At most this many machines in one entry or exit. */
export const MAX_HANDOVER_MACHINES = 50;
export const MAX_HANDOVER_PHOTOS = 10;

const kind = z.enum(['entry', 'exit'], { error: 'validation.invalid' });
const day = z
  .string({ error: 'lease.invalidDay' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'lease.invalidDay' });
const dayFilter = day.optional().or(z.literal('').transform(() => undefined));
const optionalId = z.coerce.number().int().positive().optional();

export const handoverFilters = z.object({
  kind,
  contractId: optionalId,
  renterId: optionalId,
  state: z.enum(['draft', 'confirmed'], { error: 'validation.invalid' }).optional(),
  /** The handover day within this range (both ends included). */
  dayFrom: dayFilter,
  dayTo: dayFilter,
  /** Found in the record's or the contract's number or a machine's serial. */
  keyword: z.string().trim().max(50).optional(),
});

export const handoverRow = z.object({
  id: z.number().int(),
  number: z.string(),
  kind,
  state: z.enum(['draft', 'confirmed']),
  contractId: z.number().int(),
  contractNumber: z.string(),
  renterId: z.number().int(),
  renterName: z.string(),
  day: z.string(),
  siteAddress: z.string(),
  deliveredBy: z.string(),
  receivedBy: z.string(),
  machineCount: z.number().int(),
  /** Machines whose inspection recorded damage. */
  damageCount: z.number().int(),
  serials: z.array(z.string()),
  createdAt: z.string(),
  confirmedAt: z.string(),
  /** The signed-in person may confirm or delete this draft. */
  canConfirm: z.boolean(),
  canDelete: z.boolean(),
});
export type HandoverRow = z.infer<typeof handoverRow>;

export const handoverMachineRow = z.object({
  id: z.number().int(),
  lineId: z.number().int(),
  deviceId: z.number().int(),
  serialNumber: z.string(),
  modelName: z.string(),
  hourMeter: z.number().nullable(),
  batteryPct: z.number().nullable(),
  /** When the machine reported the values read ('' when it never reported). */
  readAt: z.string(),
  photos: z.array(z.string()),
  damage: z.string(),
  workOrderId: z.number().int().nullable(),
  workOrderNumber: z.string(),
  periodId: z.number().int().nullable(),
});
export type HandoverMachineRow = z.infer<typeof handoverMachineRow>;

export const handoverDetail = handoverRow.extend({
  siteProvince: z.string(),
  siteCity: z.string(),
  siteDistrict: z.string(),
  remark: z.string(),
  createdByName: z.string(),
  confirmedByName: z.string(),
  machines: z.array(handoverMachineRow),
});
export type HandoverDetail = z.infer<typeof handoverDetail>;

const machineOption = z.object({ deviceId: z.number().int(), serialNumber: z.string(), modelName: z.string() });
export const handoverOptions = z.object({
  contract: z.object({
    id: z.number().int(),
    number: z.string(),
    renterName: z.string(),
    startOn: z.string(),
    endOn: z.string(),
    siteProvince: z.string(),
    siteCity: z.string(),
    siteDistrict: z.string(),
    siteAddress: z.string(),
  }),
  /** Per line, the machines it may deliver (entry) or return (exit) now, and how many more it may deliver. */
  lines: z.array(
    z.object({
      lineId: z.number().int(),
      modelName: z.string(),
      serialNumber: z.string(),
      count: z.number().int(),
      onLease: z.number().int(),
      candidates: z.array(machineOption),
    }),
  ),
});
export type HandoverOptions = z.infer<typeof handoverOptions>;

export const handoverMachineInput = z.object({
  lineId: z.number({ error: 'validation.invalid' }).int().positive({ error: 'validation.invalid' }),
  deviceId: z.number({ error: 'handover.machineRequired' }).int().positive({ error: 'handover.machineRequired' }),
  photos: z.array(fileRef).max(MAX_HANDOVER_PHOTOS, { error: 'handover.tooManyPhotos' }).default([]),
  damage: optionalText(500).default(''),
});

export const handoverInput = z.object({
  kind,
  contractId: z.number({ error: 'handover.contractRequired' }).int().positive({ error: 'handover.contractRequired' }),
  day,
  /** Empty: the contract's site. */
  siteProvince: optionalText(40),
  siteCity: optionalText(40),
  siteDistrict: optionalText(40),
  siteAddress: optionalText(200),
  deliveredBy: optionalText(40).default(''),
  receivedBy: optionalText(40).default(''),
  remark: optionalText(500).default(''),
  machines: z
    .array(handoverMachineInput)
    .min(1, { error: 'handover.machinesRequired' })
    .max(MAX_HANDOVER_MACHINES, { error: 'handover.tooManyMachines' }),
});
export type HandoverInput = z.input<typeof handoverInput>;

export const periodFilters = z.object({
  contractId: optionalId,
  renterId: optionalId,
  deviceId: optionalId,
  /** A machine whose serial number contains this text. */
  keyword: z.string().trim().max(50).optional(),
  state: z.enum(['open', 'ended'], { error: 'validation.invalid' }).optional(),
  /** On lease with a planned end within this many days from today. */
  due: z.coerce
    .number()
    .int()
    .refine((v) => (DUE_WINDOWS as readonly number[]).includes(v), { error: 'validation.invalid' })
    .optional(),
  /** On lease past its planned end (a return overdue). */
  overdue: z
    .enum(['1', '0', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});

export const periodRow = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  serialNumber: z.string(),
  modelName: z.string(),
  contractId: z.number().int(),
  contractNumber: z.string(),
  renterId: z.number().int(),
  renterName: z.string(),
  startOn: z.string(),
  plannedEndOn: z.string(),
  endOn: z.string().nullable(),
  state: z.enum(['upcoming', 'open', 'overdue', 'ended']),
  /** Days on lease so far (both the first and the last day count). */
  days: z.number().int(),
  /** Days from today to the planned end for a machine on lease (negative when overdue), else null. */
  daysLeft: z.number().int().nullable(),
  entryId: z.number().int().nullable(),
  exitId: z.number().int().nullable(),
});
export type PeriodRow = z.infer<typeof periodRow>;

export const leaseHandoverEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/leaseHandover/list.do',
    summary: 'Entries or exits (`kind`) the user sees, by contract, renter, state, day range and text, paged',
    access: { roles: HANDOVER_READERS },
    scope: 'organisation',
    query: pageQuery.extend(handoverFilters.shape),
    body: noInput,
    response: paged(handoverRow),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/leaseHandover/detail.do',
    summary: 'One entry or exit with its machines, their inspection values, photos and damage notes',
    access: { roles: HANDOVER_READERS },
    scope: 'organisation',
    query: byId,
    body: noInput,
    response: handoverDetail,
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/leaseHandover/options.do',
    summary: 'What an entry or exit of a contract in execution picks from: its lines and the machines each may move',
    access: { roles: HANDOVER_WRITERS },
    scope: 'organisation',
    query: z.object({ contractId: idParam, kind }),
    body: noInput,
    response: handoverOptions,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/leaseHandover/create.do',
    summary: 'Write a draft entry or exit; each machine’s hour meter and battery are read from its latest telemetry',
    access: { roles: HANDOVER_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: handoverInput,
    response: z.object({ id: z.number().int(), number: z.string() }),
  }),
  confirm: defineEndpoint({
    method: 'POST',
    path: '/leaseHandover/confirm.do',
    summary:
      'Confirm a draft (the renter’s confirmation): an entry puts its machines on lease to the renter and opens ' +
      'their lease periods; an exit returns them to stock, closes the periods and raises a work order per damage',
    access: { roles: HANDOVER_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: byId,
    response: z.object({ id: z.number().int(), workOrders: z.array(z.string()) }),
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/leaseHandover/delete.do',
    summary: 'Delete a draft entry or exit (a confirmed one is never changed)',
    access: { roles: HANDOVER_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: byId,
    response: z.object({ id: z.number().int() }),
  }),
  periods: defineEndpoint({
    method: 'GET',
    path: '/leasePeriod/list.do',
    summary: 'Lease periods per machine: contract, renter, start, planned and actual end; due and overdue filters',
    access: { roles: HANDOVER_READERS },
    scope: 'organisation',
    query: pageQuery.extend(periodFilters.shape),
    body: noInput,
    response: paged(periodRow),
  }),
} as const;
