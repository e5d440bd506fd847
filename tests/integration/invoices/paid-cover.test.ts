import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { invoiceEndpoints } from '@console/contract/http/invoices';
import { billingEndpoints } from '@console/contract/http/lease-billing';
import { dayInZone } from '@console/server/src/lib/time';
import { orgOf } from '../commands/helpers.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { fileBytes, invoiceForm } from './helpers.ts';

const DAY = 86_400_000;
const AMOUNT = 100_000;

/**
 * An issued invoice covers only paid amounts (decision 051, addendum): a request whose bill's receipt was voided
 * since cannot be issued, and a receipt whose money paid a bill on an issued invoice cannot be voided. Every state
 * is reached through the console's own calls: the rental company records an opening balance and a receipt that
 * pays it, the renter asks for an invoice over it, the receipt is voided.
 */
describe('an invoice covers only paid amounts', () => {
  let t: TestApp;
  let customer: string;
  let lessorAdmin: string;
  let renterId: number;
  beforeEach(async () => {
    t = await createTestApp();
    customer = await t.tokenFor(ROLE.other);
    lessorAdmin = await t.tokenFor(ROLE.lessorAdmin);
    renterId = await orgOf(t.dbh, ROLE.other);
  });
  afterEach(() => t.dbh.close());

  const yesterday = () => dayInZone(t.deps.now() - DAY, 'Asia/Shanghai');
  /** A receipt of the renter's for AMOUNT: it pays the oldest due bill first (the opening balance below). */
  const receive = async () => {
    const made = await t.call(billingEndpoints.receiptCreate, {
      token: lessorAdmin,
      body: { renterId, amountCents: AMOUNT, method: 'transfer', receivedOn: yesterday(), reference: 'TR-1', note: '' },
    });
    expect(made.status, made.message).toBe('200');
    return made.data.id;
  };
  const voidReceipt = (id: number) =>
    t.call(billingEndpoints.receiptVoid, { token: lessorAdmin, body: { id, reason: 'Bounced transfer' } });
  const bill = async (id: number) =>
    (await t.call(billingEndpoints.billDetail, { token: lessorAdmin, query: { id } })).data.bill;
  const row = async (id: number, token: string, query: object = {}) =>
    (await t.call(invoiceEndpoints.list, { token, loose: { query: { pageSize: 200, ...query } } })).data.list.find(
      (r) => r.id === id,
    );
  const issue = (id: number) => {
    const body = new FormData();
    body.set('id', String(id));
    body.append('file', new File([fileBytes(2048)], 'invoice.pdf', { type: 'application/pdf' }));
    return t.send(invoiceEndpoints.issue, { token: lessorAdmin, body, headers: { lang: 'en_US' } });
  };
  const events = async (id: number) =>
    (await t.call(invoiceEndpoints.detail, { token: customer, query: { id } })).data.events.map((e) => e.event);

  /** An opening balance of the renter, oldest due of all, paid by a receipt and asked to be invoiced. */
  async function requested() {
    const opening = await t.call(billingEndpoints.openingCreate, {
      token: lessorAdmin,
      body: { renterId, amountCents: AMOUNT, asOf: '2020-01-01', dueOn: '2020-01-01', note: '' },
    });
    expect(opening.status, opening.message).toBe('200');
    const receiptId = await receive();
    expect(await bill(opening.data.id)).toMatchObject({ state: 'paid', paidCents: AMOUNT });
    const asked = await t.call(invoiceEndpoints.request, {
      token: customer,
      body: invoiceForm([{ source: 'bill', id: opening.data.id }]),
    });
    expect(asked.status, asked.message).toBe('200');
    return { billId: opening.data.id, label: opening.data.number, receiptId, invoice: asked.data };
  }

  it('refuses to issue a request whose bill is no longer paid, names the bill, and changes nothing', async () => {
    const { billId, label, receiptId, invoice } = await requested();
    expect((await row(invoice.id, lessorAdmin))?.actions).toEqual(['issue']);

    // The receipt bounces after the request: voiding it is allowed (the invoice is not issued), the bill is open.
    const voided = await voidReceipt(receiptId);
    expect(voided.status, voided.message).toBe('200');
    expect((await bill(billId)).state).not.toBe('paid');

    const refused = await issue(invoice.id);
    expect(refused.envelope?.status).toBe('409');
    expect(refused.envelope?.message).toBe(
      `operation failed: ${label} is no longer paid in full, so the invoice cannot be issued; issue it once it is paid again, or the requester withdraws the request`,
    );
    const zh = new FormData();
    zh.set('id', String(invoice.id));
    zh.append('file', new File([fileBytes(2048)], 'invoice.pdf', { type: 'application/pdf' }));
    const refusedZh = await t.send(invoiceEndpoints.issue, {
      token: lessorAdmin,
      body: zh,
      headers: { lang: 'zh_CN' },
    });
    expect(refusedZh.envelope?.message).toContain(`${label} 已不再处于付清状态`);
    expect(await events(invoice.id)).toEqual(['requested']);

    // Both sides see why: the issuer has no "issue", the queue of what it may issue now leaves it out, the
    // requester may still withdraw it.
    const issuerRow = await row(invoice.id, lessorAdmin);
    expect(issuerRow).toMatchObject({ state: 'toBeIssued', unpaidItems: [label], actions: [] });
    expect(await row(invoice.id, lessorAdmin, { toIssue: 1 })).toBeUndefined();
    expect(await row(invoice.id, customer)).toMatchObject({ unpaidItems: [label], actions: ['withdraw'] });

    // Paid again, it is issued.
    await receive();
    expect(await row(invoice.id, lessorAdmin, { toIssue: 1 })).toMatchObject({ unpaidItems: [], actions: ['issue'] });
    const issued = await issue(invoice.id);
    expect(issued.envelope?.status, issued.envelope?.message).toBe('200');
    expect(await events(invoice.id)).toEqual(['issued', 'requested']);
  });

  it('refuses to void a receipt that paid a bill on an issued invoice, naming the invoice, and changes nothing', async () => {
    const { billId, label, receiptId, invoice } = await requested();
    const issued = await issue(invoice.id);
    expect(issued.envelope?.status, issued.envelope?.message).toBe('200');
    const ledgerBefore = (await t.call(billingEndpoints.ledger, { token: lessorAdmin, query: { renterId } })).data
      .total;

    const refused = await voidReceipt(receiptId);
    expect(refused.status).toBe('409');
    expect(refused.message).toBe(
      `This receipt paid ${label}, which issued invoice ${invoice.number} covers: an issued invoice cannot be voided and the invoice stands, so the receipt cannot be voided`,
    );
    const zh = await t.call(billingEndpoints.receiptVoid, {
      token: lessorAdmin,
      lang: 'zh_CN',
      body: { id: receiptId, reason: 'Bounced transfer' },
    });
    expect(zh.message).toBe(
      `该收款核销的账单 ${label} 已包含在已开具的发票 ${invoice.number} 中：已开具的发票不能作废，发票继续有效，因此不能作废该收款`,
    );
    // The receipt stands, the bill stays paid, the ledger has no void row, the invoice is still issued.
    const receipts = await t.call(billingEndpoints.receiptList, {
      token: lessorAdmin,
      query: { renterId, page: 1, pageSize: 200 },
    });
    expect(receipts.data.list.find((r) => r.id === receiptId)).toMatchObject({ voided: false });
    expect(await bill(billId)).toMatchObject({ state: 'paid', paidCents: AMOUNT });
    expect((await t.call(billingEndpoints.ledger, { token: lessorAdmin, query: { renterId } })).data.total).toBe(
      ledgerBefore,
    );
    expect((await row(invoice.id, customer))?.state).toBe('issued');
  });
});
