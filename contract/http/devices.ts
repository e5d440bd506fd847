import { z } from 'zod';
import { MACHINE_KINDS } from '../codes/machine-kinds.ts';
import { DEVICE_CONDITION, DEVICE_STATUS } from '../codes/device-status.ts';
import { RENEWAL_DAYS } from '../codes/finance.ts';
import { LEASE_STATUS, STOCK_STATUS } from '../codes/stock.ts';
import { SIGNALS } from '../mqtt/payloads.ts';
import { SERIAL_PATTERN } from '../mqtt/topics.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { idParam, optionalText, pageQuery, paged } from './fields.ts';
import { DEVICE_EDITORS, DEVICE_INSTALLERS, DEVICE_READERS } from '../access/devices.ts';

export const mayInstallDevices = (roleId: number) => (DEVICE_INSTALLERS as readonly number[]).includes(roleId);

/** Service expiry windows of the list filter: expiring within 1, 7, 15 or 30 days, or 0 (already stopped). */
export const EXPIRY_WINDOWS = [0, ...RENEWAL_DAYS] as const;

/**
 * A calendar day as the date pickers send it (`YYYY-MM-DD`, a real date up to 9998-12-31, so the day after it
 * is still a date in every time zone); stored as it is, the same day for every viewer (decision 026).
 */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value >= '9999') return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
const day = z
  .string({ error: 'devices.invalidDate' })
  .trim()
  .refine((v) => v === '' || isDay(v), { error: 'devices.invalidDate' })
  .optional();

const optionalId = z.number({ error: 'validation.invalid' }).int().positive({ error: 'validation.invalid' });
const queryId = z.coerce.number({ error: 'validation.invalid' }).int().positive({ error: 'validation.invalid' });

export const serialNumber = z
  .string({ error: 'devices.serialRequired' })
  .trim()
  .min(1, { error: 'devices.serialRequired' })
  .regex(SERIAL_PATTERN, { error: 'devices.serialFormat' });

/** The fields a person keeps for a host; signal, position and status are what the machine reports. */
const hostFields = z.object({
  modelId: z.number({ error: 'devices.selectModel' }).int().positive({ error: 'devices.selectModel' }),
  hostSerial: optionalText(40),
  hostName: optionalText(60),
  deviceName: optionalText(60),
  hostType: optionalText(60),
  brand: optionalText(40),
  machineNumber: optionalText(40),
  gpsSerial: optionalText(40),
  positioning: z.enum(['gps', 'base'], { error: 'validation.invalid' }).default('gps'),
  licensePlate: optionalText(20),
  engineNumber: optionalText(40),
  frameNumber: optionalText(40),
  installedAt: day,
  location: optionalText(120),
  inventoryState: z.literal(STOCK_STATUS.values, { error: 'validation.invalid' }).default(1),
  serviceExpiresAt: day,
  /** The owning organisation (operator staff choose a rental company); default the user's own. */
  ownerId: optionalId.optional(),
  distributorId: optionalId.nullable().optional(),
});

/**
 * Lease status and customer are not the form's: a confirmed entry puts a machine on lease to its renter and a
 * confirmed exit returns it to stock (docs/decisions/035-lease-handover.md). A new machine starts in stock.
 */
export const createDeviceForm = hostFields.extend({ serialNumber });
/** The serial number is the machine's MQTT identity and does not change. */
export const updateDeviceForm = hostFields.extend({ id: optionalId });

export const deviceRow = z.object({
  id: z.number().int(),
  serialNumber: z.string(),
  hostSerial: z.string(),
  hostName: z.string(),
  deviceName: z.string(),
  hostType: z.string(),
  brand: z.string(),
  kind: z.enum(MACHINE_KINDS),
  modelId: z.number().int(),
  modelName: z.string(),
  machineNumber: z.string(),
  gpsSerial: z.string(),
  positioning: z.enum(['gps', 'base']),
  licensePlate: z.string(),
  engineNumber: z.string(),
  frameNumber: z.string(),
  /** `YYYY-MM-DD` in the user's time zone, '' when unknown. */
  installedAt: z.string(),
  location: z.string(),
  /** Signal strength now: 'none' while the machine is off line (the last known one is the detail's, with its time). */
  signal: z.enum(SIGNALS),
  inventoryState: z.literal(STOCK_STATUS.values),
  leaseStatus: z.literal(LEASE_STATUS.values),
  serviceExpiresAt: z.string(),
  /** The renewal window the service expiry falls in (1, 7, 15, 30 days, 0 stopped), null when further. */
  renewal: z.number().int().nullable(),
  ownerId: z.number().int(),
  ownerName: z.string(),
  customerId: z.number().int().nullable(),
  customerName: z.string(),
  distributorId: z.number().int().nullable(),
  distributorName: z.string(),
  /** The most urgent status code 1-9 that holds. */
  status: z.number().int(),
  /** Sides of the state a filter may have matched beyond the shown code: an open alarm, the lock level (0-4). */
  alarmOpen: z.boolean(),
  lockLevel: z.number().int(),
  online: z.boolean(),
  sleeping: z.boolean(),
  lastReportAt: z.string(),
  workingHours: z.number(),
  /** The sub-lessor it is rented in from now ('' for a machine of the fleet's own; decision 042). */
  rentedFrom: z.string(),
  /** The electronic fence it is bound to (null: none) and the fence's name. */
  fenceId: z.number().int().nullable(),
  fenceName: z.string(),
  /** The condition labels that hold (contract/codes/device-conditions deviceConditions). */
  conditions: z.array(z.enum(DEVICE_CONDITION.values)),
  /** The user may change this machine (an editor of its owner). */
  editable: z.boolean(),
});
export type DeviceRow = z.infer<typeof deviceRow>;

export const DEVICE_SORT_FIELDS = [
  'serialNumber',
  'hostName',
  'kind',
  'status',
  'serviceExpiresAt',
  'installedAt',
  'lastReportAt',
  'workingHours',
] as const;

/** The list's filters; the fleet home links here with `status`, `kind` and `expiry`. */
export const deviceListQuery = pageQuery.extend({
  serialNumber: z.string().trim().max(40).optional(),
  hostSerial: z.string().trim().max(40).optional(),
  name: z.string().trim().max(60).optional(),
  modelId: queryId.optional(),
  kind: z.enum(MACHINE_KINDS, { error: 'validation.invalid' }).optional(),
  brand: z.string().trim().max(40).optional(),
  status: z.coerce
    .number()
    .pipe(z.literal(DEVICE_STATUS.values, { error: 'validation.invalid' }))
    .optional(),
  signal: z.enum(SIGNALS, { error: 'validation.invalid' }).optional(),
  leaseStatus: z.coerce
    .number()
    .pipe(z.literal(LEASE_STATUS.values, { error: 'validation.invalid' }))
    .optional(),
  inventoryState: z.coerce
    .number()
    .pipe(z.literal(STOCK_STATUS.values, { error: 'validation.invalid' }))
    .optional(),
  customerId: queryId.optional(),
  distributorId: queryId.optional(),
  /** Machines bound to this fence (contract/http/fences.ts). */
  fenceId: queryId.optional(),
  expiry: z.coerce
    .number()
    .pipe(z.literal(EXPIRY_WINDOWS, { error: 'validation.invalid' }))
    .optional(),
});

const named = z.object({ id: z.number().int(), name: z.string() });

export const deviceOptions = z.object({
  models: z.array(named.extend({ category: z.enum(MACHINE_KINDS), brand: z.string() })),
  /** Organisations the user may register machines for, the own first (empty for those who may not). */
  owners: z.array(named),
  customers: z.array(named.extend({ ownerId: z.number().int().nullable() })),
  distributors: z.array(named),
  brands: z.array(z.string()),
});
export type DeviceOptions = z.infer<typeof deviceOptions>;

export const deviceEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/device/list.do',
    summary:
      'Machines in the user scope, paged and sorted, filtered by serial, host serial, name, model, kind, brand, ' +
      'status 1-9 (each a filter over the sides of the state), signal, lease and inventory state, customer, ' +
      'distributor, fence and service expiry window (expiry 1/7/15/30 days, 0 stopped)',
    access: { roles: DEVICE_READERS },
    scope: 'machines',
    query: deviceListQuery,
    body: noInput,
    response: paged(deviceRow),
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/device/options.do',
    summary:
      'Choices for the device filters and the host form: models, owners, customers, distributors and brands in scope',
    access: { roles: DEVICE_READERS },
    scope: 'machines',
    query: noInput,
    body: noInput,
    response: deviceOptions,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/device/get.do',
    summary: 'One machine in the user scope, with every registry field',
    access: { roles: DEVICE_READERS },
    scope: 'machines',
    query: z.object({ id: idParam }),
    body: noInput,
    response: deviceRow,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/device/create.do',
    summary:
      'Register a machine for the own organisation (operator staff: or a rental company under it) and issue its MQTT ' +
      'secret; the secret is answered once, to DEVICE_INSTALLERS only, and only its hash is kept',
    access: { roles: DEVICE_EDITORS },
    scope: 'machines',
    query: noInput,
    body: createDeviceForm,
    /** mqttSecret is absent for a role outside DEVICE_INSTALLERS: an installer resets it on the machine's page. */
    response: z.object({ id: z.number().int(), serialNumber: z.string(), mqttSecret: z.string().optional() }),
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/device/update.do',
    summary: 'Change the registry fields of a machine the user organisation owns; the serial number stays',
    access: { roles: DEVICE_EDITORS },
    scope: 'machines',
    query: noInput,
    body: updateDeviceForm,
    response: z.object({ id: z.number().int() }),
  }),
  resetSecret: defineEndpoint({
    method: 'POST',
    path: '/device/resetSecret.do',
    summary:
      'Issue a new MQTT secret for a machine of the user organisations (the old one stops working); answered once, ' +
      'to those who fit devices',
    access: { roles: DEVICE_INSTALLERS },
    scope: 'machines',
    query: noInput,
    body: z.object({ id: optionalId }),
    response: z.object({ id: z.number().int(), serialNumber: z.string(), mqttSecret: z.string() }),
  }),
  assignDistributor: defineEndpoint({
    method: 'POST',
    path: '/device/assignDistributor.do',
    summary: 'Assign a distributor to the selected owned machines, or remove it (distributorId null)',
    access: { roles: DEVICE_EDITORS },
    scope: 'machines',
    query: noInput,
    body: z.object({
      ids: z
        .array(z.number().int().positive(), { error: 'devices.selectHost' })
        .min(1, { error: 'devices.selectHost' })
        .max(500, { error: 'validation.tooLong' }),
      distributorId: optionalId.nullable(),
    }),
    response: z.object({ count: z.number().int() }),
  }),
} as const;
