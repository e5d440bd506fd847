import { and, eq, ne, sql } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { invoiceEndpoints, type InvoiceRequestForm } from '@console/contract/http/invoices';
import { bills } from '@console/db/schema/lease-billing';
import { invoiceEvents, invoiceItems, invoices } from '@console/db/schema/invoices';
import { renewalOrders } from '@console/db/schema/renewals';
import { orgOf } from '../../fixtures/isolation-walk.ts';
import type { TestApp } from '../../fixtures/test-app.ts';

export const PDF_HEAD = [...Buffer.from('%PDF-1.7\n')];
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A file of `size` bytes that starts like a pdf (or a png). */
export function fileBytes(size: number, head: number[] = PDF_HEAD): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  out.set(head);
  return out;
}
export const pngBytes = (size: number) => fileBytes(size, PNG_HEAD);

/**
 * A fresh start for an invoice test: the seed's invoices gone; the renter's user (role 11) with two bills paid and
 * one open, a sibling renter with a paid bill; the demo lessor (5) with a renewed order of its own.
 */
export function invoiceFixture(t: TestApp) {
  const { db, sqlite } = t.dbh;
  db.delete(invoiceEvents).run();
  db.delete(invoiceItems).run();
  db.delete(invoices).run();
  const renter = orgOf(sqlite, ROLE.other);
  const lessor = orgOf(sqlite, ROLE.lessorAdmin);
  const billsOf = (orgId: number) =>
    db
      .select()
      .from(bills)
      .where(and(eq(bills.renterOrgId, orgId), ne(bills.state, 'void')))
      .all();
  const own = billsOf(renter);
  if (own.length < 3) throw new Error('the demo renter needs three bills');
  const pay = (id: number) =>
    db
      .update(bills)
      .set({ state: 'paid', paidCents: sql`${bills.amountCents}` })
      .where(eq(bills.id, id))
      .returning()
      .get();
  const paid = [pay(own[0]!.id), pay(own[1]!.id)];
  const open = db.update(bills).set({ state: 'open', paidCents: 0 }).where(eq(bills.id, own[2]!.id)).returning().get();
  const sibling = (
    sqlite
      .prepare(
        "SELECT b.id FROM bills b JOIN organisations o ON o.id = b.renter_org_id WHERE o.parent_id = ? AND b.renter_org_id <> ? AND b.state <> 'void' LIMIT 1",
      )
      .get(lessor, renter) as { id: number }
  ).id;
  const siblingPaid = pay(sibling);
  const renewed = db
    .select()
    .from(renewalOrders)
    .where(and(eq(renewalOrders.orgId, lessor), eq(renewalOrders.state, 'renewed')))
    .get();
  if (!renewed) throw new Error('the demo lessor needs a renewed order');
  const form = (items: InvoiceRequestForm['items'], over: Partial<InvoiceRequestForm> = {}): InvoiceRequestForm => ({
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
  const request = (items: InvoiceRequestForm['items'], token: string, over: Partial<InvoiceRequestForm> = {}) =>
    t.call(invoiceEndpoints.request, { token, body: form(items, over) });
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
  const invoiceCount = () => db.select().from(invoices).all().length;
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
    customer: t.tokenFor(ROLE.other),
    lessorAdmin: t.tokenFor(ROLE.lessorAdmin),
    lessorStaff: t.tokenFor(ROLE.lessorStaff),
    finance: t.tokenFor(ROLE.finance),
    operatorAdmin: t.tokenFor(ROLE.companyAdmin),
  };
}
