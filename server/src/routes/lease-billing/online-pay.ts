/**
 * Renters paying their bills or deposits online (docs/decisions/077-renters-pay-online.md). Reads go through the organisation
 * scope on the payment's lessor and renter, as bills do; a renter's users open payments for their own organisation's
 * bills only. The moves are server/src/billing/online-payments.ts.
 */
import { desc, eq, inArray } from 'drizzle-orm';
import { bills } from '@console/db/schema/lease-billing';
import { deposits } from '@console/db/schema/deposits';
import { onlinePaymentRefunds, onlinePayments } from '@console/db/schema/online-payments';
import { onlinePaymentEndpoints as api, type OnlinePaymentRow } from '@console/contract/http/online-payments';
import type { ScopedData } from '../../lib/data.ts';
import { ApiError, forbidden, notFound } from '../../lib/errors.ts';
import { API_STATUS } from '@console/contract/http/envelope';
import { listPage } from '../../lib/list-page.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { orgNames } from '../../lib/scope.ts';
import { formatInZone } from '../../lib/time.ts';
import { moneyOfOrgs } from '../../lib/currencies.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { userNames } from '../../lib/maintenance.ts';
import {
  billIdsOf,
  checkBillPayment,
  openPayment,
  refundLateMoney,
  type OnlinePayment,
} from '../../billing/online-payments.ts';

async function present(
  data: ScopedData,
  deps: AppDeps,
  rows: OnlinePayment[],
  timeZone: string,
): Promise<OnlinePaymentRow[]> {
  const names = await orgNames(
    data,
    rows.map((r) => r.renterOrgId),
  );
  const ids = [...new Set(rows.flatMap(billIdsOf))];
  const numbers = new Map(
    ids.length === 0
      ? []
      : (
          await data
            .select({ id: bills.id, number: bills.number })
            .from(bills, data.orgScope(bills.lessorOrgId, bills.renterOrgId))
            .where(inArray(bills.id, ids))
            .all()
        ).map((b) => [b.id, b.number]),
  );
  const depositIds = [...new Set(rows.flatMap((r) => (r.depositId === null ? [] : [r.depositId])))];
  const depositsOf = new Map(
    depositIds.length === 0
      ? []
      : (
          await data
            .select({ id: deposits.id, number: deposits.number, contractId: deposits.contractId })
            .from(deposits, data.orgScope(deposits.lessorOrgId, deposits.renterOrgId))
            .where(inArray(deposits.id, depositIds))
            .all()
        ).map((d) => [d.id, d]),
  );
  const moneyOf = await moneyOfOrgs(deps, data.unscoped('codeTable'));
  // The payments are in the reader's scope: their late money is read by payment id.
  const late = new Map(
    rows.length === 0
      ? []
      : (
          await data
            .unscoped('alreadyScoped')
            .select()
            .from(onlinePaymentRefunds)
            .where(
              inArray(
                onlinePaymentRefunds.paymentId,
                rows.map((r) => r.id),
              ),
            )
            .all()
        ).map((l) => [l.paymentId, l]),
  );
  const refunders = await userNames(
    data,
    [...late.values()].map((l) => l.refundedBy),
  );
  return rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    renterId: r.renterOrgId,
    renterName: names.get(r.renterOrgId) ?? '',
    amountCents: r.amountCents,
    owedCents: r.owedCents,
    bills: billIdsOf(r).map((id) => ({ id, number: numbers.get(id) ?? '' })),
    deposit:
      r.depositId === null ? null : (depositsOf.get(r.depositId) ?? { id: r.depositId, number: '', contractId: 0 }),
    state: r.state,
    payUrl: r.state === 'charging' ? r.payUrl : '',
    receiptId: r.receiptId,
    lateMoney: ((l) =>
      l
        ? {
            amountCents: l.amountCents,
            reportedAt: formatInZone(l.reportedAt, timeZone),
            paymentState: l.paymentState as OnlinePaymentRow['state'],
            state: l.state,
            attempts: l.attempts,
            error: l.error,
            refundedByName: l.refundedBy === null ? '' : (refunders.get(l.refundedBy) ?? ''),
            refundedAt: l.refundedAt ? formatInZone(l.refundedAt, timeZone) : '',
          }
        : null)(late.get(r.id)),
    createdAt: formatInZone(r.createdAt, timeZone),
    settledAt: r.settledAt ? formatInZone(r.settledAt, timeZone) : '',
    money: moneyOf(r.lessorOrgId),
  }));
}

const paymentIn = async (data: ScopedData, id: number) => {
  const row = await data
    .select()
    .from(onlinePayments, data.orgScope(onlinePayments.lessorOrgId, onlinePayments.renterOrgId))
    .where(eq(onlinePayments.id, id))
    .get();
  if (!row) throw notFound();
  return row;
};

export const onlinePayRoutes: RouteDef[] = [
  route(api.list, async ({ query, data, deps, timeZone }) => {
    const rows = data
      .select()
      .from(onlinePayments, data.orgScope(onlinePayments.lessorOrgId, onlinePayments.renterOrgId))
      .where(query.state ? eq(onlinePayments.state, query.state) : undefined)
      .$dynamic();
    const { rows: found, ...paging } = await listPage(data, query, rows, [desc(onlinePayments.id)]);
    return { ...paging, list: await present(data, deps, found, timeZone) };
  }),

  route(api.create, async ({ body, user, data, deps, timeZone, setMessage }) => {
    // A renter's users pay their own organisation's bills and deposits; nobody pays for another.
    if (user.orgKind !== 'customer') throw forbidden();
    const payment = await openPayment(deps, { userId: user.id, renterOrgId: user.orgId }, body);
    setMessage('onlinePay.opened');
    return { payment: (await present(data, deps, [payment], timeZone))[0]!, payUrl: payment.payUrl };
  }),

  route(api.check, async ({ body, data, deps, timeZone }) => {
    const payment = await checkBillPayment(deps, await paymentIn(data, body.id));
    return { payment: (await present(data, deps, [payment], timeZone))[0]! };
  }),

  // Late money the provider could not be reached to refund, or refused to: asked again by the company's people.
  route(api.refundLate, async ({ body, user, data, deps, timeZone, setMessage }) => {
    if (user.orgKind !== 'lessor') throw forbidden();
    const payment = await paymentIn(data, body.id);
    const late = await data
      .unscoped('alreadyScoped')
      .select()
      .from(onlinePaymentRefunds)
      .where(eq(onlinePaymentRefunds.paymentId, payment.id))
      .get();
    if (!late) throw notFound();
    if (late.state === 'refunded') throw new ApiError(API_STATUS.conflict, 'onlinePay.lateRefunded');
    const after = await refundLateMoney(deps, late.id, user.id);
    setMessage(after.state === 'refunded' ? 'onlinePay.lateRefundMade' : 'onlinePay.lateRefundNotMade');
    return { payment: (await present(data, deps, [payment], timeZone))[0]! };
  }),
];
