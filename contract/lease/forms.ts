import { z } from 'zod';
import { BUSINESS_MODEL } from '../codes/business-models.ts';
import { isDay } from '../http/devices.ts';
import { acrossFields, areaCode, isValidPhone } from '../http/fields.ts';
import { requiredPrices } from '../codes/lease-pricing.ts';
import { allowanceField, checkOvertime } from './overtime.ts';
import type { TaxRegime } from '../codes/tax-regimes.ts';
import { hasIdNumberForm, IDENTITY_TYPE_IDS, partyIdNumberIssue } from './renter-identity.ts';

/**
 * The lease forms, validated the same way by the server and the console (docs/decisions/029-lease-contracts.md).
 * Messages are keys of contract/messages. Money is integer cents: the console converts at the edge.
 */

const id = (key: 'lease.renterRequired' | 'lease.storeRequired' | 'validation.invalid') =>
  z.number({ error: key }).int({ error: key }).positive({ error: key });

/** A calendar day, YYYY-MM-DD (decision 026). */
export const leaseDay = z
  .string({ error: 'lease.dayRequired' })
  .trim()
  .min(1, { error: 'lease.dayRequired' })
  .refine(isDay, { error: 'lease.invalidDay' });

/** At most 100,000,000.00 in cents. */
export const MAX_CENTS = 10_000_000_000;
export const cents = z
  .number({ error: 'lease.amountRange' })
  .int({ error: 'lease.amountRange' })
  .min(0, { error: 'lease.amountRange' })
  .max(MAX_CENTS, { error: 'lease.amountRange' });

export const MAX_LINES = 100;

export const contractLineInput = z
  .object({
    /** A machine in the company's stock ... */
    deviceId: z.number().int().positive().nullable().default(null),
    /** ... or a model and a count, assigned when the machines leave the depot. */
    modelId: z.number().int().positive().nullable().default(null),
    count: z
      .number({ error: 'lease.countRange' })
      .int({ error: 'lease.countRange' })
      .min(1, { error: 'lease.countRange' })
      .max(999, { error: 'lease.countRange' })
      .default(1),
    businessModel: z.number({ error: 'lease.businessModelInvalid' }).refine((v) => BUSINESS_MODEL.get(v), {
      error: 'lease.businessModelInvalid',
    }),
    dayCents: cents.nullable().default(null),
    monthCents: cents.nullable().default(null),
    /** Hours included and the price of each hour above them (decision 070): both or neither. */
    allowanceTenths: allowanceField,
    overtimeCents: cents.nullable().default(null),
  })
  .superRefine((line, ctx) => {
    checkOvertime(line, ctx);
    if (line.deviceId === null && line.modelId === null) {
      ctx.addIssue({ code: 'custom', path: ['deviceId'], message: 'lease.lineMachineRequired' });
    }
    const needs = requiredPrices(line.businessModel);
    if (needs.includes('day') && !line.dayCents) {
      ctx.addIssue({ code: 'custom', path: ['dayCents'], message: 'lease.dayPriceRequired' });
    }
    if (needs.includes('month') && !line.monthCents) {
      ctx.addIssue({ code: 'custom', path: ['monthCents'], message: 'lease.monthPriceRequired' });
    }
  })
  // A machine from stock is one machine.
  .transform((line) => (line.deviceId !== null ? { ...line, modelId: null, count: 1 } : line));
export type ContractLineInput = z.infer<typeof contractLineInput>;

/** Create or edit a contract (a draft, or a withdrawn or rejected one). */
export const contractDraftInput = z
  .object({
    renterId: id('lease.renterRequired'),
    storeId: id('lease.storeRequired'),
    /** Null: the author when a salesperson writes it, else none. */
    salespersonId: z.number().int().positive().nullable().default(null),
    startOn: leaseDay,
    endOn: leaseDay,
    siteProvince: z.string().trim().max(50).default(''),
    siteCity: z.string().trim().max(50).default(''),
    siteDistrict: z.string().trim().max(50).default(''),
    siteAddress: z
      .string({ error: 'lease.siteAddressRequired' })
      .trim()
      .min(1, { error: 'lease.siteAddressRequired' })
      .max(200, { error: 'validation.tooLong' }),
    depositCents: cents.default(0),
    billingDay: z
      .number({ error: 'lease.billingDayRange' })
      .int({ error: 'lease.billingDayRange' })
      .min(1, { error: 'lease.billingDayRange' })
      .max(28, { error: 'lease.billingDayRange' })
      .default(1),
    dueDays: z
      .number({ error: 'lease.dueDaysRange' })
      .int({ error: 'lease.dueDaysRange' })
      .min(0, { error: 'lease.dueDaysRange' })
      .max(365, { error: 'lease.dueDaysRange' })
      .default(15),
    remark: z.string().trim().max(500, { error: 'lease.remarkTooLong' }).default(''),
    lang: z.enum(['zh', 'en']).default('zh'),
    templateId: z.number().int().positive().nullable().default(null),
    lines: z
      .array(contractLineInput, { error: 'lease.linesRequired' })
      .min(1, { error: 'lease.linesRequired' })
      .max(MAX_LINES, { error: 'lease.tooManyLines' }),
  })
  .refine(
    (v) => {
      const { startOn, endOn } = v as { startOn?: unknown; endOn?: unknown };
      return typeof startOn !== 'string' || typeof endOn !== 'string' || endOn >= startOn;
    },
    { path: ['endOn'], error: 'lease.endBeforeStart', ...acrossFields },
  )
  .refine(
    (v) => {
      const lines = (v as { lines?: unknown }).lines;
      if (!Array.isArray(lines)) return true;
      const ids = lines.map((l) => (l as { deviceId?: unknown })?.deviceId).filter((d) => typeof d === 'number');
      return new Set(ids).size === ids.length;
    },
    { path: ['lines'], error: 'lease.duplicateMachine', ...acrossFields },
  );
export type ContractDraftInput = z.infer<typeof contractDraftInput>;

export const reasonInput = z.object({
  reason: z
    .string({ error: 'lease.reasonRequired' })
    .trim()
    .min(1, { error: 'lease.reasonRequired' })
    .max(200, { error: 'validation.tooLong' }),
});
/** Close (a day) or terminate (a day and a reason) a contract in execution. */
export const endInput = z.object({ day: leaseDay, reason: z.string().trim().max(200).default('') });

/** A renter: a customer organisation of the lessor (spec "Customer": name, phone and address not empty). */
export const renterInput = z
  .object({
    name: z
      .string({ error: 'lease.renterNameRequired' })
      .trim()
      .min(1, { error: 'lease.renterNameRequired' })
      .max(100, { error: 'validation.tooLong' }),
    identityType: z
      .number({ error: 'lease.identityTypeInvalid' })
      .refine((v) => (IDENTITY_TYPE_IDS as readonly number[]).includes(v), { error: 'lease.identityTypeInvalid' }),
    idNumber: z.string().trim().toUpperCase().max(30).default(''),
    contactName: z.string().trim().max(50).default(''),
    areaCode,
    contactPhone: z.string({ error: 'validation.phoneRequired' }).trim().min(1, { error: 'validation.phoneRequired' }),
    province: z.string().trim().max(50).default(''),
    city: z.string().trim().max(50).default(''),
    district: z.string().trim().max(50).default(''),
    address: z
      .string({ error: 'lease.addressRequired' })
      .trim()
      .min(1, { error: 'lease.addressRequired' })
      .max(200, { error: 'validation.tooLong' }),
  })
  .superRefine((v, ctx) => {
    if (typeof v.contactPhone === 'string' && !isValidPhone(v.contactPhone, v.areaCode ?? '86')) {
      ctx.addIssue({ code: 'custom', path: ['contactPhone'], message: 'validation.phone' });
    }
    // Of any country's form here: which country's document it must be is the brand's (partyIdNumberIssue), which
    // the server checks with the rental company known, and the console's form with its brand (withPartyIdRule).
    if (v.idNumber && !hasIdNumberForm(v.idNumber)) {
      ctx.addIssue({ code: 'custom', path: ['idNumber'], message: 'lease.idNumberForm' });
    }
  });
export type RenterInput = z.infer<typeof renterInput>;

/**
 * A renter's or sub-lessor's form with the identity number's rule of the brand (its tax regime), as the server
 * applies it: the console checks the number in the browser as the server will, whatever area code the contact has.
 */
export function withPartyIdRule<
  S extends z.ZodType<{ identityType: number; idNumber?: string; areaCode?: string; province?: string }>,
>(schema: S, regime: TaxRegime): S {
  return schema.superRefine((v, ctx) => {
    const issue = partyIdNumberIssue(regime, v);
    if (issue) ctx.addIssue({ code: 'custom', path: ['idNumber'], message: issue });
  }) as unknown as S;
}

export const storeInput = z
  .object({
    name: z
      .string({ error: 'lease.storeNameRequired' })
      .trim()
      .min(1, { error: 'lease.storeNameRequired' })
      .max(100, { error: 'validation.tooLong' }),
    province: z.string().trim().max(50).default(''),
    city: z.string().trim().max(50).default(''),
    district: z.string().trim().max(50).default(''),
    address: z
      .string({ error: 'lease.addressRequired' })
      .trim()
      .min(1, { error: 'lease.addressRequired' })
      .max(200, { error: 'validation.tooLong' }),
    lat: z.number({ error: 'lease.positionInvalid' }).min(-90).max(90).nullable().default(null),
    lng: z.number({ error: 'lease.positionInvalid' }).min(-180).max(180).nullable().default(null),
    managerId: z.number().int().positive().nullable().default(null),
    areaCode,
    phone: z.string().trim().max(15).default(''),
  })
  .superRefine((v, ctx) => {
    if ((v.lat === null) !== (v.lng === null)) {
      ctx.addIssue({ code: 'custom', path: ['lat'], message: 'lease.positionInvalid' });
    }
    if (v.phone && !isValidPhone(v.phone, v.areaCode ?? '86')) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'validation.phone' });
    }
  });
export type StoreInput = z.infer<typeof storeInput>;

export const approvalRuleInput = z
  .object({
    name: z
      .string({ error: 'lease.ruleNameRequired' })
      .trim()
      .min(1, { error: 'lease.ruleNameRequired' })
      .max(100, { error: 'validation.tooLong' }),
    enabled: z.boolean().default(true),
    position: z.number().int().min(0).max(1000).default(0),
    requireVerifiedRenter: z.boolean().default(false),
    requireNoArrears: z.boolean().default(false),
    maxTotalCents: cents.nullable().default(null),
    maxDays: z.number().int().min(1).max(3650).nullable().default(null),
    allowedModels: z
      .array(z.number().refine((v) => BUSINESS_MODEL.get(v), { error: 'lease.businessModelInvalid' }))
      .max(5)
      .default([]),
  })
  .refine(
    (r) =>
      r.requireVerifiedRenter ||
      r.requireNoArrears ||
      r.maxTotalCents !== null ||
      r.maxDays !== null ||
      r.allowedModels.length > 0,
    { error: 'lease.ruleEmpty' },
  );
export type ApprovalRuleInput = z.infer<typeof approvalRuleInput>;
