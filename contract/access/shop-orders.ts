import { ROLE } from '../codes/roles.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/shop-orders.ts`). */

/**
 * Shop orders (spec /productCenter/order, sections 3, 4, 5, 8; docs/decisions/050-shop-orders-and-payments.md).
 * Money in integer cents.
 *
 * Who buys what: the operator's shop sells to rental companies (their administrator 5 and administrative staff 10
 * buy) and to the companies' customers (11); a rental company's shop sells to its own customers. The seller's staff
 * ship and complete: the operator's employees, administrator and finance (1, 2, 3), a rental company's administrator
 * and staff (5, 10). A distributor (8) reads the orders of the customers it serves and its shares of them.
 */
export const SHOP_BUYERS = [ROLE.lessorAdmin, ROLE.lessorStaff, ROLE.other] as const;
export const SHOP_SELLERS = [
  ROLE.companyEmployee,
  ROLE.companyAdmin,
  ROLE.finance,
  ROLE.lessorAdmin,
  ROLE.lessorStaff,
] as const;
export const SHOP_ORDER_READERS = [
  ROLE.companyEmployee,
  ROLE.companyAdmin,
  ROLE.finance,
  ROLE.lessorAdmin,
  ROLE.distributor,
  ROLE.lessorStaff,
  ROLE.other,
] as const;
