import { CNY } from '@console/contract/codes/money';
import { and, eq, inArray } from 'drizzle-orm';
import { users } from '@console/db/schema/accounts';
import { invoiceEvents, invoiceItems, invoices } from '@console/db/schema/invoices';
import { contractLines } from '@console/db/schema/lease';
import { allocations, billLines, bills, ledgerEntries, receipts } from '@console/db/schema/lease-billing';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { ROLE } from '@console/contract/codes/roles';
import { leaseHandoverEndpoints as handover } from '@console/contract/http/lease-handover';
import { createDraft } from '@console/server/src/lease/drafts';
import { approve, submit } from '@console/server/src/lease/review';
import { dayInZone } from '@console/server/src/lib/time';
import type { SigningFixture } from '../../fixtures/lease-signing.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import { demoUser, listedStock, storeOf } from '../lease/helpers.ts';

/**
 * Forget the demo's lease periods and everything billed of them, so a test's own periods are all there is to bill
 * (the seed bills its periods at start; a test that counts bills counts only its own). The invoices asked over those
 * bills go with them: the test's bills are numbered from 1 again (issue.ts) and would be taken for the ones invoiced.
 */
export async function withoutSeededBilling(t: TestApp): Promise<void> {
  await t.dbh.db.transaction(async (tx) => {
    const invoiced = (
      await tx
        .selectDistinct({ id: invoiceItems.invoiceId })
        .from(invoiceItems)
        .where(eq(invoiceItems.source, 'bill'))
        .all()
    ).map((i) => i.id);
    await tx.delete(invoiceEvents).where(inArray(invoiceEvents.invoiceId, invoiced)).run();
    await tx.delete(invoiceItems).where(inArray(invoiceItems.invoiceId, invoiced)).run();
    await tx.delete(invoices).where(inArray(invoices.id, invoiced)).run();
    for (const table of [ledgerEntries, allocations, receipts, billLines, bills, leasePeriods])
      await tx.delete(table).run();
  });
}

/** The organisation of a demo account. */
export const orgOf = async (t: TestApp, roleId: number) =>
  (await t.dbh.db
    .select()
    .from(users)
    .where(eq(users.id, await t.userId(roleId as never)))
    .get())!.orgId;

/** The lessor's calendar day now (the demo lessors bill on Beijing time). */
export const todayOf = (t: TestApp) => dayInZone(t.deps.now(), 'Asia/Shanghai');

/**
 * Move the server's clock forward to `day` at `utcHour` (10:00 in Beijing by default). The clock only moves
 * forward: a test that reaches a day already past is wrong about its own timeline.
 */
export function advanceTo(t: TestApp, day: string, utcHour = 2): void {
  const by = Date.parse(`${day}T${String(utcHour).padStart(2, '0')}:00:00Z`) - t.deps.now();
  if (by < 0) throw new Error(`the server's clock is past ${day} ${utcHour}:00 UTC already`);
  t.advance(by);
}

/** Write, then confirm, an entry or exit of machines under a contract as its lessor's administrator. */
export async function handOver(
  t: TestApp,
  kind: 'entry' | 'exit',
  contractId: number,
  machines: { lineId: number; deviceId: number }[],
  day: string,
): Promise<number> {
  const token = await t.tokenFor(ROLE.lessorAdmin);
  const made = await t.call(handover.create, {
    token,
    body: { kind, contractId, day, deliveredBy: '王师傅', receivedBy: '李工', machines },
  });
  if (made.status !== '200') throw new Error(`${kind} on ${day}: ${made.status} ${made.message}`);
  const confirmed = await t.call(handover.confirm, { token, body: { id: made.data.id } });
  if (confirmed.status !== '200') throw new Error(`${kind} on ${day} unconfirmed: ${confirmed.message}`);
  return made.data.id;
}

export interface Leased {
  contractId: number;
  renterId: number;
  lessorId: number;
  /** The lease periods by name: `daily` (machine A) and `calendar` (machine B). */
  periods: { daily: number; calendar: number };
  /** The machines by the same names. */
  machines: { daily: number; calendar: number };
  /** The contract's line of each machine. */
  lines: { daily: number; calendar: number };
  /** The lease's year: the first whose 15 March is still ahead of the server's clock when the lease is made. */
  year: number;
  /** A day of the lease's year, `on('05-01')`; `on('03-31', 1)` is in the year after. */
  on: (monthDay: string, years?: number) => string;
}

/**
 * A contract of the demo lessor (Huadong) with the demo customer (role 11's organisation) as its renter, made as
 * people make it: written by the administrator (naming `salespersonId`, if any), submitted, approved (by a rule or
 * else by the administrator) and signed by both parties, from 15 March to 31 December of the lease's year, billing
 * on the 1st, due in 10 days. Its two machines are of models with a list price (so a change at the list price may
 * be approved by a rule): `daily` (23 at 300.00 a day; its serial number sorts first) and `calendar` (25 at 6,000.00
 * a month), both delivered on 15 March through a confirmed entry. The server's clock is then 15 March, 10:00 in
 * Beijing; a test moves it on (advanceTo) to the days it bills, pays and returns on.
 */
export async function leaseTwoMachines(f: SigningFixture, options: { salespersonId?: number } = {}): Promise<Leased> {
  const { t } = f;
  const { db } = t.dbh;
  const lessorId = await orgOf(t, ROLE.lessorAdmin);
  const renterId = await orgOf(t, ROLE.other);
  const today = todayOf(t);
  const year = Number(today.slice(0, 4)) + (today < `${today.slice(0, 4)}-03-15` ? 0 : 1);
  const on = (monthDay: string, years = 0) => `${year + years}-${monthDay}`;
  // A's serial number comes first where machines are listed by it (a usage statement's columns).
  const [a, b] = (await listedStock(t, lessorId, 2)).sort((x, y) => (x.serialNumber < y.serialNumber ? -1 : 1));
  if (!a || !b) throw new Error('fewer than two machines in stock with a list price');
  const admin = await demoUser(t, ROLE.lessorAdmin);
  const { id } = await createDraft(
    db,
    admin,
    {
      renterId,
      storeId: await storeOf(t, lessorId),
      salespersonId: options.salespersonId ?? null,
      startOn: on('03-15'),
      endOn: on('12-31'),
      siteAddress: '张江路1号',
      billingDay: 1,
      dueDays: 10,
      lines: [
        { deviceId: a.id, businessModel: 23, dayCents: 30_000 },
        { deviceId: b.id, businessModel: 25, monthCents: 600_000 },
      ],
    },
    t.deps.now(),
  );
  if ((await submit(db, admin, id, t.deps.now(), CNY)).status === LEASE_STATUS.pendingReview) {
    await approve(db, admin, id, t.deps.now());
  }
  await f.sign(id);
  const lines = await db.select().from(contractLines).where(eq(contractLines.contractId, id)).all();
  const lineOf = (deviceId: number) => lines.find((l) => l.deviceId === deviceId)!.id;
  advanceTo(t, on('03-15'));
  await handOver(
    t,
    'entry',
    id,
    [a, b].map((m) => ({ lineId: lineOf(m.id), deviceId: m.id })),
    on('03-15'),
  );
  const periodOf = async (deviceId: number) =>
    (await db
      .select()
      .from(leasePeriods)
      .where(and(eq(leasePeriods.contractId, id), eq(leasePeriods.deviceId, deviceId)))
      .get())!.id;
  return {
    contractId: id,
    renterId,
    lessorId,
    periods: { daily: await periodOf(a.id), calendar: await periodOf(b.id) },
    machines: { daily: a.id, calendar: b.id },
    lines: { daily: lineOf(a.id), calendar: lineOf(b.id) },
    year,
    on,
  };
}

/** Return machines of the lease on `day` through a confirmed exit (which issues the bills due today). */
export const returnMachines = (t: TestApp, lease: Leased, names: ('daily' | 'calendar')[], day: string) =>
  handOver(
    t,
    'exit',
    lease.contractId,
    names.map((n) => ({ lineId: lease.lines[n], deviceId: lease.machines[n] })),
    day,
  );
