import { Card, Col, Flex, Row, Table, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { analysisEndpoints, type Summary } from '@console/contract/http/analysis';
import { analysisScreens } from '@console/contract/screens/analysis';
import { href } from '@console/contract/screens/screen';
import { useCodeLabel } from '../../../components/code-label.ts';
import { Figure } from '../../../components/figure.tsx';
import { exportColumnsOf, tableColumnsOf, type ListColumn } from '../../../components/list-page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { figureText } from '../../../lib/money.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { BarsChart } from '../components/charts.tsx';
import { AnalysisFilters } from '../components/filters.tsx';
import { TableExport } from '../components/table-export.tsx';

/**
 * /workingAnalysis/base, the work summary: the machines and their state now, hours worked and utilisation over
 * the period, per day, per kind and per organisation (decision 037).
 */
export function BasePage() {
  const { query, update } = useScreenQuery(analysisScreens.base);
  const summary = useQuery(endpointQuery(analysisEndpoints.summary, query));
  return (
    <Flex vertical gap={16}>
      <AnalysisFilters
        period={{ type: 'range', from: query.from, to: query.to, onChange: (from, to) => update({ from, to }) }}
        kind={query.kind}
        orgId={query.orgId}
        organisations={summary.data?.organisations ?? []}
        onKind={(kind) => update({ kind })}
        onOrg={(orgId) => update({ orgId })}
        onReset={() => update({ from: null, to: null, kind: null, orgId: null })}
      />
      <QueryState query={summary}>{(data) => <SummaryView data={data} />}</QueryState>
    </Flex>
  );
}

function SummaryView({ data }: { data: Summary }) {
  const { t } = useTranslation('analysis');
  const label = useCodeLabel();
  const figures: [string, number][] = [
    ['machines', data.machines],
    ['working', data.working],
    ['idle', data.idle],
    ['offline', data.offline],
    ['hoursWorked', data.hoursWorked],
  ];
  // One list of columns: the table shows them, the CSV holds them (the utilisation as a number, `%` in its header).
  const orgColumns: ListColumn<Summary['byOrg'][number]>[] = [
    {
      key: 'name',
      title: t('base.orgName'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <Link to={href(analysisScreens.construction, { orgId: row.orgId, from: data.period.from, to: data.period.to })}>
          {name}
        </Link>
      ),
    },
    { key: 'machines', title: t('base.machines'), dataIndex: 'machines', align: 'right' },
    {
      key: 'hours',
      title: t('base.hoursWorked'),
      dataIndex: 'hoursWorked',
      align: 'right',
      render: (v: number) => figureText(v),
    },
    {
      key: 'utilisation',
      title: t('base.utilisation'),
      exportTitle: `${t('base.utilisation')} (%)`,
      dataIndex: 'utilisationPct',
      align: 'right',
      render: (v: number) => figureText(v, '%'),
    },
  ];
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        {figures.map(([key, value]) => (
          <Col xs={12} md={8} xl={4} key={key}>
            <Card size="small">
              <Figure title={t(`base.${key}` as 'base.machines')} value={value} data-testid={`figure-${key}`} />
            </Card>
          </Col>
        ))}
        <Col xs={12} md={8} xl={4}>
          <Card size="small">
            <Tooltip title={t('base.utilisationHint')}>
              <Figure
                title={t('base.utilisation')}
                value={data.utilisationPct}
                unit="%"
                data-testid="figure-utilisation"
              />
            </Tooltip>
          </Card>
        </Col>
      </Row>
      <Card title={`${t('base.byDay')} (${data.period.from} ~ ${data.period.to})`}>
        <BarsChart
          title={t('base.byDay')}
          categories={data.byDay.map((d) => d.date.slice(5))}
          bars={{ name: t('base.hoursWorked'), values: data.byDay.map((d) => d.hoursWorked) }}
          line={{ name: t('base.attendedMachines'), values: data.byDay.map((d) => d.attended) }}
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Card title={t('base.byKind')} style={{ height: '100%' }}>
            <BarsChart
              title={t('base.byKind')}
              horizontal
              unit="%"
              categories={data.byKind.map((k) => label(MACHINE_KIND, k.kind))}
              bars={{ name: t('base.utilisation'), values: data.byKind.map((k) => k.utilisationPct) }}
            />
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card
            title={t('base.byOrg')}
            extra={<TableExport name={t('base.exportName')} columns={exportColumnsOf(orgColumns)} rows={data.byOrg} />}
            style={{ height: '100%' }}
          >
            <Table
              size="small"
              rowKey="orgId"
              dataSource={data.byOrg}
              pagination={{ pageSize: 8, hideOnSinglePage: true }}
              columns={tableColumnsOf(orgColumns)}
            />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
