import { z } from 'zod';
import {
  BANDED_KINDS,
  CHARGE_BILLINGS,
  CHARGE_KINDS,
  CHARGE_PRICINGS,
  CHARGE_STATES,
  MAX_CHARGE_CENTS,
} from '../codes/charges.ts';
import { moneyFormat } from '../codes/money.ts';
import {
  CHARGE_PRICE_READERS,
  CHARGE_PRICE_WRITERS,
  CHARGE_READERS,
  CHARGE_WRITERS,
  CREDIT_NOTE_READERS,
  CREDIT_NOTE_WRITERS,
} from '../access/charges.ts';
import { isDay } from './devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { idParam, pageQuery, paged } from './fields.ts';

/**
 * Charges beyond rent on a contract, the charges price list, and credit notes on bills (issue 35;
 * docs/decisions/074-charges-and-credit-notes.md). Money is integer cents; days `YYYY-MM-DD`. Scope `organisation`:
 * the rental company's people their company's, the operator's finance every company's, a renter's users their own.
 */

const optionalId = z.coerce.number().int().positive().optional();
const filterDay = z
  .string()
  .trim()
  .max(10)
  .refine((v) => v === '' || isDay(v), { error: 'validation.invalid' })
  .optional();
const amount = (error: string) =>
  z.number({ error }).int({ error }).positive({ error }).max(MAX_CHARGE_CENTS, { error: 'charges.amountTooLarge' });
const reason = (error: string) =>
  z.string({ error }).trim().min(1, { error }).max(200, { error: 'validation.tooLong' });

export const distanceBand = z.object({
  uptoKm: z
    .number({ error: 'charges.bandsInvalid' })
    .int({ error: 'charges.bandsInvalid' })
    .positive({ error: 'charges.bandsInvalid' })
    .max(10_000, { error: 'charges.bandsInvalid' }),
  cents: amount('charges.bandsInvalid'),
});

/** A price list entry as its form sends it: a fixed price, or (delivery and collection) distance bands. */
export const chargePriceForm = z
  .object({
    /** Absent: a new entry. */
    id: z.number().int().positive().optional(),
    kind: z.enum(CHARGE_KINDS, { error: 'charges.kindRequired' }),
    name: z
      .string({ error: 'charges.nameRequired' })
      .trim()
      .min(1, { error: 'charges.nameRequired' })
      .max(60, { error: 'validation.tooLong' }),
    pricing: z.enum(CHARGE_PRICINGS, { error: 'charges.pricingRequired' }),
    /** The fixed price (pricing `fixed`). */
    cents: amount('charges.priceRequired').nullable().default(null),
    /** Ascending limits (pricing `distance`), 1-8 bands. */
    bands: z.array(distanceBand).max(8, { error: 'charges.bandsInvalid' }).default([]),
    active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.pricing === 'fixed' && v.cents === null)
      ctx.addIssue({ code: 'custom', path: ['cents'], message: 'charges.priceRequired' });
    if (v.pricing === 'distance') {
      if (!BANDED_KINDS.includes(v.kind))
        ctx.addIssue({ code: 'custom', path: ['pricing'], message: 'charges.distanceOnlyTrips' });
      const ascending = v.bands.every((b, i) => i === 0 || b.uptoKm > v.bands[i - 1]!.uptoKm);
      if (v.bands.length === 0 || !ascending)
        ctx.addIssue({ code: 'custom', path: ['bands'], message: 'charges.bandsInvalid' });
    }
  });
export type ChargePriceForm = z.input<typeof chargePriceForm>;

export const chargePriceRow = z.object({
  id: z.number().int(),
  kind: z.enum(CHARGE_KINDS),
  name: z.string(),
  pricing: z.enum(CHARGE_PRICINGS),
  cents: z.number().int().nullable(),
  bands: z.array(distanceBand),
  active: z.boolean(),
  orgName: z.string(),
  updatedAt: z.string(),
  /** The user keeps this company's list. */
  editable: z.boolean(),
  money: moneyFormat,
});
export type ChargePriceRow = z.infer<typeof chargePriceRow>;

/**
 * A charge as the contract's page adds it: from the price list (`priceId`, a quantity, the trip's distance for a
 * banded entry) or entered (`amountCents` and a reason). A handover and one of its machines may be named (the
 * damage's evidence: the handover's photos and note), and photos of its own.
 */
export const chargeForm = z
  .object({
    contractId: z.number({ error: 'charges.contractRequired' }).int().positive({ error: 'charges.contractRequired' }),
    kind: z.enum(CHARGE_KINDS, { error: 'charges.kindRequired' }),
    priceId: z.number().int().positive().nullable().default(null),
    quantity: z
      .number({ error: 'charges.quantityInvalid' })
      .int({ error: 'charges.quantityInvalid' })
      .min(1, { error: 'charges.quantityInvalid' })
      .max(999, { error: 'charges.quantityInvalid' })
      .default(1),
    distanceKm: z
      .number({ error: 'charges.distanceRequired' })
      .int({ error: 'charges.distanceRequired' })
      .min(0, { error: 'charges.distanceRequired' })
      .max(10_000, { error: 'charges.distanceRequired' })
      .nullable()
      .default(null),
    /** Entered without a price list entry. */
    amountCents: amount('charges.amountRequired').nullable().default(null),
    reason: z.string().trim().max(200, { error: 'validation.tooLong' }).default(''),
    handoverId: z.number().int().positive().nullable().default(null),
    deviceId: z.number().int().positive().nullable().default(null),
    photos: z.array(z.string().trim().min(1).max(300)).max(9, { error: 'charges.tooManyPhotos' }).default([]),
    billing: z.enum(CHARGE_BILLINGS, { error: 'charges.billingRequired' }).default('next'),
  })
  .superRefine((v, ctx) => {
    if (v.priceId === null && v.amountCents === null)
      ctx.addIssue({ code: 'custom', path: ['amountCents'], message: 'charges.amountRequired' });
    if (v.priceId === null && v.reason === '')
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'charges.reasonRequired' });
  });
export type ChargeForm = z.input<typeof chargeForm>;

export const chargeRow = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  contractNumber: z.string(),
  renterName: z.string(),
  kind: z.enum(CHARGE_KINDS),
  /** The price list entry's name, or '' for an entered charge. */
  priceName: z.string(),
  quantity: z.number().int(),
  distanceKm: z.number().int().nullable(),
  unitCents: z.number().int(),
  amountCents: z.number().int(),
  reason: z.string(),
  handoverId: z.number().int().nullable(),
  deviceId: z.number().int().nullable(),
  serialNumber: z.string(),
  photos: z.array(z.string()),
  billing: z.enum(CHARGE_BILLINGS),
  state: z.enum(CHARGE_STATES),
  billId: z.number().int().nullable(),
  billNumber: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  cancelReason: z.string(),
  /** The user may cancel it or bill it now (pending; the company's administrator or staff). */
  movable: z.boolean(),
  money: moneyFormat,
});
export type ChargeRow = z.infer<typeof chargeRow>;

/** A credit note's line: what it corrects and by how much. */
export const creditLineForm = z.object({
  description: z
    .string({ error: 'charges.lineRequired' })
    .trim()
    .min(1, { error: 'charges.lineRequired' })
    .max(120, { error: 'validation.tooLong' }),
  amountCents: amount('charges.lineAmountRequired'),
});

export const creditNoteForm = z.object({
  billId: z.number({ error: 'validation.invalid' }).int().positive({ error: 'validation.invalid' }),
  reason: reason('charges.creditReasonRequired'),
  lines: z
    .array(creditLineForm, { error: 'charges.linesRequired' })
    .min(1, { error: 'charges.linesRequired' })
    .max(20, { error: 'charges.linesRequired' }),
});
export type CreditNoteForm = z.input<typeof creditNoteForm>;

export const creditNoteRow = z.object({
  id: z.number().int(),
  number: z.string(),
  billId: z.number().int(),
  billNumber: z.string(),
  contractNumber: z.string(),
  renterId: z.number().int(),
  renterName: z.string(),
  lessorName: z.string(),
  issuedOn: z.string(),
  amountCents: z.number().int(),
  reason: z.string(),
  lines: z.array(z.object({ description: z.string(), amountCents: z.number().int() })),
  createdByName: z.string(),
  createdAt: z.string(),
  money: moneyFormat,
});
export type CreditNoteRow = z.infer<typeof creditNoteRow>;

export const chargeEndpoints = {
  priceList: defineEndpoint({
    method: 'GET',
    path: '/lease/charge-price/list.do',
    summary: "The rental company's charges price list: fixed prices, and delivery and collection by distance band",
    access: { roles: CHARGE_PRICE_READERS },
    scope: 'organisation',
    query: pageQuery.extend({
      kind: z.enum(CHARGE_KINDS).optional(),
      /** Only entries a charge may use. */
      active: z.coerce.number().int().min(0).max(1).optional(),
    }),
    body: noInput,
    response: paged(chargePriceRow),
  }),
  priceSave: defineEndpoint({
    method: 'POST',
    path: '/lease/charge-price/save.do',
    summary: 'Add or change an entry of the charges price list (charges already made keep their amounts)',
    access: { roles: CHARGE_PRICE_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: chargePriceForm,
    response: z.object({ id: z.number().int() }),
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/lease/charge/list.do',
    summary: "Charges beyond rent, by contract, state and kind (a contract's page lists its own)",
    access: { roles: CHARGE_READERS },
    scope: 'organisation',
    query: pageQuery.extend({
      contractId: optionalId,
      billId: optionalId,
      state: z.enum(CHARGE_STATES).optional(),
      kind: z.enum(CHARGE_KINDS).optional(),
    }),
    body: noInput,
    response: paged(chargeRow),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/lease/charge/create.do',
    summary: 'Add a charge to a contract, priced from the list or entered with a reason; billed next or at once',
    access: { roles: CHARGE_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: chargeForm,
    response: z.object({ id: z.number().int(), amountCents: z.number().int(), billId: z.number().int().nullable() }),
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/lease/charge/cancel.do',
    summary: 'Cancel a charge not yet billed, with a reason (a billed one is corrected by a credit note)',
    access: { roles: CHARGE_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ id: idParam, reason: reason('charges.cancelReasonRequired') }),
    response: z.object({ id: z.number().int() }),
  }),
  billNow: defineEndpoint({
    method: 'POST',
    path: '/lease/charge/bill.do',
    summary: 'Bill a pending charge at once, on a bill of its own',
    access: { roles: CHARGE_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ id: idParam }),
    response: z.object({ id: z.number().int(), billId: z.number().int() }),
  }),
  creditList: defineEndpoint({
    method: 'GET',
    path: '/lease/credit-note/list.do',
    summary: 'Credit notes by renter, bill and issue day, newest first',
    access: { roles: CREDIT_NOTE_READERS },
    scope: 'organisation',
    query: pageQuery.extend({
      keyword: z.string().trim().max(50).optional(),
      renterId: optionalId,
      billId: optionalId,
      from: filterDay,
      to: filterDay,
    }),
    body: noInput,
    response: paged(creditNoteRow).extend({
      /** What the filtered notes credit together, per currency. */
      totals: z.array(z.object({ cents: z.number().int(), money: moneyFormat })),
    }),
  }),
  creditCreate: defineEndpoint({
    method: 'POST',
    path: '/lease/credit-note/create.do',
    summary: "Issue a credit note against a bill, with lines and a reason: at most the bill's remaining amount",
    access: { roles: CREDIT_NOTE_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: creditNoteForm,
    response: z.object({ id: z.number().int(), number: z.string(), billAmountCents: z.number().int() }),
  }),
  billExtras: defineEndpoint({
    method: 'GET',
    path: '/lease/bill/extras.do',
    summary: "A bill's charge lines and credit notes, with what is left to credit",
    access: { roles: CREDIT_NOTE_READERS },
    scope: 'organisation',
    query: z.object({ id: idParam }),
    body: noInput,
    response: z.object({
      charges: z.array(chargeRow),
      creditNotes: z.array(creditNoteRow),
      /** The bill's amount as issued: what it asks now plus its credit notes. */
      issuedCents: z.number().int(),
      creditedCents: z.number().int(),
      /** What a credit note may still take off: what it asks less what receipts paid (0 for a void bill). */
      creditableCents: z.number().int(),
      /** The user may issue a credit note on it. */
      mayCredit: z.boolean(),
      money: moneyFormat,
    }),
  }),
};
