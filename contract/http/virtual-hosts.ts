import { z } from 'zod';
import { LEASE_STATUS } from '../codes/stock.ts';
import type { MessageKey } from '../messages/zh-CN.ts';
import { DEVICE_EDITORS } from '../access/devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { acrossFields, pageQuery, paged } from './fields.ts';
import { PERIPHERAL_READERS } from '../access/peripherals.ts';

export const INSTALLATION_TYPES = ['factory', 'aftermarket'] as const;
export const POWER_SOURCES = ['electric', 'diesel', 'hybrid'] as const;

/** Heights in metres, 0.1 m steps: aerial platforms reach up to about 60 m, so 100 m is a safe ceiling. */
const metres = (required: MessageKey) =>
  z
    .number({ error: required })
    .min(0, { error: 'virtualHosts.heightRange' })
    .max(100, { error: 'virtualHosts.heightRange' })
    .refine((v) => Math.round(v * 10) === v * 10, { error: 'virtualHosts.heightRange' });

const text = (max: number, required?: MessageKey) =>
  required
    ? z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: 'validation.tooLong' })
    : z.string().trim().max(max, { error: 'validation.tooLong' }).default('');

const id = z.number({ error: 'validation.invalid' }).int().positive({ error: 'validation.invalid' });

const hostFields = z.object({
  hostNumber: z
    .string({ error: 'virtualHosts.numberRequired' })
    .trim()
    .min(1, { error: 'virtualHosts.numberRequired' })
    .max(40, { error: 'validation.tooLong' })
    .regex(/^[\w-]+$/, { error: 'virtualHosts.numberFormat' }),
  installationType: z.enum(INSTALLATION_TYPES, { error: 'virtualHosts.installationTypeRequired' }),
  brand: text(40, 'virtualHosts.brandRequired'),
  platformHeight: metres('virtualHosts.platformHeightRequired'),
  powerSource: z.enum(POWER_SOURCES, { error: 'virtualHosts.powerSourceRequired' }),
  equipmentHeight: metres('virtualHosts.equipmentHeightRequired'),
  customerName: text(60),
  leaseStatus: z.literal(LEASE_STATUS.values, { error: 'validation.invalid' }).default(1),
});

type LeaseFields = { leaseStatus?: number; customerName?: string };
// Also an import row shows every problem at once.
const leaseRule = <S extends z.ZodType<LeaseFields>>(schema: S) =>
  schema.refine((v) => v.leaseStatus !== 2 || (typeof v.customerName === 'string' && !!v.customerName.trim()), {
    path: ['customerName'],
    error: 'virtualHosts.customerRequired',
    ...acrossFields,
  });

export const virtualHostForm = leaseRule(hostFields);
export const virtualHostUpdate = leaseRule(hostFields.extend({ id }));

export const virtualHost = z.object({
  id: z.number().int(),
  hostNumber: z.string(),
  installationType: z.enum(INSTALLATION_TYPES),
  brand: z.string(),
  platformHeight: z.number(),
  powerSource: z.enum(POWER_SOURCES),
  equipmentHeight: z.number(),
  customerName: z.string(),
  leaseStatus: z.literal(LEASE_STATUS.values),
  ownerName: z.string(),
  createdAt: z.string(),
  editable: z.boolean(),
});
export type VirtualHost = z.infer<typeof virtualHost>;

/**
 * The columns of an import file, in template order. A header may be the column's name in either language or its
 * field name; installation type, power source and lease status take their label in either language or their code.
 */
export const IMPORT_COLUMNS = [
  'hostNumber',
  'installationType',
  'brand',
  'platformHeight',
  'powerSource',
  'equipmentHeight',
  'customerName',
  'leaseStatus',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** At most 1,000 rows and 2 MB per file: a company's whole inventory in one go, small enough to check at once. */
export const IMPORT_MAX_ROWS = 1000;
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** An .xlsx may unpack to at most this (1000 rows are far below it); checked before the file is parsed. */
export const IMPORT_MAX_UNPACKED_BYTES = 8 * 1024 * 1024;

export const importError = z.object({
  /** The line in the file (the header is line 1). */
  row: z.number().int(),
  /** The column's name in the request's language ('' for a problem of the whole row). */
  column: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importError>;

export const virtualHostEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/virtualHost/list.do',
    summary: 'Virtual hosts of the organisations in scope, by number, brand, customer, installation type, power, lease',
    access: { roles: PERIPHERAL_READERS },
    scope: 'organisation',
    query: pageQuery.extend({
      hostNumber: z.string().trim().max(40).optional(),
      brand: z.string().trim().max(40).optional(),
      customerName: z.string().trim().max(60).optional(),
      installationType: z.enum(INSTALLATION_TYPES, { error: 'validation.invalid' }).optional(),
      powerSource: z.enum(POWER_SOURCES, { error: 'validation.invalid' }).optional(),
      leaseStatus: z.coerce
        .number()
        .pipe(z.literal(LEASE_STATUS.values, { error: 'validation.invalid' }))
        .optional(),
    }),
    body: noInput,
    response: paged(virtualHost),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/virtualHost/create.do',
    summary: 'Register a virtual host for the own organisation',
    access: { roles: DEVICE_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: virtualHostForm,
    response: z.object({ id: z.number().int() }),
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/virtualHost/update.do',
    summary: 'Change a virtual host of the own organisation',
    access: { roles: DEVICE_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: virtualHostUpdate,
    response: z.object({ id: z.number().int() }),
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/virtualHost/delete.do',
    summary: 'Delete a virtual host of the own organisation',
    access: { roles: DEVICE_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ id }),
    response: z.object({ id: z.number().int() }),
  }),
  importTemplate: defineEndpoint({
    method: 'GET',
    path: '/virtualHost/importTemplate.do',
    summary: 'The import template in the request language: the column headers and an example row',
    access: { roles: DEVICE_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: noInput,
    response: z.object({ headers: z.array(z.string()), example: z.array(z.string()) }),
  }),
  import: defineEndpoint({
    method: 'POST',
    path: '/virtualHost/import.do',
    summary:
      'Import virtual hosts from a spreadsheet (multipart field `file`, .xlsx or .csv, told apart by content). ' +
      'All or nothing: every row is checked, and only a file without errors is imported; otherwise `errors` lists ' +
      'each problem by line and column and nothing changes',
    access: { roles: DEVICE_EDITORS },
    scope: 'organisation',
    multipart: true,
    query: noInput,
    body: z.object({ file: z.file({ error: 'validation.required' }) }),
    response: z.object({ total: z.number().int(), imported: z.number().int(), errors: z.array(importError) }),
  }),
} as const;
