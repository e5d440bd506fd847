import { and, desc, inArray, isNull, sql } from 'drizzle-orm';
import { alarms } from '@console/db/schema/warning';
import { warningEndpoints } from '@console/contract/http/warning';
import { route, type RouteDef } from '../lib/route.ts';
import { visibleOrgIds } from '../lib/scope.ts';
import { formatInZone } from '../lib/time.ts';

const BELL_SIZE = 50;

export const warningRoutes: RouteDef[] = [
  route(warningEndpoints.bell, ({ user, deps, timeZone }) => {
    const { db } = deps.dbh;
    const open = and(inArray(alarms.orgId, visibleOrgIds(db, user)), isNull(alarms.handledAt));
    const count = db.select({ n: sql<number>`count(*)` }).from(alarms).where(open).get()!.n;
    const list = db.select().from(alarms).where(open).orderBy(desc(alarms.startedAt)).limit(BELL_SIZE).all();
    return {
      count,
      list: list.map((a) => ({
        wid: a.id,
        nid: a.deviceId,
        pname: a.projectName,
        zoneName: a.zoneName,
        alarmType: a.alarmType,
        alarmInfo: a.alarmInfo,
        alarmTime: formatInZone(a.startedAt, timeZone),
      })),
    };
  }),
];
