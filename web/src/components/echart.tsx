import { useEffect, useMemo, useRef, useState } from 'react';
import { Skeleton } from 'antd';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import type * as Setup from './echarts-setup.ts';
import { useReducedMotion } from '../lib/reduced-motion.ts';

let loading: Promise<typeof Setup> | null = null;
/** ECharts arrives with the first chart drawn, not with the page. */
const loadECharts = () => (loading ??= import('./echarts-setup.ts'));

/** What a click on a chart's item says: its category (`name`) and its place in the series. */
export interface ChartClick {
  name: string;
  dataIndex: number;
  seriesName?: string;
}

type Axis = { type?: string; data?: unknown[] };

/** The category axis of a chart's (first) grid, and whether it is the vertical one (horizontal bars). */
function categoryAxis(chart: EChartsType): { axis: Axis; vertical: boolean } | null {
  const option = chart.getOption() as { xAxis?: Axis[]; yAxis?: Axis[] };
  if (option.yAxis?.[0]?.type === 'category') return { axis: option.yAxis[0], vertical: true };
  if (option.xAxis?.[0]?.type === 'category') return { axis: option.xAxis[0], vertical: false };
  return null;
}

/** The category under a point of the grid: its whole band, not only its thin bars, answers a click. */
function categoryAt(chart: EChartsType, x: number, y: number): ChartClick | null {
  const category = categoryAxis(chart);
  if (!category || !chart.containPixel('grid', [x, y])) return null;
  const [atX, atY] = chart.convertFromPixel('grid', [x, y]) as number[];
  const dataIndex = Math.round((category.vertical ? atY : atX) ?? Number.NaN);
  const name = category.axis.data?.[dataIndex];
  return name === undefined ? null : { name: String(name), dataIndex };
}

/**
 * The option as drawn: at once, without ECharts' growing bars and lines, for a user whose system asks for reduced
 * motion (decision 027), as the console's dialogs and menus open for them.
 */
export const drawnOption = (option: EChartsCoreOption, reducedMotion: boolean): EChartsCoreOption =>
  reducedMotion ? { ...option, animation: false } : option;

/**
 * A chart of an ECharts option, redrawn when the option changes and resized with its box. `label` is the
 * chart's accessible name (the canvas itself says nothing to a screen reader). `onClick` receives a click on a
 * category of a bar or line chart (anywhere in its band), or on a slice of a chart without axes (a drill-down).
 */
export function EChart({
  option,
  height = 280,
  label,
  onClick,
}: {
  option: EChartsCoreOption;
  height?: number;
  label: string;
  onClick?: (item: ChartClick) => void;
}) {
  const reducedMotion = useReducedMotion();
  // One object while neither changes: a new one redraws the chart (setOption below).
  const drawn = useMemo(() => drawnOption(option, reducedMotion), [option, reducedMotion]);
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const latest = useRef(drawn);
  const clicked = useRef(onClick);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    clicked.current = onClick;
  }, [onClick]);

  useEffect(() => {
    latest.current = drawn;
    chart.current?.setOption(drawn, true);
  }, [drawn]);

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    void loadECharts().then(({ echarts }) => {
      if (disposed || !box.current) return;
      chart.current = echarts.init(box.current);
      chart.current.setOption(latest.current, true);
      const own = chart.current;
      own.getZr().on('click', (event) => {
        const item = categoryAt(own, event.offsetX, event.offsetY);
        if (item) clicked.current?.(item);
      });
      own.on('click', (item) => {
        if (!categoryAxis(own)) clicked.current?.(item as unknown as ChartClick);
      });
      observer = new ResizeObserver(() => chart.current?.resize());
      observer.observe(box.current);
      setReady(true);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  return (
    <div style={{ position: 'relative', height }}>
      <div
        ref={box}
        role="img"
        aria-label={label}
        style={{ height: '100%', cursor: onClick ? 'pointer' : undefined }}
      />
      {!ready && <Skeleton active style={{ position: 'absolute', inset: 0 }} />}
    </div>
  );
}
