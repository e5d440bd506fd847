import { z } from 'zod';
import {
  COUPON_CATEGORIES,
  COUPON_ISSUE_STATES,
  COUPON_TYPES,
  COUPON_USE_STATES,
  MAX_COUPON_TOTAL,
  MAX_DISCOUNT,
  MAX_GRANT_MOBILES,
  MAX_VALID_HOURS,
  MIN_DISCOUNT,
} from '../codes/coupons.ts';
import { isDay } from './devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { acrossFields, cents, idParam, MAX_CENTS, mobile, pageQuery, paged, requiredText } from './fields.ts';
import { COUPON_READERS, COUPON_WRITERS } from '../access/coupons.ts';
import { moneyFormat } from '../codes/money.ts';

const bodyId = z.number({ error: 'validation.invalid' }).int().positive({ error: 'validation.invalid' });
const day = (error: string) =>
  z
    .string({ error })
    .trim()
    .refine((v) => isDay(v), { error });
const count = (error: string, max: number) => z.number({ error }).int({ error }).min(1, { error }).max(max, { error });

/** A discount with at most one decimal, from 0.1 to 9.9 ("8.5 折": pay 85%). */
const discount = z
  .number({ error: 'coupons.discountRange' })
  .min(MIN_DISCOUNT, { error: 'coupons.discountRange' })
  .max(MAX_DISCOUNT, { error: 'coupons.discountRange' })
  .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, { error: 'coupons.discountRange' });

/** Every rule of spec section 5: name, issue period, total, per-user limit and category required; discount 0-10. */
export const couponForm = z
  .object({
    name: requiredText(60),
    type: z.enum(COUPON_TYPES, { error: 'coupons.typeRequired' }),
    /** The amount off (type cash); ignored for a discount. */
    faceValueCents: cents('coupons.faceValueInvalid', { min: 1, max: MAX_CENTS }).nullable().default(null),
    /** Tenths of the price paid (type discount); ignored for an amount off. */
    discount: discount.nullable().default(null),
    issueFrom: day('coupons.issueTimeRequired'),
    issueTo: day('coupons.issueTimeRequired'),
    /** The usage rule: the least an order must come to (0: any amount). */
    minSpendCents: cents('coupons.minSpendInvalid', { min: 0, max: MAX_CENTS }).default(0),
    total: count('coupons.totalInvalid', MAX_COUPON_TOTAL),
    perUserLimit: count('coupons.perUserLimitInvalid', MAX_COUPON_TOTAL),
    validHours: count('coupons.validHoursInvalid', MAX_VALID_HOURS),
    category: z.enum(COUPON_CATEGORIES, { error: 'coupons.categoryRequired' }),
  })
  .refine((f) => f.type !== 'cash' || typeof f.faceValueCents === 'number', {
    path: ['faceValueCents'],
    error: 'coupons.faceValueInvalid',
    ...acrossFields,
  })
  .refine((f) => f.type !== 'discount' || typeof f.discount === 'number', {
    path: ['discount'],
    error: 'coupons.discountRange',
    ...acrossFields,
  })
  .refine((f) => typeof f.issueFrom !== 'string' || typeof f.issueTo !== 'string' || f.issueTo >= f.issueFrom, {
    path: ['issueTo'],
    error: 'coupons.issueEndBeforeStart',
    ...acrossFields,
  })
  .refine((f) => typeof f.total !== 'number' || typeof f.perUserLimit !== 'number' || f.perUserLimit <= f.total, {
    path: ['perUserLimit'],
    error: 'coupons.perUserOverTotal',
    ...acrossFields,
  })
  .refine(
    (f) =>
      f.type !== 'cash' ||
      typeof f.faceValueCents !== 'number' ||
      typeof f.minSpendCents !== 'number' ||
      f.minSpendCents === 0 ||
      f.minSpendCents >= f.faceValueCents,
    { path: ['minSpendCents'], error: 'coupons.minSpendBelowFace', ...acrossFields },
  );
export type CouponForm = z.input<typeof couponForm>;

/** Grant a coupon to people by their mobiles, `count` each (spec section 5: phone and count required). */
export const couponGrantForm = z.object({
  id: bodyId,
  mobiles: z
    .array(mobile, { error: 'coupons.mobilesRequired' })
    .min(1, { error: 'coupons.mobilesRequired' })
    .max(MAX_GRANT_MOBILES, { error: 'coupons.tooManyMobiles' })
    .transform((list) => [...new Set(list)]),
  count: count('coupons.countInvalid', MAX_COUPON_TOTAL),
});
export type CouponGrantForm = z.input<typeof couponGrantForm>;

export const couponRow = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(COUPON_TYPES),
  faceValueCents: z.number().int().nullable(),
  discount: z.number().nullable(),
  issueFrom: z.string(),
  issueTo: z.string(),
  minSpendCents: z.number().int(),
  total: z.number().int(),
  perUserLimit: z.number().int(),
  remaining: z.number().int(),
  validHours: z.number().int(),
  category: z.enum(COUPON_CATEGORIES),
  issueState: z.enum(COUPON_ISSUE_STATES),
  /** Received coupons: all handed out, those used, those expired unused. */
  received: z.number().int(),
  used: z.number().int(),
  expired: z.number().int(),
  orgName: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  /** The user's organisation keeps it and may grant, stop or delete it. */
  editable: z.boolean(),
  /** The currency of its amounts: its organisation's brand's money (decision 064). */
  money: moneyFormat,
});
export type CouponRow = z.infer<typeof couponRow>;

export const receivedCouponRow = z.object({
  id: z.number().int(),
  mobile: z.string(),
  holderName: z.string(),
  state: z.enum(COUPON_USE_STATES),
  receivedAt: z.string(),
  expiresAt: z.string(),
  usedAt: z.string(),
  discountCents: z.number().int().nullable(),
  orderRef: z.string(),
  grantedByName: z.string(),
  /** The currency of its amounts: its organisation's brand's money (decision 064). */
  money: moneyFormat,
});
export type ReceivedCouponRow = z.infer<typeof receivedCouponRow>;

const byId = z.object({ id: bodyId });

export const couponEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/coupon/list.do',
    summary: 'Coupons of the organisations in scope by name, type, category and issue state, with their counts',
    access: { roles: COUPON_READERS },
    scope: 'organisation',
    query: pageQuery.extend({
      keyword: z.string().trim().max(60).optional(),
      type: z.enum(COUPON_TYPES, { error: 'validation.invalid' }).optional(),
      category: z.enum(COUPON_CATEGORIES, { error: 'validation.invalid' }).optional(),
      issueState: z.enum(COUPON_ISSUE_STATES, { error: 'validation.invalid' }).optional(),
    }),
    body: noInput,
    response: paged(couponRow),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/coupon/detail.do',
    summary: 'One coupon with its rules and counts',
    access: { roles: COUPON_READERS },
    scope: 'organisation',
    query: z.object({ id: idParam }),
    body: noInput,
    response: couponRow,
  }),
  received: defineEndpoint({
    method: 'GET',
    path: '/coupon/received.do',
    summary:
      'Received coupons (of one coupon, or of every coupon in scope) by state (received, used, expired) and mobile',
    access: { roles: COUPON_READERS },
    scope: 'organisation',
    query: pageQuery.extend({
      couponId: idParam.optional(),
      state: z.enum(COUPON_USE_STATES, { error: 'validation.invalid' }).optional(),
      keyword: z.string().trim().max(20).optional(),
    }),
    body: noInput,
    response: paged(receivedCouponRow),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/coupon/create.do',
    summary: 'Create a coupon of the user’s organisation: its whole total remains to be given out',
    access: { roles: COUPON_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: couponForm,
    response: z.object({ id: z.number().int() }),
  }),
  grant: defineEndpoint({
    method: 'POST',
    path: '/coupon/grant.do',
    summary:
      'Give a coupon to people by their mobiles, `count` each, while it is issuing: all of them or none (a mobile ' +
      'of nobody in scope, the per-user limit or what remains refuses the whole grant)',
    access: { roles: COUPON_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: couponGrantForm,
    response: z.object({ granted: z.number().int(), remaining: z.number().int() }),
  }),
  stop: defineEndpoint({
    method: 'POST',
    path: '/coupon/stop.do',
    summary: 'Stop issuing a coupon: nobody receives it any more; the coupons received stay valid',
    access: { roles: COUPON_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: byId,
    response: z.object({ id: z.number().int() }),
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/coupon/delete.do',
    summary: 'Delete a coupon nobody has received yet',
    access: { roles: COUPON_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: byId,
    response: z.object({ id: z.number().int() }),
  }),
} as const;
