import { useState } from 'react';
import { Card, Col, Flex, Form, Row, Segmented, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { analysisEndpoints, GRANULARITIES, type Construction, type Output } from '@console/contract/http/analysis';
import { analysisScreens } from '@console/contract/screens/analysis';
import { useCodeLabel } from '../../../components/code-label.ts';
import { Figure } from '../../../components/figure.tsx';
import { exportColumnsOf, ListPage, tableColumnsOf, type ListColumn } from '../../../components/list-page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { figureText } from '../../../lib/money.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { BarsChart } from '../components/charts.tsx';
import { AnalysisFilters } from '../components/filters.tsx';
import { TableExport } from '../components/table-export.tsx';
import { useConstructionFields } from '../fields.tsx';

/** The figures a chart can show, with their unit (decision 037's outputs). */
const METRICS = [
  ['hoursWorked', 'units.hours'],
  ['volumeM3', 'units.m3'],
  ['areaM2', 'units.m2'],
  ['lifts', 'units.lifts'],
  ['energyKwh', 'units.kwh'],
  ['distanceKm', 'units.km'],
  ['cycles', 'units.cycles'],
] as const;
type Metric = (typeof METRICS)[number][0];

const defined = (q: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number
  >;

/**
 * /workingAnalysis/construction: what the machines produced (hours, m³ pumped or sprayed, m² mowed, lifts, kWh,
 * km) per day, week or month, per kind and per site, and per machine (each a link to the machine).
 */
export function ConstructionPage() {
  const { t } = useTranslation('analysis');
  const { query, update } = useScreenQuery(analysisScreens.construction);
  const filter = { from: query.from, to: query.to, kind: query.kind, orgId: query.orgId };
  const granularity = query.granularity ?? 'day';
  const construction = useQuery(endpointQuery(analysisEndpoints.construction, { ...filter, granularity }));
  const fields = useConstructionFields();
  return (
    <Flex vertical gap={16}>
      <AnalysisFilters
        period={{ type: 'range', from: query.from, to: query.to, onChange: (from, to) => update({ from, to }) }}
        kind={query.kind}
        orgId={query.orgId}
        organisations={construction.data?.organisations ?? []}
        onKind={(kind) => update({ kind })}
        onOrg={(orgId) => update({ orgId })}
        onReset={() => update({ from: null, to: null, kind: null, orgId: null, granularity: null })}
        extra={
          <Form.Item label={t('filters.granularity')}>
            <Segmented
              value={granularity}
              onChange={(v) => update({ granularity: v as (typeof GRANULARITIES)[number] })}
              options={GRANULARITIES.map((g) => ({ value: g, label: t(`filters.${g === 'month' ? 'month_' : g}`) }))}
            />
          </Form.Item>
        }
      />
      <QueryState query={construction}>{(data) => <ConstructionView data={data} />}</QueryState>
      <ListPage
        area="analysis"
        resource="construction"
        title={t('construction.machineTable')}
        endpoint={analysisEndpoints.constructionMachines}
        rowKey="deviceId"
        exportName={t('construction.exportName')}
        fixedQuery={defined(filter)}
        filters={fields.filters(['keyword'])}
        columns={fields.columns([
          'serialNumber',
          'deviceName',
          'kind',
          'orgName',
          'daysWorked',
          'hoursWorked',
          'hoursPowered',
          'distanceKm',
          'volumeM3',
          'areaM2',
          'lifts',
          'energyKwh',
          'cycles',
        ])}
      />
    </Flex>
  );
}

function ConstructionView({ data }: { data: Construction }) {
  const { t } = useTranslation('analysis');
  const label = useCodeLabel();
  const [metric, setMetric] = useState<Metric>('hoursWorked');
  const metricLabel = (m: Metric) => t(`fields.${m}`);
  const unitOf = (m: Metric) => t(METRICS.find(([k]) => k === m)![1]);
  type Site = Construction['bySite'][number];
  const siteName = (s: Site) => (s.siteId === 0 ? t('construction.ownYard') : s.name || t('construction.siteNotGiven'));
  // Every metric is a column of the CSV; the table shows the one chosen above it.
  const siteColumns: ListColumn<Site>[] = [
    { key: 'name', title: t('construction.site'), render: (_: unknown, s: Site) => siteName(s), exportValue: siteName },
    { key: 'machines', title: t('attendance.machines'), dataIndex: 'machines', align: 'right' },
    ...METRICS.map(([m, unit]): ListColumn<Site> => ({
      key: m,
      title: `${metricLabel(m)} (${t(unit)})`,
      align: 'right',
      render: (_: unknown, s: Site) => figureText(s[m as keyof Output] as number),
      exportValue: (s: Site) => s[m as keyof Output],
    })),
  ];
  const shownColumns = siteColumns.filter((c) => c.key === 'name' || c.key === 'machines' || c.key === metric);
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        {METRICS.filter(([m]) => m === 'hoursWorked' || data.totals[m] > 0).map(([m, unit]) => (
          <Col xs={12} md={8} xl={4} key={m}>
            <Card size="small">
              <Figure
                title={metricLabel(m)}
                value={data.totals[m]}
                unit={t(unit, { count: data.totals[m] })}
                data-testid={`figure-${m}`}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Card
        title={t('construction.output')}
        extra={
          <Segmented
            aria-label={t('construction.metric')}
            value={metric}
            onChange={(v) => setMetric(v as Metric)}
            options={METRICS.map(([m]) => ({ value: m, label: metricLabel(m) }))}
          />
        }
      >
        <BarsChart
          title={`${t('construction.output')}: ${metricLabel(metric)}`}
          categories={data.series.map((p) => (data.granularity === 'month' ? p.period.slice(0, 7) : p.period.slice(5)))}
          bars={{ name: `${metricLabel(metric)} (${unitOf(metric)})`, values: data.series.map((p) => p[metric]) }}
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Card title={`${t('construction.byKind')}: ${metricLabel(metric)}`} style={{ height: '100%' }}>
            <BarsChart
              title={t('construction.byKind')}
              horizontal
              categories={data.byKind.map((k) => label(MACHINE_KIND, k.kind))}
              bars={{ name: `${metricLabel(metric)} (${unitOf(metric)})`, values: data.byKind.map((k) => k[metric]) }}
            />
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card
            title={t('construction.bySite')}
            extra={
              <TableExport
                name={t('construction.exportName')}
                columns={exportColumnsOf(siteColumns)}
                rows={data.bySite}
              />
            }
            style={{ height: '100%' }}
          >
            <Table
              size="small"
              rowKey="siteId"
              dataSource={data.bySite}
              pagination={{ pageSize: 8, hideOnSinglePage: true }}
              columns={tableColumnsOf(shownColumns)}
            />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
