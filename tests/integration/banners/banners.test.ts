import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { bannerEndpoints, type BannerCategory, type BannerMode, type BannerRow } from '@console/contract/http/banners';
import { addDaysToDay } from '@console/contract/http/upkeep';
import { dayOf } from '@console/db/seed/maintenance-fleet';
import { deflateSync, crc32 } from 'node:zlib';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { upload } from '../settings/helpers.ts';

/** A real grey PNG of this many pixels, as a designer would export it. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc(height * (width + 1), 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0; // no filter
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const LIFTGO = { host: 'console.liftgo.example' };
const CJK = /[\u4e00-\u9fff]/;
const SEASON_WORDS: [string, RegExp][] = [
  ['spring', /春季|spring/i],
  ['summer', /夏季|summer/i],
  ['autumn', /秋季|autumn/i],
  ['winter', /冬季|winter/i],
];
/** The one season a title names. */
const seasonNamed = (title: string) => {
  const named = SEASON_WORDS.filter(([, word]) => word.test(title)).map(([season]) => season);
  expect(named, title).toHaveLength(1);
  return named[0];
};

describe('banner maintenance', () => {
  let t: TestApp;
  let today: string;
  const admin = () => t.tokenFor(ROLE.companyAdmin);
  const list = async (query: Record<string, unknown> = {}, headers?: Record<string, string>) =>
    t.call(bannerEndpoints.list, { token: await admin(), query: { pageSize: 50, ...query }, headers });
  const liveTitles = async (headers?: Record<string, string>) =>
    (await t.call(bannerEndpoints.live, { headers })).data.list.map((b: { title: string }) => b.title);
  const form = (fields: Record<string, unknown> = {}) => ({
    title: 'Autumn rental fair',
    category: 'home' as BannerCategory,
    image: '/machine-kinds/forklift.svg',
    mode: 'h5' as BannerMode,
    link: 'https://www.zjcloud.example/fair',
    sortOrder: 5,
    shownFrom: today,
    shownTo: addDaysToDay(today, 7),
    enabled: true,
    ...fields,
  });

  /** The season of today's month in the north (December to February is winter) or the south (there, summer). */
  const seasonNow = (hemisphere: 'north' | 'south') => {
    const north = ['winter', 'spring', 'summer', 'autumn'][Math.floor((Number(today.slice(5, 7)) % 12) / 3)]!;
    const south = { winter: 'summer', spring: 'autumn', summer: 'winter', autumn: 'spring' }[north];
    return hemisphere === 'north' ? north : south;
  };

  beforeEach(async () => {
    t = await createTestApp();
    today = dayOf(t.deps.now());
  });
  afterEach(() => t.dbh.close());

  it("shows each brand's banners in every state, and its app only today's switched-on ones, in order", async () => {
    const states = (rows: BannerRow[]) => new Set(rows.map((b) => b.state));
    const chinese = await list();
    expect(states(chinese.data.list)).toEqual(new Set(['live', 'scheduled', 'ended', 'off']));
    expect((await list({ state: 'live' })).data.list.map((b: BannerRow) => b.title)).toEqual(await liveTitles());
    // Today's banners in the brand's language, the hire season's first: the season it is now where its readers are
    // (China's north; Sydney's south, where December is summer).
    const [hireSeason, offer, ...more] = await liveTitles();
    expect(more).toEqual([]);
    expect(hireSeason).toContain('高空作业平台');
    expect(seasonNamed(hireSeason!)).toBe(seasonNow('north'));
    expect(offer).toBe('远程锁车终端限时九折');
    const english = await list({}, LIFTGO);
    expect(states(english.data.list)).toEqual(new Set(['live', 'scheduled', 'ended', 'off']));
    const [hireSeasonAbroad, offerAbroad, ...moreAbroad] = await liveTitles(LIFTGO);
    expect(moreAbroad).toEqual([]);
    expect(hireSeasonAbroad).toContain('aerial platforms');
    expect(seasonNamed(hireSeasonAbroad!)).toBe(seasonNow('south'));
    expect(offerAbroad).toBe('Telematics terminals 10% off');
    expect(chinese.data.list.every((b: BannerRow) => CJK.test(b.title))).toBe(true);
    expect(english.data.list.some((b: BannerRow) => CJK.test(b.title))).toBe(false);
    expect(await liveTitles({})).toEqual(await liveTitles());
    expect((await t.call(bannerEndpoints.live, { query: { appid: 'liftgo' } })).data.list).toHaveLength(2);
  });

  it('puts a new banner in the app at once, and takes it out when switched off or deleted', async () => {
    const created = await t.call(bannerEndpoints.create, { token: await admin(), body: form() });
    expect(created.status, created.message).toBe('200');
    expect((await liveTitles())[0]).toBe('Autumn rental fair');
    const off = await t.call(bannerEndpoints.update, {
      token: await admin(),
      body: { ...form({ enabled: false }), id: created.data.id },
    });
    expect(off.status, off.message).toBe('200');
    expect(await liveTitles()).not.toContain('Autumn rental fair');
    expect((await list({ state: 'off', keyword: 'autumn' })).data.list).toHaveLength(1);
    expect((await t.call(bannerEndpoints.remove, { token: await admin(), body: { id: created.data.id } })).status).toBe(
      '200',
    );
    expect((await list({ keyword: 'autumn' })).data.total).toBe(0);
  });

  it('sends the app at most 20 banners, the first in order', async () => {
    for (let i = 0; i < 25; i++) {
      const made = await t.call(bannerEndpoints.create, {
        token: await admin(),
        body: form({ title: `Offer ${i}`, sortOrder: i }),
      });
      expect(made.status, made.message).toBe('200');
    }
    const titles = await liveTitles();
    expect(titles).toHaveLength(20);
    expect(titles.slice(0, 2)).toEqual(['Offer 0', 'Offer 1']);
  });

  it('refuses what the app could not show, with the reason in the user’s language, and keeps nothing', async () => {
    const before = (await list()).data.total;
    const refusals = [
      [{ shownTo: addDaysToDay(today, -1) }, 'shownTo', 'The last day comes on or after the first'],
      [{ link: 'javascript:alert(1)' }, 'link', 'The H5 link is a web address starting with https://'],
      [{ mode: 'app', link: 'https://x.example' }, 'link', 'The action key is a page of the app starting with /'],
      [{ link: '' }, 'link', 'Enter the H5 link or the app action key'],
      [{ category: undefined }, 'category', 'Select the category'],
      [{ mode: 'tap' }, 'mode', 'Select the operation mode'],
      [{ image: '' }, 'image', 'Upload the banner’s picture'],
      [{ sortOrder: 1.5 }, 'sortOrder', 'The order is a whole number from 0 to 999'],
    ] as const;
    for (const [fields, field, message] of refusals) {
      const answer = await t.call(bannerEndpoints.create, { token: await admin(), loose: { body: form(fields) } });
      expect(answer.status).not.toBe('200');
      expect(answer.data.field).toBe(field);
      expect(answer.message).toContain(message);
    }
    const zh = await t.call(bannerEndpoints.create, {
      token: await admin(),
      lang: 'zh_CN',
      loose: { body: form({ title: '' }) },
    });
    expect(zh.message).toContain('不能为空');
    expect((await list()).data.total).toBe(before);
  });

  it("keeps one brand's banners out of another's console, and the page from everyone but the platform's staff", async () => {
    const english = (await list({}, LIFTGO)).data.list[0] as BannerRow;
    const change = await t.call(bannerEndpoints.update, { token: await admin(), body: { ...form(), id: english.id } });
    expect(change.status).toBe('404');
    expect((await t.call(bannerEndpoints.remove, { token: await admin(), body: { id: english.id } })).status).toBe(
      '404',
    );
    expect((await list({}, LIFTGO)).data.list.map((b: BannerRow) => b.title)).toContain(english.title);
    for (const role of [ROLE.lessorAdmin, ROLE.finance, ROLE.distributor]) {
      const answer = await t.call(bannerEndpoints.list, { token: await t.tokenFor(role) });
      expect(answer.status, `role ${role}`).toBe('403');
    }
  });

  it("takes an uploaded picture only of the category's size, read from the picture itself", async () => {
    const picture = async (width: number, height: number) =>
      (await upload(t, await admin(), { bytes: png(width, height), name: 'banner.png' }, 'image', true)).data
        .url as string;
    const wrong = await t.call(bannerEndpoints.create, {
      token: await admin(),
      body: form({ image: await picture(750, 350) }),
    });
    expect(wrong.data.field).toBe('image');
    expect(wrong.message).toContain('The image size must match the category');
    const zh = await t.call(bannerEndpoints.create, {
      token: await admin(),
      lang: 'zh_CN',
      body: form({ category: 'splash', image: await picture(750, 300) }),
    });
    expect(zh.message).toContain('图片尺寸须与类别一致');

    const shop = await t.call(bannerEndpoints.create, {
      token: await admin(),
      body: form({
        category: 'shop',
        mode: 'app',
        link: '/product/list?category=terminal',
        image: await picture(750, 350),
      }),
    });
    expect(shop.status, shop.message).toBe('200');
    // Moving it to the home page keeps a picture of the shop's size: refused, the banner unchanged.
    const moved = await t.call(bannerEndpoints.update, {
      token: await admin(),
      body: {
        ...form({ category: 'home', image: (await list({ category: 'shop' })).data.list[0].image }),
        id: shop.data.id,
      },
    });
    expect(moved.data.field).toBe('image');
    const [kept] = (await list({ category: 'shop' })).data.list as BannerRow[];
    expect(kept).toMatchObject({ id: shop.data.id, category: 'shop', mode: 'app' });
    const feed = await t.call(bannerEndpoints.live, { query: { category: 'shop' } });
    expect(feed.data.list).toEqual([
      {
        id: shop.data.id,
        title: 'Autumn rental fair',
        category: 'shop',
        image: kept!.image,
        mode: 'app',
        link: '/product/list?category=terminal',
      },
    ]);
  });
});
