import { Card, Col, Flex, Row, Select, Statistic } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { revenueEndpoints } from '@console/contract/http/lease-revenue';
import { formatAmount } from '@console/contract/codes/money';
import { currencyVariablesOf, moneyFormat } from '../../../lib/money.ts';
import { ListPage } from '../../../components/list-page.tsx';
import { useListParams } from '../../../components/use-list-params.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { usePageSearch } from '../../../lib/screen-query.ts';
import { INCOME_COLUMNS, useIncomeFields } from '../fields.tsx';

/**
 * /leaseCenter/incomeDetail: the income lines (a machine's days on a bill) of the dashboard's filter, page by page
 * from the server, with their totals and a CSV of the filter.
 */
export function IncomePage() {
  const { t } = useTranslation('lease-revenue');
  const fields = useIncomeFields();
  const { params } = useListParams();
  const { update } = usePageSearch();
  // The totals of the same filter (the list's own read, cached under the same key).
  const answer = useQuery({ ...endpointQuery(revenueEndpoints.incomeList, params) }).data;
  const totals = answer?.totals;
  // The figures are of one currency's companies (decision 064): the titles name it, the amounts read in it.
  const money = answer?.money ?? moneyFormat();
  return (
    <>
      {/* Companies of several currencies in scope: one currency's lines at a time (decision 064). */}
      {answer && answer.currencies.length > 1 && (
        <Flex gap={8} align="center" style={{ marginBottom: 12 }}>
          <span>{t('filters.currency')}</span>
          <Select
            aria-label={t('filters.currency')}
            style={{ width: 140 }}
            value={answer.money.currency.code}
            options={answer.currencies.map((m) => ({
              value: m.currency.code,
              label: `${m.currency.code} (${m.currency.symbol})`,
            }))}
            onChange={(v: string) => update({ currency: v, storeId: null, renterId: null, page: null })}
          />
        </Flex>
      )}
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={8}>
          <Card size="small">
            <Statistic
              title={t('kpi.billed', currencyVariablesOf(money))}
              value={formatAmount(totals?.billedCents ?? 0, money)}
            />
          </Card>
        </Col>
        <Col span={8}>
          <Card size="small">
            <Statistic
              title={t('kpi.received', currencyVariablesOf(money))}
              value={formatAmount(totals?.receivedCents ?? 0, money)}
            />
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
