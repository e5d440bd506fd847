import { useMemo } from 'react';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { EChart, type ChartClick } from '../../../components/echart.tsx';
import { useBrand } from '../../../lib/brand.ts';

const SECOND = '#52c41a';
const THIRD = '#fa8c16';

/**
 * Income per category in yuan: billed and received bars and an optional line (profit); a click on a category opens
 * its income lines (`onPick` with the category's index). The accessible label repeats the figures.
 */
export function IncomeChart(props: {
  title: string;
  categories: string[];
  series: { name: string; cents: number[]; line?: boolean }[];
  horizontal?: boolean;
  height?: number;
  onPick?: (index: number) => void;
}) {
  const { t } = useTranslation('lease-revenue');
  const color = useBrand().info.color;
  const { categories, series, horizontal, onPick } = props;
  const option = useMemo(() => {
    const category = { type: 'category', data: categories, inverse: horizontal };
    const value = { type: 'value' };
    return {
      color: [color, SECOND, THIRD],
      grid: { left: 8, right: 24, top: 36, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { data: series.map((s) => s.name), top: 0 },
      xAxis: horizontal ? value : category,
      yAxis: horizontal ? category : value,
      series: series.map((s) => ({
        type: s.line ? 'line' : 'bar',
        name: s.name,
        data: s.cents.map((c) => c / 100),
        barMaxWidth: horizontal ? 16 : 28,
        smooth: true,
      })),
    };
  }, [categories, series, horizontal, color]);
  if (categories.length === 0 || series.every((s) => s.cents.every((c) => c === 0))) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />;
  }
  const summary = categories
    .map((c, i) => `${c}: ${series.map((s) => `${s.name} ${(s.cents[i]! / 100).toFixed(2)}`).join(', ')}`)
    .join('; ');
  return (
    <EChart
      option={option}
      height={props.height ?? Math.max(240, horizontal ? categories.length * 36 + 60 : 280)}
      label={`${props.title}: ${summary}`}
      onClick={onPick ? (item: ChartClick) => onPick(item.dataIndex) : undefined}
    />
  );
}
