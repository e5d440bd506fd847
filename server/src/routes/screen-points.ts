import { and, asc, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { devices } from '@console/db/schema/devices';
import { POINT_SCALE, type ScreenPoints } from '@console/contract/http/screens';
import type { ScopedData } from '../lib/data.ts';

/**
 * A big screen's map packed (contract/http/screens screenPoints): id, lat, lng and status of every placed machine of
 * `where` in the viewer's scope, four integers each, read in id order from the four columns alone. The unplaced
 * are counted beside, so placed and unplaced add up to the machines the figures count.
 */
export async function screenPointsOf(data: ScopedData, where: SQL | undefined): Promise<ScreenPoints> {
  const rows = await data
    .select({ id: devices.id, lat: devices.lat, lng: devices.lng, status: devices.status })
    .from(devices, data.deviceScope())
    .where(and(where, isNotNull(devices.lat), isNotNull(devices.lng)))
    .orderBy(asc(devices.id))
    .all();
  const points = new Array<number>(rows.length * 4);
  rows.forEach((row, i) => {
    points[i * 4] = row.id;
    points[i * 4 + 1] = Math.round(row.lat! * POINT_SCALE);
    points[i * 4 + 2] = Math.round(row.lng! * POINT_SCALE);
    points[i * 4 + 3] = row.status;
  });
  const unplaced = (await data
    .select({ n: sql<number>`count(*)` })
    .from(devices, data.deviceScope())
    .where(and(where, or(isNull(devices.lat), isNull(devices.lng))))
    .get())!.n;
  return { points, unplaced };
}
