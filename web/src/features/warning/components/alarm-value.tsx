import type { AlarmType } from '@console/contract/codes/alarms';
import { useTranslation } from 'react-i18next';

/** The unit of each threshold alarm's value; the others carry no value. */
type Unit = 'load' | 'tilt' | 'speed' | 'battery';
const UNIT: Partial<Record<AlarmType, Unit>> = {
  load80: 'load',
  load90: 'load',
  load99: 'load',
  tilt: 'tilt',
  overspeed: 'speed',
  lowBattery: 'battery',
};

type Measured = { type: AlarmType; value: number | null; threshold: number | null };

/**
 * "97.5 % / 90 %": what the machine measured against the threshold of its rule when the alarm opened. `t` reads the
 * `warning` catalog.
 */
export function alarmValue(row: Measured, t: (key: `units.${Unit}`) => string): string {
  if (row.value === null) return '-';
  const unit = UNIT[row.type];
  const suffix = unit ? ` ${t(`units.${unit}`)}` : '';
  const value = `${Math.round(row.value * 10) / 10}${suffix}`;
  return row.threshold === null ? value : `${value} / ${row.threshold}${suffix}`;
}

export function useAlarmValue() {
  const { t } = useTranslation('warning');
  return (row: Measured): string => alarmValue(row, t);
}
