import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { devices } from '@console/db/schema/devices';
import { alarms } from '@console/db/schema/warning';
import type { ScopedData } from './data.ts';

/** The open, unhandled alarms a user may see: how many, and the newest `limit` with their machines. */
export async function openAlarmsInScope(data: ScopedData, limit: number) {
  const open = and(isNull(alarms.handledAt), isNull(alarms.endedAt));
  const count = (await data
    .select({ n: sql<number>`count(*)` })
    .from(alarms, data.deviceScope())
    .innerJoin(devices, eq(devices.id, alarms.deviceId))
    .where(open)
    .get())!.n;
  const rows = await data
    .select({ alarm: alarms, device: devices })
    .from(alarms, data.deviceScope())
    .innerJoin(devices, eq(devices.id, alarms.deviceId))
    .where(open)
    .orderBy(desc(alarms.startedAt), desc(alarms.id))
    .limit(limit)
    .all();
  return { count, rows };
}
