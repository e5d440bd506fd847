import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MACHINE_KINDS } from '@console/contract/codes/machine-kinds';
import { primaryStatus, STATUS } from '@console/contract/codes/device-state';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import {
  SCREEN_ALARMS,
  SCREEN_SITES,
  SCREEN_STATE_STATUS,
  SCREEN_STATES,
  POINT_SCALE,
  POINT_STRIDE,
  screenEndpoints,
  TREND_DAYS,
} from '@console/contract/http/screens';
import { ROLLUP_INTERVAL_MS } from '@console/server/src/analysis/rollup';
import type { Db } from '@console/db/client';
import { dialectOf } from '@console/db/dialect';
import { dayInZone, startOfDayInZone } from '@console/server/src/lib/time';
import { rowOf, rowsOf, runOf } from '../../fixtures/sql-rows.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { countWhere, machinesOf, otherLessorAdmin, stateOf, withStatus } from '../dashboard/helpers.ts';

/**
 * The fleet big screen's figures (docs/decisions/046-big-screens.md) against the rows themselves, for each side of
 * the scope: machines by state and kind, today's alarms (alarms the test raises on its own and a foreign machine),
 * the utilisation trend of the daily-work rollup.
 */

const ZONE = 'Asia/Shanghai';

async function raiseAlarm(db: Db, deviceId: number, startedAt: number, ended = false) {
  await runOf(
    db,
    `INSERT INTO alarms (device_id, type, level, value, started_at, ended_at) VALUES (?, 'overload', 3, 95, ?, ?)`,
    deviceId,
    startedAt,
    ended ? startedAt + 60_000 : null,
  );
}

describe('the fleet big screen', () => {
  let t: TestApp;
  let db: Db;
  let today: string;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.dbh.db;
    const frozen = Date.now();
    t.deps.now = () => frozen;
    today = dayInZone(frozen, ZONE);
  });
  afterAll(() => t.dbh.close());
  const orgOfUser = async (userId: number) =>
    (await rowOf<{ o: number }>(db, 'SELECT org_id o FROM users WHERE id = ?', userId))!.o;
  /** The administrator of another rental company, made once for the cases that need one. */
  let otherAdmin: ReturnType<typeof otherLessorAdmin> | undefined;
  const otherLessor = () => (otherAdmin ??= otherLessorAdmin(t, 2));

  const viewers: [string, RoleId][] = [
    ['the operator', ROLE.companyAdmin],
    ['the data-screen viewer', ROLE.screenViewer],
    ['a lessor administrator', ROLE.lessorAdmin],
    ['a customer', ROLE.other],
  ];

  it.each(viewers)('counts the machines %s sees, by state and kind', async (_who, roleId) => {
    const rows = await machinesOf(t, await t.userId(roleId));
    expect(rows.length).toBeGreaterThan(0);
    const res = await t.call(screenEndpoints.fleet, { token: await t.tokenFor(roleId) });
    expect(res.status).toBe('200');
    expect(res.data.machines).toBe(rows.length);
    expect(res.data.online).toBe(withStatus(rows, STATUS.online));
    // Each machine in the one state its list shows, so the states add up to the machines (decision 062).
    for (const state of SCREEN_STATES)
      expect(res.data.byState[state], state).toBe(
        countWhere(rows, (d) => primaryStatus(stateOf(d)) === SCREEN_STATE_STATUS[state]),
      );
    expect(SCREEN_STATES.reduce((n, state) => n + res.data.byState[state], 0)).toBe(res.data.machines);
    expect(res.data.byKind).toEqual(
      MACHINE_KINDS.map((kind) => ({
        kind,
        machines: countWhere(rows, (d) => d.kind === kind),
        working: countWhere(rows, (d) => d.kind === kind && withStatus([d], STATUS.working) === 1),
      })),
    );
  });

  it("lists today's alarms of the machines in scope, newest first, bounded", async () => {
    const lessor = await t.userId(ROLE.lessorAdmin);
    const mine = await machinesOf(t, lessor);
    const other = await otherLessorAdmin(t, 1);
    const theirs = await machinesOf(t, other.userId);
    const mineIds = new Set(mine.map((d) => d.id));
    const foreign = theirs.find((d) => !mineIds.has(d.id))!;
    const start = startOfDayInZone(today, ZONE);
    const countToday = async (ids: Set<number>) =>
      (
        await rowsOf<{ d: number; e: number | null; h: number | null }>(
          db,
          'SELECT device_id d, ended_at e, handled_at h FROM alarms WHERE started_at >= ?',
          start,
        )
      ).filter((a) => ids.has(a.d));

    // Yesterday's alarm is not today's; one of today's has ended; one is a foreign machine's.
    await raiseAlarm(db, mine[0]!.id, start - 1000);
    await raiseAlarm(db, mine[0]!.id, start + 1000, true);
    await raiseAlarm(db, mine[1]!.id, t.deps.now() - 1000);
    await raiseAlarm(db, foreign.id, t.deps.now() - 500);

    const res = await t.call(screenEndpoints.fleet, { token: await t.tokenFor(ROLE.lessorAdmin) });
    const expected = await countToday(mineIds);
    expect(res.data.alarmsToday.count).toBe(expected.length);
    expect(res.data.alarmsToday.open).toBe(expected.filter((a) => a.e === null && a.h === null).length);
    expect(res.data.alarmsToday.list.length).toBe(Math.min(SCREEN_ALARMS, expected.length));
    expect(res.data.alarmsToday.list[0]).toMatchObject({ deviceId: mine[1]!.id, open: true, level: 3 });
    expect(res.data.alarmsToday.list.map((a) => a.deviceId)).not.toContain(foreign.id);
    const times = res.data.alarmsToday.list.map((a) => a.alarmTime);
    expect([...times].sort().reverse()).toEqual(times);

    const theirsRes = await t.call(screenEndpoints.fleet, { token: other.token });
    expect(theirsRes.data.alarmsToday.list[0]).toMatchObject({ deviceId: foreign.id });
    expect(theirsRes.data.alarmsToday.count).toBe((await countToday(new Set(theirs.map((d) => d.id)))).length);
  });

  it('draws the utilisation trend from the daily-work rollup', async () => {
    const res = await t.call(screenEndpoints.fleet, { token: await t.tokenFor(ROLE.companyAdmin) });
    expect(res.data.trend).toHaveLength(TREND_DAYS);
    expect(res.data.trend.at(-1)!.date).toBe(today);
    const machines = res.data.machines;
    // The operator sees every machine: each day is the sum of that day's rows.
    for (const day of res.data.trend) {
      // Summed as the engine sums reals exactly (PostgreSQL's float sum depends on the rows' order, the plan's).
      const hours = dialectOf(db).sumReal(sql.raw('hours_worked'));
      const row = (await db.get<{ h: number; n: number }>(
        sql`SELECT coalesce(${hours}, 0) h, count(CASE WHEN hours_worked > 0 THEN 1 END) n FROM daily_work WHERE day = ${day.date}`,
      ))!;
      expect(day.hoursWorked, day.date).toBe(Math.round(row.h * 10) / 10);
      expect(day.attended, day.date).toBe(row.n);
      expect(day.utilisationPct).toBe(Math.round((row.h / (machines * 24)) * 1000) / 10);
    }
    // The seeded month of work shows in the trend.
    expect(res.data.trend.slice(0, -1).some((d) => d.attended > 0)).toBe(true);
  });

  it('sums the trend once per rollup interval, which is as often as the rollup can move it', async () => {
    const token = await t.tokenFor(ROLE.companyAdmin);
    const before = (await t.call(screenEndpoints.fleet, { token })).data.trend.find((d) => d.attended > 0)!;
    // The rollup folds five more hours into one machine's day.
    await runOf(
      db,
      'UPDATE daily_work SET hours_worked = hours_worked + 5 WHERE id = (SELECT id FROM daily_work WHERE day = ? AND hours_worked > 0 LIMIT 1)',
      before.date,
    );
    const frozen = t.deps.now();
    try {
      const soon = (await t.call(screenEndpoints.fleet, { token })).data.trend.find((d) => d.date === before.date)!;
      expect(soon.hoursWorked).toBe(before.hoursWorked);
      t.deps.now = () => frozen + ROLLUP_INTERVAL_MS;
      const later = (await t.call(screenEndpoints.fleet, { token })).data.trend.find((d) => d.date === before.date)!;
      expect(later.hoursWorked).toBe(Math.round((before.hoursWorked + 5) * 10) / 10);
    } finally {
      t.deps.now = () => frozen;
    }
  });

  it('narrows to one organisation in scope, and refuses one outside it', async () => {
    const customerOrg = await orgOfUser(await t.userId(ROLE.other));
    const rented = (await machinesOf(t, await t.userId(ROLE.lessorAdmin))).filter(
      (d) => d.customerOrgId === customerOrg || d.orgId === customerOrg || d.distributorOrgId === customerOrg,
    );
    const res = await t.call(screenEndpoints.fleet, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      query: { orgId: customerOrg },
    });
    expect(res.status).toBe('200');
    expect(res.data.machines).toBe(rented.length);
    expect(res.data.orgName).not.toBe('');

    const other = await otherLessor();
    const refused = await t.call(screenEndpoints.fleet, { token: other.token, query: { orgId: customerOrg } });
    expect(refused.status).toBe('404');
  });

  it('links to the sites with the most machines, each in scope', async () => {
    const res = await t.call(screenEndpoints.fleet, { token: await t.tokenFor(ROLE.lessorAdmin) });
    const rows = await machinesOf(t, await t.userId(ROLE.lessorAdmin));
    const byCustomer = new Map<number, number>();
    for (const d of rows)
      if (d.customerOrgId !== null) byCustomer.set(d.customerOrgId, (byCustomer.get(d.customerOrgId) ?? 0) + 1);
    const expected = [...byCustomer.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, SCREEN_SITES);
    expect(res.data.sites.map((site) => [site.orgId, site.machines])).toEqual(expected);
    expect(res.data.sites.every((site) => site.name !== '')).toBe(true);
    // Each site's own screen counts what the list said.
    const first = res.data.sites[0]!;
    const detail = await t.call(screenEndpoints.fleet, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      query: { orgId: first.orgId },
    });
    expect(detail.data.machines).toBeGreaterThanOrEqual(first.machines);
    expect(detail.data.orgName).toBe(first.name);
    expect(detail.data.sites).toEqual([]);
  });

  it("answers a screen's first picture at once: the figures, and every machine of them on the map or unplaced", async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const rows = await machinesOf(t, await t.userId(ROLE.lessorAdmin));
    const frozen = t.deps.now();
    // A screen opened when its trend has not been summed for a rollup interval: the first picture comes without it.
    t.deps.now = () => frozen + ROLLUP_INTERVAL_MS;
    let res: Awaited<ReturnType<typeof t.call<typeof screenEndpoints.board>>>;
    try {
      const first = await t.call(screenEndpoints.board, { token });
      expect(first.status).toBe('200');
      expect(first.data.figures.trend).toBeNull();
      // The screen then asks for the figures, trend and all; the same figures otherwise.
      const fleet = await t.call(screenEndpoints.fleet, { token });
      expect(fleet.data.trend).toHaveLength(TREND_DAYS);
      expect({ ...first.data.figures, trend: [], at: 0 }).toEqual({ ...fleet.data, trend: [], at: 0 });
      // Once summed, a first picture carries the trend too.
      res = await t.call(screenEndpoints.board, { token });
      expect({ ...res.data.figures, at: 0 }).toEqual({ ...fleet.data, at: 0 });
    } finally {
      t.deps.now = () => frozen;
    }
    const { figures, map } = res.data;
    // Four integers a machine, in id order: exactly the placed machines of the scope, where and as they are.
    expect(map.points.length % POINT_STRIDE).toBe(0);
    const placed = rows.filter((d) => d.lat !== null && d.lng !== null).sort((a, b) => a.id - b.id);
    expect(placed.length).toBeGreaterThan(0);
    expect(map.points).toEqual(
      placed.flatMap((d) => [
        d.id,
        Math.round(d.lat! * POINT_SCALE),
        Math.round(d.lng! * POINT_SCALE),
        primaryStatus(stateOf(d)),
      ]),
    );
    // Placed and unplaced add up to the machines the figures count, as do the states.
    expect(map.points.length / POINT_STRIDE + map.unplaced).toBe(figures.machines);
    expect(Object.values(figures.byState).reduce((a, b) => a + b, 0)).toBe(figures.machines);
  });

  it("puts only one organisation's placed machines on its map, and refuses an address without a site", async () => {
    const customerOrg = await orgOfUser(await t.userId(ROLE.other));
    const ofSite = (await machinesOf(t, await t.userId(ROLE.lessorAdmin))).filter(
      (d) => d.customerOrgId === customerOrg || d.orgId === customerOrg || d.distributorOrgId === customerOrg,
    );
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const site = await t.call(screenEndpoints.board, { token, query: { orgId: customerOrg } });
    const placed = ofSite.filter((d) => d.lat !== null && d.lng !== null);
    expect(placed.length).toBeGreaterThan(0);
    const ids = (points: number[]) => points.filter((_, k) => k % POINT_STRIDE === 0);
    expect(ids(site.data.map.points)).toEqual(placed.map((d) => d.id).sort((a, b) => a - b));
    expect(site.data.map.unplaced).toBe(ofSite.length - placed.length);
    expect(site.data.figures.machines).toBe(ofSite.length);

    // Another rental company sees only its own machines, and not this site.
    const other = await otherLessor();
    const theirs = await t.call(screenEndpoints.board, { token: other.token });
    expect(theirs.status).toBe('200');
    const mine = new Set((await machinesOf(t, await t.userId(ROLE.lessorAdmin))).map((d) => d.id));
    expect(ids(theirs.data.map.points).some((id) => mine.has(id))).toBe(false);
    expect(theirs.data.map.points.length / POINT_STRIDE + theirs.data.map.unplaced).toBe(theirs.data.figures.machines);
    const refused = await t.call(screenEndpoints.board, { token: other.token, query: { orgId: customerOrg } });
    expect(refused.status).toBe('404');

    for (const endpoint of [screenEndpoints.board, screenEndpoints.fleet, screenEndpoints.machines]) {
      const bad = await t.call(endpoint, { token, lang: 'zh_CN', loose: { query: { orgId: 'x7' } } });
      expect(bad.status, endpoint.path).toBe('400');
      expect(bad.message, endpoint.path).toContain('站点');
    }
  });

  it("names one machine of the map for its popup, only one of the viewer's", async () => {
    const mine = (await machinesOf(t, await t.userId(ROLE.lessorAdmin)))[0]!;
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const res = await t.call(screenEndpoints.point, { token, query: { id: mine.id } });
    expect(res.status).toBe('200');
    expect(res.data).toEqual({
      id: mine.id,
      serialNumber: mine.serialNumber,
      deviceName: mine.deviceName,
      status: primaryStatus(stateOf(mine)),
    });
    const other = await otherLessor();
    expect((await t.call(screenEndpoints.point, { token: other.token, query: { id: mine.id } })).status).toBe('404');
    const bad = await t.call(screenEndpoints.point, { token, lang: 'en_US', loose: { query: { id: 'x' } } });
    expect(bad.status).toBe('400');
  });

  it('is for the screen viewers: a technician is refused', async () => {
    for (const endpoint of [screenEndpoints.fleet, screenEndpoints.board]) {
      const res = await t.call(endpoint, { token: await t.tokenFor(ROLE.technician) });
      expect(res.status, endpoint.path).toBe('403');
    }
    const point = await t.call(screenEndpoints.point, { token: await t.tokenFor(ROLE.technician), query: { id: 1 } });
    expect(point.status).toBe('403');
  });
});
