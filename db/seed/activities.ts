import { eq } from 'drizzle-orm';
import { builtInModelImage } from '@console/contract/http/device-models';
import type { Db } from '../client.ts';
import { users } from '../schema/accounts.ts';
import { activities, activityPushes } from '../schema/activities.ts';
import type { DemoOrganisations } from './accounts.ts';

/** Title, content, platform, version, picture, H5 path, start and end (days from now), push (days from now, or none). */
type ActivitySeed = [string, string, 'all' | 'android' | 'ios', string, string, string, number, number, number | null];

const CHINESE: ActivitySeed[] = [
  [
    '双十二高空车租赁季',
    '剪叉式、曲臂式高空作业平台月租 8 折，12 月 31 日前下单有效。',
    'all',
    '',
    'aerialPlatform',
    '/product/list?category=terminal',
    -5,
    30,
    -5,
  ],
  [
    '新版远程锁车上线',
    '升级 App 至 3.2.0 即可在手机上查看锁车任务进度。',
    'android',
    '3.2.0',
    'forklift',
    'https://www.zjcloud.example/news/lock',
    -2,
    20,
    -2,
  ],
  [
    '春节设备保养预约',
    '春节前预约保养，技师上门检查液压与电气系统。',
    'all',
    '',
    'concretePump',
    '/service/booking',
    10,
    40,
    10,
  ],
  ['国庆安全月活动回顾', '国庆期间安全作业培训已结束，感谢参与。', 'ios', '', 'mower', '', -60, -30, -60],
];
const ENGLISH: ActivitySeed[] = [
  [
    'Year-end aerial hire season',
    'Scissor and boom lifts at 20% off monthly hire, for orders before 31 December.',
    'all',
    '',
    'aerialPlatform',
    '/product/list?category=terminal',
    -5,
    30,
    -5,
  ],
  [
    'Remote lock in the app',
    'Update the app to 3.2.0 to follow lock tasks from your phone.',
    'android',
    '3.2.0',
    'forklift',
    'https://www.liftgo.example/news/lock',
    -2,
    20,
    -2,
  ],
  [
    'Book your winter service',
    'Book a service before the holidays: a technician checks hydraulics and electrics on site.',
    'all',
    '',
    'concretePump',
    '/service/booking',
    10,
    40,
    10,
  ],
  [
    'Safety month: thank you',
    'The safety training month has ended. Thank you for taking part.',
    'ios',
    '',
    'mower',
    '',
    -60,
    -30,
    -60,
  ],
];
const BRANDS: [string, ActivitySeed[]][] = [
  ['zjcloud', CHINESE],
  ['jd', CHINESE],
  ['liftgo', ENGLISH],
];

/** Each brand's app activities in its language: live and pushed, scheduled with a push waiting, expired (decision 056). */
export async function seedActivities(db: Db, orgs: DemoOrganisations, now: number): Promise<void> {
  const admin = (await db.select({ id: users.id }).from(users).where(eq(users.orgId, orgs.operator)).get())?.id ?? null;
  const DAY = 86_400_000;
  const hour = (days: number) => Math.floor((now + days * DAY) / 3600_000) * 3600_000;
  for (const [appid, seeds] of BRANDS) {
    for (const [title, content, platform, version, kind, h5Path, start, end, push] of seeds) {
      const row = await db
        .insert(activities)
        .values({
          orgId: orgs.operator,
          appid,
          title,
          content,
          platform,
          version,
          image: builtInModelImage(kind),
          h5Path,
          startAt: new Date(hour(start)),
          endAt: new Date(hour(end)),
          updatedBy: admin,
          createdAt: new Date(hour(Math.min(start, 0) - 3)),
          updatedAt: new Date(hour(Math.min(start, 0) - 3)),
        })
        .returning({ id: activities.id })
        .get();
      if (push !== null) {
        await db
          .insert(activityPushes)
          .values({
            activityId: row.id,
            appid,
            platform,
            title,
            content,
            dueAt: new Date(hour(push)),
            createdBy: admin,
            createdAt: new Date(hour(Math.min(push, 0) - 3)),
          })
          .run();
      }
    }
  }
}
