import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MACHINE_KINDS } from '@console/contract/codes/machine-kinds';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { addDaysToDay } from '@console/contract/http/upkeep';
import { AGE_BANDS, SURVEY_PLANS, SURVEY_WINDOWS, screenEndpoints } from '@console/contract/http/screens';
import { renewalWindow } from '@console/server/src/routes/device-list';
import { dayInZone } from '@console/server/src/lib/time';
import { rowOf, rowsOf, runOf } from '../../fixtures/sql-rows.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { countWhere, machinesOf, otherLessorAdmin, type DeviceRow } from '../dashboard/helpers.ts';
import { filterInOrder } from '@console/db/in-order';

/**
 * The fleet survey (/surveyBigScreen, docs/decisions/046-big-screens.md) against the rows themselves: kinds, ages
 * in full calendar years since installation, the renewal window of each machine's service, the upkeep plans due.
 */

const ZONE = 'Asia/Shanghai';

/** The day `years` calendar years after `day` (29 February + 1 year is 1 March, as SQLite counts). */
function yearsAfter(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + years, m - 1, d)).toISOString().slice(0, 10);
}

function ageBandOf(d: DeviceRow, today: string): string {
  const since = d.installedAt ?? new Date(d.createdAt).toISOString().slice(0, 10);
  const band = [...AGE_BANDS].reverse().find((b) => yearsAfter(since, b.fromYears) <= today);
  return band!.key;
}

describe('the fleet survey screen', () => {
  let t: TestApp;
  let today: string;

  beforeAll(async () => {
    t = await createTestApp();
    const frozen = Date.now();
    t.deps.now = () => frozen;
    today = dayInZone(frozen, ZONE);
  });
  afterAll(() => t.dbh.close());

  const survey = async (who: RoleId | string, query: object = {}) =>
    t.call(screenEndpoints.survey, { token: typeof who === 'string' ? who : await t.tokenFor(who), loose: { query } });
  const orgOf = async (roleId: RoleId) =>
    (await rowOf<{ o: number }>(t.dbh.db, 'SELECT org_id o FROM users WHERE id = ?', await t.userId(roleId)))!.o;
  const setDevice = (column: 'installed_at' | 'service_expires_at', day: string, id: number) =>
    runOf(t.dbh.db, `UPDATE devices SET ${column} = ? WHERE id = ?`, day, id);

  it('counts the machines in scope by kind, age and renewal window, with machines the test ages and expires', async () => {
    const mine = await machinesOf(t, await t.userId(ROLE.lessorAdmin));
    // One machine installed six years ago, one two and a half; one expiring today, one stopped yesterday.
    await setDevice('installed_at', yearsAfter(today, -6), mine[0]!.id);
    await setDevice('installed_at', addDaysToDay(yearsAfter(today, -2), -180), mine[1]!.id);
    await setDevice('service_expires_at', today, mine[2]!.id);
    await setDevice('service_expires_at', addDaysToDay(today, -1), mine[3]!.id);

    const rows = await machinesOf(t, await t.userId(ROLE.lessorAdmin));
    const res = await survey(ROLE.lessorAdmin);
    expect(res.status).toBe('200');
    expect(res.data.machines).toBe(rows.length);
    expect(res.data.byKind).toEqual(
      MACHINE_KINDS.map((kind) => ({ kind, machines: countWhere(rows, (d) => d.kind === kind) })),
    );
    expect(res.data.byAge).toEqual(
      AGE_BANDS.map((b) => ({ band: b.key, machines: countWhere(rows, (d) => ageBandOf(d, today) === b.key) })),
    );
    expect(res.data.byAge.find((b) => b.band === 'fivePlus')!.machines).toBeGreaterThanOrEqual(1);
    expect(res.data.byAge.find((b) => b.band === 'twoToThree')!.machines).toBeGreaterThanOrEqual(1);
    expect(res.data.renewals).toEqual(
      SURVEY_WINDOWS.map((window) => ({
        window,
        machines: countWhere(rows, (d) => renewalWindow(d.serviceExpiresAt, today) === window),
      })),
    );
    expect(res.data.renewals.find((r) => r.window === 1)!.machines).toBeGreaterThanOrEqual(1);
    expect(res.data.renewals.find((r) => r.window === 0)!.machines).toBeGreaterThanOrEqual(1);
  });

  it('counts the upkeep plans due and lists the most urgent, overdue first', async () => {
    const mine = await filterInOrder(
      await machinesOf(t, await t.userId(ROLE.lessorAdmin)),
      async (d) => d.orgId === (await orgOf(ROLE.lessorAdmin)),
    );
    const plan = async (deviceId: number, nextDueAt: string) =>
      runOf(
        t.dbh.db,
        `INSERT INTO upkeep_plans (org_id, device_id, "interval", last_done_at, last_done_hours, next_due_at)
         VALUES (?, ?, '3m', ?, 0, ?)`,
        await orgOf(ROLE.lessorAdmin),
        deviceId,
        addDaysToDay(nextDueAt, -90),
        nextDueAt,
      );
    await plan(mine[0]!.id, addDaysToDay(today, -400)); // overdue for longer than any seeded plan
    await plan(mine[1]!.id, addDaysToDay(today, 3)); // due soon

    const ids = new Set((await machinesOf(t, await t.userId(ROLE.lessorAdmin))).map((d) => d.id));
    const dated = (
      await rowsOf<{ d: number; n: string | null; h: number | null }>(
        t.dbh.db,
        'SELECT device_id d, next_due_at n, next_due_hours h FROM upkeep_plans',
      )
    ).filter((p) => ids.has(p.d) && p.n !== null);
    const res = await survey(ROLE.lessorAdmin);
    const m = res.data.maintenance!;
    expect(m.overdue).toBeGreaterThanOrEqual(countWhere(dated, (p) => p.n! <= today));
    expect(m.dueSoon).toBeGreaterThanOrEqual(1);
    expect(m.plans).toBeGreaterThanOrEqual(m.overdue + m.dueSoon);
    expect(m.list.length).toBe(Math.min(SURVEY_PLANS, m.overdue + m.dueSoon));
    expect(m.list[0]).toMatchObject({ serialNumber: mine[0]!.serialNumber, due: 'overdue', remaining: -400 });
    // Overdue before due soon.
    const ranks = m.list.map((p) => (p.due === 'overdue' ? 0 : 1));
    expect([...ranks].sort()).toEqual(ranks);
  });

  it('leaves maintenance out for a viewer who does not read upkeep plans', async () => {
    const res = await survey(ROLE.other);
    expect(res.status).toBe('200');
    expect(res.data.machines).toBe((await machinesOf(t, await t.userId(ROLE.other))).length);
    expect(res.data.maintenance).toBeNull();
    expect((await survey(ROLE.screenViewer)).data.maintenance).not.toBeNull();
  });

  it("narrows to one organisation in scope, refuses another's, and says a malformed one is no site", async () => {
    const customerOrg = await orgOf(ROLE.other);
    const rows = (await machinesOf(t, await t.userId(ROLE.lessorAdmin))).filter(
      (d) => d.customerOrgId === customerOrg || d.orgId === customerOrg || d.distributorOrgId === customerOrg,
    );
    const res = await survey(ROLE.lessorAdmin, { orgId: customerOrg });
    expect(res.data.machines).toBe(rows.length);
    expect(res.data.orgName).not.toBe('');

    const other = await otherLessorAdmin(t, 2);
    expect((await survey(other.token, { orgId: customerOrg })).status).toBe('404');
    for (const orgId of ['0', 'abc', '-3', '1.5']) {
      const refused = await survey(ROLE.lessorAdmin, { orgId });
      expect(refused.status, orgId).toBe('400');
      expect(refused.message, orgId).toContain('orgId');
    }
  });

  it('is for the screen viewers: a technician and a distributor are refused', async () => {
    expect((await survey(ROLE.technician)).status).toBe('403');
    expect((await survey(ROLE.distributor)).status).toBe('403');
  });
});
