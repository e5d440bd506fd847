import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, gte, isNull } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { dashboardEndpoints, type RecentAlarm, type Utilisation } from '@console/contract/http/dashboard';
import { addDaysToDay } from '@console/contract/http/upkeep';
import { dailyWork } from '@console/db/schema/analysis';
import { dayInZone } from '@console/server/src/lib/time';
import { alarms } from '@console/db/schema/warning';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { emptyScopeUser, machinesOf, withStatus } from './helpers.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';

describe('recent alarms, utilisation and map settings', () => {
  let t: TestApp;
  const now = Date.now();
  beforeAll(async () => {
    t = await createTestApp();
    t.deps.now = () => now;
  });
  afterAll(() => t.dbh.close());

  it("lists the newest open alarms of the user's scope, in the user's language", async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const visible = new Set((await machinesOf(t, await t.userId(ROLE.lessorAdmin))).map((d) => d.id));
    const open = (
      await t.dbh.db
        .select()
        .from(alarms)
        .where(and(isNull(alarms.endedAt), isNull(alarms.handledAt)))
        .all()
    ).filter((a) => visible.has(a.deviceId));
    expect(open.length).toBeGreaterThan(3);

    const res = await t.call(dashboardEndpoints.alarms, { token, query: { limit: 3 }, headers: { timeZone: 'UTC' } });
    expect(res.data.count).toBe(open.length);
    const list = res.data.list as RecentAlarm[];
    const newest = open.sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime() || b.id - a.id).slice(0, 3);
    expect(list.map((a) => a.id)).toEqual(newest.map((a) => a.id));
    expect(list[0]!.alarmTime).toBe(newest[0]!.startedAt.toISOString().slice(0, 19).replace('T', ' '));
    const device = (await machinesOf(t, await t.userId(ROLE.lessorAdmin))).find((d) => d.id === list[0]!.deviceId)!;
    expect(list[0]).toMatchObject({
      serialNumber: device.serialNumber,
      deviceName: device.deviceName,
      kind: device.kind,
    });
    expect(list[0]!.alarmInfo).toContain(device.serialNumber);

    const zh = await t.call(dashboardEndpoints.alarms, { token, query: { limit: 3 }, lang: 'zh_CN' });
    expect(zh.data.list[0].alarmType).toMatch(/[\u4e00-\u9fff]/);
    expect(list[0]!.alarmType).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('refuses a limit outside 1-50 and answers nothing to a scope without machines', async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const res = await t.call(dashboardEndpoints.alarms, { token, query: { limit: 51 } });
    expect(res.status).toBe('400');
    const empty = await emptyScopeUser(t);
    expect((await t.call(dashboardEndpoints.alarms, { token: empty.token })).data).toEqual({ count: 0, list: [] });
  });

  it("sums the daily work of each of the last seven days of the operator's calendar (Beijing days)", async () => {
    const rows = await machinesOf(t, await t.userId(ROLE.companyAdmin));
    const today = dayInZone(now, 'Asia/Shanghai');
    const dates = Array.from({ length: 7 }, (_, i) => addDaysToDay(today, i - 6));
    const worked = await t.dbh.db.select().from(dailyWork).where(gte(dailyWork.day, dates[0]!)).all();
    const expected = dates.map((date) => {
      const ofDay = worked.filter((w) => w.day === date && w.hoursWorked > 0);
      const hours = ofDay.reduce((sum, w) => sum + w.hoursWorked, 0);
      return { date, hours, machines: ofDay.length };
    });

    const res = await t.call(dashboardEndpoints.utilisation, {
      token: await t.tokenFor(ROLE.companyAdmin),
      headers: { timeZone: 'UTC' },
    });
    const data = res.data as Utilisation;
    expect(data.days.map((d) => [d.date, d.machines])).toEqual(expected.map((d) => [d.date, d.machines]));
    // Summed here in another order than the database's: the same to the tenth but for the rounding of a sum.
    data.days.forEach((d, i) => expect(Math.abs(d.hours - expected[i]!.hours), d.date).toBeLessThanOrEqual(0.1));
    // The seeded history works every day of the week: the chart is not empty.
    await expectEvery(data.days.slice(0, 6), (d) => d.hours > 0 && d.machines > 0);
    expect(data.byKind.map((k) => k.working).reduce((a, b) => a + b)).toBe(withStatus(rows, 6));
    for (const kind of data.byKind) {
      const ofKind = rows.filter((d) => d.kind === kind.kind);
      expect(kind).toEqual({ kind: kind.kind, total: ofKind.length, working: withStatus(ofKind, 6) });
    }
  });

  it("counts the days of the organisation's calendar, whatever the browser's zone", async () => {
    const token = await t.tokenFor(ROLE.companyAdmin);
    for (const timeZone of ['Asia/Shanghai', 'America/Los_Angeles']) {
      const res = await t.call(dashboardEndpoints.utilisation, { token, headers: { timeZone } });
      expect(res.data.days.at(-1)!.date, timeZone).toBe(dayInZone(now, 'Asia/Shanghai'));
      expect(res.data.days).toHaveLength(7);
    }
  });

  it("keeps a lessor's utilisation to its own machines", async () => {
    const lessor = await t.call(dashboardEndpoints.utilisation, { token: await t.tokenFor(ROLE.lessorAdmin) });
    const all = await t.call(dashboardEndpoints.utilisation, { token: await t.tokenFor(ROLE.companyAdmin) });
    const total = (u: Utilisation) => u.byKind.reduce((a, k) => a + k.total, 0);
    expect(total(lessor.data)).toBe((await machinesOf(t, await t.userId(ROLE.lessorAdmin))).length);
    expect(total(lessor.data)).toBeLessThan(total(all.data));
  });

  it('serves the tile servers of both providers from the server settings', async () => {
    const res = await t.call(dashboardEndpoints.mapSettings, { token: await t.tokenFor(ROLE.lessorSales) });
    expect(res.data.global).toMatchObject({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
    expect(res.data.regional.url).toContain('autonavi.com');

    const own = await createTestApp({
      MAP_TILES_GLOBAL: 'https://tiles.example.net/{z}/{x}/{y}.png',
      MAP_TILES_REGIONAL: '',
    });
    try {
      const custom = await own.call(dashboardEndpoints.mapSettings, { token: await own.tokenFor(ROLE.lessorAdmin) });
      expect(custom.data.global).toMatchObject({
        url: 'https://tiles.example.net/{z}/{x}/{y}.png',
        attribution: 'tiles.example.net',
      });
      // None configured: the console draws its offline basemap straight away.
      expect(custom.data.regional.url).toBe('');
    } finally {
      own.dbh.close();
    }
    // A setting that is not a web address stops the server at start rather than reaching browsers.
    await expect(createTestApp({ MAP_TILES_GLOBAL: 'javascript:alert(1)' })).rejects.toThrow();
  });
});
