import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { devices } from '@console/db/schema/devices';
import { alarms } from '@console/db/schema/warning';
import { deviceScope } from './scope.ts';
import type { SessionUser } from './session.ts';

/** The open, unhandled alarms a user may see: how many, and the newest `limit` with their machines. */
export function openAlarmsInScope(db: Db, user: SessionUser, limit: number) {
  const open = and(deviceScope(db, user), isNull(alarms.handledAt), isNull(alarms.endedAt));
  const count = db
    .select({ n: sql<number>`count(*)` })
    .from(alarms)
    .innerJoin(devices, eq(devices.id, alarms.deviceId))
    .where(open)
    .get()!.n;
  const rows = db
    .select({ alarm: alarms, device: devices })
    .from(alarms)
    .innerJoin(devices, eq(devices.id, alarms.deviceId))
    .where(open)
    .orderBy(desc(alarms.startedAt), desc(alarms.id))
    .limit(limit)
    .all();
  return { count, rows };
}
