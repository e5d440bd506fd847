/**
 * Charges and credit notes in the revenue analysis (docs/decisions/074-charges-and-credit-notes.md): income rows of
 * the same shape as a bill line's (server/src/routes/lease-revenue, `incomeOf`), added to its lines by `union all`.
 * A billed charge counts in the month of its bill's last day; a credit note, negative, in the month it was issued;
 * neither on a voided bill (the bill's income already left). Their ids are negative (even: a charge, odd: a credit
 * note), so they never meet a bill line's id; they have no days and no hours.
 */
import { and, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { organisations, users } from '@console/db/schema/accounts';
import { charges, creditNotes } from '@console/db/schema/charges';
import { devices } from '@console/db/schema/devices';
import { contracts, stores } from '@console/db/schema/lease';
import { bills } from '@console/db/schema/lease-billing';
import type { ScopedData } from '../lib/data.ts';
import { nameInSql } from '../lib/org-brand.ts';
import { keywordIn } from '../lib/search.ts';

export interface IncomeFilter {
  storeId?: number;
  renterId?: number;
  salespersonId?: number;
  kind?: string;
  keyword?: string;
}

/**
 * The columns every income row has, in the order the union matches them: a bill line's (its days, `from` to `day`,
 * and the hours its machine worked on them) or a charge's or credit note's (one day, no days counted, no hours).
 */
export function incomeColumns(
  data: ScopedData,
  row: {
    id: unknown;
    day: unknown;
    deviceId: unknown;
    amount: unknown;
    from?: unknown;
    days?: unknown;
    hours?: unknown;
  },
) {
  const amount = sql<number>`${row.amount}`;
  return {
    id: sql<number>`${row.id}`.as('id'),
    billId: sql<number>`${bills.id}`.as('bill_id'),
    billNumber: sql<string>`${bills.number}`.as('bill_number'),
    issuedOn: sql<string>`${bills.issuedOn}`.as('issued_on'),
    contractId: sql<number>`${contracts.id}`.as('contract_id'),
    contractNumber: sql<string>`${contracts.number}`.as('contract_number'),
    renterId: sql<number>`${bills.renterOrgId}`.as('renter_id'),
    renterName: nameInSql(organisations, data.lang).as('renter_name'),
    storeId: sql<number>`${contracts.storeId}`.as('store_id'),
    storeName: sql<string>`coalesce(${stores.name}, '')`.as('store_name'),
    deviceId: sql<number>`${row.deviceId}`.as('device_id'),
    serialNumber: sql<string>`coalesce(${devices.serialNumber}, '')`.as('serial_number'),
    kind: sql<string>`coalesce(${devices.kind}, '')`.as('kind'),
    salespersonId: sql<number>`coalesce(${contracts.salespersonId}, 0)`.as('salesperson_id'),
    salespersonName: sql<string>`coalesce(${users.name}, '')`.as('salesperson_name'),
    month: sql<string>`substr(${row.day}, 1, 7)`.as('month'),
    fromOn: sql<string>`${row.from ?? row.day}`.as('from_on'),
    toOn: sql<string>`${row.day}`.as('to_on'),
    days: sql<number>`${row.days ?? sql`0`}`.as('days'),
    amountCents: sql<number>`${amount}`.as('amount_cents'),
    receivedCents: sql<number>`coalesce(${amount} * ${bills.paidCents} / nullif(${bills.amountCents}, 0), 0)`.as(
      'received_cents',
    ),
    hoursWorked: sql<number>`${row.hours ?? sql`0`}`.as('hours_worked'),
  };
}

/** The bills not voided, of the lessors, whose income rows' `day` lies in the range and match the filter. */
export function incomeConditions(
  data: ScopedData,
  filter: IncomeFilter,
  lessors: number[] | undefined,
  day: unknown,
  number?: unknown,
) {
  const on = sql`${day}`;
  return (range: { from: string; to: string }) =>
    and(
      ne(bills.state, 'void'),
      lessors ? inArray(bills.lessorOrgId, lessors.length > 0 ? lessors : [0]) : undefined,
      gte(on, range.from),
      lte(on, range.to),
      filter.storeId ? eq(contracts.storeId, filter.storeId) : undefined,
      filter.renterId ? eq(bills.renterOrgId, filter.renterId) : undefined,
      filter.salespersonId ? eq(contracts.salespersonId, filter.salespersonId) : undefined,
      filter.kind ? sql`${devices.kind} = ${filter.kind}` : undefined,
      keywordIn(
        data.dialect,
        [contracts.number, bills.number, ...(number ? [sql`${number}`] : []), devices.serialNumber, organisations.name],
        filter.keyword,
      ),
    );
}

/** The billed charges of the filter as income rows (scoped on the bill's lessor). */
export function chargeIncome(
  data: ScopedData,
  filter: IncomeFilter,
  range: { from: string; to: string },
  lessors?: number[],
) {
  return data
    .select(
      incomeColumns(data, {
        id: sql`-2 * ${charges.id}`,
        day: bills.periodEnd,
        deviceId: sql`coalesce(${charges.deviceId}, 0)`,
        amount: charges.amountCents,
      }),
    )
    .from(bills, data.orgScope(bills.lessorOrgId))
    .innerJoin(charges, and(eq(charges.billId, bills.id), eq(charges.state, 'billed')))
    .innerJoin(contracts, eq(contracts.id, bills.contractId))
    .leftJoin(devices, eq(devices.id, charges.deviceId))
    .leftJoin(stores, eq(stores.id, contracts.storeId))
    .leftJoin(organisations, eq(organisations.id, bills.renterOrgId))
    .leftJoin(users, eq(users.id, contracts.salespersonId))
    .where(incomeConditions(data, filter, lessors, bills.periodEnd, charges.priceName)(range));
}

/** The credit notes of the filter as negative income rows (scoped on the bill's lessor). */
export function creditIncome(
  data: ScopedData,
  filter: IncomeFilter,
  range: { from: string; to: string },
  lessors?: number[],
) {
  return data
    .select(
      incomeColumns(data, {
        id: sql`-2 * ${creditNotes.id} - 1`,
        day: creditNotes.issuedOn,
        deviceId: sql`0`,
        amount: sql`-${creditNotes.amountCents}`,
      }),
    )
    .from(bills, data.orgScope(bills.lessorOrgId))
    .innerJoin(creditNotes, eq(creditNotes.billId, bills.id))
    .innerJoin(contracts, eq(contracts.id, bills.contractId))
    .leftJoin(devices, sql`false`)
    .leftJoin(stores, eq(stores.id, contracts.storeId))
    .leftJoin(organisations, eq(organisations.id, bills.renterOrgId))
    .leftJoin(users, eq(users.id, contracts.salespersonId))
    .where(incomeConditions(data, filter, lessors, creditNotes.issuedOn, creditNotes.number)(range));
}
