/**
 * Contracts' deposits (docs/decisions/073-deposits.md). Reads go through the organisation scope on the deposit's
 * lessor and renter; the moves are server/src/deposits/moves.ts, which check inside their unit of work that the user
 * writes receipts for the deposit's lessor (`mayWriteFor`, as receipts do).
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { depositMoves, deposits } from '@console/db/schema/deposits';
import { bills } from '@console/db/schema/lease-billing';
import { contracts } from '@console/db/schema/lease';
import { depositEndpoints as api, type DepositRow } from '@console/contract/http/deposits';
import { heldCents } from '@console/contract/lease/deposits';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import type { ScopedData } from '../../lib/data.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { orgNames } from '../../lib/scope.ts';
import { keywordIn } from '../../lib/search.ts';
import { formatInZone } from '../../lib/time.ts';
import { moneyOfOrgs, totalsPerCurrency } from '../../lib/currencies.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { userNames } from '../../lib/maintenance.ts';
import { runArrearsLocks } from '../../risk/arrears.ts';
import { billingToday } from '../../billing/zone.ts';
import { mayWriteDeposits as mayWriteFor } from '../../deposits/access.ts';
import { applyDeposit, receiveDeposit, refundDeposit } from '../../deposits/moves.ts';

const depositFields = {
  id: deposits.id,
  number: deposits.number,
  contractId: deposits.contractId,
  contractNumber: sql<string>`coalesce(${contracts.number}, '')`,
  renterId: deposits.renterOrgId,
  lessorOrgId: deposits.lessorOrgId,
  amountCents: deposits.amountCents,
  receivedCents: deposits.receivedCents,
  appliedCents: deposits.appliedCents,
  refundedCents: deposits.refundedCents,
  state: deposits.state,
  requestedOn: deposits.requestedOn,
};

const depositRows = (data: ScopedData) =>
  data
    .select(depositFields)
    .from(deposits, data.orgScope(deposits.lessorOrgId, deposits.renterOrgId))
    .leftJoin(contracts, eq(contracts.id, deposits.contractId));

type DepositRecord = Awaited<ReturnType<ReturnType<typeof depositRows>['all']>>[number];

async function present(deps: AppDeps, data: ScopedData, rows: DepositRecord[]): Promise<DepositRow[]> {
  const names = await orgNames(
    data,
    rows.flatMap((r) => [r.renterId, r.lessorOrgId]),
  );
  const moneyOf = await moneyOfOrgs(deps, data.unscoped('alreadyScoped'));
  return rows.map(({ lessorOrgId, ...r }) => ({
    ...r,
    renterName: names.get(r.renterId) ?? '',
    lessorName: names.get(lessorOrgId) ?? '',
    heldCents: heldCents(r),
    outstandingCents: Math.max(0, r.amountCents - r.receivedCents),
    money: moneyOf(lessorOrgId),
  }));
}

/** A deposit the user sees, for a move; 404 otherwise (the unit of work checks the writer again). */
async function seenDeposit(data: ScopedData, id: number) {
  const row = await depositRows(data).where(eq(deposits.id, id)).get();
  if (!row) throw notFound();
  return row;
}

/** What a group of deposits holds. */
const heldSums = {
  held: sql<number>`coalesce(sum(${deposits.receivedCents} - ${deposits.appliedCents} - ${deposits.refundedCents}), 0)`,
};

const ENDED: number[] = [LEASE_STATUS.closed, LEASE_STATUS.terminated];

export const depositRoutes: RouteDef[] = [
  route(api.list, async ({ query, data, deps }) => {
    const where = and(
      keywordIn(data.dialect, [deposits.number, contracts.number], query.keyword),
      query.state ? eq(deposits.state, query.state) : undefined,
      query.renterId ? eq(deposits.renterOrgId, query.renterId) : undefined,
      query.contractId ? eq(deposits.contractId, query.contractId) : undefined,
    );
    const rows = depositRows(data).where(where);
    const order = listOrder(
      query,
      { requestedOn: deposits.requestedOn, amountCents: deposits.amountCents },
      deposits.id,
      [desc(deposits.requestedOn), desc(deposits.id)],
    );
    const { rows: page, ...paging } = await listPage(data, query, rows, order);
    const all = await data
      .select({ lessorOrgId: deposits.lessorOrgId, ...heldSums })
      .from(deposits, data.orgScope(deposits.lessorOrgId, deposits.renterOrgId))
      .leftJoin(contracts, eq(contracts.id, deposits.contractId))
      .where(where)
      .groupBy(deposits.lessorOrgId)
      .all();
    const moneyOf = await moneyOfOrgs(deps, data.unscoped('alreadyScoped'));
    return {
      ...paging,
      list: await present(deps, data, page),
      totals: {
        held: totalsPerCurrency(
          all.filter((r) => r.held > 0),
          (r) => r.held,
          (r) => moneyOf(r.lessorOrgId),
        ),
      },
    };
  }),

  route(api.detail, async ({ query, user, data, deps, timeZone }) => {
    const contract = await data
      .select({ id: contracts.id, lessorOrgId: contracts.lessorOrgId, status: contracts.status })
      .from(contracts, data.orgScope(contracts.lessorOrgId, contracts.renterOrgId))
      .where(eq(contracts.id, query.contractId))
      .get();
    if (!contract) throw notFound();
    const row = await depositRows(data).where(eq(deposits.contractId, contract.id)).get();
    const today = await billingToday(data.unscoped('domainRule'), contract.lessorOrgId, deps.now());
    const contractEnded = ENDED.includes(contract.status);
    const mayWrite = mayWriteFor(data, user)(contract.lessorOrgId);
    if (!row) return { deposit: null, moves: [], openBills: [], contractEnded, mayWrite, today };
    const moves = await data
      .select({
        id: depositMoves.id,
        kind: depositMoves.kind,
        amountCents: depositMoves.amountCents,
        receiptId: depositMoves.receiptId,
        billId: depositMoves.billId,
        billNumber: sql<string>`coalesce(${bills.number}, '')`,
        method: depositMoves.method,
        reference: depositMoves.reference,
        reason: depositMoves.reason,
        note: depositMoves.note,
        day: depositMoves.day,
        userId: depositMoves.userId,
        at: depositMoves.at,
      })
      .from(
        depositMoves,
        data.within(
          depositMoves.depositId,
          data.select({ id: deposits.id }).from(deposits, data.orgScope(deposits.lessorOrgId, deposits.renterOrgId)),
        ),
      )
      .leftJoin(bills, eq(bills.id, depositMoves.billId))
      .where(eq(depositMoves.depositId, row.id))
      .orderBy(asc(depositMoves.id))
      .all();
    const people = await userNames(
      data,
      moves.map((m) => m.userId),
    );
    const openBills = await data
      .select({
        id: bills.id,
        number: bills.number,
        unpaidCents: sql<number>`${bills.amountCents} - ${bills.paidCents}`,
      })
      .from(bills, data.orgScope(bills.lessorOrgId, bills.renterOrgId))
      .where(and(eq(bills.contractId, contract.id), inArray(bills.state, ['open', 'partlyPaid'])))
      .orderBy(asc(bills.dueOn), asc(bills.id))
      .all();
    return {
      deposit: (await present(deps, data, [row]))[0]!,
      moves: moves.map(({ userId, at, ...m }) => ({
        ...m,
        userName: userId ? (people.get(userId) ?? '') : '',
        at: formatInZone(at, timeZone),
      })),
      openBills,
      contractEnded,
      mayWrite,
      today,
    };
  }),

  route(api.held, async ({ query, data, deps }) => {
    const rows = await data
      .select({ lessorOrgId: deposits.lessorOrgId, deposits: sql<number>`count(*)`, ...heldSums })
      .from(deposits, data.orgScope(deposits.lessorOrgId, deposits.renterOrgId))
      .where(
        and(
          query.renterId ? eq(deposits.renterOrgId, query.renterId) : undefined,
          sql`${deposits.receivedCents} - ${deposits.appliedCents} - ${deposits.refundedCents} > 0`,
        ),
      )
      .groupBy(deposits.lessorOrgId)
      .all();
    const moneyOf = await moneyOfOrgs(deps, data.unscoped('alreadyScoped'));
    return {
      held: totalsPerCurrency(
        rows,
        (r) => r.held,
        (r) => moneyOf(r.lessorOrgId),
      ),
      deposits: rows.reduce((n, r) => n + Number(r.deposits), 0),
    };
  }),

  route(api.receive, async ({ body, user, data, deps, setMessage }) => {
    const seen = await seenDeposit(data, body.depositId);
    const mayWrite = mayWriteFor(data, user);
    if (!mayWrite(seen.lessorOrgId)) throw forbidden();
    const made = await receiveDeposit(data.unscoped('domainRule'), body, { userId: user.id, mayWrite }, deps.now());
    setMessage('deposits.received');
    return made;
  }),

  route(api.apply, async ({ body, user, data, deps, setMessage }) => {
    const seen = await seenDeposit(data, body.depositId);
    const mayWrite = mayWriteFor(data, user);
    if (!mayWrite(seen.lessorOrgId)) throw forbidden();
    const made = await applyDeposit(data.unscoped('domainRule'), body, { userId: user.id, mayWrite }, deps.now());
    // What the deposit paid may clear the contract's arrears: the steps follow at once, as after a receipt.
    await runArrearsLocks(deps, {
      lessorOrgId: made.lessorOrgId,
      clearing: { by: 'receipt', renterOrgId: seen.renterId },
    });
    setMessage('deposits.applied');
    return { id: made.id };
  }),

  route(api.refund, async ({ body, user, data, deps, setMessage }) => {
    const seen = await seenDeposit(data, body.depositId);
    const mayWrite = mayWriteFor(data, user);
    if (!mayWrite(seen.lessorOrgId)) throw forbidden();
    const made = await refundDeposit(data.unscoped('domainRule'), body, { userId: user.id, mayWrite }, deps.now());
    setMessage('deposits.refunded');
    return made;
  }),
];
