import { ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/products.ts`). */

/**
 * Price configuration (spec /productCenter/productSet; docs/decisions/049-products-and-coupons.md): the shop's
 * products with their price and the distributors' revenue shares, and each rental company's lease price list by
 * machine model and business model, which the contract form starts from.
 *
 * Who: an organisation keeps its own products: the operator's shop is set by its finance (3) and company
 * administrator (2), a rental company's by its administrator (5). The lease price list is a rental company's (its
 * administrator sets it; its staff and salespeople read it for their contracts). The operator's staff read all.
 */
export const PRODUCT_WRITERS = [ROLE.companyAdmin, ROLE.finance, ROLE.lessorAdmin] as const;
export const PRODUCT_READERS = [ROLE.companyEmployee, ...PRODUCT_WRITERS, ROLE.lessorStaff] as const;
export const LEASE_PRICE_WRITERS = [ROLE.lessorAdmin] as const;
export const LEASE_PRICE_READERS = [
  ROLE.companyEmployee,
  ROLE.companyAdmin,
  ROLE.finance,
  ROLE.lessorAdmin,
  ROLE.lessorSales,
  ROLE.lessorStaff,
] as const;
