import { useTranslation } from 'react-i18next';
import { priceDisplay, type Prices } from '@console/contract/codes/business-models';
import { moneyText } from '../lib/money.ts';

/**
 * A lease price as its business model shows it (22: per day and per month; 23, 27: per day; 24, 25: per month),
 * the prices in integer cents, shown in the brand's money ("¥28,000.00/月", "A$500.00/day").
 *
 *   <PriceDisplay model={lease.businessModel} prices={lease.prices} />
 */
export function PriceDisplay({ model, prices }: { model: number; prices: Prices }) {
  const { t } = useTranslation('codes');
  const parts = priceDisplay(model, prices).map((part) =>
    t(`priceUnit.${part.unit}`, { amount: part.amount === null ? '-' : moneyText(part.amount) }),
  );
  return <span>{parts.join(' / ')}</span>;
}
