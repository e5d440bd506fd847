/**
 * What a rental company owes its sub-lessors (docs/decisions/079-sublessor-payables.md). Reads go through the
 * organisation scope on the payable's company (its administrator and staff their own, the operator's finance every
 * company's); the moves are server/src/payables/moves.ts, which check the writer again inside their unit of work.
 */
import { and, asc, desc, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { organisations } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { subleases } from '@console/db/schema/lease-sublease';
import { payablePayments, payables } from '@console/db/schema/payables';
import { payableEndpoints as api, type PayableRow } from '@console/contract/http/payables';
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
import { orgToday, orgTodays } from '../../lib/org-day.ts';
import { nameInSql } from '../../lib/org-brand.ts';
import { mayWritePayables, payPayable, voidPayable, voidPayment } from '../../payables/moves.ts';

const payableFields = (data: ScopedData) => ({
  id: payables.id,
  number: payables.number,
  orgId: payables.orgId,
  subleaseId: payables.subleaseId,
  subleaseNumber: sql<string>`coalesce(${subleases.number}, '')`,
  sublessorId: payables.sublessorOrgId,
  sublessorName: sql<string>`coalesce(${nameInSql(organisations, data.lang)}, '')`,
  deviceId: payables.deviceId,
  serialNumber: sql<string>`coalesce(${devices.serialNumber}, '')`,
  month: payables.month,
  fromOn: payables.fromOn,
  toOn: payables.toOn,
  amountCents: payables.amountCents,
  paidCents: payables.paidCents,
  state: payables.state,
  issuedOn: payables.issuedOn,
  dueOn: payables.dueOn,
});

const payableRows = (data: ScopedData) =>
  data
    .select(payableFields(data))
    .from(payables, data.orgScope(payables.orgId))
    .leftJoin(subleases, eq(subleases.id, payables.subleaseId))
    .leftJoin(devices, eq(devices.id, payables.deviceId))
    .leftJoin(organisations, eq(organisations.id, payables.sublessorOrgId));

type PayableRecord = Awaited<ReturnType<ReturnType<typeof payableRows>['all']>>[number];

const OPEN = ['open', 'partlyPaid'] as const;

async function present(deps: AppDeps, data: ScopedData, rows: PayableRecord[]): Promise<PayableRow[]> {
  const db = data.unscoped('alreadyScoped');
  const names = await orgNames(
    data,
    rows.map((r) => r.orgId),
  );
  const moneyOf = await moneyOfOrgs(deps, db);
  const todayOf = await orgTodays(db, deps.now());
  return rows.map(({ orgId, ...r }) => ({
    ...r,
    amountCents: Number(r.amountCents),
    paidCents: Number(r.paidCents),
    outstandingCents: r.state === 'void' ? 0 : Math.max(0, Number(r.amountCents) - Number(r.paidCents)),
    overdue: (OPEN as readonly string[]).includes(r.state) && r.dueOn < todayOf(orgId),
    lessorName: names.get(orgId) ?? '',
    money: moneyOf(orgId),
  }));
}

/** Open or partly paid payables past their due day on their company's calendar. */
async function overdueCondition(data: ScopedData, now: number) {
  const companies = await data
    .selectDistinct({ orgId: payables.orgId })
    .from(payables, data.orgScope(payables.orgId))
    .where(inArray(payables.state, [...OPEN]))
    .all();
  const todayOf = await orgTodays(data.unscoped('alreadyScoped'), now);
  return and(
    inArray(payables.state, [...OPEN]),
    companies.length === 0
      ? sql`false`
      : or(...companies.map((c) => and(eq(payables.orgId, c.orgId), lt(payables.dueOn, todayOf(c.orgId))))),
  );
}

/** A payable the user sees, for a move; 404 otherwise. */
async function seenPayable(data: ScopedData, id: number) {
  const row = await data
    .select({ id: payables.id, orgId: payables.orgId })
    .from(payables, data.orgScope(payables.orgId))
    .where(eq(payables.id, id))
    .get();
  if (!row) throw notFound();
  return row;
}

const sumOf = (value: unknown) => sql<number>`cast(coalesce(sum(${value}), 0) as bigint)`;

export const payableRoutes: RouteDef[] = [
  route(api.list, async ({ query, data, deps }) => {
    const where = and(
      keywordIn(
        data.dialect,
        [payables.number, subleases.number, devices.serialNumber, organisations.name],
        query.keyword,
      ),
      query.state ? eq(payables.state, query.state) : undefined,
      query.sublessorId ? eq(payables.sublessorOrgId, query.sublessorId) : undefined,
      query.subleaseId ? eq(payables.subleaseId, query.subleaseId) : undefined,
      query.fromMonth ? sql`${payables.month} >= ${query.fromMonth}` : undefined,
      query.toMonth ? sql`${payables.month} <= ${query.toMonth}` : undefined,
      query.overdue ? await overdueCondition(data, deps.now()) : undefined,
    );
    const order = listOrder(
      query,
      { month: payables.month, dueOn: payables.dueOn, amountCents: payables.amountCents },
      payables.id,
      [desc(payables.month), desc(payables.id)],
    );
    const { rows: page, ...paging } = await listPage(data, query, payableRows(data).where(where), order);
    const sums = await data
      .select({
        orgId: payables.orgId,
        amount: sumOf(payables.amountCents),
        paid: sumOf(payables.paidCents),
      })
      .from(payables, data.orgScope(payables.orgId))
      .leftJoin(subleases, eq(subleases.id, payables.subleaseId))
      .leftJoin(devices, eq(devices.id, payables.deviceId))
      .leftJoin(organisations, eq(organisations.id, payables.sublessorOrgId))
      .where(and(where, ne(payables.state, 'void')))
      .groupBy(payables.orgId)
      .all();
    const moneyOf = await moneyOfOrgs(deps, data.unscoped('alreadyScoped'));
    const per = (cents: (r: (typeof sums)[number]) => number) =>
      totalsPerCurrency(sums, cents, (r) => moneyOf(r.orgId));
    return {
      ...paging,
      list: await present(deps, data, page),
      totals: {
        amount: per((r) => Number(r.amount)),
        paid: per((r) => Number(r.paid)),
        outstanding: per((r) => Number(r.amount) - Number(r.paid)),
      },
    };
  }),

  route(api.detail, async ({ query, user, data, deps, timeZone }) => {
    const row = await payableRows(data).where(eq(payables.id, query.id)).get();
    if (!row) throw notFound();
    const extra = (await data
      .select({ voidReason: payables.voidReason, voidedBy: payables.voidedBy })
      .from(payables, data.orgScope(payables.orgId))
      .where(eq(payables.id, row.id))
      .get())!;
    const payments = await data
      .select()
      .from(
        payablePayments,
        data.within(
          payablePayments.payableId,
          data.select({ id: payables.id }).from(payables, data.orgScope(payables.orgId)),
        ),
      )
      .where(eq(payablePayments.payableId, row.id))
      .orderBy(asc(payablePayments.id))
      .all();
    const people = await userNames(data, [extra.voidedBy, ...payments.flatMap((p) => [p.createdBy, p.voidedBy])]);
    const name = (id: number | null) => (id ? (people.get(id) ?? '') : '');
    return {
      payable: (await present(deps, data, [row]))[0]!,
      payments: payments.map((p) => ({
        id: p.id,
        amountCents: Number(p.amountCents),
        paidOn: p.paidOn,
        method: p.method,
        reference: p.reference,
        note: p.note,
        state: p.state,
        voidReason: p.voidReason,
        userName: name(p.createdBy),
        voidedByName: name(p.voidedBy),
        at: formatInZone(p.createdAt, timeZone),
      })),
      voidReason: extra.voidReason,
      voidedByName: name(extra.voidedBy),
      mayWrite: mayWritePayables(user)(row.orgId),
      today: await orgToday(data.unscoped('domainRule'), row.orgId, deps.now()),
    };
  }),

  route(api.pay, async ({ body, user, data, deps, setMessage }) => {
    const seen = await seenPayable(data, body.payableId);
    const mayWrite = mayWritePayables(user);
    if (!mayWrite(seen.orgId)) throw forbidden();
    const made = await payPayable(data.unscoped('domainRule'), body, { userId: user.id, mayWrite }, deps.now());
    setMessage('payables.paid');
    return made;
  }),

  route(api.voidPayment, async ({ body, user, data, deps, setMessage }) => {
    const payment = await data
      .select({ payableId: payablePayments.payableId })
      .from(
        payablePayments,
        data.within(
          payablePayments.payableId,
          data.select({ id: payables.id }).from(payables, data.orgScope(payables.orgId)),
        ),
      )
      .where(eq(payablePayments.id, body.paymentId))
      .get();
    if (!payment) throw notFound();
    const seen = await seenPayable(data, payment.payableId);
    const mayWrite = mayWritePayables(user);
    if (!mayWrite(seen.orgId)) throw forbidden();
    const made = await voidPayment(data.unscoped('domainRule'), body, { userId: user.id, mayWrite }, deps.now());
    setMessage('payables.paymentVoidDone');
    return made;
  }),

  route(api.void, async ({ body, user, data, deps, setMessage }) => {
    const seen = await seenPayable(data, body.payableId);
    const mayWrite = mayWritePayables(user);
    if (!mayWrite(seen.orgId)) throw forbidden();
    const made = await voidPayable(data.unscoped('domainRule'), body, { userId: user.id, mayWrite }, deps.now());
    setMessage('payables.voidDone');
    return made;
  }),
];
