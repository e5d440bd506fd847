import { Card, Col, Row, Statistic } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { billingEndpoints } from '@console/contract/http/lease-billing';
import { leaseBillingScreens } from '@console/contract/screens/lease-billing';
import { href } from '@console/contract/screens/screen';
import { formatAmount } from '@console/contract/codes/money';
import { currencyVariablesOf, totalsShown } from '../../../lib/money.ts';
import { ListPage } from '../../../components/list-page.tsx';
import { useListParams } from '../../../components/use-list-params.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useRecordsReceipts } from '../api.ts';
import { ARREARS_COLUMNS, useArrearsFields } from '../fields.tsx';
import { DepositsHeld } from '../../deposits/index.ts';

/** /leaseCenter/arrears: per customer and contract, what is unpaid past its due day and for how long, with totals. */
export function ArrearsPage() {
  const { t } = useTranslation(['lease-billing', 'common']);
  const fields = useArrearsFields();
  const records = useRecordsReceipts();
  const { params } = useListParams();
  // The totals of the same filter (the list's own read, cached under the same key).
  const totals = useQuery({ ...endpointQuery(billingEndpoints.arrears, params) }).data?.totals;
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {/* One total per currency present: amounts of two currencies are never added up (decision 064). */}
        {totalsShown(totals?.overdue).map((total) => (
          <Col span={8} key={total.money.currency.code}>
            <Card size="small">
              <Statistic
                title={t('arrears.totalOverdue', currencyVariablesOf(total.money))}
                value={formatAmount(total.cents, total.money)}
              />
            </Card>
          </Col>
        ))}
        <Col span={8}>
          <Card size="small">
            <Statistic title={t('arrears.totalRenters')} value={totals?.renters ?? 0} />
          </Card>
        </Col>
        <Col span={8}>
          <Card size="small">
            <Statistic title={t('arrears.totalContracts')} value={totals?.contracts ?? 0} />
          </Card>
        </Col>
        {/* Deposits held, apart from rent owed and never added into it (decision 073). */}
        <DepositsHeld renterId={params.renterId ? Number(params.renterId) : undefined} />
      </Row>
      <ListPage
        area="lease-billing"
        resource="arrears"
        endpoint={billingEndpoints.arrears}
        rowKey="key"
        title={t('arrears.title')}
        exportName={t('arrears.exportName')}
        filters={fields.filters(['keyword', 'renterId', 'minDays'])}
        columns={[
          ...fields.columns(ARREARS_COLUMNS),
          ...(records
            ? [
                {
                  key: 'actions',
                  title: t('arrears.actions'),
                  noExport: true,
                  render: (_: unknown, row: { renterId: number }) => (
                    <Link to={href(leaseBillingScreens.receiptRecord, { renterId: row.renterId })}>
                      {t('arrears.record')}
                    </Link>
                  ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
