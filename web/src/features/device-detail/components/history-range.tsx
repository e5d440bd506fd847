import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { DatePicker, Flex, Radio, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { AUTO_REFRESH_MS, CHART_PERIODS } from '@console/contract/http/device-detail';

export type Range = { from: number; to: number };
type Preset = { unit: 'h' | 'd'; count: number };
type Choice = `${number}${'h' | 'd'}` | 'custom';

const parse = (choice: string): Preset => ({ unit: choice.endsWith('h') ? 'h' : 'd', count: parseInt(choice, 10) });

/**
 * A preset as a range ending now: the last N hours, or N calendar days (today and the days before). A query may
 * not reach past the start of the month (a mower's: of the day, spec section 5), so the range starts there at
 * the earliest, and says so.
 */
export function presetRange(choice: string, now: Dayjs, mower: boolean): Range & { clipped: boolean } {
  const { unit, count } = parse(choice);
  const start = unit === 'h' ? now.subtract(count, 'hour') : now.startOf('day').subtract(count - 1, 'day');
  const floor = now.startOf(mower ? 'day' : 'month');
  const clipped = start.isBefore(floor);
  return { from: (clipped ? floor : start).valueOf(), to: now.valueOf(), clipped };
}

export interface HistoryRangeOptions {
  hours: readonly number[];
  days: readonly number[];
  mower: boolean;
  initial: Choice;
  /** Offer the chart periods (1 and 5 minutes). */
  withPeriod?: boolean;
}

export interface HistoryRange {
  range: Range;
  period: (typeof CHART_PERIODS)[number];
  /** For a custom range the data is re-read on this interval; a preset moves its range instead. */
  refetchInterval: number | false;
  controls: ReactNode;
  /** What the rules do to this range, to show under the chart. */
  notice: string;
}

/** Range presets, custom range, chart period and the 10-second auto refresh, for one history view. */
export function useHistoryRange({ hours, days, mower, initial, withPeriod }: HistoryRangeOptions): HistoryRange {
  const { t } = useTranslation('device-detail');
  const [choice, setChoice] = useState<Choice>(initial);
  const [custom, setCustom] = useState<[Dayjs, Dayjs] | null>(null);
  const [period, setPeriod] = useState<(typeof CHART_PERIODS)[number]>(5);
  const [auto, setAuto] = useState(false);
  const [now, setNow] = useState(() => dayjs());

  useEffect(() => {
    if (!auto || choice === 'custom') return;
    const timer = setInterval(() => setNow(dayjs()), AUTO_REFRESH_MS);
    return () => clearInterval(timer);
  }, [auto, choice]);

  // `now` moves when a choice is made and on every auto refresh, not on every render: it is in the query key.
  const preset = useMemo(() => (choice === 'custom' ? null : presetRange(choice, now, mower)), [choice, now, mower]);
  const range: Range = preset ?? {
    from: (custom?.[0] ?? now.startOf(mower ? 'day' : 'month')).valueOf(),
    to: (custom?.[1] ?? now).valueOf(),
  };

  const rules = mower ? t('history.mowerRules') : t('history.rules');
  const notice = preset?.clipped
    ? `${rules} ${t('history.clipped', { from: dayjs(preset.from).format('YYYY-MM-DD HH:mm') })}`
    : rules;

  const options = [
    ...hours.map((count) => ({ value: `${count}h`, label: t('history.hours', { count }) })),
    ...days.map((count) => ({ value: `${count}d`, label: t('history.days', { count }) })),
    { value: 'custom', label: t('history.custom') },
  ];

  const controls = (
    <Flex wrap gap={12} align="center">
      <Radio.Group
        aria-label={t('history.range')}
        optionType="button"
        buttonStyle="solid"
        size="small"
        options={options}
        value={choice}
        onChange={(event) => {
          setChoice(event.target.value as Choice);
          setNow(dayjs());
        }}
      />
      {choice === 'custom' && (
        <DatePicker.RangePicker
          showTime
          size="small"
          aria-label={t('history.custom')}
          value={custom}
          onChange={(value) => setCustom(value?.[0] && value[1] ? [value[0], value[1]] : null)}
          // The second date stays in the first one's month (a mower's: its day); the server refuses the rest.
          disabledDate={(date, info) =>
            date.isAfter(dayjs(), 'day') || (!!info.from && !date.isSame(info.from, mower ? 'day' : 'month'))
          }
        />
      )}
      {withPeriod && (
        <Radio.Group
          aria-label={t('history.period')}
          optionType="button"
          size="small"
          value={period}
          onChange={(event) => setPeriod(event.target.value as 1 | 5)}
          options={CHART_PERIODS.map((count) => ({ value: count, label: t('history.minutes', { count }) }))}
        />
      )}
      <Flex gap={6} align="center">
        <Switch
          size="small"
          checked={auto}
          onChange={(on) => {
            setAuto(on);
            // Switched on: read up to now at once, then every 10 seconds.
            if (on) setNow(dayjs());
          }}
          aria-label={t('history.autoRefresh')}
        />
        <Typography.Text type="secondary">{t('history.autoRefresh')}</Typography.Text>
      </Flex>
    </Flex>
  );

  return { range, period, refetchInterval: auto && choice === 'custom' ? AUTO_REFRESH_MS : false, controls, notice };
}
