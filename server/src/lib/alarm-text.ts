import { DEFAULT_THRESHOLDS, type AlarmType } from '@console/contract/codes/alarms';
import { translate, type Lang } from '@console/contract/messages/translate';

/** The localised name of an alarm type. */
export function alarmTypeLabel(lang: Lang, type: AlarmType): string {
  return translate(lang, `alarm.type.${type}`);
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * One line saying what crossed which threshold on which machine. Only the tilt line names its threshold: the one
 * kept with the alarm, or the spec's 14° for an alarm kept without one.
 */
export function alarmInfo(
  lang: Lang,
  type: AlarmType,
  value: number | null,
  serial: string,
  threshold: number | null = null,
): string {
  return translate(lang, `alarm.info.${type}`, {
    value: value === null ? '' : round(value),
    threshold: round(threshold ?? DEFAULT_THRESHOLDS.tiltDeg),
    serial,
  });
}
