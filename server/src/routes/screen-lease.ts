import { and, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { nameInSql } from '../lib/org-brand.ts';
import { organisations } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { contracts } from '@console/db/schema/lease';
import { bills } from '@console/db/schema/lease-billing';
import { daysOverdue } from '@console/contract/codes/lease-billing';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import {
  LEASE_SCREEN_RENTERS,
  LEASE_SCREEN_STATES,
  screenEndpoints,
  type LeaseScreen,
} from '@console/contract/http/screens';
import { route, type RouteDef } from '../lib/route.ts';
import { currencyChoice, moneyOfOrgs } from '../lib/currencies.ts';
import type { AppDeps } from '../lib/deps.ts';
import type { ScopedData } from '../lib/data.ts';
import type { SessionUser } from '../lib/session.ts';
import { incomeOf, moneyOf, monthsOf, rangeOf } from './lease-revenue/index.ts';

/**
 * The currency of the screen's money figures and the lessors billing in it (decision 064): never two currencies
 * added up. The currencies present are those of the lessors in scope that billed; the one asked for when present,
 * else the viewer's company's when present, else the one most bills are in (the operator's finance seeing only
 * companies of other brands), so a screen on a wall opens on the business that matters most to its viewer.
 */
async function currencyScope(deps: AppDeps, data: ScopedData, user: SessionUser, asked: string | undefined) {
  const db = data.unscoped('alreadyScoped');
  const billed = await data
    .select({ id: bills.lessorOrgId, n: sql<number>`count(*)` })
    .from(bills, data.orgScope(bills.lessorOrgId))
    .groupBy(bills.lessorOrgId)
    .all();
  const moneyOfOrg = await moneyOfOrgs(deps, db);
  const perCurrency = new Map<string, number>();
  for (const { id, n } of billed) {
    const code = moneyOfOrg(id).currency.code;
    perCurrency.set(code, (perCurrency.get(code) ?? 0) + n);
  }
  const own = moneyOfOrg(user.orgId).currency.code;
  const most = [...perCurrency].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
  const chosen = asked && perCurrency.has(asked) ? asked : perCurrency.has(own) ? own : most;
  const { orgIds, ...inCurrency } = await currencyChoice(
    deps,
    db,
    billed.map((b) => b.id),
    chosen,
    user.orgId,
  );
  return { ...inCurrency, lessors: orgIds };
}

/**
 * The lease big screen (/leaseBigScreen, docs/decisions/046-big-screens.md): the figures of the viewer's rental
 * companies, each counted as the page that owns it counts it: contracts by state (the contract list), income by the
 * month of a line's last billed day (the revenue analysis, decision 040), arrears as unpaid past due (the arrears
 * list, decision 036). Scoped on the lessor: the operator's finance sees every rental company's, a company its own;
 * the money figures are of the companies billing in one currency (decision 064), the counts of every company.
 */
export const screenLeaseRoutes: RouteDef[] = [
  route(screenEndpoints.lease, async ({ query, data, deps, user, today: todayOf }): Promise<LeaseScreen> => {
    const now = deps.now();
    const today = todayOf();
    const { lessors, ...inCurrency } = await currencyScope(deps, data, user, query.currency);
    const inIt = inArray(bills.lessorOrgId, lessors.length > 0 ? lessors : [0]);

    const byStatus = new Map(
      (
        await data
          .select({ status: contracts.status, n: sql<number>`count(*)` })
          .from(contracts, data.orgScope(contracts.lessorOrgId))
          // A change of a contract is not another contract.
          .where(eq(contracts.kind, 'contract'))
          .groupBy(contracts.status)
          .all()
      ).map((r) => [r.status, r.n]),
    );
    const machines = (await data
      .select({
        owned: sql<number>`count(*)`,
        onLease: sql<number>`coalesce(sum(case when ${devices.leaseStatus} = 'leased' then 1 else 0 end), 0)`,
      })
      .from(devices, data.orgScope(devices.orgId))
      .get())!;

    // The last twelve months to today, as the revenue analysis opens.
    const range = rangeOf({}, today);
    const income = incomeOf(data, {}, range, lessors);
    const db = data.unscoped('alreadyScoped');
    const byMonth = new Map(
      (
        await db
          .select({ month: income.month, ...moneyOf(income) })
          .from(income)
          .groupBy(sql`${income.month}`)
          .all()
      ).map((r) => [r.month, r]),
    );
    const trend = monthsOf(range).map((month) => ({
      month,
      billedCents: byMonth.get(month)?.billedCents ?? 0,
      receivedCents: byMonth.get(month)?.receivedCents ?? 0,
    }));

    // Unpaid past due of the lessors billing in the screen's currency.
    const pastDue = and(inIt, inArray(bills.state, ['open', 'partlyPaid']), lt(bills.dueOn, today));
    const owed = sql<number>`coalesce(sum(${bills.amountCents} - ${bills.paidCents}), 0)`;
    const arrears = (await data
      .select({
        overdueCents: owed,
        renters: sql<number>`count(distinct ${bills.renterOrgId})`,
        contracts: sql<number>`count(distinct ${bills.contractId})`,
      })
      .from(bills, data.orgScope(bills.lessorOrgId))
      .where(pastDue)
      .get())!;
    const renters = await data
      .select({
        renterId: bills.renterOrgId,
        name: sql<string>`coalesce(max(${nameInSql(organisations, data.lang)}), '')`,
        overdueCents: owed,
        contracts: sql<number>`count(distinct ${bills.contractId})`,
        oldestDueOn: sql<string>`min(${bills.dueOn})`,
      })
      .from(bills, data.orgScope(bills.lessorOrgId))
      .leftJoin(organisations, eq(organisations.id, bills.renterOrgId))
      .where(pastDue)
      .groupBy(bills.renterOrgId)
      .orderBy(desc(owed), bills.renterOrgId)
      .limit(LEASE_SCREEN_RENTERS)
      .all();

    const anyBill = await data
      .select({ id: bills.id })
      .from(bills, data.orgScope(bills.lessorOrgId))
      .where(ne(bills.state, 'void'))
      .limit(1)
      .get();
    return {
      ...inCurrency,
      empty: byStatus.size === 0 && !anyBill,
      contracts: LEASE_SCREEN_STATES.map((state) => ({
        state,
        contracts: byStatus.get(LEASE_STATUS[state]) ?? 0,
      })),
      machines,
      thisMonth: trend.at(-1)!,
      trend,
      arrears,
      overdueRenters: renters.map(({ oldestDueOn, ...r }) => ({ ...r, daysOverdue: daysOverdue(oldestDueOn, today) })),
      at: now,
    };
  }),
];
