import { z } from 'zod';
import {
  RENEWAL_ACTIONS_OF,
  RENEWAL_ITEM_KINDS,
  RENEWAL_MONTHS,
  RENEWAL_PAYMENT_METHODS,
  RENEWAL_STATES,
} from '../codes/renewals.ts';
import { moneyFormat } from '../codes/money.ts';
import { EXPIRY_WINDOWS, isDay } from './devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { cents, idParam, MAX_CENTS, optionalText, pageQuery, paged } from './fields.ts';
import { RENEWAL_ONLINE_PAYERS, RENEWAL_PAYERS, RENEWAL_READERS, RENEWAL_WRITERS } from '../access/renewals.ts';

/** At most this many currencies' lists saved at once (the currencies the brands bill in). */
const MAX_PRICE_CURRENCIES = 10;

/** At most this many machines or cards in one renewal. */
export const MAX_RENEWAL_ITEMS = 200;

const bodyId = z.number({ error: 'validation.invalid' }).int().positive({ error: 'validation.invalid' });
const months = z.coerce
  .number({ error: 'renewal.monthsRequired' })
  .pipe(z.literal(RENEWAL_MONTHS, { error: 'renewal.monthsRequired' }));
const filterDay = z
  .string()
  .trim()
  .max(10)
  .refine((v) => v === '' || isDay(v), { error: 'validation.invalid' })
  .optional();

/** A machine or SIM card whose service may be renewed. */
export const renewalItem = z.object({
  id: z.number().int(),
  kind: z.enum(RENEWAL_ITEM_KINDS),
  /** The machine's serial or the card's ICCID. */
  label: z.string(),
  /** The machine's host name, or the card's IMEI and the serial of the machine it sits in. */
  detail: z.string(),
  ownerName: z.string(),
  serviceExpiresAt: z.string(),
  /** The renewal window (1, 7, 15, 30 days, 0 stopped), null when further. */
  renewal: z.number().int().nullable(),
  /** A machine's DEVICE_STATUS and LOCK_LEVEL (a card: null). */
  status: z.number().int().nullable(),
  lockLevel: z.number().int().nullable(),
  /** The number of an order waiting for payment that holds it ('' if none): it cannot be in two. */
  pendingNumber: z.string(),
  lastRenewedAt: z.string(),
  /** The currency its owner pays in (its brand's, ISO 4217): the price list it is renewed from. */
  currency: z.string(),
});
export type RenewalItem = z.infer<typeof renewalItem>;

/** A currency's ISO 4217 code, as MoneyFormat names it. */
const currencyCode = z.string({ error: 'validation.invalid' }).regex(/^[A-Z]{3}$/, { error: 'validation.invalid' });

export const renewalPrice = z.object({
  currency: z.string(),
  kind: z.enum(RENEWAL_ITEM_KINDS),
  months: z.number().int(),
  priceCents: z.number().int(),
});

export const renewalOrderRow = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(RENEWAL_ITEM_KINDS),
  ownerName: z.string(),
  months: z.number().int(),
  /** The currency it was made in (the payer's brand's) and how its amounts are written. */
  money: moneyFormat,
  itemCount: z.number().int(),
  /** The serials or ICCIDs, the first few. */
  labels: z.string(),
  totalCents: z.number().int(),
  state: z.enum(RENEWAL_STATES),
  paymentMethod: z.enum(RENEWAL_PAYMENT_METHODS).nullable(),
  paymentReference: z.string(),
  note: z.string(),
  /** Why it failed or was cancelled, in the reader's language. */
  failure: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  settledByName: z.string(),
  settledAt: z.string(),
  /** What the user may do with it now (RENEWAL_FLOW). */
  actions: z.array(z.enum(RENEWAL_ACTIONS_OF)),
  /** The pay page of a payment open at the provider ('' if none); the company pays a pending order online. */
  payUrl: z.string(),
  payOnline: z.boolean(),
});
export type RenewalOrderRow = z.infer<typeof renewalOrderRow>;

export const renewalLineRow = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  label: z.string(),
  priceCents: z.number().int(),
  previousExpiry: z.string(),
  newExpiry: z.string(),
  /** The machine was locked for its expired service and the renewal sent it an unlock. */
  unlocked: z.boolean(),
});

export const renewalCreateForm = z.object({
  kind: z.enum(RENEWAL_ITEM_KINDS, { error: 'validation.invalid' }),
  ids: z
    .array(bodyId, { error: 'renewal.selectItems' })
    .min(1, { error: 'renewal.selectItems' })
    .max(MAX_RENEWAL_ITEMS, { error: 'renewal.tooManyItems' }),
  months,
  /** Record the payment at once (the operator's finance); otherwise the order waits for payment. */
  payNow: z.boolean().default(false),
  paymentReference: optionalText(60).default(''),
  note: optionalText(200).default(''),
});
export type RenewalCreateForm = z.input<typeof renewalCreateForm>;

export const renewalPayForm = z.object({
  id: bodyId,
  paymentReference: optionalText(60).default(''),
});

export const renewalCancelForm = z.object({
  id: bodyId,
  reason: z
    .string({ error: 'renewal.reasonRequired' })
    .trim()
    .min(1, { error: 'renewal.reasonRequired' })
    .max(200, { error: 'validation.tooLong' }),
});

export const renewalPricesForm = z.object({
  prices: z
    .array(
      z.object({
        /** The list it belongs to: one of the currencies a brand bills in. */
        currency: currencyCode,
        kind: z.enum(RENEWAL_ITEM_KINDS, { error: 'validation.invalid' }),
        months,
        /** null: the period is not offered. */
        priceCents: cents('renewal.priceInvalid', { min: 1, max: MAX_CENTS }).nullable(),
      }),
    )
    .max(MAX_PRICE_CURRENCIES * RENEWAL_ITEM_KINDS.length * RENEWAL_MONTHS.length, { error: 'validation.invalid' }),
});

/** The price lists a reader sees: each currency with how it is written, and the prices of them all. */
const priceLists = z.object({
  currencies: z.array(moneyFormat),
  list: z.array(renewalPrice),
  editable: z.boolean(),
});

export const renewalEndpoints = {
  items: defineEndpoint({
    method: 'GET',
    path: '/renewal/items.do',
    summary:
      'Machines or SIM cards of the organisations in scope by renewal window (1, 7, 15, 30 days, 0 stopped), ' +
      'serial, ICCID or owner, soonest expiry first',
    access: { roles: RENEWAL_READERS },
    scope: 'organisation',
    query: pageQuery.extend({
      kind: z.enum(RENEWAL_ITEM_KINDS, { error: 'validation.invalid' }).default('device'),
      expiry: z.coerce
        .number()
        .pipe(z.literal(EXPIRY_WINDOWS, { error: 'validation.invalid' }))
        .optional(),
      keyword: z.string().trim().max(40).optional(),
    }),
    body: noInput,
    response: paged(renewalItem),
  }),
  prices: defineEndpoint({
    method: 'GET',
    path: '/renewal/prices.do',
    summary:
      'The price of a renewal per machine and per SIM card for each period offered, in cents, per currency: the ' +
      "operator's staff read every currency's list, a company its own brand's",
    access: { roles: RENEWAL_READERS },
    scope: 'organisation',
    query: noInput,
    body: noInput,
    response: priceLists,
  }),
  savePrices: defineEndpoint({
    method: 'POST',
    path: '/renewal/savePrices.do',
    summary:
      'Set the renewal prices of each currency a brand bills in (the operator); a period without a price is no ' +
      'longer offered in that currency',
    access: { roles: RENEWAL_PAYERS },
    scope: 'organisation',
    query: noInput,
    body: renewalPricesForm,
    response: priceLists,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/renewal/create.do',
    summary:
      "Renew machines or SIM cards for a period at the price of the owner's currency: one order per owner, in " +
      'its currency, waiting for payment, or settled at once when the operator records the payment',
    access: { roles: RENEWAL_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: renewalCreateForm,
    response: z.object({ orders: z.array(renewalOrderRow) }),
  }),
  pay: defineEndpoint({
    method: 'POST',
    path: '/renewal/pay.do',
    summary: 'Record the payment of a pending order: the new expiries apply and locked machines are unlocked',
    access: { roles: RENEWAL_PAYERS },
    scope: 'organisation',
    query: noInput,
    body: renewalPayForm,
    response: renewalOrderRow,
  }),
  payOnline: defineEndpoint({
    method: 'POST',
    path: '/renewal/payOnline.do',
    summary:
      'The rental company pays its pending order through the mobile payment provider: answers the pay page; the ' +
      "provider's signed notification applies the renewal",
    access: { roles: RENEWAL_ONLINE_PAYERS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ id: bodyId }),
    response: z.object({ order: renewalOrderRow, payUrl: z.string() }),
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/renewal/cancel.do',
    summary: 'Cancel a pending order with a reason',
    access: { roles: RENEWAL_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: renewalCancelForm,
    response: renewalOrderRow,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/renewal/list.do',
    summary: 'Renewal orders (the renewal history) by state, kind, number or serial and day made',
    access: { roles: RENEWAL_READERS },
    scope: 'organisation',
    query: pageQuery.extend({
      state: z.enum(RENEWAL_STATES, { error: 'validation.invalid' }).optional(),
      kind: z.enum(RENEWAL_ITEM_KINDS, { error: 'validation.invalid' }).optional(),
      /** The order's number, or a serial or ICCID it holds. */
      keyword: z.string().trim().max(40).optional(),
      itemId: idParam.optional(),
      from: filterDay,
      to: filterDay,
    }),
    body: noInput,
    response: paged(renewalOrderRow),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/renewal/detail.do',
    summary: 'A renewal order with each machine or card, its expiry before and after',
    access: { roles: RENEWAL_READERS },
    scope: 'organisation',
    query: z.object({ id: idParam }),
    body: noInput,
    response: z.object({ order: renewalOrderRow, lines: z.array(renewalLineRow) }),
  }),
} as const;
