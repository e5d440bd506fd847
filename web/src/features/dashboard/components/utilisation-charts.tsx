import { useMemo } from 'react';
import { Card, Col, Empty, Row } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import type { Utilisation } from '@console/contract/http/dashboard';
import { useCodeLabel } from '../../../components/code-label.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { useBrand } from '../../../lib/brand.ts';
import { EChart } from '../../../components/echart.tsx';

const WORKING_COLOR = '#52c41a';

/** Working hours per day over the last seven days, and the share of each kind's machines working now. */
export function UtilisationCharts({ query }: { query: UseQueryResult<Utilisation> }) {
  const { t } = useTranslation('dashboard');
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card title={t('utilisation.hoursTitle')}>
          <QueryState query={query}>{(data) => <HoursChart days={data.days} />}</QueryState>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('utilisation.nowTitle')}>
          <QueryState query={query}>{(data) => <WorkingNowChart byKind={data.byKind} />}</QueryState>
        </Card>
      </Col>
    </Row>
  );
}

function HoursChart({ days }: { days: Utilisation['days'] }) {
  const { t } = useTranslation('dashboard');
  const color = useBrand().info.color;
  const option = useMemo(
    () => ({
      color: [color],
      grid: { left: 48, right: 16, top: 24, bottom: 32 },
      tooltip: {
        trigger: 'axis',
        formatter: (items: { dataIndex: number }[]) => {
          const day = days[items[0]!.dataIndex]!;
          return `${day.date}<br/>${t('utilisation.hours')}: ${day.hours}<br/>${t('utilisation.machines')}: ${day.machines}`;
        },
      },
      xAxis: { type: 'category', data: days.map((d) => d.date.slice(5)) },
      yAxis: { type: 'value', name: t('utilisation.hours'), nameTextStyle: { align: 'left' } },
      series: [{ type: 'bar', name: t('utilisation.hours'), data: days.map((d) => d.hours), barMaxWidth: 36 }],
    }),
    [days, color, t],
  );
  if (days.every((d) => d.hours === 0)) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('utilisation.hoursEmpty')} />;
  }
  const summary = days.map((d) => `${d.date}: ${d.hours}`).join(', ');
  return <EChart option={option} label={`${t('utilisation.hoursTitle')}: ${summary}`} />;
}

function WorkingNowChart({ byKind }: { byKind: Utilisation['byKind'] }) {
  const { t } = useTranslation('dashboard');
  const label = useCodeLabel();
  const kindLabel = (kind: string) => label(MACHINE_KIND, kind);
  const kinds = useMemo(() => byKind.filter((k) => k.total > 0).reverse(), [byKind]);
  const option = useMemo(
    () => ({
      color: [WORKING_COLOR],
      grid: { left: 8, right: 56, top: 8, bottom: 24, containLabel: true },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        formatter: (items: { dataIndex: number }[]) => {
          const kind = kinds[items[0]!.dataIndex]!;
          return `${kindLabel(kind.kind)}<br/>${t('utilisation.working')}: ${kind.working} / ${kind.total}`;
        },
      },
      xAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
      yAxis: { type: 'category', data: kinds.map((k) => kindLabel(k.kind)) },
      series: [
        {
          type: 'bar',
          name: t('utilisation.share'),
          data: kinds.map((k) => Math.round((k.working / k.total) * 1000) / 10),
          label: { show: true, position: 'right', formatter: '{c}%' },
          barMaxWidth: 18,
        },
      ],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the labels follow `t` (a language switch)
    [kinds, t],
  );
  if (kinds.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('utilisation.nowEmpty')} />;
  const summary = kinds.map((k) => `${kindLabel(k.kind)}: ${k.working}/${k.total}`).join(', ');
  return <EChart option={option} label={`${t('utilisation.nowTitle')}: ${summary}`} />;
}
