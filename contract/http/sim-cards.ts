import { z } from 'zod';
import { ICCID_PATTERN, isImei, SIM_CARRIER } from '../codes/sim-cards.ts';
import { EXPIRY_WINDOWS, isDay } from './devices.ts';
import { DEVICE_EDITORS } from '../access/devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { pageQuery, paged } from './fields.ts';
import { SIM_READERS } from '../access/sim-cards.ts';

/** Both numbers are required ('enter IMEI/CCID') and must be well formed ('enter correct card number'). */
const cardNumber = (isValid: (v: string) => boolean) =>
  z
    .string({ error: 'simCards.idRequired' })
    .trim()
    .min(1, { error: 'simCards.idRequired' })
    .refine(isValid, { error: 'simCards.cardNumber' });

const id = z.number({ error: 'validation.invalid' }).int().positive({ error: 'validation.invalid' });

export const simCardForm = z.object({
  iccid: cardNumber((v) => ICCID_PATTERN.test(v)).transform((v) => v.toUpperCase()),
  imei: cardNumber(isImei),
  carrier: z.enum(SIM_CARRIER.values, { error: 'simCards.carrierRequired' }),
  /** `YYYY-MM-DD`, a calendar day the same for every viewer: the connectivity service runs to the end of that day. */
  serviceExpiresAt: z
    .string({ error: 'simCards.expiryRequired' })
    .trim()
    .refine(isDay, { error: 'simCards.expiryRequired' }),
  /** The machine whose telematics unit holds the card (one of the owner's), or none. */
  deviceId: id.nullable().optional(),
});

export const simCard = z.object({
  id: z.number().int(),
  iccid: z.string(),
  imei: z.string(),
  carrier: z.enum(SIM_CARRIER.values),
  serviceExpiresAt: z.string(),
  /** The renewal window the expiry falls in (1, 7, 15, 30 days, 0 stopped), null when further. */
  renewal: z.number().int().nullable(),
  deviceId: z.number().int().nullable(),
  serialNumber: z.string(),
  ownerName: z.string(),
  editable: z.boolean(),
});
export type SimCard = z.infer<typeof simCard>;

export const simCardEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/simCard/list.do',
    summary:
      'SIM cards of the organisations in scope, by ICCID, IMEI, carrier, machine serial and service expiry window',
    access: { roles: SIM_READERS },
    scope: 'organisation',
    query: pageQuery.extend({
      iccid: z.string().trim().max(20).optional(),
      imei: z.string().trim().max(15).optional(),
      serialNumber: z.string().trim().max(40).optional(),
      carrier: z.enum(SIM_CARRIER.values, { error: 'validation.invalid' }).optional(),
      expiry: z.coerce
        .number()
        .pipe(z.literal(EXPIRY_WINDOWS, { error: 'validation.invalid' }))
        .optional(),
    }),
    body: noInput,
    response: paged(simCard),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/simCard/create.do',
    summary: 'Register a SIM card for the own organisation, optionally in one of its machines',
    access: { roles: DEVICE_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: simCardForm,
    response: z.object({ id: z.number().int() }),
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/simCard/update.do',
    summary: 'Change a SIM card of the own organisation',
    access: { roles: DEVICE_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: simCardForm.extend({ id }),
    response: z.object({ id: z.number().int() }),
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/simCard/delete.do',
    summary: 'Delete a SIM card of the own organisation',
    access: { roles: DEVICE_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ id }),
    response: z.object({ id: z.number().int() }),
  }),
} as const;
