import { useTranslation } from 'react-i18next';
import type { MoneyFormat } from '@console/contract/codes/money';
import { allowancePerDay, tenthsText } from '@console/contract/lease/overtime';
import { recordMoneyText } from '../../../lib/money.ts';

/**
 * A line's hours allowance and overtime price (decision 070): "8.0 h/day, then 40.00/h"; '-' for a line without.
 */
export function OvertimeTerms(props: {
  model: number;
  allowanceTenths: number | null;
  overtimeCents: number | null;
  money?: MoneyFormat;
}) {
  const { t } = useTranslation('lease-contracts');
  const { model, allowanceTenths, overtimeCents, money } = props;
  if (allowanceTenths === null || overtimeCents === null) return <span>-</span>;
  return (
    <span data-testid="overtime-terms">
      {t(allowancePerDay(model) ? 'overtime.perDay' : 'overtime.perMonth', {
        hours: tenthsText(allowanceTenths),
        price: recordMoneyText(overtimeCents, money),
      })}
    </span>
  );
}
