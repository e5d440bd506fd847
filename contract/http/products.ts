import { z } from 'zod';
import { BUSINESS_MODEL, type BusinessModel } from '../codes/business-models.ts';
import { requiredPrices } from '../codes/lease-pricing.ts';
import { FULL_SHARE_BASIS_POINTS, PRODUCT_CATEGORIES } from '../codes/products.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { acrossFields, cents, idParam, MAX_CENTS, pageQuery, paged, requiredText } from './fields.ts';
import { isBuiltInModelImage } from './device-models.ts';
import { fileRef } from './uploads.ts';
import { LEASE_PRICE_READERS, LEASE_PRICE_WRITERS, PRODUCT_READERS, PRODUCT_WRITERS } from '../access/products.ts';
import { moneyFormat } from '../codes/money.ts';

/** At most this many distributors share one product's sales. */
export const MAX_SHARES = 20;

const bodyId = z.number({ error: 'validation.invalid' }).int().positive({ error: 'validation.invalid' });

export const shareInput = z.object({
  distributorId: z.number({ error: 'products.distributorRequired' }).int().positive({
    error: 'products.distributorRequired',
  }),
  /** 1..10000 basis points: 0.01% to 100%. */
  basisPoints: z
    .number({ error: 'products.shareInvalid' })
    .int({ error: 'products.shareInvalid' })
    .min(1, { error: 'products.shareInvalid' })
    .max(FULL_SHARE_BASIS_POINTS, { error: 'products.shareInvalid' }),
});

/** Every item of the product form is required (spec section 5), the revenue-sharing plan included. */
const productFields = z.object({
  category: z.enum(PRODUCT_CATEGORIES, { error: 'products.categoryRequired' }),
  name: requiredText(60),
  /** Its name in Chinese and in English (decision 064): a buyer reads, searches and orders it by the one of its language. */
  nameZh: z.string().trim().max(60, { error: 'validation.tooLong' }).default(''),
  nameEn: z.string().trim().max(60, { error: 'validation.tooLong' }).default(''),
  /** An uploaded public image (buyers see it), or one of the built-in machine pictures. */
  image: z
    .string({ error: 'products.imageRequired' })
    .trim()
    .min(1, { error: 'products.imageRequired' })
    .max(100, { error: 'upload.invalidRef' })
    .refine((url) => isBuiltInModelImage(url) || fileRef.safeParse(url).success, { error: 'upload.invalidRef' }),
  description: requiredText(2000),
  /** Its description in Chinese and in English, like its name: a buyer reads the one of its language. */
  descriptionZh: z.string().trim().max(2000, { error: 'validation.tooLong' }).default(''),
  descriptionEn: z.string().trim().max(2000, { error: 'validation.tooLong' }).default(''),
  keyAttributes: requiredText(500),
  otherAttributes: requiredText(500),
  salesAttributes: requiredText(500),
  spec: requiredText(100),
  /** Its spec in Chinese and in English, like its name: a buyer reads, searches and orders it by its language's. */
  specZh: z.string().trim().max(100, { error: 'validation.tooLong' }).default(''),
  specEn: z.string().trim().max(100, { error: 'validation.tooLong' }).default(''),
  amountCents: cents('products.amountInvalid', { min: 1, max: MAX_CENTS }),
  shares: z
    .array(shareInput, { error: 'products.sharesRequired' })
    .min(1, { error: 'products.sharesRequired' })
    .max(MAX_SHARES, { error: 'validation.tooLong' }),
});
type ProductFields = z.output<typeof productFields>;

/** A distributor shares a product once, and the shares together are at most all of it. */
function sharesRule(form: ProductFields, ctx: z.RefinementCtx): void {
  const ids = form.shares.map((s) => s.distributorId);
  if (new Set(ids).size !== ids.length)
    ctx.addIssue({ code: 'custom', path: ['shares'], message: 'products.distributorTwice' });
  if (form.shares.reduce((sum, s) => sum + s.basisPoints, 0) > FULL_SHARE_BASIS_POINTS)
    ctx.addIssue({ code: 'custom', path: ['shares'], message: 'products.sharesOver' });
}

export const productForm = productFields.superRefine(sharesRule);
export const productUpdateForm = productFields.extend({ id: bodyId }).superRefine(sharesRule);
export type ProductForm = z.input<typeof productForm>;

export const productRow = z.object({
  id: z.number().int(),
  category: z.enum(PRODUCT_CATEGORIES),
  name: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  image: z.string(),
  description: z.string(),
  descriptionZh: z.string(),
  descriptionEn: z.string(),
  keyAttributes: z.string(),
  otherAttributes: z.string(),
  salesAttributes: z.string(),
  spec: z.string(),
  specZh: z.string(),
  specEn: z.string(),
  amountCents: z.number().int(),
  shares: z.array(shareInput.extend({ distributorName: z.string() })),
  /** The shares together, in basis points. */
  shareTotal: z.number().int(),
  orgName: z.string(),
  updatedAt: z.string(),
  /** The user's organisation keeps it (edit, delete). */
  editable: z.boolean(),
  /** The currency of its price: its organisation's brand's money (decision 064). */
  money: moneyFormat,
});
export type ProductRow = z.infer<typeof productRow>;

const option = z.object({ id: z.number().int(), name: z.string() });

const businessModel = z.number({ error: 'products.businessModelRequired' }).pipe(
  z.literal(BUSINESS_MODEL.values as unknown as [BusinessModel, ...BusinessModel[]], {
    error: 'products.businessModelRequired',
  }),
);
const optionalPrice = cents('products.priceInvalid', { min: 1, max: MAX_CENTS }).nullable().default(null);

/** Whether the business model sent (unchecked: the rule runs while other fields are invalid) needs this price. */
const needs = (form: { businessModel: unknown }, unit: 'day' | 'month') =>
  typeof form.businessModel === 'number' && requiredPrices(form.businessModel).includes(unit);

/** A lease price: the prices its business model shows are required (decision 029), the others are not kept. */
export const leasePriceForm = z
  .object({
    modelId: z.number({ error: 'products.modelRequired' }).int().positive({ error: 'products.modelRequired' }),
    businessModel,
    dayCents: optionalPrice,
    monthCents: optionalPrice,
  })
  .refine((form) => !needs(form, 'day') || typeof form.dayCents === 'number', {
    path: ['dayCents'],
    error: 'products.priceRequired',
    ...acrossFields,
  })
  .refine((form) => !needs(form, 'month') || typeof form.monthCents === 'number', {
    path: ['monthCents'],
    error: 'products.priceRequired',
    ...acrossFields,
  });

export const leasePriceRow = z.object({
  id: z.number().int(),
  modelId: z.number().int(),
  modelName: z.string(),
  businessModel: z.number().int(),
  dayCents: z.number().int().nullable(),
  monthCents: z.number().int().nullable(),
  orgName: z.string(),
  updatedAt: z.string(),
  editable: z.boolean(),
  /** The currency of its prices: its rental company's brand's money (decision 064). */
  money: moneyFormat,
});
export type LeasePriceRow = z.infer<typeof leasePriceRow>;

const byId = z.object({ id: bodyId });

export const productEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/product/list.do',
    summary: 'Products of the organisations in scope by category and name, with their price and revenue shares',
    access: { roles: PRODUCT_READERS },
    scope: 'organisation',
    query: pageQuery.extend({
      category: z.enum(PRODUCT_CATEGORIES, { error: 'validation.invalid' }).optional(),
      keyword: z.string().trim().max(60).optional(),
    }),
    body: noInput,
    response: paged(productRow),
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/product/options.do',
    summary: 'What the price forms pick from: the distributors who may share a sale, the company’s machine models',
    access: { roles: PRODUCT_READERS },
    scope: 'organisation',
    query: noInput,
    body: noInput,
    response: z.object({
      distributors: z.array(option),
      models: z.array(option),
      /** The currency a price the user's company sets is in: the company's brand's money (decision 064). */
      money: moneyFormat,
    }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/product/create.do',
    summary: 'Add a product to the shop of the user’s organisation',
    access: { roles: PRODUCT_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: productForm,
    response: z.object({ id: z.number().int() }),
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/product/update.do',
    summary: 'Change a product of the user’s organisation',
    access: { roles: PRODUCT_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: productUpdateForm,
    response: z.object({ id: z.number().int() }),
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/product/delete.do',
    summary: 'Delete a product of the user’s organisation',
    access: { roles: PRODUCT_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: byId,
    response: z.object({ id: z.number().int() }),
  }),
  leasePrices: defineEndpoint({
    method: 'GET',
    path: '/leasePrice/list.do',
    summary: 'The lease price list by machine model and business model (a rental company’s; the operator reads all)',
    access: { roles: LEASE_PRICE_READERS },
    scope: 'organisation',
    query: pageQuery.extend({
      modelId: idParam.optional(),
      businessModel: z.coerce.number().int().optional(),
    }),
    body: noInput,
    response: paged(leasePriceRow),
  }),
  saveLeasePrice: defineEndpoint({
    method: 'POST',
    path: '/leasePrice/save.do',
    summary: 'Set the price of a machine model under a business model (replacing the one set before)',
    access: { roles: LEASE_PRICE_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: leasePriceForm,
    response: z.object({ id: z.number().int() }),
  }),
  removeLeasePrice: defineEndpoint({
    method: 'POST',
    path: '/leasePrice/delete.do',
    summary: 'Delete a lease price: contracts for that model and business model start from no price again',
    access: { roles: LEASE_PRICE_WRITERS },
    scope: 'organisation',
    query: noInput,
    body: byId,
    response: z.object({ id: z.number().int() }),
  }),
} as const;
