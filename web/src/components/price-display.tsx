import { useTranslation } from 'react-i18next';
import { priceDisplay, type Prices } from '@console/contract/codes/business-models';
import type { MoneyFormat } from '@console/contract/codes/money';
import { recordMoneyText } from '../lib/money.ts';

/**
 * A lease price as its business model shows it (22: per day and per month; 23, 27: per day; 24, 25: per month),
 * the prices in integer cents, shown in the brand's money ("¥28,000.00/月", "A$500.00/day"), or in `money`, the
 * record's own when given.
 *
 *   <PriceDisplay model={lease.businessModel} prices={lease.prices} />
 */
export function PriceDisplay({ model, prices, money }: { model: number; prices: Prices; money?: MoneyFormat }) {
  const { t } = useTranslation('codes');
  const parts = priceDisplay(model, prices).map((part) =>
    t(`priceUnit.${part.unit}`, { amount: part.amount === null ? '-' : recordMoneyText(part.amount, money) }),
  );
  return <span>{parts.join(' / ')}</span>;
}
