import { Card, Col, Statistic } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { depositEndpoints, DEPOSIT_READERS } from '@console/contract/http/deposits';
import { formatAmount } from '@console/contract/codes/money';
import { currencyVariablesOf, totalsShown } from '../../../lib/money.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useSession } from '../../../lib/session.ts';

/**
 * What deposits hold for the renter (or every renter the user sees), per currency: money held apart from rent, never
 * added into what is owed (decision 073). Cards for a statistics row.
 */
export function DepositsHeld({ renterId, span = 8 }: { renterId?: number; span?: number }) {
  const { t } = useTranslation('deposits');
  const { roleId } = useSession();
  const reads = (DEPOSIT_READERS as readonly number[]).includes(roleId);
  const held = useQuery({ ...endpointQuery(depositEndpoints.held, { renterId }), enabled: reads }).data;
  if (!held) return null;
  return (
    <>
      {totalsShown(held.held).map((total) => (
        <Col span={span} key={total.money.currency.code}>
          <Card size="small" data-testid="deposits-held">
            <Statistic
              title={t('heldTotal', currencyVariablesOf(total.money))}
              value={formatAmount(total.cents, total.money)}
            />
          </Card>
        </Col>
      ))}
    </>
  );
}
