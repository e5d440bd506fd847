import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { users } from '../schema/accounts.ts';
import { appReleases, appSettings } from '../schema/app-releases.ts';
import type { DemoOrganisations } from './accounts.ts';

const DAY = 86_400_000;

/** Version, days ago, whether older versions must update, and the notes in Chinese and English. */
const HISTORY: [string, number, boolean, string, string][] = [
  [
    '2.3.0',
    120,
    true,
    '远程锁车确认改为输入登录密码；修复部分机型定位漂移',
    'Locking asks for the sign-in password; position drift fixed',
  ],
  ['2.4.0', 60, false, '新增电子合同签署与账单在线查看', 'E-signed contracts and bills in the app'],
  [
    '2.5.1',
    9,
    false,
    '告警推送更及时；设备列表支持按电量筛选',
    'Faster alarm notifications; filter machines by battery',
  ],
];
const BRANDS: [string, 'zh' | 'en', string][] = [
  ['zjcloud', 'zh', 'https://www.zjcloud.example/app'],
  ['jd', 'zh', 'https://www.jd-machinery.example/app'],
  ['liftgo', 'en', 'https://www.liftgo.example/app'],
];

/** Each brand's app releases on both platforms, the oldest of them required (decision 053). */
export async function seedAppReleases(db: Db, orgs: DemoOrganisations, now: number): Promise<void> {
  const admin = (await db.select({ id: users.id }).from(users).where(eq(users.orgId, orgs.operator)).get())?.id ?? null;
  for (const [appid, lang, site] of BRANDS) {
    for (const platform of ['android', 'ios'] as const) {
      for (const [version, daysAgo, mandatory, zh, en] of HISTORY) {
        await db
          .insert(appReleases)
          .values({
            orgId: orgs.operator,
            appid,
            platform,
            version,
            notes: lang === 'zh' ? zh : en,
            downloadUrl: platform === 'ios' ? `${site}/ios` : `${site}/android-${version}.apk`,
            mandatory,
            publishedBy: admin,
            publishedAt: new Date(now - daysAgo * DAY),
          })
          .run();
      }
    }
    // The app's own settings (decision 053, addendum), in the brand's language and region.
    await db
      .insert(appSettings)
      .values({
        appid,
        orgId: orgs.operator,
        ...SETTINGS[appid]!,
        serviceEmail: `service@${new URL(site).hostname.replace(/^www\./, '')}`,
        agreementUrl: `${site}/agreement`,
        privacyUrl: `${site}/privacy`,
        updatedBy: admin,
        updatedAt: new Date(now - 30 * DAY),
      })
      .run();
  }
}

const SETTINGS: Record<string, { servicePhone: string; serviceHours: string; about: string }> = {
  zjcloud: {
    servicePhone: '400-820-6688',
    serviceHours: '周一至周六 8:00-20:00',
    about: '工程机械租赁与远程监控：在线签约、付款、报修，随时查看设备位置与工况。',
  },
  jd: {
    servicePhone: '400-618-9090',
    serviceHours: '每天 8:00-22:00',
    about: '高空作业平台与叉车租赁，设备在线监控与维保服务。',
  },
  liftgo: {
    servicePhone: '+61 2 9188 4400',
    serviceHours: 'Mon-Fri 7:00-18:00 AEST',
    about: 'Hire access and lifting equipment, sign and pay online, and see where your machines are and how they work.',
  },
};
