import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { organisations } from '../schema/accounts.ts';
import { devices } from '../schema/devices.ts';
import { fences } from '../schema/fences.ts';
import type { DemoOrganisations } from './accounts.ts';
import { BUSINESSES } from './business.ts';
import { forEachInOrder } from '../in-order.ts';

const DAY_MS = 24 * 3600 * 1000;
/** The time zone of each business's sites (business.ts): China's, or the global business's first site. */
const TIME_ZONES = { zh: 'Asia/Shanghai', en: 'Australia/Sydney' } as const;
const shanghaiDay = (t: number) => new Date(t + 8 * 3600 * 1000).toISOString().slice(0, 10);
/** Degrees of latitude per metre, for the demo shapes around a site. */
const DEG_PER_M = 1 / 111_195;

/**
 * Two fences per lessor around the site of one of its machines: a 3 km circle watched all day with the nearby
 * machines bound, and a rectangle watched in working hours. Aerial platforms stay unbound, so that the ingest
 * tests, which move them freely, raise no fence alarms.
 */
export async function seedFences(db: Db, orgs: DemoOrganisations, now: number): Promise<void> {
  const window = { startDate: shanghaiDay(now - 30 * DAY_MS), endDate: shanghaiDay(now + 335 * DAY_MS) };
  await forEachInOrder(orgs.lessors, async (orgId, index) => {
    const { lang } = BUSINESSES[index]!;
    const timeZone = TIME_ZONES[lang];
    const org = (await db.select().from(organisations).where(eq(organisations.id, orgId)).get())!;
    const machines = await db
      .select({ id: devices.id, lat: devices.lat, lng: devices.lng, location: devices.location })
      .from(devices)
      .where(and(eq(devices.orgId, orgId), ne(devices.kind, 'aerialPlatform'), isNotNull(devices.lat)))
      .orderBy(devices.id)
      .all();
    const site = machines[0];
    if (!site) return;
    const [lat, lng] = [site.lat!, site.lng!];
    const contact = {
      contactName: org.contactName,
      areaCode: lang === 'zh' ? '86' : '61',
      contactPhone: org.contactPhone,
    };
    // Named after the site it watches, in the business's language.
    const names =
      lang === 'zh'
        ? [`${site.location}工地 3 公里`, `${site.location}堆场`]
        : [`${site.location} site, 3 km`, `${site.location} yard`];
    const circle = await db
      .insert(fences)
      .values({
        orgId,
        name: names[0]!,
        shape: { type: 'circle', center: [lat, lng], radius: 3000 },
        mapProvider: 'regional',
        ...window,
        alarmStart: '00:00',
        alarmEnd: '23:59',
        timeZone,
        dailyLimitHours: 10,
        ...contact,
        location: site.location,
      })
      .returning({ id: fences.id })
      .get();
    const near = machines.filter((m) => Math.abs(m.lat! - lat) < 0.04 && Math.abs(m.lng! - lng) < 0.04).slice(0, 6);
    await db
      .update(devices)
      .set({ fenceId: circle.id })
      .where(
        inArray(
          devices.id,
          near.map((m) => m.id),
        ),
      )
      .run();
    const half = 2000 * DEG_PER_M;
    await db
      .insert(fences)
      .values({
        orgId,
        name: names[1]!,
        shape: {
          type: 'rectangle',
          bounds: [
            [lat - half, lng - half],
            [lat + half, lng + half],
          ],
        },
        mapProvider: 'global',
        ...window,
        alarmStart: '08:00',
        alarmEnd: '18:00',
        timeZone,
        ...contact,
        location: site.location,
      })
      .run();
  });
}
