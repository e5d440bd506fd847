import { useMemo } from 'react';
import { Button, Card, Col, DatePicker, Empty, Flex, Row, Space, Statistic, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CHECK } from '@console/contract/codes/quality';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import type { DataOf } from '@console/contract/http/endpoint';
import { qualityEndpoints } from '@console/contract/http/quality';
import { qualityScreens } from '@console/contract/screens/quality';
import { href } from '@console/contract/screens/screen';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { EChart } from '../../../components/echart.tsx';
import { Figure } from '../../../components/figure.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useBrand } from '../../../lib/brand.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';

type Overview = DataOf<typeof qualityEndpoints.overview>;
type Rate = Overview['totals'];

const SECOND_COLOR = '#52c41a';
const pct = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/** First-pass yield and pass rate per category, as two lines in percent with the inspections as bars. */
function YieldChart({
  title,
  categories,
  rates,
}: {
  title: string;
  categories: string[];
  rates: Omit<Rate, 'inProgress'>[];
}) {
  const { t } = useTranslation('quality');
  const color = useBrand().info.color;
  const option = useMemo(
    () => ({
      color: ['#d9d9d9', color, SECOND_COLOR],
      grid: { left: 8, right: 24, top: 36, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: [t('overview.finished'), t('overview.firstPassYield'), t('overview.passRate')] },
      xAxis: { type: 'category', data: categories },
      yAxis: [
        { type: 'value', minInterval: 1 },
        { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
      ],
      series: [
        { type: 'bar', name: t('overview.finished'), data: rates.map((r) => r.finished), barMaxWidth: 28 },
        {
          type: 'line',
          name: t('overview.firstPassYield'),
          yAxisIndex: 1,
          data: rates.map((r) => pct(r.firstPassed, r.firstFinished)),
        },
        {
          type: 'line',
          name: t('overview.passRate'),
          yAxisIndex: 1,
          data: rates.map((r) => pct(r.passed, r.finished)),
        },
      ],
    }),
    [categories, rates, color, t],
  );
  if (rates.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('overview.empty')} />;
  const summary = categories
    .map(
      (c, i) =>
        `${c}: ${pct(rates[i]!.firstPassed, rates[i]!.firstFinished)}% / ${pct(rates[i]!.passed, rates[i]!.finished)}%`,
    )
    .join(', ');
  return <EChart option={option} height={300} label={`${title}: ${summary}`} />;
}

function OverviewView({ data }: { data: Overview }) {
  const { t } = useTranslation('quality');
  const { totals } = data;
  const figures: [string, number, string?][] = [
    ['firstPassYield', pct(totals.firstPassed, totals.firstFinished), '%'],
    ['passRate', pct(totals.passed, totals.finished), '%'],
    ['finished', totals.finished],
    ['failed', totals.finished - totals.passed],
  ];
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        {figures.map(([key, value, suffix]) => (
          <Col xs={12} md={8} xl={4} key={key}>
            <Card size="small">
              <Figure
                title={t(`overview.${key}` as 'overview.finished')}
                value={value}
                unit={suffix}
                data-testid={`figure-${key}`}
              />
            </Card>
          </Col>
        ))}
        <Col xs={12} md={8} xl={4}>
          <Card size="small">
            <Link to={href(qualityScreens.proceed, {})}>
              <Statistic title={t('overview.inProgress')} value={totals.inProgress} data-testid="figure-inProgress" />
            </Link>
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('overview.byMonth')}>
        <YieldChart title={t('overview.byMonth')} categories={data.months.map((m) => m.month)} rates={data.months} />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('overview.byModel')}>
            <YieldChart
              title={t('overview.byModel')}
              categories={data.models.map((m) => m.modelName)}
              rates={data.models}
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title={t('overview.topFailing')}>
            <Table
              rowKey={(r) => `${r.title}-${r.check}`}
              size="small"
              pagination={false}
              dataSource={data.topFailing}
              locale={{ emptyText: t('overview.noFailures') }}
              columns={[
                { key: 'title', title: t('item.title'), dataIndex: 'title' },
                {
                  key: 'check',
                  title: t('item.check'),
                  render: (_: unknown, r: Overview['topFailing'][number]) => (
                    <StatusBadge table={CHECK} value={r.check} />
                  ),
                },
                { key: 'failures', title: t('overview.failures'), dataIndex: 'failures', align: 'right' },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}

/** /qualityManagement/overview: how many machines pass first time and overall, by month and model, and why they fail. */
export function OverviewPage() {
  const { t } = useTranslation('quality');
  const label = useCodeLabel();
  const { query, update } = useScreenQuery(qualityScreens.overview);
  const overview = useQuery(endpointQuery(qualityEndpoints.overview, query));
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Space wrap>
          <DatePicker.RangePicker
            aria-label={t('overview.period')}
            value={query.from && query.to ? [dayjs(query.from), dayjs(query.to)] : null}
            onChange={(range) =>
              update({
                from: range?.[0]?.format('YYYY-MM-DD') ?? null,
                to: range?.[1]?.format('YYYY-MM-DD') ?? null,
              })
            }
          />
          <FilterSelect
            placeholder={t('field.kind')}
            value={query.kind}
            options={codeOptions(label, MACHINE_KIND)}
            onChange={(kind) => update({ kind: (kind as typeof query.kind) ?? null })}
          />
          <Button onClick={() => update({ from: null, to: null, kind: null })}>{t('overview.reset')}</Button>
        </Space>
      </Card>
      <QueryState query={overview}>{(data) => <OverviewView data={data} />}</QueryState>
    </Flex>
  );
}
