import { eq } from 'drizzle-orm';
import { builtInModelImage } from '@console/contract/http/device-models';
import { addDaysToDay } from '@console/contract/http/upkeep';
import type { Db } from '../client.ts';
import { users } from '../schema/accounts.ts';
import { banners } from '../schema/banners.ts';
import type { DemoOrganisations } from './accounts.ts';
import { dayOf } from './maintenance-fleet.ts';

/**
 * Title, picture, link (an H5 page or an action of the app), first and last day (from today) and whether it is on:
 * live, scheduled, ended and off. All show on the app's home page.
 */
type BannerSeed = [string, string, string, number, number, boolean];

const CHINESE: BannerSeed[] = [
  ['高空作业平台春季租赁季', 'aerialPlatform', '/product/list?category=terminal', -10, 20, true],
  ['远程锁车终端限时九折', 'forklift', 'https://www.zjcloud.example/t3', -3, 30, true],
  ['混凝土泵车安全月', 'concretePump', '/activity/detail?key=safety-month', 5, 35, true],
  ['国庆设备检修提醒', 'mower', '/service/booking', -60, -30, true],
  ['锂电池以旧换新（暂停）', 'battery', '/product/list?category=part', -5, 60, false],
];
const ENGLISH: BannerSeed[] = [
  ['Spring hire season: aerial platforms', 'aerialPlatform', '/product/list?category=terminal', -10, 20, true],
  ['Telematics terminals 10% off', 'forklift', 'https://www.liftgo.example/t3', -3, 30, true],
  ['Concrete pump safety month', 'concretePump', '/activity/detail?key=safety-month', 5, 35, true],
  ['Winter service reminder', 'mower', '/service/booking', -60, -30, true],
  ['Battery trade-in (paused)', 'battery', '/product/list?category=part', -5, 60, false],
];
const BRANDS: [string, BannerSeed[]][] = [
  ['zjcloud', CHINESE],
  ['jd', CHINESE],
  ['liftgo', ENGLISH],
];

/** Each brand's app banners, in the brand's language, one in every state (decision 052). */
export function seedBanners(db: Db, orgs: DemoOrganisations, now: number): void {
  const admin = db.select({ id: users.id }).from(users).where(eq(users.orgId, orgs.operator)).get()?.id ?? null;
  const today = dayOf(now);
  for (const [appid, seeds] of BRANDS) {
    seeds.forEach(([title, kind, link, from, to, enabled], i) => {
      db.insert(banners)
        .values({
          orgId: orgs.operator,
          appid,
          title,
          category: 'home',
          image: builtInModelImage(kind),
          mode: link.startsWith('https://') ? 'h5' : 'app',
          link,
          sortOrder: (i + 1) * 10,
          shownFrom: addDaysToDay(today, from),
          shownTo: addDaysToDay(today, to),
          enabled,
          updatedBy: admin,
          updatedAt: new Date(now - (i + 1) * 86_400_000),
        })
        .run();
    });
  }
}
