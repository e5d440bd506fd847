import { z } from 'zod';
import { codeTable } from '../codes/code-table.ts';
import { moneyFormat } from '../codes/money.ts';
import { QUOTE_READERS, QUOTE_SETTING_ADMINS, QUOTE_WRITERS } from '../access/quotes.ts';
import { QUOTE_EVENTS, QUOTE_STATES, QUOTE_USER_ACTIONS } from '../quotes/flow.ts';
import { quoteInput, quoteMoveInput, quoteSettingsInput } from '../quotes/forms.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { movedDays } from './availability.ts';
import { byId, pageQuery, paged, savedId } from './fields.ts';

/**
 * Quotes and the reservations they hold (docs/decisions/069-quotes-and-reservations.md): a priced offer to a renter or
 * a prospect, sent as a PDF in the brand's language; sent, it holds its machines for its dates; accepted, it becomes a
 * contract draft that holds them until delivery.
 */

export const RESERVATION_STATES = ['held', 'released', 'consumed'] as const;

/** The states' badges (labels in the `quotes` catalog). */
export const QUOTE_STATE_TABLE = codeTable('quotes:states', [
  ['draft', 'draft', 'default'],
  ['sent', 'sent', 'processing'],
  ['accepted', 'accepted', 'green'],
  ['declined', 'declined', 'red'],
  ['expired', 'expired', 'orange'],
  ['withdrawn', 'withdrawn', 'default'],
]);
export const RESERVATION_STATE_TABLE = codeTable('quotes:reservationStates', [
  ['held', 'held', 'blue'],
  ['released', 'released', 'default'],
  ['consumed', 'consumed', 'green'],
]);
export type ReservationState = (typeof RESERVATION_STATES)[number];

export const quoteRow = z.object({
  id: z.number().int(),
  number: z.string(),
  state: z.enum(QUOTE_STATES),
  customerName: z.string(),
  /** The quote is to a prospect (no renter yet). */
  prospect: z.boolean(),
  storeName: z.string(),
  salespersonName: z.string(),
  validUntil: z.string(),
  startOn: z.string(),
  endOn: z.string(),
  machineCount: z.number().int(),
  totalCents: z.number().int(),
  /** Its machines are held now. */
  holding: z.boolean(),
  contractId: z.number().int().nullable(),
  contractNumber: z.string(),
  createdAt: z.string(),
  money: moneyFormat,
});
export type QuoteRow = z.infer<typeof quoteRow>;

export const quoteLineRow = z.object({
  id: z.number().int(),
  deviceId: z.number().int().nullable(),
  serialNumber: z.string(),
  modelId: z.number().int().nullable(),
  modelName: z.string(),
  count: z.number().int(),
  businessModel: z.number().int(),
  listDayCents: z.number().int().nullable(),
  listMonthCents: z.number().int().nullable(),
  discountBp: z.number().int(),
  dayCents: z.number().int().nullable(),
  monthCents: z.number().int().nullable(),
  amountCents: z.number().int(),
});
export type QuoteLineRow = z.infer<typeof quoteLineRow>;

export const reservationRow = z.object({
  id: z.number().int(),
  state: z.enum(RESERVATION_STATES),
  /** What holds it: the quote, or the contract draft it became. */
  holder: z.enum(['quote', 'contract']),
  holderNumber: z.string(),
  machine: z.string(),
  count: z.number().int(),
  startOn: z.string(),
  endOn: z.string(),
  /** Why it ended: expired, declined, withdrawn, accepted (moved on), delivered. */
  endReason: z.string(),
});
export type ReservationRow = z.infer<typeof reservationRow>;

export const quoteEventRow = z.object({
  id: z.number().int(),
  action: z.enum(QUOTE_EVENTS),
  userName: z.string(),
  fromState: z.string(),
  toState: z.string(),
  reason: z.string(),
  /** A reschedule: the days before and after. */
  days: movedDays.nullable().optional(),
  at: z.string(),
});

export const quoteDetail = quoteRow.extend({
  renterId: z.number().int().nullable(),
  prospectName: z.string(),
  prospectContact: z.string(),
  prospectPhone: z.string(),
  storeId: z.number().int(),
  salespersonId: z.number().int().nullable(),
  siteProvince: z.string(),
  siteCity: z.string(),
  siteDistrict: z.string(),
  siteAddress: z.string(),
  site: z.string(),
  remark: z.string(),
  lang: z.enum(['zh', 'en']),
  lines: z.array(quoteLineRow),
  reservations: z.array(reservationRow),
  events: z.array(quoteEventRow),
  actions: z.array(z.enum(QUOTE_USER_ACTIONS)),
  editable: z.boolean(),
  /** A draft may hold its machines before it is sent (`hold`), or let them go (`unhold`). */
  canHold: z.boolean(),
  canUnhold: z.boolean(),
  /** The person may move its days now (QUOTE_RESCHEDULE: a draft or a sent quote, by its manager or seller). */
  movable: z.boolean(),
});
export type QuoteDetail = z.infer<typeof quoteDetail>;

const option = z.object({ id: z.number().int(), name: z.string() });
export const quoteOptions = z.object({
  renters: z.array(option),
  stores: z.array(option),
  salespeople: z.array(option),
  machines: z.array(
    option.extend({ serialNumber: z.string(), storeId: z.number().int(), modelId: z.number().int().nullable() }),
  ),
  models: z.array(option),
  /** The lease price list: the list price of each model and business model. */
  prices: z.array(
    z.object({
      modelId: z.number().int(),
      businessModel: z.number().int(),
      dayCents: z.number().int().nullable(),
      monthCents: z.number().int().nullable(),
    }),
  ),
  /** The most discount this person may give on a line (the administrator: any up to 99 %). */
  maxDiscountBp: z.number().int(),
  money: moneyFormat,
});
export type QuoteOptions = z.infer<typeof quoteOptions>;

export const quoteFilters = pageQuery.extend({
  state: z.enum(QUOTE_STATES).optional(),
  keyword: z.string().trim().max(50).optional(),
  storeId: z.coerce.number().int().positive().optional(),
  salespersonId: z.coerce.number().int().positive().optional(),
  startFrom: z.string().trim().max(10).optional(),
  startTo: z.string().trim().max(10).optional(),
});

const file = z.object({ fileName: z.string(), mimeType: z.string(), content: z.string() });
const readers = { roles: QUOTE_READERS };
const writers = { roles: QUOTE_WRITERS };

export const quoteEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/quote/list.do',
    summary: 'Quotes of the rental company (a salesperson: their own), newest first, with counts per state',
    access: readers,
    scope: 'organisation',
    query: quoteFilters,
    body: noInput,
    response: paged(quoteRow).extend({
      counts: z.array(z.object({ state: z.enum(QUOTE_STATES), count: z.number().int() })),
    }),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/quote/detail.do',
    summary: 'One quote: terms, priced lines, what it holds, its timeline and the moves the person may take',
    access: readers,
    scope: 'organisation',
    query: byId,
    body: noInput,
    response: quoteDetail,
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/quote/options.do',
    summary: 'What the quote form picks from: renters, stores, salespeople, machines, models and their list prices',
    access: writers,
    scope: 'organisation',
    query: noInput,
    body: noInput,
    response: quoteOptions,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/quote/create.do',
    summary: 'Save a new quote as a draft, priced from the lease price list with each line’s discount',
    access: writers,
    scope: 'organisation',
    query: noInput,
    body: quoteInput,
    response: z.object({ id: z.number().int(), number: z.string() }),
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/quote/update.do',
    summary: 'Change a draft quote (`id` in the query); a draft that holds its machines is checked again',
    access: writers,
    scope: 'organisation',
    query: byId,
    body: quoteInput,
    response: savedId,
  }),
  move: defineEndpoint({
    method: 'POST',
    path: '/quote/move.do',
    summary: 'Send, accept (writes the contract draft), decline or withdraw a quote',
    access: writers,
    scope: 'organisation',
    query: noInput,
    body: quoteMoveInput,
    response: z.object({ id: z.number().int(), contractId: z.number().int().nullable() }),
  }),
  hold: defineEndpoint({
    method: 'POST',
    path: '/quote/hold.do',
    summary: 'A draft holds its machines for its dates before it is sent (`hold` true), or lets them go',
    access: writers,
    scope: 'organisation',
    query: noInput,
    body: z.object({ id: z.number().int().positive(), hold: z.boolean() }),
    response: savedId,
  }),
  pdf: defineEndpoint({
    method: 'GET',
    path: '/quote/pdf.do',
    summary: 'The quote as a PDF in its brand’s language (base64 `content`)',
    access: readers,
    scope: 'organisation',
    query: byId,
    body: noInput,
    response: file,
  }),
  ofContract: defineEndpoint({
    method: 'GET',
    path: '/quote/ofContract.do',
    summary: 'The quote a contract was written from, if any (the contract page links to it)',
    access: readers,
    scope: 'organisation',
    query: byId,
    body: noInput,
    response: z.object({ quote: z.object({ id: z.number().int(), number: z.string() }).nullable() }),
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/quote/settings.do',
    summary: 'The rental company’s quote settings: the most discount a line may give',
    access: writers,
    scope: 'organisation',
    query: noInput,
    body: noInput,
    response: z.object({ maxDiscountBp: z.number().int(), editable: z.boolean() }),
  }),
  saveSettings: defineEndpoint({
    method: 'POST',
    path: '/quote/saveSettings.do',
    summary: 'Set the most discount a salesperson or staff may give on a quote line',
    access: { roles: QUOTE_SETTING_ADMINS },
    scope: 'organisation',
    query: noInput,
    body: quoteSettingsInput,
    response: z.object({ maxDiscountBp: z.number().int() }),
  }),
} as const;
