import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { bannerEndpoints, type BannerRow } from '@console/contract/http/banners';
import { couponEndpoints, type CouponRow } from '@console/contract/http/coupons';
import { fenceEndpoints, type FenceRow } from '@console/contract/http/fences';
import { screenEndpoints } from '@console/contract/http/screens';
import { upkeepEndpoints, type UpkeepPlan } from '@console/contract/http/upkeep';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { couponFixture, CUSTOMER_MOBILE } from '../coupons/helpers.ts';
import { demoOrgs, machineOf } from '../maintenance/helpers.ts';

/** A browser in Shanghai, one in London and one in Los Angeles, looking at the same organisation's records. */
const VIEWERS = {
  shanghai: { timeZone: 'Asia/Shanghai' },
  london: { timeZone: 'Europe/London' },
  losAngeles: { timeZone: 'America/Los_Angeles' },
} as const;

/** 01:00 on 10 December in Beijing time, the demo companies' calendar; still 9 December in London and Los Angeles. */
const EARLY_ON_THE_10TH = Date.parse('2026-12-09T17:00:00Z');
const THE_10TH = '2026-12-10';

/**
 * "Today" on every page that judges an organisation's records is that organisation's calendar day, never the
 * browser's (docs/decisions/026-demo-data.md, addendum "today on lists"): a coupon issues, a banner shows, an upkeep
 * plan falls due on the same day for each of its people wherever they are; a fence watches on the days of its own zone.
 */
describe('today is the organisation’s day, wherever the browser is', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
    t.deps.now = () => EARLY_ON_THE_10TH;
  });
  afterEach(() => t.dbh.close());

  it('issues a coupon from its first day for a company user in London, who can grant it', async () => {
    const admin = await t.tokenFor(ROLE.lessorAdmin);
    const f = await couponFixture(t);
    const made = await t.call(couponEndpoints.create, {
      token: admin,
      headers: VIEWERS.shanghai,
      body: f.form({ issueFrom: THE_10TH, issueTo: '2026-12-31' }),
    });
    expect(made.status, made.message).toBe('200');
    for (const headers of Object.values(VIEWERS)) {
      const detail = await t.call(couponEndpoints.detail, { token: admin, headers, query: { id: made.data.id } });
      expect((detail.data as CouponRow).issueState, headers.timeZone).toBe('issuing');
      const issuing = await t.call(couponEndpoints.list, { token: admin, headers, query: { issueState: 'issuing' } });
      expect(
        issuing.data.list.map((c: CouponRow) => c.id),
        headers.timeZone,
      ).toContain(made.data.id);
    }
    const granted = await t.call(couponEndpoints.grant, {
      token: admin,
      headers: VIEWERS.london,
      body: { id: made.data.id, mobiles: [CUSTOMER_MOBILE], count: 1 },
    });
    expect(granted.status, granted.message).toBe('200');
    expect(granted.data).toMatchObject({ granted: 1 });
  });

  it('shows a banner from its first day on the operator’s list and in the app, whatever zone asks', async () => {
    const admin = await t.tokenFor(ROLE.companyAdmin);
    const made = await t.call(bannerEndpoints.create, {
      token: admin,
      body: {
        title: 'Winter hire week',
        category: 'home',
        image: '/machine-kinds/forklift.svg',
        mode: 'h5',
        link: 'https://www.zjcloud.example/winter',
        sortOrder: 0,
        shownFrom: THE_10TH,
        shownTo: '2026-12-20',
        enabled: true,
      },
    });
    expect(made.status, made.message).toBe('200');
    for (const headers of Object.values(VIEWERS)) {
      const live = await t.call(bannerEndpoints.list, { token: admin, headers, query: { state: 'live' } });
      expect(
        live.data.list.map((b: BannerRow) => b.title),
        headers.timeZone,
      ).toContain('Winter hire week');
      const app = await t.call(bannerEndpoints.live, { headers });
      expect(
        app.data.list.map((b: { title: string }) => b.title),
        headers.timeZone,
      ).toContain('Winter hire week');
    }
  });

  it('counts an upkeep plan due on the 10th as overdue for the company’s people everywhere', async () => {
    const admin = await t.tokenFor(ROLE.lessorAdmin);
    const machine = await machineOf(t.dbh, (await demoOrgs(t.dbh)).lessor, undefined, 3);
    const made = await t.call(upkeepEndpoints.create, {
      token: admin,
      headers: VIEWERS.shanghai,
      body: { deviceIds: [machine.id], interval: '3m', content: 'Quarterly service', lastDoneAt: '2026-09-10' },
    });
    expect(made.status, made.message).toBe('200');
    const [id] = made.data.ids as number[];
    const counts = [];
    for (const headers of Object.values(VIEWERS)) {
      const rows = await t.call(upkeepEndpoints.list, {
        token: admin,
        headers,
        query: { keyword: machine.serialNumber },
      });
      expect(rows.status, rows.message).toBe('200');
      const plan = rows.data.list.find((p: UpkeepPlan) => p.id === id) as UpkeepPlan;
      expect(plan, headers.timeZone).toMatchObject({ nextDueAt: THE_10TH, due: 'overdue' });
      counts.push((await t.call(upkeepEndpoints.counts, { token: admin, headers })).data);
    }
    expect(counts[1]).toEqual(counts[0]);
    expect(counts[2]).toEqual(counts[0]);
  });

  it('watches a fence saved in London from its first day in London, for a viewer in Shanghai too', async () => {
    const admin = await t.tokenFor(ROLE.lessorAdmin);
    const made = await t.call(fenceEndpoints.create, {
      token: admin,
      headers: VIEWERS.london,
      body: {
        name: 'Canary Wharf site',
        startDate: THE_10TH,
        endDate: '2027-03-31',
        alarmStart: '08:00',
        alarmEnd: '18:00',
        dailyLimitHours: 10,
        contactName: 'Sam Patel',
        areaCode: '44',
        contactPhone: '7700900123',
        location: 'Canary Wharf, London',
        mapProvider: 'global',
        shape: { type: 'circle', center: [51.5054, -0.0235], radius: 600 },
      },
    });
    expect(made.status, made.message).toBe('200');
    for (const headers of Object.values(VIEWERS)) {
      const all = await t.call(fenceEndpoints.list, { token: admin, headers, query: { pageSize: 200 } });
      const fence = all.data.list.find((f: FenceRow) => f.id === made.data.id) as FenceRow;
      expect(fence.monitoring, headers.timeZone).toBe(false);
      const watching = await t.call(fenceEndpoints.list, { token: admin, headers, query: { monitoring: 'yes' } });
      expect(
        watching.data.list.map((f: FenceRow) => f.id),
        headers.timeZone,
      ).not.toContain(made.data.id);
    }
    // Midnight in London: it watches from now on, for every viewer.
    t.deps.now = () => Date.parse('2026-12-10T00:00:00Z');
    for (const headers of Object.values(VIEWERS)) {
      const watching = await t.call(fenceEndpoints.list, { token: admin, headers, query: { monitoring: 'yes' } });
      expect(
        watching.data.list.map((f: FenceRow) => f.id),
        headers.timeZone,
      ).toContain(made.data.id);
    }
  });

  it('ends the fleet screen’s trend on the company’s today, and counts its alarms from that day’s start', async () => {
    const admin = await t.tokenFor(ROLE.lessorAdmin);
    const screens = [];
    for (const headers of Object.values(VIEWERS)) {
      const screen = await t.call(screenEndpoints.fleet, { token: admin, headers });
      expect(screen.status, screen.message).toBe('200');
      expect(screen.data.trend.at(-1)?.date, headers.timeZone).toBe(THE_10TH);
      screens.push(screen.data.alarmsToday);
    }
    expect(screens[1]).toEqual(screens[0]);
    expect(screens[2]).toEqual(screens[0]);
  });
});
