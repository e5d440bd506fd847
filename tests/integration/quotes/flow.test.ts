import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { quoteEndpoints } from '@console/contract/http/quotes';
import { ROLE } from '@console/contract/codes/roles';
import { expireQuotes } from '@console/server/src/quotes/moves';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import {
  countHeld,
  createQuote,
  DAY_MS,
  deskOf,
  detail,
  form,
  LIST_DAY_CENTS,
  machineLine,
  modelLine,
  move,
  type Desk,
} from './helpers.ts';

describe('quotes: the states and what each move does to the holds', () => {
  let t: TestApp;
  let desk: Desk;
  beforeAll(async () => {
    t = await createTestApp();
    desk = await deskOf(t);
  });
  afterAll(() => t.dbh.close());

  it('a salesperson quotes, sends (holding), the customer accepts: a contract draft with the same lines, linked both ways', async () => {
    const q = await createQuote(
      t,
      desk.sales,
      form(t, desk, [modelLine(desk, 2, 500), machineLine(desk.free[0]!.id)], 430, 439),
    );
    expect(q.number).toMatch(/^BJ\d{8}\d{6}$/);
    let d = await detail(t, desk.sales, q.id);
    expect(d.state).toBe('draft');
    expect(d.holding).toBe(false);
    expect(d.actions).toEqual(['send', 'withdraw']);
    // 10 days at the list price less 5 % for two, and at the list price for the named machine.
    expect(d.lines[0]).toMatchObject({
      listDayCents: LIST_DAY_CENTS,
      discountBp: 500,
      dayCents: 47_500,
      amountCents: 950_000,
    });
    expect(d.lines[1]).toMatchObject({ dayCents: LIST_DAY_CENTS, amountCents: 500_000 });
    expect(d.totalCents).toBe(1_450_000);

    const sent = await move(t, desk.sales, q.id, 'send');
    expect(sent.status, sent.message).toBe('200');
    expect(sent.message).toBe('Quote sent: its machines are held');
    d = await detail(t, desk.sales, q.id);
    expect(d.state).toBe('sent');
    expect(d.holding).toBe(true);
    expect(d.editable).toBe(false);
    expect(d.reservations.map((r) => [r.state, r.holder, r.count])).toEqual([
      ['held', 'quote', 2],
      ['held', 'quote', 1],
    ]);

    const accepted = await move(t, desk.sales, q.id, 'accept');
    expect(accepted.status, accepted.message).toBe('200');
    const contractId = accepted.data.contractId!;
    d = await detail(t, desk.sales, q.id);
    expect(d.state).toBe('accepted');
    expect(d.contractId).toBe(contractId);
    expect(accepted.message).toBe(`Quote accepted: contract draft ${d.contractNumber} written`);
    // The holds moved to the contract draft: still held, now by the contract.
    expect(d.reservations.map((r) => [r.state, r.holder, r.holderNumber])).toEqual([
      ['held', 'contract', d.contractNumber],
      ['held', 'contract', d.contractNumber],
    ]);
    const c = await t.call(leaseContractEndpoints.detail, { token: desk.sales, query: { id: contractId } });
    expect(c.data).toMatchObject({ status: 0, startOn: d.startOn, endOn: d.endOn, totalCents: d.totalCents });
    expect(c.data.lines.map((l) => [l.modelId, l.deviceId, l.count, l.dayCents, l.amountCents])).toEqual([
      [desk.modelId, null, 2, 47_500, 950_000],
      [null, desk.free[0]!.id, 1, LIST_DAY_CENTS, 500_000],
    ]);
    const back = await t.call(quoteEndpoints.ofContract, { token: desk.sales, query: { id: contractId } });
    expect(back.data.quote).toEqual({ id: q.id, number: q.number });
    // An accepted quote takes no other move.
    expect(d.actions).toEqual([]);
    const again = await move(t, desk.sales, q.id, 'withdraw');
    expect(again.status).toBe('409');
  });

  it('declining needs a reason and frees what the quote held; withdrawing frees it from draft or sent', async () => {
    const q = await createQuote(t, desk.sales, form(t, desk, [modelLine(desk, 1)], 450, 452));
    await move(t, desk.sales, q.id, 'send');
    expect((await countHeld(t, q.id)).n).toBe(1);
    const bare = await move(t, desk.sales, q.id, 'decline');
    expect(bare.status).toBe('400');
    expect(bare.data.issues?.[0]?.message).toBe('quotes.reasonRequired');
    const declined = await move(t, desk.sales, q.id, 'decline', { reason: 'Went with another supplier' });
    expect(declined.status, declined.message).toBe('200');
    const d = await detail(t, desk.sales, q.id);
    expect(d.state).toBe('declined');
    expect(d.reservations.map((r) => [r.state, r.endReason])).toEqual([['released', 'declined']]);
    expect(d.events.map((e) => e.action)).toEqual(['create', 'send', 'decline']);
    expect(d.events.at(-1)!.reason).toBe('Went with another supplier');

    const draft = await createQuote(t, desk.sales, form(t, desk, [modelLine(desk, 1)], 450, 452));
    const held = await t.call(quoteEndpoints.hold, { token: desk.sales, body: { id: draft.id, hold: true } });
    expect(held.status, held.message).toBe('200');
    expect((await countHeld(t, draft.id)).n).toBe(1);
    expect((await move(t, desk.sales, draft.id, 'withdraw')).status).toBe('200');
    expect((await countHeld(t, draft.id)).n).toBe(0);
    expect((await detail(t, desk.sales, draft.id)).reservations[0]!.endReason).toBe('withdrawn');
  });

  it('the scheduler expires a sent quote past its validity on the company’s day and frees what it held', async () => {
    const body = { ...form(t, desk, [modelLine(desk, 1)], 460, 461) };
    const q = await createQuote(t, desk.sales, body);
    await move(t, desk.sales, q.id, 'send');
    // The day of validity itself still holds.
    await expireQuotes(t.dbh.db, t.deps.now() + 6 * DAY_MS);
    expect((await detail(t, desk.sales, q.id)).state).toBe('sent');
    expect((await countHeld(t, q.id)).n).toBe(1);
    const later = t.deps.now() + 9 * DAY_MS;
    expect(await expireQuotes(t.dbh.db, later)).toBeGreaterThanOrEqual(1);
    expect(await expireQuotes(t.dbh.db, later)).toBe(0);
    const d = await detail(t, desk.sales, q.id);
    expect(d.state).toBe('expired');
    expect(d.reservations[0]).toMatchObject({ state: 'released', endReason: 'expired' });
    expect(d.events.at(-1)).toMatchObject({ action: 'expire', userName: '' });
  });

  it('a prospect’s quote is accepted for the renter the desk registered', async () => {
    const body = {
      ...form(t, desk, [modelLine(desk, 1)], 470, 471),
      renterId: null,
      prospectName: '远景建设有限公司',
      prospectContact: '李工',
    };
    const q = await createQuote(t, desk.staff, body);
    expect((await detail(t, desk.staff, q.id)).customerName).toBe('远景建设有限公司');
    await move(t, desk.staff, q.id, 'send');
    const refused = await move(t, desk.staff, q.id, 'accept');
    expect(refused.status).toBe('400');
    expect(refused.data.issues?.[0]?.message).toBe('quotes.renterRequiredToAccept');
    const ok = await move(t, desk.staff, q.id, 'accept', { renterId: desk.renterId });
    expect(ok.status, ok.message).toBe('200');
    expect((await detail(t, desk.staff, q.id)).renterId).toBe(desk.renterId);
  });

  it('the PDF is in the brand’s language', async () => {
    const q = await createQuote(t, desk.sales, form(t, desk, [modelLine(desk, 1)], 480, 481));
    const pdf = await t.call(quoteEndpoints.pdf, { token: desk.sales, query: { id: q.id } });
    expect(pdf.status, pdf.message).toBe('200');
    expect(pdf.data.fileName).toBe(`${q.number}.pdf`);
    expect(Buffer.from(pdf.data.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('the roles: a salesperson sees their own, the administrator every one of the company, the technician none', async () => {
    const q = await createQuote(t, desk.admin, form(t, desk, [modelLine(desk, 1)], 490, 491));
    expect((await t.call(quoteEndpoints.detail, { token: desk.sales, query: { id: q.id } })).status).toBe('404');
    expect((await t.call(quoteEndpoints.detail, { token: desk.staff, query: { id: q.id } })).status).toBe('200');
    const tech = await t.tokenFor(ROLE.technician);
    expect((await t.call(quoteEndpoints.list, { token: tech })).status).toBe('403');
    const operator = await t.tokenFor(ROLE.companyAdmin);
    expect((await t.call(quoteEndpoints.detail, { token: operator, query: { id: q.id } })).status).toBe('200');
    expect((await move(t, operator, q.id, 'send')).status).toBe('403');
  });
});
