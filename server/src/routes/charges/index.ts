/**
 * Charges beyond rent, the charges price list and credit notes (docs/decisions/074-charges-and-credit-notes.md).
 * Reads go through the organisation scope on the record's rental company and renter; writes go through
 * server/src/charges, which checks inside its unit of work that the user works for the record's company.
 */
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { chargePrices, charges, creditNoteLines, creditNotes } from '@console/db/schema/charges';
import { devices } from '@console/db/schema/devices';
import { contracts } from '@console/db/schema/lease';
import { bills } from '@console/db/schema/lease-billing';
import { chargeEndpoints as api, type ChargeRow, type CreditNoteRow } from '@console/contract/http/charges';
import { CHARGE_PRICE_WRITERS, CHARGE_WRITERS, CREDIT_NOTE_WRITERS } from '@console/contract/access/charges';
import type { SessionUser } from '../../lib/session.ts';
import type { ScopedData } from '../../lib/data.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { forbidden, invalidField, notFound } from '../../lib/errors.ts';
import { listOrder, listPage } from '../../lib/list-page.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { orgNames } from '../../lib/scope.ts';
import { keywordIn } from '../../lib/search.ts';
import { formatInZone } from '../../lib/time.ts';
import { moneyOfOrgs, totalsPerCurrency } from '../../lib/currencies.ts';
import { userNames } from '../../lib/maintenance.ts';
import { runArrearsLocks } from '../../risk/arrears.ts';
import { addCharge, billChargeNow, cancelCharge } from '../../charges/moves.ts';
import { saveChargePrice } from '../../charges/prices.ts';
import { creditableCents, creditedCents, issueCreditNote } from '../../charges/credit-notes.ts';

/** A role of the rental company itself, for its own records. */
const ownCompany = (user: SessionUser, roles: readonly number[]) => (lessorOrgId: number) =>
  roles.includes(user.roleId) && user.orgKind === 'lessor' && user.orgId === lessorOrgId;
export const mayWriteCharges = (user: SessionUser) => ownCompany(user, CHARGE_WRITERS);
export const mayCredit = (user: SessionUser) => ownCompany(user, CREDIT_NOTE_WRITERS);

const chargeRows = (data: ScopedData) =>
  data
    .select({
      c: charges,
      contractNumber: contracts.number,
      serialNumber: devices.serialNumber,
      billNumber: bills.number,
    })
    .from(charges, data.orgScope(charges.orgId, charges.renterOrgId))
    .innerJoin(contracts, eq(contracts.id, charges.contractId))
    .leftJoin(devices, eq(devices.id, charges.deviceId))
    .leftJoin(bills, eq(bills.id, charges.billId));
type ChargeRecord = Awaited<ReturnType<ReturnType<typeof chargeRows>['all']>>[number];

async function presentCharges(
  deps: AppDeps,
  data: ScopedData,
  rows: ChargeRecord[],
  user: SessionUser,
  timeZone: string,
): Promise<ChargeRow[]> {
  const names = await orgNames(
    data,
    rows.map((r) => r.c.renterOrgId),
  );
  const people = await userNames(
    data,
    rows.map((r) => r.c.createdBy),
  );
  const moneyOf = await moneyOfOrgs(deps, data.unscoped('alreadyScoped'));
  const mayWrite = mayWriteCharges(user);
  return rows.map(({ c, contractNumber, serialNumber, billNumber }) => ({
    id: c.id,
    contractId: c.contractId,
    contractNumber,
    renterName: names.get(c.renterOrgId) ?? '',
    kind: c.kind,
    priceName: c.priceName,
    quantity: c.quantity,
    distanceKm: c.distanceKm,
    unitCents: c.unitCents,
    amountCents: c.amountCents,
    reason: c.reason,
    handoverId: c.handoverId,
    deviceId: c.deviceId,
    serialNumber: serialNumber ?? '',
    photos: c.photos,
    billing: c.billing,
    state: c.state,
    billId: c.billId,
    billNumber: billNumber ?? '',
    createdByName: people.get(c.createdBy) ?? '',
    createdAt: formatInZone(c.createdAt, timeZone),
    cancelReason: c.cancelReason ?? '',
    movable: c.state === 'pending' && mayWrite(c.orgId),
    money: moneyOf(c.orgId),
  }));
}

const creditRows = (data: ScopedData) =>
  data
    .select({
      n: creditNotes,
      billNumber: bills.number,
      contractNumber: sql<string>`coalesce(${contracts.number}, '')`,
    })
    .from(creditNotes, data.orgScope(creditNotes.orgId, creditNotes.renterOrgId))
    .innerJoin(bills, eq(bills.id, creditNotes.billId))
    .leftJoin(contracts, eq(contracts.id, creditNotes.contractId));
type CreditRecord = Awaited<ReturnType<ReturnType<typeof creditRows>['all']>>[number];

async function presentCredits(
  deps: AppDeps,
  data: ScopedData,
  rows: CreditRecord[],
  timeZone: string,
): Promise<CreditNoteRow[]> {
  const db = data.unscoped('alreadyScoped');
  const names = await orgNames(
    data,
    rows.flatMap((r) => [r.n.renterOrgId, r.n.orgId]),
  );
  const people = await userNames(
    data,
    rows.map((r) => r.n.createdBy),
  );
  const ids = rows.map((r) => r.n.id);
  const lines =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(creditNoteLines)
          .where(inArray(creditNoteLines.creditNoteId, ids))
          .orderBy(asc(creditNoteLines.id))
          .all();
  const moneyOf = await moneyOfOrgs(deps, db);
  return rows.map(({ n, billNumber, contractNumber }) => ({
    id: n.id,
    number: n.number,
    billId: n.billId,
    billNumber,
    contractNumber,
    renterId: n.renterOrgId,
    renterName: names.get(n.renterOrgId) ?? '',
    lessorName: names.get(n.orgId) ?? '',
    issuedOn: n.issuedOn,
    amountCents: n.amountCents,
    reason: n.reason,
    lines: lines
      .filter((l) => l.creditNoteId === n.id)
      .map((l) => ({ description: l.description, amountCents: l.amountCents })),
    createdByName: people.get(n.createdBy) ?? '',
    createdAt: formatInZone(n.createdAt, timeZone),
    money: moneyOf(n.orgId),
  }));
}

export const chargeRoutes: RouteDef[] = [
  route(api.priceList, async ({ query, user, data, deps, timeZone }) => {
    const where = and(
      query.kind ? eq(chargePrices.kind, query.kind) : undefined,
      query.active === undefined ? undefined : eq(chargePrices.active, query.active === 1),
    );
    const { rows, ...paging } = await listPage(
      data,
      query,
      data.select().from(chargePrices, data.orgScope(chargePrices.orgId)).where(where),
      listOrder(query, { name: chargePrices.name, updatedAt: chargePrices.updatedAt }, chargePrices.id, [
        asc(chargePrices.kind),
        asc(chargePrices.name),
        asc(chargePrices.id),
      ]),
    );
    const orgs = await orgNames(
      data,
      rows.map((r) => r.orgId),
    );
    const moneyOf = await moneyOfOrgs(deps, data.unscoped('alreadyScoped'));
    const mayKeep = ownCompany(user, CHARGE_PRICE_WRITERS);
    return {
      list: rows.map((p) => ({
        id: p.id,
        kind: p.kind,
        name: p.name,
        pricing: p.pricing,
        cents: p.cents,
        bands: p.bands,
        active: p.active,
        orgName: orgs.get(p.orgId) ?? '',
        updatedAt: formatInZone(p.updatedAt, timeZone),
        editable: mayKeep(p.orgId),
        money: moneyOf(p.orgId),
      })),
      ...paging,
    };
  }),
  route(api.priceSave, async ({ body, user, data, deps }) => {
    if (user.orgKind !== 'lessor') throw forbidden();
    return saveChargePrice(data.unscoped('domainRule'), body, { userId: user.id, orgId: user.orgId }, deps.now());
  }),
  route(api.list, async ({ query, user, data, deps, timeZone }) => {
    const where = and(
      query.contractId ? eq(charges.contractId, query.contractId) : undefined,
      query.billId ? eq(charges.billId, query.billId) : undefined,
      query.state ? eq(charges.state, query.state) : undefined,
      query.kind ? eq(charges.kind, query.kind) : undefined,
    );
    const { rows, ...paging } = await listPage(
      data,
      query,
      chargeRows(data).where(where),
      listOrder(query, { amountCents: charges.amountCents, createdAt: charges.createdAt }, charges.id, [
        desc(charges.id),
      ]),
    );
    return { list: await presentCharges(deps, data, rows, user, timeZone), ...paging };
  }),
  route(api.create, async ({ body, user, data, deps }) => {
    // A contract the user sees; only its own company's administrator or staff charge it (checked again inside).
    const contract = await data
      .select({ id: contracts.id, lessorOrgId: contracts.lessorOrgId })
      .from(contracts, data.orgScope(contracts.lessorOrgId, contracts.renterOrgId))
      .where(eq(contracts.id, body.contractId))
      .get();
    if (!contract) throw invalidField('contractId', 'charges.contractRequired');
    if (!mayWriteCharges(user)(contract.lessorOrgId)) throw forbidden();
    const made = await addCharge(
      data.unscoped('domainRule'),
      body,
      { userId: user.id, mayWrite: mayWriteCharges(user) },
      deps.now(),
    );
    return made;
  }),
  route(api.cancel, async ({ body, user, data, deps }) => {
    const seen = await chargeRows(data).where(eq(charges.id, body.id)).get();
    if (!seen) throw notFound();
    if (!mayWriteCharges(user)(seen.c.orgId)) throw forbidden();
    return cancelCharge(
      data.unscoped('domainRule'),
      body,
      { userId: user.id, mayWrite: mayWriteCharges(user) },
      deps.now(),
    );
  }),
  route(api.billNow, async ({ body, user, data, deps }) => {
    const seen = await chargeRows(data).where(eq(charges.id, body.id)).get();
    if (!seen) throw notFound();
    if (!mayWriteCharges(user)(seen.c.orgId)) throw forbidden();
    return billChargeNow(
      data.unscoped('domainRule'),
      body,
      { userId: user.id, mayWrite: mayWriteCharges(user) },
      deps.now(),
    );
  }),
  route(api.creditList, async ({ query, data, deps, timeZone }) => {
    if (query.from && query.to && query.to < query.from) throw invalidField('to', 'billing.dayRangeInvalid');
    const where = and(
      query.renterId ? eq(creditNotes.renterOrgId, query.renterId) : undefined,
      query.billId ? eq(creditNotes.billId, query.billId) : undefined,
      query.from ? gte(creditNotes.issuedOn, query.from) : undefined,
      query.to ? lte(creditNotes.issuedOn, query.to) : undefined,
      keywordIn(data.dialect, [creditNotes.number, bills.number, creditNotes.reason], query.keyword),
    );
    const { rows, ...paging } = await listPage(
      data,
      query,
      creditRows(data).where(where),
      listOrder(
        query,
        { issuedOn: creditNotes.issuedOn, amountCents: creditNotes.amountCents, number: creditNotes.number },
        creditNotes.id,
        [desc(creditNotes.issuedOn), desc(creditNotes.id)],
      ),
    );
    const sums = await data
      .select({ orgId: creditNotes.orgId, cents: sql<number>`coalesce(sum(${creditNotes.amountCents}), 0)` })
      .from(creditNotes, data.orgScope(creditNotes.orgId, creditNotes.renterOrgId))
      .innerJoin(bills, eq(bills.id, creditNotes.billId))
      .where(where)
      .groupBy(creditNotes.orgId)
      .all();
    const moneyOf = await moneyOfOrgs(deps, data.unscoped('alreadyScoped'));
    return {
      list: await presentCredits(deps, data, rows, timeZone),
      ...paging,
      totals: totalsPerCurrency(
        sums,
        (s) => Number(s.cents),
        (s) => moneyOf(s.orgId),
      ),
    };
  }),
  route(api.creditCreate, async ({ body, user, data, deps }) => {
    // A bill the user sees; only its own company's administrator credits it (checked again inside).
    const seen = await data
      .select({ id: bills.id, lessorOrgId: bills.lessorOrgId, contractId: bills.contractId })
      .from(bills, data.orgScope(bills.lessorOrgId, bills.renterOrgId))
      .where(eq(bills.id, body.billId))
      .get();
    if (!seen) throw notFound();
    if (!mayCredit(user)(seen.lessorOrgId)) throw forbidden();
    const made = await issueCreditNote(
      deps,
      data.unscoped('domainRule'),
      body,
      { userId: user.id, mayCredit: mayCredit(user) },
      deps.now(),
    );
    // What the bill no longer asks is not owed: the arrears steps follow at once, as after a void (decision 039).
    await runArrearsLocks(deps, {
      lessorOrgId: seen.lessorOrgId,
      clearing: seen.contractId === null ? undefined : { by: 'billVoid', contractId: seen.contractId },
    });
    return made;
  }),
  route(api.billExtras, async ({ query, user, data, deps, timeZone }) => {
    const bill = await data
      .select()
      .from(bills, data.orgScope(bills.lessorOrgId, bills.renterOrgId))
      .where(eq(bills.id, query.id))
      .get();
    if (!bill) throw notFound();
    const db = data.unscoped('alreadyScoped');
    const chargeList = await chargeRows(data).where(eq(charges.billId, bill.id)).orderBy(asc(charges.id)).all();
    const notes = await creditRows(data).where(eq(creditNotes.billId, bill.id)).orderBy(asc(creditNotes.id)).all();
    const credited = await creditedCents(db, bill.id);
    const creditable = await creditableCents(db, bill);
    return {
      charges: await presentCharges(deps, data, chargeList, user, timeZone),
      creditNotes: await presentCredits(deps, data, notes, timeZone),
      issuedCents: bill.amountCents + credited,
      creditedCents: credited,
      creditableCents: creditable,
      mayCredit: creditable > 0 && mayCredit(user)(bill.lessorOrgId),
      money: (await moneyOfOrgs(deps, db))(bill.lessorOrgId),
    };
  }),
];
