import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { taxCentsOf } from '@console/contract/codes/invoices';
import { ROLE } from '@console/contract/codes/roles';
import { invoiceEndpoints } from '@console/contract/http/invoices';
import { invoiceItems } from '@console/db/schema/invoices';
import { uniqueViolation } from '@console/db/unique-violation';
import { rowOf, runOf } from '../../fixtures/sql-rows.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { fileBytes, invoiceFixture, pngBytes } from './helpers.ts';

describe('invoices', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof invoiceFixture>>;
  beforeEach(async () => {
    t = await createTestApp();
    f = await invoiceFixture(t);
  });
  afterEach(() => t.dbh.close());

  const bill = (id: number) => ({ source: 'bill' as const, id });
  const detail = (id: number, token: string) => t.call(invoiceEndpoints.detail, { token, query: { id } });
  const invoiceable = (token: string) => t.call(invoiceEndpoints.invoiceable, { token });
  const list = (query: object, token: string) =>
    t.call(invoiceEndpoints.list, { token, loose: { query: { pageSize: 200, ...query } } });
  const pdf = (size = 2048) => [{ bytes: fileBytes(size), name: 'invoice.pdf' }];

  it('asks for an invoice over paid bills: the server adds them up, the items leave the invoiceable list', async () => {
    const before = await invoiceable(f.customer);
    expect(before.status, before.message).toBe('200');
    const offered = before.data.list.filter((i) => i.source === 'bill').map((i) => i.sourceId);
    expect(offered).toEqual(expect.arrayContaining(f.paid.map((b) => b.id)));
    expect(offered).not.toContain(f.open.id);
    expect(offered).not.toContain(f.siblingPaid.id);
    expect(before.data.profile.tenantName.length).toBeGreaterThan(0);

    const res = await f.request(
      f.paid.map((b) => bill(b.id)),
      f.customer,
    );
    expect(res.status, res.message).toBe('200');
    const total = f.paid[0]!.amountCents + f.paid[1]!.amountCents;
    expect(res.data).toMatchObject({
      state: 'toBeIssued',
      totalCents: total,
      taxCents: taxCentsOf(total, 13),
      itemCount: 2,
      title: 'Demo renter Ltd',
      actions: ['withdraw'],
    });
    expect(res.data.number).toMatch(/^FP\d{14}$/);
    const after = await invoiceable(f.customer);
    expect(after.data.list.filter((i) => i.source === 'bill').map((i) => i.sourceId)).not.toContain(f.paid[0]!.id);

    const opened = await detail(res.data.id, f.customer);
    expect(opened.data.items.map((i) => [i.label, i.amountCents])).toEqual(
      f.paid.map((b) => [b.number, b.amountCents]),
    );
    expect(opened.data.events.map((e) => e.event)).toEqual(['requested']);
    // Its rental company sees it in its queue and may issue it; its staff read it only.
    const queue = await list({ state: 'toBeIssued' }, f.lessorAdmin);
    expect(queue.data.list.find((r) => r.id === res.data.id)?.actions).toEqual(['issue']);
    expect((await list({}, f.lessorStaff)).data.list.find((r) => r.id === res.data.id)?.actions).toEqual([]);
  });

  it('refuses an item not paid, another company’s, or already on an invoice, and changes nothing', async () => {
    const notPaid = await f.request([bill(f.open.id)], f.customer);
    expect(notPaid.status).toBe('409');
    expect(notPaid.message).toBe(`operation failed: ${f.open.number} is not paid in full`);
    const theirs = await f.request([bill(f.paid[0]!.id), bill(f.siblingPaid.id)], f.customer);
    expect(theirs.message).toBe('operation failed, contains orders not from a customer identity');
    // The same answer for an id nobody has: ids cannot be probed.
    expect((await f.request([bill(99_999_999)], f.customer)).message).toBe(theirs.message);
    // The rental company's own renewal order is not the renter's to invoice.
    const renewal = await f.request([{ source: 'renewal', id: f.renewed.id }], f.customer);
    expect(renewal.message).toBe(theirs.message);
    expect(await f.invoiceCount()).toBe(0);

    const first = await f.request([bill(f.paid[0]!.id)], f.customer);
    expect(first.status).toBe('200');
    const again = await f.request([bill(f.paid[1]!.id), bill(f.paid[0]!.id)], f.customer);
    expect(again.status).toBe('409');
    expect(again.message).toBe(
      `operation failed, contains approved order: ${f.paid[0]!.number} is on invoice ${first.data.number}`,
    );
    expect(await f.invoiceCount()).toBe(1);
    // Bad invoice information is refused field by field.
    const bad = await f.request([bill(f.paid[1]!.id)], f.customer, { taxRate: 7, type: 'special' });
    expect(bad.status).toBe('400');
    expect(bad.data.issues?.map((i) => i.path)).toEqual(expect.arrayContaining(['taxRate', 'bank', 'account']));
    expect(await f.invoiceCount()).toBe(1);
  });

  it('lets only one of two requests for the same item through when they race', async () => {
    const [a, b] = await Promise.all([
      f.request([bill(f.paid[0]!.id)], f.customer),
      f.request([bill(f.paid[0]!.id), bill(f.paid[1]!.id)], await t.tokenFor(ROLE.other)),
    ]);
    expect([a.status, b.status].sort()).toEqual(['200', '409']);
    expect(await f.invoiceCount()).toBe(1);
    // Even a write that skipped the check could not put the item on a second live invoice: the index refuses it.
    const won = (a.status === '200' ? a : b).data.id;
    const second = runOf(
      t.dbh.db,
      "INSERT INTO invoice_items (invoice_id, org_id, source, source_id, label, amount_cents) VALUES (?, ?, 'bill', ?, 'x', 1)",
      won,
      f.renter,
      f.paid[0]!.id,
    );
    const refusedBy = await second.then(
      () => 'no index',
      (error: unknown) => uniqueViolation(error, [invoiceItems]),
    );
    expect(refusedBy).toBe('invoice_items_live_source');
  });

  it('is issued with exactly one pdf of at most 5 MB, checked by its content, and the requester downloads it', async () => {
    const { data: invoice } = await f.request([bill(f.paid[0]!.id)], f.customer);
    const refused = async (files: { bytes: Uint8Array<ArrayBuffer>; name: string }[], message: string) => {
      const res = await f.issue(invoice.id, files, f.finance);
      expect(res.envelope?.status, res.envelope?.message).toBe('400');
      expect(res.envelope?.message).toContain(message);
      expect((await detail(invoice.id, f.customer)).data.invoice.state).toBe('toBeIssued');
    };
    await refused([{ bytes: pngBytes(1000), name: 'invoice.pdf' }], 'please upload pdf file');
    await refused([], 'please upload pdf file');
    await refused([...pdf(), ...pdf()], 'Only one original can be uploaded');
    await refused(pdf(5 * 1024 * 1024 + 1), 'Each pdf file must be at most 5M');

    // Neither the requester nor the rental company's staff issue; another rental company does not even see it.
    expect((await f.issue(invoice.id, pdf(), f.customer)).envelope?.status).toBe('403');
    expect((await f.issue(invoice.id, pdf(), f.lessorStaff)).envelope?.status).toBe('403');
    expect((await f.issue(invoice.id, pdf(), f.operatorAdmin)).envelope?.status).toBe('403');

    const issued = await f.issue(invoice.id, pdf(5 * 1024 * 1024), f.finance);
    expect(issued.envelope?.status, issued.envelope?.message).toBe('200');
    const opened = await detail(invoice.id, f.customer);
    expect(opened.data.invoice).toMatchObject({ state: 'issued', actions: [] });
    expect(opened.data.events.map((e) => e.event)).toEqual(['issued', 'requested']);
    const url = opened.data.invoice.fileUrl;
    const download = await t.app.request(url, { headers: { token: f.customer } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect((await download.arrayBuffer()).byteLength).toBe(5 * 1024 * 1024);
    // A sibling renter cannot read it.
    const sibling = await t.tokenForAccount(
      (await rowOf<{ mobile: string }>(
        t.dbh.db,
        'SELECT mobile FROM users WHERE org_id = (SELECT renter_org_id FROM bills WHERE id = ?)',
        f.siblingPaid.id,
      ))!.mobile,
    );
    expect((await t.app.request(url, { headers: { token: sibling } })).status).toBe(404);
    // Issued: no second issue, no withdrawal.
    expect((await f.issue(invoice.id, pdf(), f.finance)).envelope?.status).toBe('409');
    const withdraw = await t.call(invoiceEndpoints.withdraw, { token: f.customer, body: { id: invoice.id } });
    expect(withdraw.status).toBe('409');
  });

  it('replaces an issued file only by its issuer, with a reason kept in the timeline beside the former file', async () => {
    const { data: invoice } = await f.request([bill(f.paid[0]!.id)], f.customer);
    await f.issue(invoice.id, pdf(), f.lessorAdmin);
    const first = (await detail(invoice.id, f.customer)).data.invoice.fileUrl;
    expect((await f.replace(invoice.id, pdf(), f.lessorAdmin, '')).envelope?.message).toContain(
      'Enter the reason for replacing the file',
    );
    const replaced = await f.replace(invoice.id, pdf(3000), f.lessorAdmin, 'Wrong tax number on the first one');
    expect(replaced.envelope?.status, replaced.envelope?.message).toBe('200');
    const opened = await detail(invoice.id, f.customer);
    expect(opened.data.invoice.fileUrl).not.toBe(first);
    expect(opened.data.events.map((e) => [e.event, e.reason, e.fileUrl])).toEqual([
      ['fileReplaced', 'Wrong tax number on the first one', opened.data.invoice.fileUrl],
      ['issued', '', first],
      ['requested', '', ''],
    ]);
    // The former file stays readable.
    expect((await t.app.request(first, { headers: { token: f.customer } })).status).toBe(200);
  });

  it('is withdrawn by the requester while to be issued: the items may be invoiced again', async () => {
    const { data: invoice } = await f.request([bill(f.paid[0]!.id)], f.customer);
    expect((await t.call(invoiceEndpoints.withdraw, { token: f.lessorAdmin, body: { id: invoice.id } })).status).toBe(
      '403',
    );
    const res = await t.call(invoiceEndpoints.withdraw, {
      token: f.customer,
      body: { id: invoice.id, reason: 'wrong' },
    });
    expect(res.status, res.message).toBe('200');
    expect(res.data.state).toBe('withdrawn');
    expect((await f.issue(invoice.id, pdf(), f.finance)).envelope?.status).toBe('409');
    expect((await invoiceable(f.customer)).data.list.map((i) => i.sourceId)).toContain(f.paid[0]!.id);
    expect((await f.request([bill(f.paid[0]!.id)], f.customer)).status).toBe('200');
  });

  it('takes a rental company’s paid renewal order to the operator, who issues it', async () => {
    const offered = (await invoiceable(f.lessorAdmin)).data.list;
    expect(offered.find((i) => i.source === 'renewal' && i.sourceId === f.renewed.id)).toMatchObject({
      label: f.renewed.number,
      amountCents: f.renewed.totalCents,
    });
    const res = await f.request([{ source: 'renewal', id: f.renewed.id }], f.lessorStaff);
    expect(res.status, res.message).toBe('200');
    expect(res.data.totalCents).toBe(f.renewed.totalCents);
    // The operator issues it, not the rental company that asked.
    expect((await f.issue(res.data.id, pdf(), f.lessorAdmin)).envelope?.status).toBe('403');
    expect((await f.issue(res.data.id, pdf(), f.operatorAdmin)).envelope?.status).toBe('200');
  });

  it('filters by state, company, day asked and keyword, server-paged', async () => {
    const a = await f.request([bill(f.paid[0]!.id)], f.customer);
    await f.request([bill(f.paid[1]!.id)], f.customer);
    await f.issue(a.data.id, pdf(), f.finance);
    expect((await list({ state: 'issued' }, f.finance)).data.list.map((r) => r.id)).toEqual([a.data.id]);
    expect((await list({ keyword: f.paid[0]!.number }, f.finance)).data.list.map((r) => r.id)).toEqual([a.data.id]);
    expect((await list({ orgId: f.renter }, f.finance)).data.total).toBe(2);
    const paged = await list({ pageSize: 1, page: 2 }, f.finance);
    expect(paged.data).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.data.list).toHaveLength(1);
    expect((await list({ from: '2000-01-01', to: '2000-01-02' }, f.finance)).data.total).toBe(0);
    // A renter sees its own only.
    const sibling = await list({}, await t.tokenFor(ROLE.other));
    expect(sibling.data.total).toBe(2);
  });
});
