import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { addDaysToDay } from '@console/contract/http/upkeep';
import { LEASE_SCREEN_STATES, LEASE_TREND_MONTHS, screenEndpoints } from '@console/contract/http/screens';
import { organisations } from '@console/db/schema/accounts';
import { createUser } from '@console/db/seed/accounts';
import { dayInZone } from '@console/server/src/lib/time';
import { createSession } from '@console/server/src/lib/session';
import { rowOf, rowsOf, runOf } from '../../fixtures/sql-rows.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

/**
 * The lease big screen (/leaseBigScreen, docs/decisions/046-big-screens.md) against the rows: contracts by state,
 * machines on lease, a bill the test issues this month (income, received, arrears, the renter owing), who reads it
 * and what a rental company without lease data is shown.
 */

const ZONE = 'Asia/Shanghai';

describe('the lease big screen', () => {
  let t: TestApp;
  let today: string;

  beforeAll(async () => {
    t = await createTestApp();
    const frozen = Date.now();
    t.deps.now = () => frozen;
    today = dayInZone(frozen, ZONE);
  });
  afterAll(() => t.dbh.close());

  const lease = async (who: RoleId | string) =>
    t.call(screenEndpoints.lease, { token: typeof who === 'string' ? who : await t.tokenFor(who) });
  const db = () => t.dbh.db;
  const orgOf = async (roleId: RoleId) =>
    (await rowOf<{ o: number }>(db(), 'SELECT org_id o FROM users WHERE id = ?', await t.userId(roleId)))!.o;
  /** An organisation and those below it (its customers, its sub-lessor). */
  const orgsFrom = async (orgId: number) =>
    (
      await rowsOf<{ id: number }>(
        db(),
        `WITH RECURSIVE below(id) AS (
           SELECT CAST(? AS bigint) UNION SELECT o.id FROM organisations o JOIN below b ON o.parent_id = b.id
         )
         SELECT id FROM below`,
        orgId,
      )
    ).map((r) => r.id);

  async function expectedContracts(lessors: number[] | null) {
    const rows = await rowsOf<{ status: number; l: number }>(
      db(),
      `SELECT status, lessor_org_id l FROM contracts WHERE kind = 'contract'`,
    );
    const mine = rows.filter((r) => lessors === null || lessors.includes(r.l));
    return LEASE_SCREEN_STATES.map((state) => ({
      state,
      contracts: mine.filter((r) => r.status === LEASE_STATUS[state]).length,
    }));
  }

  it('counts contracts by state and machines on lease: every rental company for finance, its own for a lessor', async () => {
    const all = await lease(ROLE.finance);
    expect(all.status).toBe('200');
    expect(all.data.empty).toBe(false);
    expect(all.data.contracts).toEqual(await expectedContracts(null));
    expect(all.data.contracts.find((c) => c.state === 'inExecution')!.contracts).toBeGreaterThan(0);

    const lessorOrgs = await orgsFrom(await orgOf(ROLE.lessorAdmin));
    const own = await lease(ROLE.lessorAdmin);
    expect(own.data.contracts).toEqual(await expectedContracts(lessorOrgs));
    const machines = (
      await rowsOf<{ o: number; l: string }>(db(), 'SELECT org_id o, lease_status l FROM devices')
    ).filter((d) => lessorOrgs.includes(d.o));
    expect(own.data.machines).toEqual({
      owned: machines.length,
      onLease: machines.filter((d) => d.l === 'leased').length,
    });
    expect(own.data.machines.onLease).toBeGreaterThan(0);
    expect((await lease(ROLE.lessorStaff)).data).toEqual(own.data);
  });

  it("adds a bill of this month to this month's income, and what is unpaid past due to the arrears", async () => {
    const lessor = await orgOf(ROLE.lessorAdmin);
    const renter = await orgOf(ROLE.other);
    const before = await lease(ROLE.lessorAdmin);
    expect(before.data.trend).toHaveLength(LEASE_TREND_MONTHS);
    expect(before.data.thisMonth.month).toBe(today.slice(0, 7));

    const device = (await rowOf<{ id: number }>(db(), 'SELECT id FROM devices WHERE org_id = ? LIMIT 1', lessor))!;
    const due = addDaysToDay(today, -20);
    await runOf(
      db(),
      `INSERT INTO bills (number, lessor_org_id, renter_org_id, contract_id, kind, period_start, period_end, issued_on,
         due_on, amount_cents, paid_cents, state) VALUES ('SCREEN-TEST', ?, ?, NULL, 'opening', ?, ?, ?, ?, 900000000, 2345, 'partlyPaid')`,
      lessor,
      renter,
      `${today.slice(0, 7)}-01`,
      today,
      due,
      due,
    );
    // A bill without a contract counts in arrears (an opening balance); income needs its contract: the lines of a
    // contract bill of the same lessor are copied onto a second bill.
    const contract = (await rowOf<{ id: number }>(
      db(),
      `SELECT id FROM contracts WHERE lessor_org_id = ? AND kind = 'contract' LIMIT 1`,
      lessor,
    ))!;
    const billed = (await rowOf<{ id: number }>(
      db(),
      `INSERT INTO bills (number, lessor_org_id, renter_org_id, contract_id, kind, period_start, period_end, issued_on,
         due_on, amount_cents, paid_cents, state) VALUES ('SCREEN-TEST-2', ?, ?, ?, 'cycle', ?, ?, ?, ?, 40000, 10000, 'partlyPaid')
       RETURNING id`,
      lessor,
      renter,
      contract.id,
      `${today.slice(0, 7)}-01`,
      today,
      today,
      addDaysToDay(today, 5),
    ))!.id;
    await runOf(
      db(),
      `INSERT INTO bill_lines (bill_id, lease_period_id, device_id, line_id, business_model, from_on, to_on, days,
         amount_cents) VALUES (?, 999999, ?, 999999, 1, ?, ?, 1, 40000)`,
      billed,
      device.id,
      today,
      today,
    );

    const after = await lease(ROLE.lessorAdmin);
    expect(after.data.thisMonth.billedCents - before.data.thisMonth.billedCents).toBe(40000);
    expect(after.data.thisMonth.receivedCents - before.data.thisMonth.receivedCents).toBe(10000);
    expect(after.data.trend.at(-1)).toEqual(after.data.thisMonth);
    // Only the bill past due is in arrears (owed larger than anyone's, so its renter tops the list); the second is
    // not due yet.
    expect(after.data.arrears.overdueCents - before.data.arrears.overdueCents).toBe(900000000 - 2345);
    const owing = after.data.overdueRenters[0]!;
    expect(owing.renterId).toBe(renter);
    const pastDue = (await rowOf<{ owed: number; oldest: string }>(
      db(),
      `SELECT sum(amount_cents - paid_cents) owed, min(due_on) oldest FROM bills
       WHERE renter_org_id = ? AND lessor_org_id IN (${(await orgsFrom(lessor)).join(',')})
         AND state IN ('open', 'partlyPaid') AND due_on < ?`,
      renter,
      today,
    ))!;
    expect(owing.overdueCents).toBe(pastDue.owed);
    expect(owing.daysOverdue).toBeGreaterThanOrEqual(20);
    expect(owing.name).not.toBe('');
    const owed = after.data.overdueRenters.map((r) => r.overdueCents);
    expect([...owed].sort((a, b) => b - a)).toEqual(owed);
  });

  it('shows a rental company without contracts or bills as empty, not as zeros', async () => {
    const operator = (await db().select().from(organisations).all()).find((o) => o.kind === 'operator')!;
    const org = await db()
      .insert(organisations)
      .values({ name: 'New lessor', kind: 'lessor', parentId: operator.id })
      .returning()
      .get();
    const user = await createUser(db(), { orgId: org.id, mobile: '13799990055', roleId: ROLE.lessorAdmin });
    const token = await createSession(db(), user.id, 'console', '127.0.0.1', t.deps.now() + 3600_000);
    const res = await lease(token);
    expect(res.status).toBe('200');
    expect(res.data.empty).toBe(true);
    expect(res.data.overdueRenters).toEqual([]);
  });

  it('is read by finance and the rental company’s administrator and staff only', async () => {
    for (const roleId of [ROLE.companyAdmin, ROLE.companyEmployee, ROLE.screenViewer, ROLE.lessorSales, ROLE.other])
      expect((await lease(roleId)).status, `role ${roleId}`).toBe('403');
  });
});
