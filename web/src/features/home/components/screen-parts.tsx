import './screen.css';
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EChartsCoreOption } from 'echarts/core';
import { ALARM_LEVEL } from '@console/contract/codes/alarms';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { FIGURE_STATUS } from '@console/contract/http/dashboard';
import { SCREEN_STATE_STATUS, SCREEN_STATES, type FleetScreen } from '@console/contract/http/screens';
import { useCodeLabel } from '../../../components/code-label.ts';
import { EChart } from '../../../components/echart.tsx';
import { statusColor } from '../../../components/fleet-map/status-colors.ts';

/** Read from across a room: axis and legend text this large at the 1920×1080 design size. */
const CHART_TEXT = { color: '#c9dcf5', fontSize: 18 };

/** A titled box of a big screen, its border in the brand's colour. */
export function Panel({
  title,
  accent,
  children,
  extra,
}: {
  title: string;
  accent: string;
  children: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <section className="screen-panel" style={{ borderColor: `${accent}88` }} aria-label={title}>
      <header className="screen-panel__title" style={{ borderLeftColor: accent }}>
        <h2>{title}</h2>
        {extra}
      </header>
      <div className="screen-panel__body">{children}</div>
    </section>
  );
}

/** One figure of a screen: a label over a large value, in its colour. */
export interface Figure {
  key: string;
  label: string;
  value: number | string;
  color?: string;
}

/** Figures side by side, `columns` a row (numbers with grouped thousands, text as it is). */
export function Figures({ figures, columns }: { figures: Figure[]; columns: number }) {
  return (
    <dl className="screen-figures" style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}>
      {figures.map((f) => (
        <div key={f.key} data-testid={`screen-figure-${f.key}`}>
          <dt>{f.label}</dt>
          <dd style={{ color: f.color ?? '#e6f0ff' }}>
            {typeof f.value === 'number' ? f.value.toLocaleString() : f.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Machines in all and by state, in the map's colours: each machine in one state (the most urgent that holds), so the
 * states add up to the machines, as the rule under them says.
 */
export function StateFigures({ data, columns }: { data: FleetScreen; columns: number }) {
  const { t } = useTranslation(['home', 'dashboard']);
  const figures: Figure[] = [
    { key: 'machines', label: t('home:board.machines'), value: data.machines, color: '#e6f0ff' },
    ...SCREEN_STATES.map((state) => ({
      key: state,
      label: t(`home:board.state.${state}`),
      value: data.byState[state],
      color: statusColor(SCREEN_STATE_STATUS[state]),
    })),
  ];
  return (
    <>
      <Figures figures={figures} columns={columns} />
      <p className="screen-note">{t('home:board.stateRule')}</p>
    </>
  );
}

/** A count per category as bars, a category a row (horizontal) or a column; every category named. */
export function CountBars({
  label,
  names,
  values,
  height,
  color,
  horizontal = false,
}: {
  label: string;
  names: string[];
  values: number[];
  height: number;
  color: string | string[];
  horizontal?: boolean;
}) {
  const option = useMemo<EChartsCoreOption>(() => {
    const categories = { type: 'category', data: names, axisLabel: { ...CHART_TEXT, interval: 0 } };
    const amounts = {
      type: 'value',
      minInterval: 1,
      axisLabel: CHART_TEXT,
      splitLine: { lineStyle: { color: '#ffffff22' } },
    };
    const colours = Array.isArray(color) ? color : names.map(() => color);
    return {
      textStyle: CHART_TEXT,
      tooltip: { trigger: 'axis' },
      grid: horizontal ? { left: 170, right: 60, top: 10, bottom: 30 } : { left: 60, right: 20, top: 36, bottom: 40 },
      xAxis: horizontal ? amounts : categories,
      yAxis: horizontal ? categories : amounts,
      series: [
        {
          name: label,
          type: 'bar',
          barMaxWidth: 48,
          label: { show: true, position: horizontal ? 'right' : 'top', ...CHART_TEXT },
          data: values.map((value, i) => ({ value, itemStyle: { color: colours[i] } })),
        },
      ],
    };
  }, [names, values, label, color, horizontal]);
  return <EChart option={option} height={height} label={label} />;
}

/** Machines and those working, per kind (the kinds the scope holds). */
export function KindChart({ data, height }: { data: FleetScreen; height: number }) {
  const { t } = useTranslation('home');
  const label = useCodeLabel();
  const kinds = data.byKind.filter((k) => k.machines > 0);
  const option = useMemo<EChartsCoreOption>(
    () => ({
      textStyle: CHART_TEXT,
      grid: { left: 150, right: 30, top: 40, bottom: 20 },
      legend: { top: 0, textStyle: CHART_TEXT },
      xAxis: { type: 'value', axisLabel: CHART_TEXT, splitLine: { lineStyle: { color: '#ffffff22' } } },
      // Every kind named, however short the box.
      yAxis: {
        type: 'category',
        data: kinds.map((k) => label(MACHINE_KIND, k.kind)),
        axisLabel: { ...CHART_TEXT, interval: 0 },
      },
      series: [
        {
          name: t('board.machines'),
          type: 'bar',
          barGap: 0,
          data: kinds.map((k) => k.machines),
          itemStyle: { color: '#3a7bd5' },
        },
        {
          name: t('board.state.working'),
          type: 'bar',
          data: kinds.map((k) => k.working),
          itemStyle: { color: statusColor(FIGURE_STATUS.working) },
        },
      ],
    }),
    [kinds, label, t],
  );
  return <EChart option={option} height={height} label={t('board.byKind')} />;
}

/** Utilisation and machines at work over the last days, from the daily-work rollup. */
export function TrendChart({ data, height, accent }: { data: FleetScreen; height: number; accent: string }) {
  const { t } = useTranslation('home');
  const option = useMemo<EChartsCoreOption>(
    () => ({
      textStyle: CHART_TEXT,
      grid: { left: 60, right: 60, top: 50, bottom: 36 },
      legend: { top: 0, textStyle: CHART_TEXT },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: data.trend.map((d) => d.date.slice(5)), axisLabel: CHART_TEXT },
      yAxis: [
        {
          type: 'value',
          axisLabel: { ...CHART_TEXT, formatter: '{value}%' },
          splitLine: { lineStyle: { color: '#ffffff22' } },
        },
        { type: 'value', axisLabel: CHART_TEXT, splitLine: { show: false } },
      ],
      series: [
        {
          name: t('board.utilisation'),
          type: 'line',
          smooth: true,
          symbolSize: 8,
          lineStyle: { width: 4, color: accent },
          itemStyle: { color: accent },
          areaStyle: { color: `${accent}33` },
          data: data.trend.map((d) => d.utilisationPct),
        },
        {
          name: t('board.attended'),
          type: 'bar',
          yAxisIndex: 1,
          barWidth: 14,
          itemStyle: { color: '#3a7bd5aa' },
          data: data.trend.map((d) => d.attended),
        },
      ],
    }),
    [data.trend, t, accent],
  );
  return <EChart option={option} height={height} label={t('board.trend')} />;
}

/**
 * Today's alarms, newest first, scrolling slowly when they overflow the box (the list is the server's bounded one,
 * drawn twice for a seamless loop; nothing is appended while the screen runs). The ticker takes the height its panel
 * leaves it, whatever the layout's grid gives the panel, so no row is cut by the panel's edge.
 */
export function AlarmTicker({ data }: { data: FleetScreen }) {
  const { t } = useTranslation('home');
  const label = useCodeLabel();
  const box = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  const list = data.alarmsToday.list;
  const empty = list.length === 0;
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    // Layout size, unaffected by the stage's scale transform.
    const measure = () => setHeight(el.clientHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [empty]);
  if (empty) return <p className="screen-empty">{t('board.noAlarms')}</p>;
  const rowHeight = 72;
  const scrolls = height > 0 && list.length * rowHeight > height;
  const rows = (copy: number) =>
    list.map((a) => (
      <li key={`${copy}-${a.id}`} aria-hidden={copy === 1 || undefined} data-open={a.open} className="screen-alarm">
        <span className={`screen-alarm__level screen-alarm__level--${a.level}`}>{label(ALARM_LEVEL, a.level)}</span>
        <span className="screen-alarm__what">
          <b>{a.serialNumber}</b> {a.alarmType}
        </span>
        <time>{a.alarmTime.slice(11, 16)}</time>
      </li>
    ));
  return (
    <div ref={box} className="screen-ticker">
      <ul
        aria-label={t('board.alarms')}
        className={scrolls ? 'screen-ticker__list screen-ticker__list--scrolling' : 'screen-ticker__list'}
        style={scrolls ? { animationDuration: `${list.length * 3}s` } : undefined}
      >
        {rows(0)}
        {scrolls && rows(1)}
      </ul>
    </div>
  );
}

/** One named area of a screen's grid (`gridTemplateAreas`), its content stretched to fill it and allowed to shrink. */
export const inScreenArea = (area: string, node: ReactNode) => (
  <div style={{ gridArea: area, minHeight: 0, display: 'grid' }}>{node}</div>
);
