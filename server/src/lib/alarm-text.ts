import type { AlarmType } from '@console/db/schema/warning';
import { translate, type Lang } from '@console/contract/messages/translate';

/** The localised name of an alarm type. */
export function alarmTypeLabel(lang: Lang, type: AlarmType): string {
  return translate(lang, `alarm.type.${type}`);
}

/** One line saying what crossed which threshold on which machine. */
export function alarmInfo(lang: Lang, type: AlarmType, value: number | null, serial: string): string {
  return translate(lang, `alarm.info.${type}`, { value: value === null ? '' : Math.round(value * 10) / 10, serial });
}
