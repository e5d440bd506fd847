import { useMemo } from 'react';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../components/echart.tsx';
import { useBrand } from '../../../lib/brand.ts';

const SECOND_COLOR = '#52c41a';

/**
 * Bars per category with an optional line on a second axis (hours and machines per day, output per period). The
 * labels come translated; the accessible label repeats the figures for a screen reader.
 */
export function BarsChart(props: {
  title: string;
  categories: string[];
  bars: { name: string; values: number[] };
  line?: { name: string; values: number[] };
  horizontal?: boolean;
  height?: number;
  unit?: string;
}) {
  const { t } = useTranslation('analysis');
  const color = useBrand().info.color;
  const { categories, bars, line, horizontal, unit } = props;
  const option = useMemo(() => {
    const category = { type: 'category', data: categories };
    const value = { type: 'value', axisLabel: { formatter: unit ? `{value}${unit}` : '{value}' } };
    return {
      color: [color, SECOND_COLOR],
      grid: { left: 8, right: 24, top: line ? 36 : 16, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: line ? { data: [bars.name, line.name], top: 0 } : undefined,
      xAxis: horizontal ? value : category,
      yAxis: horizontal ? category : line ? [value, { type: 'value', minInterval: 1 }] : value,
      series: [
        { type: 'bar', name: bars.name, data: bars.values, barMaxWidth: horizontal ? 18 : 32 },
        ...(line ? [{ type: 'line', name: line.name, data: line.values, yAxisIndex: 1, smooth: true }] : []),
      ],
    };
  }, [categories, bars, line, horizontal, unit, color]);
  if (bars.values.every((v) => v === 0)) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('base.empty')} />;
  }
  const summary = categories.map((c, i) => `${c}: ${bars.values[i]}`).join(', ');
  return <EChart option={option} height={props.height} label={`${props.title}: ${summary}`} />;
}

/** A month as a calendar heat map: machines at work each day. */
export function CalendarHeatmap({
  title,
  month,
  days,
}: {
  title: string;
  month: string;
  days: { date: string; attended: number; hoursWorked: number }[];
}) {
  const { t, i18n } = useTranslation('analysis');
  const color = useBrand().info.color;
  const max = Math.max(1, ...days.map((d) => d.attended));
  const zh = i18n.language.startsWith('zh');
  const option = useMemo(
    () => ({
      tooltip: {
        formatter: (p: { data: [string, number] }) => {
          const day = days.find((d) => d.date === p.data[0]);
          return `${p.data[0]}<br/>${t('attendance.attendedMachines')}: ${p.data[1]}<br/>${t('fields.hoursWorked')}: ${day?.hoursWorked ?? 0}`;
        },
      },
      visualMap: {
        min: 0,
        max,
        calculable: true,
        orient: 'horizontal',
        left: 'center',
        bottom: 0,
        inRange: { color: ['#f0f0f0', color] },
      },
      calendar: {
        range: month,
        cellSize: ['auto', 28],
        top: 40,
        left: 40,
        right: 16,
        bottom: 56,
        dayLabel: { firstDay: 1, nameMap: zh ? 'ZH' : 'EN' },
        monthLabel: { nameMap: zh ? 'ZH' : 'EN' },
        yearLabel: { show: false },
      },
      series: [{ type: 'heatmap', coordinateSystem: 'calendar', data: days.map((d) => [d.date, d.attended]) }],
    }),
    [days, month, max, color, zh, t],
  );
  if (days.every((d) => d.attended === 0)) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('attendance.empty')} />;
  }
  const summary = days.map((d) => `${d.date}: ${d.attended}`).join(', ');
  return <EChart option={option} height={300} label={`${title}: ${summary}`} />;
}
