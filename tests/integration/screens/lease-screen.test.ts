import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { addDaysToDay } from '@console/contract/http/upkeep';
import { LEASE_SCREEN_STATES, LEASE_TREND_MONTHS, screenEndpoints } from '@console/contract/http/screens';
import { organisations } from '@console/db/schema/accounts';
import { createUser } from '@console/db/seed/accounts';
import { dayInZone } from '@console/server/src/lib/time';
import { createSession } from '@console/server/src/lib/session';
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
  const s = () => t.dbh.sqlite;
  const orgOf = async (roleId: RoleId) =>
    (
      s()
        .prepare('SELECT org_id o FROM users WHERE id = ?')
        .get(await t.userId(roleId)) as { o: number }
    ).o;
  /** An organisation and those below it (its customers, its sub-lessor). */
  const orgsFrom = (orgId: number) =>
    (
      s()
        .prepare(
          `WITH RECURSIVE below(id) AS (SELECT ? UNION SELECT o.id FROM organisations o JOIN below b ON o.parent_id = b.id)
           SELECT id FROM below`,
        )
        .all(orgId) as { id: number }[]
    ).map((r) => r.id);

  function expectedContracts(lessors: number[] | null) {
    const rows = s().prepare(`SELECT status, lessor_org_id l FROM contracts WHERE kind = 'contract'`).all() as {
      status: number;
      l: number;
    }[];
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
    expect(all.data.contracts).toEqual(expectedContracts(null));
    expect(all.data.contracts.find((c) => c.state === 'inExecution')!.contracts).toBeGreaterThan(0);

    const lessorOrgs = orgsFrom(await orgOf(ROLE.lessorAdmin));
    const own = await lease(ROLE.lessorAdmin);
    expect(own.data.contracts).toEqual(expectedContracts(lessorOrgs));
    const machines = (
      s().prepare('SELECT org_id o, lease_status l FROM devices').all() as { o: number; l: string }[]
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

    const device = s().prepare('SELECT id FROM devices WHERE org_id = ? LIMIT 1').get(lessor) as { id: number };
    const due = addDaysToDay(today, -20);
    s()
      .prepare(
        `INSERT INTO bills (number, lessor_org_id, renter_org_id, contract_id, kind, period_start, period_end, issued_on,
           due_on, amount_cents, paid_cents, state) VALUES ('SCREEN-TEST', ?, ?, NULL, 'opening', ?, ?, ?, ?, 900000000, 2345, 'partlyPaid')`,
      )
      .run(lessor, renter, `${today.slice(0, 7)}-01`, today, due, due);
    // A bill without a contract counts in arrears (an opening balance); income needs its contract: the lines of a
    // contract bill of the same lessor are copied onto a second bill.
    const contract = s()
      .prepare(`SELECT id FROM contracts WHERE lessor_org_id = ? AND kind = 'contract' LIMIT 1`)
      .get(lessor) as { id: number };
    const billed = s()
      .prepare(
        `INSERT INTO bills (number, lessor_org_id, renter_org_id, contract_id, kind, period_start, period_end, issued_on,
           due_on, amount_cents, paid_cents, state) VALUES ('SCREEN-TEST-2', ?, ?, ?, 'cycle', ?, ?, ?, ?, 40000, 10000, 'partlyPaid')`,
      )
      .run(
        lessor,
        renter,
        contract.id,
        `${today.slice(0, 7)}-01`,
        today,
        today,
        addDaysToDay(today, 5),
      ).lastInsertRowid;
    s()
      .prepare(
        `INSERT INTO bill_lines (bill_id, lease_period_id, device_id, line_id, business_model, from_on, to_on, days,
           amount_cents) VALUES (?, 999999, ?, 999999, 1, ?, ?, 1, 40000)`,
      )
      .run(billed, device.id, today, today);

    const after = await lease(ROLE.lessorAdmin);
    expect(after.data.thisMonth.billedCents - before.data.thisMonth.billedCents).toBe(40000);
    expect(after.data.thisMonth.receivedCents - before.data.thisMonth.receivedCents).toBe(10000);
    expect(after.data.trend.at(-1)).toEqual(after.data.thisMonth);
    // Only the bill past due is in arrears (owed larger than anyone's, so its renter tops the list); the second is
    // not due yet.
    expect(after.data.arrears.overdueCents - before.data.arrears.overdueCents).toBe(900000000 - 2345);
    const owing = after.data.overdueRenters[0]!;
    expect(owing.renterId).toBe(renter);
    const pastDue = s()
      .prepare(
        `SELECT sum(amount_cents - paid_cents) owed, min(due_on) oldest FROM bills
         WHERE renter_org_id = ? AND lessor_org_id IN (${orgsFrom(lessor).join(',')})
           AND state IN ('open', 'partlyPaid') AND due_on < ?`,
      )
      .get(renter, today) as { owed: number; oldest: string };
    expect(owing.overdueCents).toBe(pastDue.owed);
    expect(owing.daysOverdue).toBeGreaterThanOrEqual(20);
    expect(owing.name).not.toBe('');
    const owed = after.data.overdueRenters.map((r) => r.overdueCents);
    expect([...owed].sort((a, b) => b - a)).toEqual(owed);
  });

  it('shows a rental company without contracts or bills as empty, not as zeros', async () => {
    const { db } = t.dbh;
    const operator = (await db.select().from(organisations).all()).find((o) => o.kind === 'operator')!;
    const org = await db
      .insert(organisations)
      .values({ name: 'New lessor', kind: 'lessor', parentId: operator.id })
      .returning()
      .get();
    const user = await createUser(db, { orgId: org.id, mobile: '13799990055', roleId: ROLE.lessorAdmin });
    const token = await createSession(db, user.id, 'console', '127.0.0.1', t.deps.now() + 3600_000);
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
