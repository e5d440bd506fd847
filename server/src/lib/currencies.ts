import { CNY, type MoneyFormat } from '@console/contract/codes/money';
import { brandByAppid, brandsOf } from './brands.ts';
import type { Db } from '@console/db/client';
import type { AppDeps } from './deps.ts';
import { orgBrands } from './org-brand.ts';

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

/**
 * The money an organisation bills and is billed in (its brand's, decision 064), read once per organisation: for a
 * request answering records of several companies (the operator sees every rental company's), each record in its own.
 */
export async function moneyOfOrgs(deps: AppDeps, db: Db): Promise<(orgId: number) => MoneyFormat> {
  const brandOf = await orgBrands(deps, db);
  return (orgId) => brandOf(orgId).money;
}

/** Amounts added up per currency, never across (the currencies in the order they first appear). */
export function totalsPerCurrency<T>(
  rows: readonly T[],
  cents: (row: T) => number,
  money: (row: T) => MoneyFormat,
): { money: MoneyFormat; cents: number }[] {
  const totals = new Map<string, { money: MoneyFormat; cents: number }>();
  for (const row of rows) {
    const format = money(row);
    const total = totals.get(format.currency.code) ?? { money: format, cents: 0 };
    total.cents += cents(row);
    totals.set(format.currency.code, total);
  }
  return [...totals.values()];
}

/**
 * One currency's figures out of organisations billing in several (decision 064): the currencies of `orgIds` (the
 * default brand's first, as `billedCurrencies` orders them), the one chosen (`asked` when present, else
 * `preferOrgId`'s when present, else the first present, else `preferOrgId`'s) and the organisations billing in it.
 */
export async function currencyChoice(
  deps: AppDeps,
  db: Db,
  orgIds: Iterable<number>,
  asked: string | undefined,
  preferOrgId: number,
): Promise<{ money: MoneyFormat; currencies: MoneyFormat[]; orgIds: number[] }> {
  const moneyOf = await moneyOfOrgs(deps, db);
  const ids = [...new Set(orgIds)];
  const order = billedCurrencies(deps).map((f) => f.currency.code);
  const rank = (code: string) => (order.includes(code) ? order.indexOf(code) : order.length);
  const currencies = [...new Map(ids.map((id) => [moneyOf(id).currency.code, moneyOf(id)])).values()].sort(
    (a, b) => rank(a.currency.code) - rank(b.currency.code) || a.currency.code.localeCompare(b.currency.code),
  );
  const preferred = moneyOf(preferOrgId);
  const money =
    currencies.find((f) => f.currency.code === asked) ??
    currencies.find((f) => f.currency.code === preferred.currency.code) ??
    currencies[0] ??
    preferred;
  return { money, currencies, orgIds: ids.filter((id) => moneyOf(id).currency.code === money.currency.code) };
}
