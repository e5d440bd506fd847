import { CNY, type MoneyFormat } from '@console/contract/codes/money';
import { brandByAppid, brandsOf } from './brands.ts';
import type { AppDeps } from './deps.ts';

/**
 * The currencies the product bills in (decision 064): each brand's money. Renewal price lists are kept per currency
 * (decision 044), and a renewal order or an invoice is written in the currency it records.
 */

/** Every currency a brand bills in, the default brand's first; one entry per currency. */
export function billedCurrencies(deps: AppDeps): MoneyFormat[] {
  const registry = brandsOf(deps);
  const first = brandByAppid(deps, registry.defaultAppid ?? '');
  const formats = [...(first ? [first] : []), ...registry.packs.values()].map((p) => p.info.money);
  return formats.filter((f, i) => formats.findIndex((g) => g.currency.code === f.currency.code) === i);
}

/**
 * How amounts in a currency are written: as the brand billing in it writes them; yuan as every brand writes it until
 * its pack names its own money; any other code (a record older than a brand's change) with its code as symbol.
 */
export function currencyFormat(deps: AppDeps, code: string): MoneyFormat {
  const billed = billedCurrencies(deps).find((f) => f.currency.code === code);
  if (billed) return billed;
  if (code === CNY.currency.code) return CNY;
  return { currency: { code, symbol: code, minorUnits: 2 }, locale: 'en' };
}
