import { z } from 'zod';
import { isDay } from './devices.ts';
import { DEVICE_EDITORS } from '../access/devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { acrossFields, cents, idParam, pageQuery, paged } from './fields.ts';
import { fileRef } from './uploads.ts';
import { ASSET_READERS } from '../access/accessories.ts';
import { moneyFormat } from '../codes/money.ts';

export const SALVAGE_MODES = ['percentage', 'amount'] as const;
/** The accessories of one host, at most. */
export const MAX_ACCESSORIES = 100;

const id = z.number({ error: 'validation.invalid' }).int().positive({ error: 'validation.invalid' });
/** Cents, up to a billion in the owner's currency; a missing amount says which is missing. */
const money = (required: 'accessories.valueRequired' | 'accessories.originalValueRequired') =>
  z.number({ error: required }).pipe(cents('accessories.amountRange', { max: 100_000_000_000 }));

/**
 * Purchase info: the salvage value is either a percentage of the original value (the 'device annex residual value
 * 0-100') or an amount no larger than the original value. Photos jpg/png 500 kb up to 10, PDF files 5 MB up to 10.
 */
export const purchaseInfoForm = z
  .object({
    deviceId: id,
    originalValueCents: money('accessories.originalValueRequired'),
    salvageMode: z.enum(SALVAGE_MODES, { error: 'validation.required' }).default('percentage'),
    salvageRate: z.number({ error: 'accessories.residualRange' }).nullable().optional(),
    salvageValueCents: z
      .number({ error: 'accessories.amountRange' })
      .int({ error: 'accessories.amountRange' })
      .nullable()
      .optional(),
    purchasedAt: z
      .string({ error: 'devices.invalidDate' })
      .trim()
      .refine((v) => v === '' || isDay(v), { error: 'devices.invalidDate' })
      .default(''),
    photos: z.array(fileRef).max(10, { error: 'accessories.tooManyFiles' }).default([]),
    documents: z.array(fileRef).max(10, { error: 'accessories.tooManyFiles' }).default([]),
  })
  .refine(
    (v) =>
      v.salvageMode !== 'percentage' ||
      (typeof v.salvageRate === 'number' && v.salvageRate >= 0 && v.salvageRate <= 100),
    { path: ['salvageRate'], error: 'accessories.residualRange', ...acrossFields },
  )
  .refine(
    (v) =>
      v.salvageMode !== 'amount' ||
      (typeof v.salvageValueCents === 'number' &&
        v.salvageValueCents >= 0 &&
        (typeof v.originalValueCents !== 'number' || v.salvageValueCents <= v.originalValueCents)),
    { path: ['salvageValueCents'], error: 'accessories.salvageValueRange', ...acrossFields },
  );

/** Money in cents. */
export const purchaseInfo = z.object({
  originalValueCents: z.number().int(),
  salvageMode: z.enum(SALVAGE_MODES),
  salvageRate: z.number().nullable(),
  salvageValueCents: z.number().int(),
  purchasedAt: z.string(),
  photos: z.array(z.string()),
  documents: z.array(z.string()),
});
export type PurchaseInfo = z.infer<typeof purchaseInfo>;

export const assetHost = z.object({
  deviceId: z.number().int(),
  serialNumber: z.string(),
  hostName: z.string(),
  ownerName: z.string(),
  purchase: purchaseInfo.nullable(),
  accessoryCount: z.number().int(),
  /** Quantity times value, over the host's accessories, in cents. */
  accessoryValueCents: z.number().int(),
  editable: z.boolean(),
  /** The currency of its values: its owner's brand's money (decision 064). */
  money: moneyFormat,
});
export type AssetHost = z.infer<typeof assetHost>;

export const accessoryForm = z.object({
  deviceId: id,
  name: z
    .string({ error: 'accessories.nameRequired' })
    .trim()
    .min(1, { error: 'accessories.nameRequired' })
    .max(60, { error: 'validation.tooLong' }),
  spec: z.string().trim().max(60, { error: 'validation.tooLong' }).default(''),
  quantity: z
    .number({ error: 'accessories.quantityRange' })
    .int({ error: 'accessories.quantityRange' })
    .min(1, { error: 'accessories.quantityRange' })
    .max(9999, { error: 'accessories.quantityRange' }),
  serial: z.string().trim().max(60, { error: 'validation.tooLong' }).default(''),
  valueCents: money('accessories.valueRequired'),
});

export const accessory = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  name: z.string(),
  spec: z.string(),
  quantity: z.number().int(),
  serial: z.string(),
  valueCents: z.number().int(),
});
export type Accessory = z.infer<typeof accessory>;

export const accessoryEndpoints = {
  hosts: defineEndpoint({
    method: 'GET',
    path: '/accessory/hosts.do',
    summary: 'Hosts of the organisations in scope with their purchase info and accessory totals',
    access: { roles: ASSET_READERS },
    scope: 'machines',
    query: pageQuery.extend({
      serialNumber: z.string().trim().max(40).optional(),
      /** '1' only hosts with purchase info, '0' only those without. */
      recorded: z.enum(['0', '1'], { error: 'validation.invalid' }).optional(),
    }),
    body: noInput,
    response: paged(assetHost),
  }),
  savePurchase: defineEndpoint({
    method: 'POST',
    path: '/accessory/savePurchaseInfo.do',
    summary: 'Record or change the purchase info of a host of the own organisation',
    access: { roles: DEVICE_EDITORS },
    scope: 'machines',
    query: noInput,
    body: purchaseInfoForm,
    response: z.object({ deviceId: z.number().int() }),
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/accessory/list.do',
    summary: 'The accessories of one host in scope',
    access: { roles: ASSET_READERS },
    scope: 'machines',
    query: z.object({ deviceId: idParam }),
    body: noInput,
    /** `money`: the currency of the values, the host's owner's brand's money (decision 064). */
    response: z.object({ list: z.array(accessory), editable: z.boolean(), money: moneyFormat }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/accessory/create.do',
    summary: 'Add an accessory to a host of the own organisation',
    access: { roles: DEVICE_EDITORS },
    scope: 'machines',
    query: noInput,
    body: accessoryForm,
    response: z.object({ id: z.number().int() }),
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/accessory/update.do',
    summary: 'Change an accessory of a host of the own organisation',
    access: { roles: DEVICE_EDITORS },
    scope: 'machines',
    query: noInput,
    body: accessoryForm.omit({ deviceId: true }).extend({ id }),
    response: z.object({ id: z.number().int() }),
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/accessory/delete.do',
    summary: 'Remove an accessory from a host of the own organisation',
    access: { roles: DEVICE_EDITORS },
    scope: 'machines',
    query: noInput,
    body: z.object({ id }),
    response: z.object({ id: z.number().int() }),
  }),
} as const;
