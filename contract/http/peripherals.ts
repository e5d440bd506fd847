import { z } from 'zod';
import { isImei } from '../codes/sim-cards.ts';
import { isDay } from './devices.ts';
import { DEVICE_EDITORS } from '../access/devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { pageQuery, paged } from './fields.ts';
import { PERIPHERAL_READERS } from '../access/peripherals.ts';

const id = z.number({ error: 'validation.invalid' }).int().positive({ error: 'validation.invalid' });
const optionalText = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' }).default('');
/** `YYYY-MM-DD` in the user's time zone, '' for unknown. */
const day = z
  .string({ error: 'devices.invalidDate' })
  .trim()
  .refine((v) => v === '' || isDay(v), { error: 'devices.invalidDate' })
  .default('');

/** What every peripheral row carries besides its own fields: the host and SIM card it is bound to, its owner. */
const bindings = {
  deviceId: z.number().int().nullable(),
  /** The bound host's serial number ('' when unbound). */
  deviceSerial: z.string(),
  simCardId: z.number().int().nullable(),
  iccid: z.string(),
  simImei: z.string(),
  installedAt: z.string(),
  ownerName: z.string(),
  editable: z.boolean(),
};

/** The bound host (one of the owner's machines) and SIM card (one of the owner's cards), or none. */
const bindingFields = {
  deviceId: id.nullable().optional(),
  simCardId: id.nullable().optional(),
  installedAt: day,
};

export const controllerForm = z.object({
  serialNumber: z
    .string({ error: 'controllers.serialRequired' })
    .trim()
    .min(1, { error: 'controllers.serialRequired' })
    .max(40, { error: 'validation.tooLong' })
    .regex(/^[\w-]{4,40}$/, { error: 'controllers.serialFormat' }),
  model: z
    .string({ error: 'controllers.modelRequired' })
    .trim()
    .min(1, { error: 'controllers.modelRequired' })
    .max(40, { error: 'validation.tooLong' }),
  firmwareVersion: optionalText(40),
  ...bindingFields,
  remark: optionalText(200),
});

export const controller = z.object({
  id: z.number().int(),
  serialNumber: z.string(),
  model: z.string(),
  firmwareVersion: z.string(),
  remark: z.string(),
  ...bindings,
});
export type Controller = z.infer<typeof controller>;

/** The gateway's IMEI is its serial number: required ('enter IMEI/CCID') and well formed ('enter correct card number'). */
export const gpsGatewayForm = z.object({
  imei: z
    .string({ error: 'simCards.idRequired' })
    .trim()
    .min(1, { error: 'simCards.idRequired' })
    .refine(isImei, { error: 'simCards.cardNumber' }),
  plate: optionalText(16),
  positioning: z.enum(['gps', 'base'], { error: 'validation.invalid' }).default('gps'),
  ...bindingFields,
});

export const gpsGateway = z.object({
  id: z.number().int(),
  imei: z.string(),
  plate: z.string(),
  positioning: z.enum(['gps', 'base']),
  ...bindings,
});
export type GpsGateway = z.infer<typeof gpsGateway>;

const idOnly = z.object({ id });
const created = z.object({ id: z.number().int() });

export const controllerEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/controller/list.do',
    summary: 'Controllers of the organisations in scope, by serial number, model and bound host serial',
    access: { roles: PERIPHERAL_READERS },
    scope: 'organisation',
    query: pageQuery.extend({
      serialNumber: z.string().trim().max(40).optional(),
      model: z.string().trim().max(40).optional(),
      deviceSerial: z.string().trim().max(40).optional(),
    }),
    body: noInput,
    response: paged(controller),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/controller/create.do',
    summary: 'Register a controller for the own organisation, optionally bound to one of its hosts and SIM cards',
    access: { roles: DEVICE_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: controllerForm,
    response: created,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/controller/update.do',
    summary: 'Change a controller of the own organisation',
    access: { roles: DEVICE_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: controllerForm.extend({ id }),
    response: created,
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/controller/delete.do',
    summary: 'Delete a controller of the own organisation',
    access: { roles: DEVICE_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: idOnly,
    response: created,
  }),
} as const;

export const gpsGatewayEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/gpsGateway/list.do',
    summary: 'Vehicle GPS gateways of the organisations in scope, by IMEI, plate, bound host serial and positioning',
    access: { roles: PERIPHERAL_READERS },
    scope: 'organisation',
    query: pageQuery.extend({
      imei: z.string().trim().max(15).optional(),
      plate: z.string().trim().max(16).optional(),
      deviceSerial: z.string().trim().max(40).optional(),
      positioning: z.enum(['gps', 'base'], { error: 'validation.invalid' }).optional(),
    }),
    body: noInput,
    response: paged(gpsGateway),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/gpsGateway/create.do',
    summary: 'Register a vehicle GPS gateway for the own organisation',
    access: { roles: DEVICE_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: gpsGatewayForm,
    response: created,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/gpsGateway/update.do',
    summary: 'Change a vehicle GPS gateway of the own organisation',
    access: { roles: DEVICE_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: gpsGatewayForm.extend({ id }),
    response: created,
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/gpsGateway/delete.do',
    summary: 'Delete a vehicle GPS gateway of the own organisation',
    access: { roles: DEVICE_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: idOnly,
    response: created,
  }),
} as const;
