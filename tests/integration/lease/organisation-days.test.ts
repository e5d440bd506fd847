import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orgTimeZone } from '@console/db/org-zone';
import { organisations } from '@console/db/schema/accounts';
import { billingZones } from '@console/db/schema/lease-billing';
import { ROLE } from '@console/contract/codes/roles';
import { analysisEndpoints } from '@console/contract/http/analysis';
import { authEndpoints } from '@console/contract/http/auth';
import { billingEndpoints } from '@console/contract/http/lease-billing';
import { financeTaskEndpoints } from '@console/contract/http/finance-tasks';
import { leaseHandoverEndpoints } from '@console/contract/http/lease-handover';
import { createDraft } from '@console/server/src/lease/drafts';
import { nextHandoverNumber } from '@console/server/src/lease/handover';
import { dayInZone } from '@console/server/src/lib/time';
import { nextWorkOrderNumber } from '@console/db/doc-numbers';
import { orgNumberDay } from '@console/server/src/lib/org-day';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { lessorIds, renterOf, storeOf, freeStock, userOf } from './helpers.ts';
import { mapInOrder } from '@console/db/in-order';
import { rowOf, runOf } from '../../fixtures/sql-rows.ts';

/**
 * One calendar for an organisation's days (docs/decisions/026-demo-data.md, addendum "the organisation's day"):
 * document numbers, days on lease, the receipt's default day and the analysis' last worked day are the
 * organisation's, whatever the viewer's zone and whatever the UTC date.
 */

/** 2 December 2026 07:46 in Shanghai: still 1 December in UTC and in Los Angeles. */
const EARLY_MORNING = Date.UTC(2026, 11, 1, 23, 46);
const LA = 'America/Los_Angeles';
const SHANGHAI = 'Asia/Shanghai';

describe("an organisation's days", () => {
  let t: TestApp;
  let huadong: number;
  let pearl: number;

  beforeAll(async () => {
    t = await createTestApp();
    [huadong, pearl] = (await lessorIds(t)) as [number, number];
    // Move the clock to the next 20:00 UTC: 04:00 of the next day in Shanghai, noon of the day before in LA.
    const now = t.deps.now();
    const next = new Date(now);
    next.setUTCHours(20, 0, 0, 0);
    if (next.getTime() <= now) next.setUTCDate(next.getUTCDate() + 1);
    t.advance(next.getTime() - now);
  });
  afterAll(() => t.dbh.close());

  it("numbers a document with the organisation's day, not the UTC day", async () => {
    const sales = await userOf(t, huadong, ROLE.lessorSales);
    const [machine] = await freeStock(t, huadong, 1);
    const { number } = await createDraft(
      t.dbh.db,
      sales,
      {
        renterId: await renterOf(t, huadong, 'clear'),
        storeId: await storeOf(t, huadong),
        startOn: '2026-12-02',
        endOn: '2027-01-31',
        siteAddress: '张江路1号',
        billingDay: 1,
        lines: [{ deviceId: machine!.id, businessModel: 23, dayCents: 30_000 }],
      },
      EARLY_MORNING,
    );
    expect(number).toMatch(/^HT-20261202-\d{4}$/);
    expect(await nextHandoverNumber(t.dbh.db, huadong, 'entry', EARLY_MORNING)).toMatch(/^JC-20261202-/);
    expect(await nextWorkOrderNumber(t.dbh.db, await orgNumberDay(t.dbh.db, huadong, EARLY_MORNING))).toMatch(
      /^WO20261202\d{4}$/,
    );

    // A company that keeps its days in Los Angeles numbers the same moment with its own day, the 1st.
    await t.dbh.db.insert(billingZones).values({ lessorOrgId: pearl, timeZone: LA }).run();
    try {
      expect(await nextHandoverNumber(t.dbh.db, pearl, 'exit', EARLY_MORNING)).toMatch(/^TC-20261201-/);
      expect(await nextWorkOrderNumber(t.dbh.db, await orgNumberDay(t.dbh.db, pearl, EARLY_MORNING))).toMatch(
        /^WO20261201\d{4}$/,
      );
      // Its customers keep its calendar, as they keep its brand.
      const customers = await t.dbh.db.select().from(organisations).where(eq(organisations.parentId, pearl)).all();
      expect(customers.length).toBeGreaterThan(0);
      expect(await mapInOrder(customers, (c) => orgTimeZone(t.dbh.db, c.id))).toEqual(customers.map(() => LA));
    } finally {
      await t.dbh.db.delete(billingZones).where(eq(billingZones.lessorOrgId, pearl)).run();
    }
  });

  it('counts days on lease on the lessor’s calendar for a viewer in any zone', async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const query = { state: 'open' as const, page: 1, pageSize: 50 };
    const [shanghai, la] = await Promise.all(
      [SHANGHAI, LA].map((zone) =>
        t.call(leaseHandoverEndpoints.periods, { token, query, headers: { timeZone: zone } }),
      ),
    );
    expect(shanghai.data.list.length).toBeGreaterThan(0);
    expect(la.data.list).toEqual(shanghai.data.list);
    // An open period that began by today counts through the lessor's today, both days included.
    const today = dayInZone(t.deps.now(), SHANGHAI);
    const started = shanghai.data.list.find((p) => p.startOn <= today)!;
    const days = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${started.startOn}T00:00:00Z`)) / 86_400_000 + 1;
    expect(started.days).toBe(days);
  });

  it("gives the console the organisation's today: the user's and the renter's lessor's", async () => {
    const today = dayInZone(t.deps.now(), SHANGHAI);
    expect(dayInZone(t.deps.now(), LA)).not.toBe(today);
    const token = await t.tokenFor(ROLE.lessorStaff);
    const info = await t.call(authEndpoints.getUserInfo, { token, headers: { timeZone: LA } });
    expect(info.data.today).toBe(today);
    const renters = await t.call(billingEndpoints.renters, { token, headers: { timeZone: LA } });
    expect(renters.data.list.length).toBeGreaterThan(0);
    expect(new Set(renters.data.list.map((r) => r.today))).toEqual(new Set([today]));
  });

  it("answers each request's today in its company's zone as it is at that request", async () => {
    const staff = await userOf(t, pearl, ROLE.lessorStaff);
    const token = await t.tokenForAccount(staff.mobile);
    const today = async () =>
      (await t.call(financeTaskEndpoints.list, { token, headers: { timeZone: SHANGHAI } })).data.today;
    expect(await today()).toBe(dayInZone(t.deps.now(), SHANGHAI));
    // The operator moves the company's calendar to Los Angeles: the same session's next request keeps it.
    await t.dbh.db.insert(billingZones).values({ lessorOrgId: pearl, timeZone: LA }).run();
    try {
      expect(await today()).toBe(dayInZone(t.deps.now(), LA));
    } finally {
      await t.dbh.db.delete(billingZones).where(eq(billingZones.lessorOrgId, pearl)).run();
    }
    expect(await today()).toBe(dayInZone(t.deps.now(), SHANGHAI));
  });

  it('reports a machine’s last worked day as the organisation’s day, the same for a viewer in Los Angeles', async () => {
    const db = t.dbh.db;
    const today = dayInZone(t.deps.now(), SHANGHAI);
    const { id, serialNumber } = (await rowOf<{ id: number; serialNumber: string }>(
      db,
      'SELECT id, serial_number "serialNumber" FROM devices WHERE org_id = ? ORDER BY id LIMIT 1',
      huadong,
    ))!;
    await runOf(db, 'DELETE FROM daily_work WHERE device_id = ? AND day >= ?', id, today.slice(0, 8) + '01');
    await runOf(
      db,
      `INSERT INTO daily_work (device_id, day, time_zone, kind, owner_org_id, customer_org_id, distributor_org_id,
        hours_worked, hours_powered, reports)
       SELECT id, ?, 'Asia/Shanghai', kind, org_id, customer_org_id, distributor_org_id, 3, 4, 100 FROM devices
       WHERE id = ?`,
      today,
      id,
    );
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const rowIn = async (zone: string) => {
      const attendance = await t.call(analysisEndpoints.attendanceMachines, {
        token,
        query: { keyword: serialNumber, page: 1, pageSize: 10 },
        headers: { timeZone: zone },
      });
      const construction = await t.call(analysisEndpoints.constructionMachines, {
        token,
        query: { keyword: serialNumber, from: today.slice(0, 8) + '01', page: 1, pageSize: 10 },
        headers: { timeZone: zone },
      });
      return { attendance: attendance.data.list[0]!, construction: construction.data.list[0]! };
    };
    const [shanghai, la] = [await rowIn(SHANGHAI), await rowIn(LA)];
    expect(shanghai.attendance.lastWorkedOn).toBe(today);
    expect(shanghai.attendance.idleDays).toBe(0);
    expect(la.attendance).toEqual(shanghai.attendance);
    expect(shanghai.construction.hoursWorked).toBe(3);
    expect(la.construction).toEqual(shanghai.construction);
  });
});
