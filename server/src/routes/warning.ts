import { warningEndpoints } from '@console/contract/http/warning';
import { route, type RouteDef } from '../lib/route.ts';
import { openAlarmsInScope } from '../lib/open-alarms.ts';
import { formatInZone } from '../lib/time.ts';
import { alarmInfo, alarmTypeLabel } from '../lib/alarm-text.ts';

const BELL_SIZE = 50;

export const warningRoutes: RouteDef[] = [
  route(warningEndpoints.bell, ({ user, deps, timeZone, lang }) => {
    const { db } = deps.dbh;
    const { count, rows: list } = openAlarmsInScope(db, user, BELL_SIZE);
    return {
      count,
      list: list.map(({ alarm, device }) => ({
        wid: alarm.id,
        nid: alarm.deviceId,
        pname: alarm.projectName || device.deviceName,
        zoneName: alarm.zoneName || device.location,
        alarmType: alarmTypeLabel(lang, alarm.type),
        alarmInfo: alarmInfo(lang, alarm.type, alarm.value, device.serialNumber),
        alarmTime: formatInZone(alarm.startedAt, timeZone),
      })),
    };
  }),
];
