import { and, asc, between, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEndpoints as api } from '@console/contract/http/lease-billing';
import {
  allowancePerDay,
  MAX_DAY_TENTHS,
  measuredTenths,
  overtimeAmountCents,
  proratedAllowanceTenths,
} from '@console/contract/lease/overtime';
import { ROLE } from '@console/contract/codes/roles';
import { organisations, users } from '@console/db/schema/accounts';
import { dailyWork } from '@console/db/schema/analysis';
import { contractLines, contracts } from '@console/db/schema/lease';
import { billLines, billOvertime, bills, overtimeAdjustments } from '@console/db/schema/lease-billing';
import { charges, creditNotes } from '@console/db/schema/charges';
import { BUSINESSES } from '@console/db/seed/business';
import { createSession } from '@console/server/src/lib/session';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';

const CJK = /[\u4e00-\u9fff]/;

/**
 * The demo business bills overtime from the hours its machines worked (decision 070): in each brand, contracts with
 * hours allowances under day and month models, bills whose overtime the billing computed from the seeded daily work,
 * a machine whose hours are missing and a line the staff adjusted, in the brand's language.
 */
describe('the seeded overtime', () => {
  let t: TestApp;
  const db = () => t.dbh.db;
  let lessors: { id: number; lang: 'zh' | 'en' }[];
  const adminToken = async (lessorId: number) => {
    // Its administrator, or its staff where the company has no administrator of its own.
    const reader = await db()
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.orgId, lessorId), inArray(users.roleId, [ROLE.lessorAdmin, ROLE.lessorStaff])))
      .orderBy(asc(users.roleId), asc(users.id))
      .get();
    return createSession(db(), reader!.id, 'console', '127.0.0.1', t.deps.now() + 3600_000);
  };
  beforeAll(async () => {
    t = await createTestApp();
    lessors = (
      await db().select().from(organisations).where(eq(organisations.kind, 'lessor')).orderBy(organisations.id).all()
    ).map((o, i) => ({ id: o.id, lang: BUSINESSES[i]!.lang }));
  });
  afterAll(() => t?.dbh.close());

  it('gives contracts of every brand allowances and overtime prices under day and month models', async () => {
    const lines = await db()
      .select({ l: contractLines, lessorId: contracts.lessorOrgId, status: contracts.status })
      .from(contractLines)
      .innerJoin(contracts, eq(contracts.id, contractLines.contractId))
      .where(eq(contracts.kind, 'contract'))
      .all();
    // Both terms or neither; a day model's allowance at most a day.
    await expectEvery(
      lines,
      ({ l }) =>
        (l.allowanceTenths === null) === (l.overtimeCents === null) &&
        (l.allowanceTenths === null ||
          (l.overtimeCents! > 0 && (!allowancePerDay(l.businessModel) || l.allowanceTenths <= MAX_DAY_TENTHS))),
      'contract lines',
    );
    for (const lessor of lessors) {
      const mine = lines.filter((x) => x.lessorId === lessor.id);
      const withTerms = mine.filter((x) => x.l.allowanceTenths !== null);
      expect(withTerms.some((x) => allowancePerDay(x.l.businessModel))).toBe(true);
      expect(withTerms.some((x) => !allowancePerDay(x.l.businessModel))).toBe(true);
      expect(withTerms.some((x) => x.status === 7)).toBe(true);
      // A share of the contracts, not all of them.
      expect(withTerms.length).toBeLessThan(mine.length);
    }
  });

  it("bills each allowance line's overtime from the measured hours, and base plus overtime is the bill", async () => {
    const rows = await db()
      .select({ o: billOvertime, b: bills, l: contractLines })
      .from(billOvertime)
      .innerJoin(bills, eq(bills.id, billOvertime.billId))
      .innerJoin(contractLines, eq(contractLines.id, billOvertime.lineId))
      .all();
    const adjusted = new Set((await db().select().from(overtimeAdjustments).all()).map((a) => a.overtimeId));
    for (const lessor of lessors) {
      expect(rows.some(({ o, b }) => b.lessorOrgId === lessor.id && o.amountCents > 0)).toBe(true);
    }
    // The hours measured are the part's daily work, summed and rounded to 0.1 h; none at all is missing, not zero.
    await expectEvery(
      rows,
      async ({ o, b, l }) => {
        const worked = await db()
          .select({ hours: sql<number | null>`sum(${dailyWork.hoursWorked})`, days: sql<number>`count(*)` })
          .from(dailyWork)
          .where(
            and(
              eq(dailyWork.deviceId, o.deviceId),
              between(dailyWork.day, o.fromOn, o.toOn),
              or(isNull(dailyWork.contractId), eq(dailyWork.contractId, b.contractId!)),
            ),
          )
          .get();
        const measured = worked!.days === 0 ? null : measuredTenths(Number(worked!.hours));
        const allowance = proratedAllowanceTenths(l.businessModel, l.allowanceTenths!, o.fromOn, o.toOn);
        const computed = measured === null ? 0 : Math.max(0, measured - allowance);
        return (
          o.measuredTenths === measured &&
          o.allowanceTenths === allowance &&
          o.priceCents === l.overtimeCents &&
          o.computedTenths === computed &&
          (adjusted.has(o.id) || o.hoursTenths === computed) &&
          o.amountCents === overtimeAmountCents(o.hoursTenths, o.priceCents)
        );
      },
      'overtime lines',
    );
    // Bills carrying charges beyond rent or a credit note add those too (decision 074, its own tests); the others are
    // their rent and their overtime.
    const otherItems = new Set(
      [
        ...(await db().select({ id: charges.billId }).from(charges).all()),
        ...(await db().select({ id: creditNotes.billId }).from(creditNotes).all()),
      ].map((r) => r.id),
    );
    const billed = [...new Set(rows.map((r) => r.b.id))].filter((id) => !otherItems.has(id));
    const sums = async (table: typeof billLines | typeof billOvertime) =>
      new Map(
        (
          await db()
            .select({ billId: table.billId, cents: sql<number>`sum(${table.amountCents})` })
            .from(table)
            .where(inArray(table.billId, billed))
            .groupBy(table.billId)
            .all()
        ).map((r) => [r.billId, Number(r.cents)]),
      );
    const base = await sums(billLines);
    const overtime = await sums(billOvertime);
    const amounts = await db().select().from(bills).where(inArray(bills.id, billed)).all();
    await expectEvery(
      amounts,
      (b) => b.amountCents === (base.get(b.id) ?? 0) + (overtime.get(b.id) ?? 0),
      'bills with overtime',
    );
  });

  it("shows each brand a bill whose machine's hours are missing and a line its staff adjusted, in its language", async () => {
    for (const lessor of lessors) {
      const token = await adminToken(lessor.id);
      const missing = await db()
        .select({ b: bills })
        .from(billOvertime)
        .innerJoin(bills, eq(bills.id, billOvertime.billId))
        .where(and(eq(bills.lessorOrgId, lessor.id), isNull(billOvertime.measuredTenths)))
        .get();
      expect(missing, `hours missing at lessor ${lessor.id}`).toBeDefined();
      const listed = await t.call(api.billList, {
        token,
        query: { keyword: missing!.b.number, page: 1, pageSize: 20 },
      });
      expect(listed.data.list.find((x) => x.id === missing!.b.id)?.hoursMissing).toBe(true);
      const detail = await t.call(api.billDetail, { token, query: { id: missing!.b.id } });
      const silent = detail.data.overtime.filter((o) => o.measuredTenths === null);
      expect(silent.length).toBeGreaterThan(0);
      expect(silent.every((o) => o.amountCents === 0 && o.hoursTenths === 0)).toBe(true);

      const adjustment = await db()
        .select({ a: overtimeAdjustments })
        .from(overtimeAdjustments)
        .innerJoin(bills, eq(bills.id, overtimeAdjustments.billId))
        .where(eq(bills.lessorOrgId, lessor.id))
        .get();
      expect(adjustment, `an adjusted line at lessor ${lessor.id}`).toBeDefined();
      const adjusted = await t.call(api.billDetail, {
        token,
        query: { id: adjustment!.a.billId },
        lang: lessor.lang === 'zh' ? 'zh_CN' : 'en_US',
      });
      const line = adjusted.data.overtime.find((o) => o.adjustments.length > 0)!;
      expect(line.hoursTenths).not.toBe(line.computedTenths);
      expect(line.amountCents).toBe(overtimeAmountCents(line.hoursTenths, line.priceCents));
      const [made] = line.adjustments;
      expect([made!.fromTenths, made!.toTenths]).toEqual([line.computedTenths, line.hoursTenths]);
      expect(CJK.test(made!.reason)).toBe(lessor.lang === 'zh');
      expect(made!.userName).not.toBe('');
      // The bill's amount moved with it, and its record says so.
      const total =
        adjusted.data.lines.reduce((s, x) => s + x.amountCents, 0) +
        adjusted.data.overtime.reduce((s, x) => s + x.amountCents, 0);
      expect(adjusted.data.bill.amountCents).toBe(total);
      const ledger = await t.call(api.ledger, {
        token,
        query: { renterId: adjusted.data.bill.renterId, type: 'overtimeAdjust', page: 1, pageSize: 200 },
      });
      const row = ledger.data.list.find((x) => x.billId === adjusted.data.bill.id);
      expect([row?.detail, row?.amountCents]).toEqual([made!.reason, made!.toCents - made!.fromCents]);
    }
  });
});
