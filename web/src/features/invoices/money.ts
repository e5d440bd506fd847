import { formatMoney, type MoneyFormat } from '@console/contract/codes/money';

/**
 * Amounts of several currencies added up per currency, never across them (decision 064's addendum): "A$1,200.00"
 * for one currency, "¥300.00 · A$1,200.00" for two, in the order the currencies first appear.
 */
export function totalsByCurrency(items: { amountCents: number; money: MoneyFormat }[]): string {
  const totals = new Map<string, { money: MoneyFormat; cents: number }>();
  for (const item of items) {
    const code = item.money.currency.code;
    const total = totals.get(code) ?? { money: item.money, cents: 0 };
    total.cents += item.amountCents;
    totals.set(code, total);
  }
  return [...totals.values()].map((t) => formatMoney(t.cents, t.money)).join(' · ');
}
