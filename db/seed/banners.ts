import { eq } from 'drizzle-orm';
import { builtInModelImage } from '@console/contract/http/device-models';
import { addDaysToDay } from '@console/contract/http/upkeep';
import type { Db } from '../client.ts';
import { users } from '../schema/accounts.ts';
import { banners } from '../schema/banners.ts';
import type { DemoOrganisations } from './accounts.ts';
import { dayOf } from './maintenance-fleet.ts';
import { middleDay, seasonOf, spansDate, spansSpringFestival, type Hemisphere, type Season } from './seasons.ts';
import { forEachInOrder } from '../in-order.ts';

/** The days a banner shows, both included, and the day it is seen (today). */
interface Shown {
  from: string;
  to: string;
  today: string;
}

/**
 * Title (fitting the days it shows, where its readers live), picture, link (an H5 page or an action of the app),
 * first and last day (from today) and whether it is on: live, scheduled, ended and off. All show on the app's home
 * page.
 */
type BannerSeed = [(shown: Shown) => string, string, string, number, number, boolean];

/** A title by the season: of today for a banner showing now, else of most of its days. */
const seasonal =
  (hemisphere: Hemisphere, titles: Record<Season, string>) =>
  ({ from, to, today }: Shown): string =>
    titles[seasonOf(from <= today && today <= to ? today : middleDay(from, to), hemisphere)];
const fixed = (title: string) => () => title;
/** The month most of its days fall in, `MM`. */
const monthOf = ({ from, to }: Shown) => middleDay(from, to).slice(5, 7);

const CHINESE: BannerSeed[] = [
  [
    seasonal('north', {
      spring: '春季开工季：高空作业平台租赁',
      summer: '夏季高空作业平台租赁季',
      autumn: '秋季高空作业平台租赁季',
      winter: '冬季高空作业平台租赁优惠',
    }),
    'aerialPlatform',
    '/product/list?category=terminal',
    -10,
    20,
    true,
  ],
  [fixed('远程锁车终端限时九折'), 'forklift', 'https://www.zjcloud.example/t3', -3, 30, true],
  [
    // June is the national work-safety month (安全生产月).
    (shown) =>
      monthOf(shown) === '06'
        ? '安全生产月：混凝土泵车安全操作'
        : seasonal('north', {
            spring: '春季混凝土泵车安全月',
            summer: '夏季高温混凝土泵车安全月',
            autumn: '秋季混凝土泵车安全月',
            winter: '冬季施工混凝土泵车防冻安全月',
          })(shown),
    'concretePump',
    '/activity/detail?key=safety-month',
    5,
    35,
    true,
  ],
  [
    // Sites stop over the long holidays: the machines are serviced for them.
    (shown) =>
      spansDate(shown.from, shown.to, '10-01')
        ? '国庆假期设备检修提醒'
        : spansSpringFestival(shown.from, shown.to)
          ? '春节停工设备保养提醒'
          : seasonal('north', {
              spring: '春季设备检修提醒',
              summer: '夏季高温设备检修提醒',
              autumn: '秋季设备检修提醒',
              winter: '冬季设备保养提醒',
            })(shown),
    'mower',
    '/service/booking',
    -60,
    -30,
    true,
  ],
  [fixed('锂电池以旧换新（暂停）'), 'battery', '/product/list?category=part', -5, 60, false],
];
const ENGLISH: BannerSeed[] = [
  [
    seasonal('south', {
      spring: 'Spring hire season: aerial platforms',
      summer: 'Summer hire season: aerial platforms',
      autumn: 'Autumn hire season: aerial platforms',
      winter: 'Winter hire deals: aerial platforms',
    }),
    'aerialPlatform',
    '/product/list?category=terminal',
    -10,
    20,
    true,
  ],
  [fixed('Telematics terminals 10% off'), 'forklift', 'https://www.liftgo.example/t3', -3, 30, true],
  [
    // October is Australia's National Safe Work Month.
    (shown) =>
      monthOf(shown) === '10'
        ? 'Safe Work Month: concrete pump safety'
        : seasonal('south', {
            spring: 'Spring concrete pump safety month',
            summer: 'Summer heat: concrete pump safety month',
            autumn: 'Autumn concrete pump safety month',
            winter: 'Winter concrete pump safety month',
          })(shown),
    'concretePump',
    '/activity/detail?key=safety-month',
    5,
    35,
    true,
  ],
  [
    // Building sites close over Christmas and the New Year.
    (shown) =>
      spansDate(shown.from, shown.to, '12-25')
        ? 'Christmas shutdown service reminder'
        : seasonal('south', {
            spring: 'Spring service reminder',
            summer: 'Summer service reminder',
            autumn: 'Autumn service reminder',
            winter: 'Winter service reminder',
          })(shown),
    'mower',
    '/service/booking',
    -60,
    -30,
    true,
  ],
  [fixed('Battery trade-in (paused)'), 'battery', '/product/list?category=part', -5, 60, false],
];
const BRANDS: [string, BannerSeed[]][] = [
  ['zjcloud', CHINESE],
  ['jd', CHINESE],
  ['liftgo', ENGLISH],
];

/**
 * Each brand's app banners, in the brand's language, one in every state (decision 052), titled for the season or
 * holiday of the days they show (decision 026), as the seed's clock moves them.
 */
export async function seedBanners(db: Db, orgs: Pick<DemoOrganisations, 'operator'>, now: number): Promise<void> {
  const admin = (await db.select({ id: users.id }).from(users).where(eq(users.orgId, orgs.operator)).get())?.id ?? null;
  const today = dayOf(now);
  for (const [appid, seeds] of BRANDS) {
    await forEachInOrder(seeds, async ([title, kind, link, from, to, enabled], i) => {
      const shown = { from: addDaysToDay(today, from), to: addDaysToDay(today, to), today };
      await db
        .insert(banners)
        .values({
          orgId: orgs.operator,
          appid,
          title: title(shown),
          category: 'home',
          image: builtInModelImage(kind),
          mode: link.startsWith('https://') ? 'h5' : 'app',
          link,
          sortOrder: (i + 1) * 10,
          shownFrom: shown.from,
          shownTo: shown.to,
          enabled,
          updatedBy: admin,
          updatedAt: new Date(now - (i + 1) * 86_400_000),
        })
        .run();
    });
  }
}
