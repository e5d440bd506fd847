import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { PRODUCT_CATEGORIES } from '@console/contract/codes/products';

const moment = (name: string) =>
  integer(name, { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/**
 * A product of an organisation's shop (spec section 3, Product; docs/decisions/049-products-and-coupons.md): its
 * price in cents and the revenue-sharing plan, a share in basis points per distributor, credited when an order of
 * it completes.
 */
export const products = sqliteTable(
  'products',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    category: text('category', { enum: PRODUCT_CATEGORIES }).notNull(),
    name: text('name').notNull(),
    /** Its name in Chinese and in English (decision 064), '' when not kept: an order shows the reader's. */
    nameZh: text('name_zh').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    image: text('image').notNull(),
    description: text('description').notNull(),
    /** Its description in Chinese and in English, '' when not kept: a buyer reads theirs. */
    descriptionZh: text('description_zh').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    keyAttributes: text('key_attributes').notNull(),
    otherAttributes: text('other_attributes').notNull(),
    salesAttributes: text('sales_attributes').notNull(),
    spec: text('spec').notNull(),
    /** Its spec in Chinese and in English, '' when not kept: a buyer and the order read theirs. */
    specZh: text('spec_zh').notNull().default(''),
    specEn: text('spec_en').notNull().default(''),
    amountCents: integer('amount_cents').notNull(),
    shares: text('shares', { mode: 'json' }).$type<{ distributorId: number; basisPoints: number }[]>().notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: moment('created_at'),
    updatedAt: moment('updated_at'),
  },
  (t) => [index('products_org_category').on(t.orgId, t.category)],
);

/**
 * A rental company's lease price of a machine model under a business model, in cents (the prices the model shows,
 * decision 029): the contract form's default for a line of that model.
 */
export const leasePrices = sqliteTable(
  'lease_prices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    modelId: integer('model_id').notNull(),
    businessModel: integer('business_model').notNull(),
    dayCents: integer('day_cents'),
    monthCents: integer('month_cents'),
    updatedBy: integer('updated_by').notNull(),
    updatedAt: moment('updated_at'),
  },
  (t) => [uniqueIndex('lease_prices_org_model_business').on(t.orgId, t.modelId, t.businessModel)],
);
