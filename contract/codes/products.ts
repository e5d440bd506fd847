import { codeTable } from './code-table.ts';

/**
 * The shop's products (spec section 3, Product; docs/decisions/049-products-and-coupons.md): each in one category,
 * which coupons may be restricted to.
 */
export const PRODUCT_CATEGORIES = ['terminal', 'connectivity', 'parts', 'accessory', 'service'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];
export const PRODUCT_CATEGORY = codeTable('products:category', [
  ['terminal', 'terminal', 'blue'],
  ['connectivity', 'connectivity', 'cyan'],
  ['parts', 'parts', 'purple'],
  ['accessory', 'accessory', 'geekblue'],
  ['service', 'service', 'green'],
]);

/** A revenue share is kept in basis points (1/100 of a percent), so 12.5% is 1250: an integer, as money is. */
export const FULL_SHARE_BASIS_POINTS = 10_000;

/** A distributor's share of a sale, rounded down to the cent (the rest stays with the seller). */
export const shareCents = (amountCents: number, basisPoints: number): number =>
  Math.floor((amountCents * basisPoints) / FULL_SHARE_BASIS_POINTS);
