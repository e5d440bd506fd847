import type { AlarmType } from '@console/contract/codes/alarms';
import { useTranslation } from 'react-i18next';

/** The unit of each threshold alarm's value; the others carry no value. */
const UNIT: Partial<Record<AlarmType, 'load' | 'tilt' | 'speed' | 'battery'>> = {
  load80: 'load',
  load90: 'load',
  load99: 'load',
  tilt: 'tilt',
  overspeed: 'speed',
  lowBattery: 'battery',
};

/** "97.5 % / 90 %": what the machine measured against the threshold of its rule when the alarm opened. */
export function useAlarmValue() {
  const { t } = useTranslation('warning');
  return (row: { type: AlarmType; value: number | null; threshold: number | null }): string => {
    if (row.value === null) return '-';
    const unit = UNIT[row.type];
    const suffix = unit ? ` ${t(`units.${unit}`)}` : '';
    const value = `${Math.round(row.value * 10) / 10}${suffix}`;
    return row.threshold === null ? value : `${value} / ${row.threshold}${suffix}`;
  };
}
