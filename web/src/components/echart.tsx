import { useEffect, useRef, useState } from 'react';
import { Skeleton } from 'antd';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import type * as Setup from './echarts-setup.ts';

let loading: Promise<typeof Setup> | null = null;
/** ECharts arrives with the first chart drawn, not with the page. */
const loadECharts = () => (loading ??= import('./echarts-setup.ts'));

/**
 * A chart of an ECharts option, redrawn when the option changes and resized with its box. `label` is the
 * chart's accessible name (the canvas itself says nothing to a screen reader).
 */
export function EChart({ option, height = 280, label }: { option: EChartsCoreOption; height?: number; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const latest = useRef(option);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    latest.current = option;
    chart.current?.setOption(option, true);
  }, [option]);

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    void loadECharts().then(({ echarts }) => {
      if (disposed || !box.current) return;
      chart.current = echarts.init(box.current);
      chart.current.setOption(latest.current, true);
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
      <div ref={box} role="img" aria-label={label} style={{ height: '100%' }} />
      {!ready && <Skeleton active style={{ position: 'absolute', inset: 0 }} />}
    </div>
  );
}
