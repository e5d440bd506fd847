import { Card, Col, Row, Statistic } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { revenueEndpoints } from '@console/contract/http/lease-revenue';
import { amountText } from '../../../lib/money.ts';
import { ListPage } from '../../../components/list-page.tsx';
import { useListParams } from '../../../components/use-list-params.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { INCOME_COLUMNS, useIncomeFields } from '../fields.tsx';

/**
 * /leaseCenter/incomeDetail: the income lines (a machine's days on a bill) of the dashboard's filter, page by page
 * from the server, with their totals and a CSV of the filter.
 */
export function IncomePage() {
  const { t } = useTranslation('lease-revenue');
  const fields = useIncomeFields();
  const { params } = useListParams();
  // The totals of the same filter (the list's own read, cached under the same key).
  const totals = useQuery({ ...endpointQuery(revenueEndpoints.incomeList, params) }).data?.totals;
  return (
    <>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={8}>
          <Card size="small">
            <Statistic title={t('kpi.billed')} value={amountText(totals?.billedCents ?? 0)} />
          </Card>
        </Col>
        <Col span={8}>
          <Card size="small">
            <Statistic title={t('kpi.received')} value={amountText(totals?.receivedCents ?? 0)} />
          </Card>
        </Col>
        <Col span={8}>
          <Card size="small">
            <Statistic title={t('kpi.daysBilled')} value={totals?.days ?? 0} />
          </Card>
        </Col>
      </Row>
      <ListPage
        area="lease-revenue"
        resource="income"
        endpoint={revenueEndpoints.incomeList}
        rowKey="id"
        title={t('income.title')}
        exportName={t('income.exportName')}
        filters={fields.filters(['keyword', 'from', 'to', 'storeId', 'renterId', 'kind'])}
        columns={fields.columns(INCOME_COLUMNS)}
      />
    </>
  );
}
