import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { devices } from '@console/db/schema/devices';
import { alarms } from '@console/db/schema/warning';
import { warningEndpoints } from '@console/contract/http/warning';
import { route, type RouteDef } from '../lib/route.ts';
import { deviceScope } from '../lib/scope.ts';
import { formatInZone } from '../lib/time.ts';
import { alarmInfo, alarmTypeLabel } from '../lib/alarm-text.ts';

const BELL_SIZE = 50;

export const warningRoutes: RouteDef[] = [
  route(warningEndpoints.bell, ({ user, deps, timeZone, lang }) => {
    const { db } = deps.dbh;
    const open = and(deviceScope(db, user), isNull(alarms.handledAt), isNull(alarms.endedAt));
    const count = db
      .select({ n: sql<number>`count(*)` })
      .from(alarms)
      .innerJoin(devices, eq(devices.id, alarms.deviceId))
      .where(open)
      .get()!.n;
    const list = db
      .select({ alarm: alarms, device: devices })
      .from(alarms)
      .innerJoin(devices, eq(devices.id, alarms.deviceId))
      .where(open)
      .orderBy(desc(alarms.startedAt))
      .limit(BELL_SIZE)
      .all();
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
