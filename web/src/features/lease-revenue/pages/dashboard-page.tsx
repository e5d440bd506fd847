import { Button, Card, Col, DatePicker, Flex, Form, Row, Select, Space, Statistic, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import {
  revenueEndpoints,
  WORKDAY_HOURS,
  type MachineUse,
  type RevenueSummary,
} from '@console/contract/http/lease-revenue';
import { leaseRevenueScreens } from '@console/contract/screens/lease-revenue';
import { href, type QueryOf } from '@console/contract/screens/screen';
import { useCodeLabel } from '../../../components/code-label.ts';
import { Figure } from '../../../components/figure.tsx';
import { formatAmount } from '@console/contract/codes/money';
import { currencyVariablesOf } from '../../../lib/money.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { IncomeChart } from '../components/income-chart.tsx';
import { useStoreOptions } from '../components/store-filter.tsx';

type Drill = QueryOf<typeof leaseRevenueScreens.incomeDetail>;

const lastDayOf = (month: string) => dayjs(`${month}-01`).endOf('month').format('YYYY-MM-DD');

/**
 * /leaseCenter/dashboard, the revenue analysis (docs/decisions/040-revenue-analysis.md): income billed and received
 * by month, store, renter, machine kind and salesperson, profit after the billed machines' expenses, and each
 * machine's hours worked against its days billed. A click on a bar opens its income lines with the filter applied.
 */
export function DashboardPage() {
  const { t } = useTranslation('lease-revenue');
  const { query, update } = useScreenQuery(leaseRevenueScreens.dashboard);
  const stores = useStoreOptions();
  const summary = useQuery(endpointQuery(revenueEndpoints.summary, query));
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Form layout="inline" component="div">
          <Space wrap size={[16, 8]}>
            <Form.Item label={t('filters.range')}>
              <DatePicker.RangePicker
                aria-label={t('filters.range')}
                allowClear
                value={query.from && query.to ? [dayjs(query.from), dayjs(query.to)] : null}
                onChange={(range) =>
                  update({
                    from: range?.[0]?.format('YYYY-MM-DD') ?? null,
                    to: range?.[1]?.format('YYYY-MM-DD') ?? null,
                  })
                }
              />
            </Form.Item>
            <Form.Item label={t('filters.store')}>
              <Select
                aria-label={t('filters.store')}
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: 200 }}
                placeholder={t('filters.allStores')}
                value={query.storeId ? String(query.storeId) : undefined}
                options={stores}
                // A store's figures are in its company's currency.
                onChange={(v: string | undefined) => update({ storeId: v ? Number(v) : null, currency: null })}
              />
            </Form.Item>
            {/* Companies of several currencies in scope: one currency's figures at a time (decision 064). */}
            {summary.data && summary.data.currencies.length > 1 && (
              <Form.Item label={t('filters.currency')}>
                <Select
                  aria-label={t('filters.currency')}
                  style={{ width: 140 }}
                  value={summary.data.money.currency.code}
                  options={summary.data.currencies.map((m) => ({
                    value: m.currency.code,
                    label: `${m.currency.code} (${m.currency.symbol})`,
                  }))}
                  onChange={(v: string) => update({ currency: v, storeId: null })}
                />
              </Form.Item>
            )}
            <Button onClick={() => update({ from: null, to: null, storeId: null, currency: null })}>
              {t('filters.reset')}
            </Button>
          </Space>
        </Form>
      </Card>
      <QueryState query={summary}>{(data) => <SummaryView data={data} storeId={query.storeId} />}</QueryState>
    </Flex>
  );
}

function SummaryView({ data, storeId }: { data: RevenueSummary; storeId?: number | null }) {
  const { t } = useTranslation('lease-revenue');
  const label = useCodeLabel();
  const navigate = useNavigate();
  const { range, totals } = data;
  // Every figure is of the companies billing in one currency (decision 064): titles name it, amounts read in it.
  const currency = data.money.currency.code;
  const unit = currencyVariablesOf(data.money);
  /** The income lines of the dashboard's filter, narrowed by what was clicked. */
  const drill = (narrow: Drill = {}) =>
    navigate(href(leaseRevenueScreens.incomeDetail, { from: range.from, to: range.to, storeId, currency, ...narrow }));
  const money = (key: 'billed' | 'received' | 'expenses' | 'sublease' | 'profit', cents: number) => (
    <Statistic title={t(`kpi.${key}`, unit)} value={formatAmount(cents, data.money)} />
  );
  const kpis = [
    money('billed', totals.billedCents),
    money('received', totals.receivedCents),
    money('expenses', totals.expenseCents),
    // What the machines rented in cost over the range (decision 042): the profit is after it as well.
    money('sublease', totals.subleaseCents),
    money('profit', totals.profitCents),
    <Statistic key="m" title={t('kpi.machines')} value={totals.machines} />,
    <Statistic key="h" title={t('kpi.hoursWorked')} value={totals.hoursWorked} />,
    <Figure
      key="u"
      title={t('kpi.utilisation', { hours: WORKDAY_HOURS })}
      value={totals.utilisation * 100}
      digits={1}
      unit="%"
    />,
  ];
  const billed = t('series.billed');
  const received = t('series.received');
  const slices = (
    title: string,
    rows: RevenueSummary['byStore'],
    name: (r: RevenueSummary['byStore'][number]) => string,
    narrow: (r: RevenueSummary['byStore'][number]) => Drill,
  ) => (
    <Card size="small" title={title}>
      <IncomeChart
        title={title}
        horizontal
        categories={rows.map(name)}
        series={[
          { name: billed, cents: rows.map((r) => r.billedCents) },
          { name: received, cents: rows.map((r) => r.receivedCents) },
        ]}
        onPick={(i) => rows[i] && drill(narrow(rows[i]))}
      />
    </Card>
  );
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        {kpis.map((kpi, i) => (
          <Col xs={12} md={8} xl={6} key={i}>
            <Card size="small">{kpi}</Card>
          </Col>
        ))}
      </Row>
      <Card
        size="small"
        title={t('charts.byMonth', { from: range.from, to: range.to })}
        extra={
          <Link to={href(leaseRevenueScreens.incomeDetail, { from: range.from, to: range.to, storeId, currency })}>
            {t('charts.allLines')}
          </Link>
        }
      >
        <IncomeChart
          title={t('charts.byMonth', { from: range.from, to: range.to })}
          categories={data.months.map((m) => m.month)}
          series={[
            { name: billed, cents: data.months.map((m) => m.billedCents) },
            { name: received, cents: data.months.map((m) => m.receivedCents) },
            { name: t('series.profit'), cents: data.months.map((m) => m.profitCents), line: true },
          ]}
          onPick={(i) => {
            const month = data.months[i]?.month;
            if (!month) return;
            const from = `${month}-01` < range.from ? range.from : `${month}-01`;
            const to = lastDayOf(month) > range.to ? range.to : lastDayOf(month);
            drill({ from, to });
          }}
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          {slices(
            t('charts.byStore'),
            data.byStore,
            (r) => r.name || t('none'),
            (r) => ({ storeId: r.id }),
          )}
        </Col>
        <Col xs={24} xl={12}>
          {slices(
            t('charts.byRenter'),
            data.byRenter,
            (r) => r.name || t('none'),
            (r) => ({ renterId: r.id }),
          )}
        </Col>
        <Col xs={24} xl={12}>
          {slices(
            t('charts.byKind'),
            data.byKind,
            (r) => (r.key ? label(MACHINE_KIND, r.key) : t('none')),
            (r) => ({
              kind: r.key || null,
            }),
          )}
        </Col>
        <Col xs={24} xl={12}>
          {slices(
            t('charts.bySalesperson'),
            data.bySalesperson,
            (r) => r.name || t('noSalesperson'),
            (r) => (r.id ? { salespersonId: r.id } : {}),
          )}
        </Col>
      </Row>
      <Card size="small" title={t('machines.title', { hours: WORKDAY_HOURS })}>
        <Table<MachineUse>
          rowKey="deviceId"
          size="small"
          dataSource={data.machines}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          columns={[
            { key: 'serial', title: t('machines.serialNumber'), dataIndex: 'serialNumber' },
            { key: 'kind', title: t('machines.kind'), render: (_, m) => (m.kind ? label(MACHINE_KIND, m.kind) : '-') },
            { key: 'days', title: t('machines.daysBilled'), dataIndex: 'daysBilled', align: 'right' },
            { key: 'hours', title: t('machines.hoursWorked'), dataIndex: 'hoursWorked', align: 'right' },
            {
              key: 'use',
              title: t('machines.utilisation'),
              align: 'right',
              render: (_, m) => `${(m.utilisation * 100).toFixed(1)}%`,
            },
            {
              key: 'billed',
              title: t('machines.billed', unit),
              align: 'right',
              render: (_, m) => formatAmount(m.billedCents, data.money),
            },
            // A machine rented in: what its sub-lessor is owed for the range and the margin left (decision 079).
            {
              key: 'payable',
              title: t('machines.payable', unit),
              align: 'right',
              render: (_, m) =>
                m.payableCents === undefined ? t('machines.notRentedIn') : formatAmount(m.payableCents, data.money),
            },
            {
              key: 'margin',
              title: t('machines.margin', unit),
              align: 'right',
              render: (_, m) => (m.marginCents === undefined ? '-' : formatAmount(m.marginCents, data.money)),
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
