import type { MoneyFormat } from '@console/contract/codes/money';
import { billedCurrencies } from '../../lib/currencies.ts';
import type { ScopedData } from '../../lib/data.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { orgBrand } from '../../lib/org-brand.ts';
import type { SessionUser } from '../../lib/session.ts';

/**
 * The currencies of renewal prices and orders (decision 044, "Prices per currency"): the operator keeps one price
 * list per currency any brand bills in, and a company is charged from its own brand's.
 */

/** The currency an organisation pays in: its brand's. */
export async function payerCurrency(deps: AppDeps, data: ScopedData, orgId: number): Promise<string> {
  // The organisation is already in the caller's scope (its items or orders were found there).
  return (await orgBrand(deps, data.unscoped('alreadyScoped'), orgId)).money.currency.code;
}

/**
 * The price lists a user reads: the operator's staff renew for companies of every brand, so they see every list; a
 * company sees its own currency's.
 */
export async function readerCurrencies(deps: AppDeps, data: ScopedData, user: SessionUser): Promise<MoneyFormat[]> {
  if (user.orgKind === 'operator') return billedCurrencies(deps);
  return [(await orgBrand(deps, data.unscoped('alreadyScoped'), user.orgId)).money];
}
