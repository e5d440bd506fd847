import { and, asc, eq } from 'drizzle-orm';
import { addDays } from '@console/contract/codes/lease-billing';
import { ROLE } from '@console/contract/codes/roles';
import { invoiceEndpoints, type InvoiceRequestForm } from '@console/contract/http/invoices';
import { billingEndpoints } from '@console/contract/http/lease-billing';
import { dayInZone } from '@console/server/src/lib/time';
import { bills } from '@console/db/schema/lease-billing';
import { invoiceEvents, invoiceItems, invoices } from '@console/db/schema/invoices';
import { renewalOrders } from '@console/db/schema/renewals';
import { rowOf } from '../../fixtures/sql-rows.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import { orgOf } from '../commands/helpers.ts';

export const PDF_HEAD = [...Buffer.from('%PDF-1.7\n')];
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A file of `size` bytes that starts like a pdf (or a png). */
export function fileBytes(size: number, head: number[] = PDF_HEAD): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  out.set(head);
  return out;
}
export const pngBytes = (size: number) => fileBytes(size, PNG_HEAD);

/** The demo renter's request for an ordinary invoice over these items. */
export const invoiceForm = (
  items: InvoiceRequestForm['items'],
  over: Partial<InvoiceRequestForm> = {},
): InvoiceRequestForm => ({
  items,
  type: 'ordinary',
  taxRate: 13,
  title: 'Demo renter Ltd',
  taxNumber: '91310000MA1FL0XX2B',
  contact: 'Li Lei',
  bank: '',
  account: '',
  address: '',
  phone: '',
  ...over,
});

/**
 * A fresh start for an invoice test: the seed's invoices gone; the renter's user (role 11) with two bills paid and
 * one open (an opening balance its lessor's administrator records), a sibling renter with a paid bill; the demo
 * lessor (5) with a renewed order of its own. No bill's state is written here: the seed's receipts paid them.
 */
export async function invoiceFixture(t: TestApp) {
  const { db } = t.dbh;
  await db.delete(invoiceEvents).run();
  await db.delete(invoiceItems).run();
  await db.delete(invoices).run();
  const renter = await orgOf(t.dbh, ROLE.other);
  const lessor = await orgOf(t.dbh, ROLE.lessorAdmin);
  const bill = async (id: number) => (await db.select().from(bills).where(eq(bills.id, id)).get())!;
  const day = dayInZone(t.deps.now(), 'Asia/Shanghai');
  const admin = await t.tokenFor(ROLE.lessorAdmin);
  /** A renter's bills paid in full (the seed's receipts paid them), oldest due first. */
  const paidOf = (orgId: number) =>
    db
      .select()
      .from(bills)
      .where(and(eq(bills.renterOrgId, orgId), eq(bills.state, 'paid')))
      .orderBy(asc(bills.dueOn), asc(bills.id))
      .all();
  const paid = (await paidOf(renter)).slice(0, 2);
  if (paid.length < 2) throw new Error('the demo renter needs two paid bills');
  // An unpaid bill of its own: what it owed before, brought forward by the company's administrator.
  const opening = await t.call(billingEndpoints.openingCreate, {
    token: admin,
    body: { renterId: renter, amountCents: 1_234_500, asOf: day, dueOn: addDays(day, 30), note: '' },
  });
  if (opening.status !== '200') throw new Error(`opening balance refused: ${opening.message}`);
  const open = await bill(opening.data.id);
  const sibling = (await rowOf<{ id: number }>(
    db,
    "SELECT o.id FROM organisations o JOIN bills b ON b.renter_org_id = o.id WHERE o.parent_id = ? AND o.id <> ? AND b.state = 'paid' LIMIT 1",
    lessor,
    renter,
  ))!.id;
  const siblingPaid = (await paidOf(sibling))[0]!;
  const renewed = await db
    .select()
    .from(renewalOrders)
    .where(and(eq(renewalOrders.orgId, lessor), eq(renewalOrders.state, 'renewed')))
    .get();
  if (!renewed) throw new Error('the demo lessor needs a renewed order');
  const request = (items: InvoiceRequestForm['items'], token: string, over: Partial<InvoiceRequestForm> = {}) =>
    t.call(invoiceEndpoints.request, { token, body: invoiceForm(items, over) });
  const send = (
    endpoint: typeof invoiceEndpoints.issue | typeof invoiceEndpoints.replaceFile,
    id: number,
    files: { bytes: Uint8Array<ArrayBuffer>; name: string }[],
    token: string,
    extra: Record<string, string> = {},
  ) => {
    const body = new FormData();
    body.set('id', String(id));
    for (const f of files) body.append('file', new File([f.bytes], f.name, { type: 'application/pdf' }));
    for (const [k, v] of Object.entries(extra)) body.set(k, v);
    return t.send(endpoint, { token, body, headers: { lang: 'en_US' } });
  };
  const invoiceCount = async () => (await db.select().from(invoices).all()).length;
  return {
    renter,
    lessor,
    paid,
    open,
    siblingPaid,
    renewed,
    request,
    issue: (id: number, files: { bytes: Uint8Array<ArrayBuffer>; name: string }[], token: string) =>
      send(invoiceEndpoints.issue, id, files, token),
    replace: (id: number, files: { bytes: Uint8Array<ArrayBuffer>; name: string }[], token: string, reason: string) =>
      send(invoiceEndpoints.replaceFile, id, files, token, { reason }),
    invoiceCount,
    customer: await t.tokenFor(ROLE.other),
    lessorAdmin: await t.tokenFor(ROLE.lessorAdmin),
    lessorStaff: await t.tokenFor(ROLE.lessorStaff),
    finance: await t.tokenFor(ROLE.finance),
    operatorAdmin: await t.tokenFor(ROLE.companyAdmin),
  };
}
