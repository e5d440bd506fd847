import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productEndpoints } from '@console/contract/http/products';
import { quoteEndpoints } from '@console/contract/http/quotes';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import {
  countHeld,
  createQuote,
  dayAhead,
  deskOf,
  detail,
  form,
  freeOf,
  machineLine,
  modelLine,
  move,
  type Desk,
} from './helpers.ts';
import { rowOf } from '../../fixtures/sql-rows.ts';

const dir = mkdtempSync(join(tmpdir(), 'quote-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('quotes: the holding rule, the discount limit and the form', () => {
  let t: TestApp;
  let desk: Desk;
  beforeAll(async () => {
    t = await createTestApp();
    desk = await deskOf(t);
  });
  afterAll(() => t.dbh.close());

  it('a salesperson’s discount is held to the limit the administrator sets; the administrator is not', async () => {
    const over = await t.call(quoteEndpoints.create, {
      token: desk.sales,
      body: form(t, desk, [modelLine(desk, 1, 1500)], 500, 501),
    });
    expect(over.status).toBe('400');
    expect(over.message).toBe('The discount is over the limit of 10 %');
    const settings = await t.call(quoteEndpoints.settings, { token: desk.sales });
    expect(settings.data).toEqual({ maxDiscountBp: 1000, editable: false });
    expect(
      (await t.call(quoteEndpoints.saveSettings, { token: desk.sales, body: { maxDiscountBp: 5000 } })).status,
    ).toBe('403');
    const saved = await t.call(quoteEndpoints.saveSettings, { token: desk.admin, body: { maxDiscountBp: 2000 } });
    expect(saved.status, saved.message).toBe('200');
    await createQuote(t, desk.sales, form(t, desk, [modelLine(desk, 1, 1500)], 500, 501));
    const still = await t.call(quoteEndpoints.create, {
      token: desk.sales,
      body: form(t, desk, [modelLine(desk, 1, 2500)], 500, 501),
      lang: 'zh_CN',
    });
    expect(still.message).toBe('折扣超过上限 20%');
    await createQuote(t, desk.admin, form(t, desk, [modelLine(desk, 1, 4000)], 500, 501));
  });

  it('a named machine is held once a day: an overlapping quote is told which quote holds it and on which days', async () => {
    const machine = desk.free[1]!;
    const first = await createQuote(t, desk.sales, form(t, desk, [machineLine(machine.id)], 510, 519));
    await move(t, desk.sales, first.id, 'send');
    const second = await createQuote(t, desk.staff, form(t, desk, [machineLine(machine.id)], 515, 525));
    const refused = await move(t, desk.staff, second.id, 'send');
    expect(refused.status).toBe('409');
    expect(refused.message).toBe(
      `Machine ${machine.serialNumber} is held by ${first.number} from ${dayAhead(t, 515)} to ${dayAhead(t, 519)}`,
    );
    expect((await detail(t, desk.staff, second.id)).state).toBe('draft');
    // The days after are free.
    const after = await createQuote(t, desk.staff, form(t, desk, [machineLine(machine.id)], 520, 525));
    expect((await move(t, desk.staff, after.id, 'send')).status).toBe('200');
  });

  it('a machine out on lease cannot be held: the refusal names its contract', async () => {
    const leased = (await rowOf<{ id: number; serial: string; number: string; store: number }>(
      t.dbh.db,
      `SELECT d.id, d.serial_number AS serial, c.number, sd.store_id AS store
       FROM lease_periods p JOIN devices d ON d.id = p.device_id JOIN contracts c ON c.id = p.contract_id
       JOIN store_devices sd ON sd.device_id = d.id
       WHERE p.end_on IS NULL AND p.lessor_org_id = ? ORDER BY p.id LIMIT 1`,
      desk.lessorId,
    ))!;
    const modelId = (await rowOf<{ m: number }>(t.dbh.db, 'SELECT model_id AS m FROM devices WHERE id = ?', leased.id))!
      .m;
    await t.call(productEndpoints.saveLeasePrice, {
      token: desk.admin,
      body: { modelId, businessModel: 23, dayCents: 30_000, monthCents: null },
    });
    const body = { ...form(t, desk, [machineLine(leased.id)], 530, 531), storeId: leased.store };
    const refused = await t.call(quoteEndpoints.hold, {
      token: desk.admin,
      body: { id: (await createQuote(t, desk.admin, body)).id, hold: true },
    });
    expect(refused.status).toBe('409');
    expect(refused.message).toContain(`Machine ${leased.serial} is held by ${leased.number}`);
  });

  it('a model line holds a count, and the free count of a day never goes below zero; a release frees it again', async () => {
    const span = [540, 545] as const;
    const free = await freeOf(t, desk, ...span);
    expect(free).toBeGreaterThanOrEqual(3);
    const all = await createQuote(t, desk.sales, form(t, desk, [modelLine(desk, free)], ...span));
    expect((await move(t, desk.sales, all.id, 'send')).status).toBe('200');
    expect(await freeOf(t, desk, ...span)).toBe(0);
    // A day inside the span is full: a quote overlapping one day of it is refused, naming the holder.
    const one = await createQuote(t, desk.staff, form(t, desk, [modelLine(desk, 1)], 545, 550));
    const refused = await move(t, desk.staff, one.id, 'send');
    expect(refused.status).toBe('409');
    expect(refused.message).toMatch(
      new RegExp(`^Only 0 .+ free at the store on ${dayAhead(t, 545)} \\(held by .*${all.number}`),
    );
    // A named machine of the model is refused too: it is one of the count.
    const named = await createQuote(t, desk.staff, form(t, desk, [machineLine(desk.free[2]!.id)], 541, 541));
    expect((await move(t, desk.staff, named.id, 'send')).status).toBe('409');
    await move(t, desk.sales, all.id, 'withdraw');
    expect(await freeOf(t, desk, ...span)).toBe(free);
    expect((await move(t, desk.staff, one.id, 'send')).status).toBe('200');
  });

  it('two salespeople reserving the last free machine at once: exactly one holds it, the other is told who does', async () => {
    const span = [560, 562] as const;
    const free = await freeOf(t, desk, ...span);
    const rest = await createQuote(t, desk.admin, form(t, desk, [modelLine(desk, free - 1)], ...span));
    expect((await move(t, desk.admin, rest.id, 'send')).status).toBe('200');
    const a = await createQuote(t, desk.sales, form(t, desk, [modelLine(desk, 1)], ...span));
    const b = await createQuote(t, desk.staff, form(t, desk, [modelLine(desk, 1)], ...span));
    const [ra, rb] = await Promise.all([move(t, desk.sales, a.id, 'send'), move(t, desk.staff, b.id, 'send')]);
    const statuses = [ra.status, rb.status].sort();
    expect(statuses).toEqual(['200', '409']);
    const [winner, loser] = ra.status === '200' ? [a, rb] : [b, ra];
    expect(loser.message).toContain(winner.number);
    expect(loser.message).toMatch(/^Only 0 /);
    expect((await countHeld(t, winner.id)).n).toBe(1);
    expect(await freeOf(t, desk, ...span)).toBe(0);
  });

  it('an edit of a holding draft is checked again; a refused edit keeps the quote as it was', async () => {
    const span = [580, 581] as const;
    const free = await freeOf(t, desk, ...span);
    const q = await createQuote(t, desk.sales, form(t, desk, [modelLine(desk, 1)], ...span));
    expect((await t.call(quoteEndpoints.hold, { token: desk.sales, body: { id: q.id, hold: true } })).status).toBe(
      '200',
    );
    const tooMany = await t.call(quoteEndpoints.update, {
      token: desk.sales,
      query: { id: q.id },
      body: form(t, desk, [modelLine(desk, free + 1)], ...span),
    });
    expect(tooMany.status).toBe('409');
    const d = await detail(t, desk.sales, q.id);
    expect(d.lines[0]!.count).toBe(1);
    expect(d.reservations.filter((r) => r.state === 'held').map((r) => r.count)).toEqual([1]);
  });

  it('the form refuses what is wrong, field by field, in the reader’s language', async () => {
    const empty = await t.call(quoteEndpoints.create, {
      token: desk.sales,
      lang: 'zh_CN',
      loose: { body: { lines: [] } },
    });
    expect(empty.status).toBe('400');
    const messages = Object.fromEntries((empty.data.issues ?? []).map((i) => [i.path, i.message]));
    expect(messages).toMatchObject({
      prospectName: 'quotes.customerRequired',
      siteAddress: 'lease.siteAddressRequired',
      lines: 'lease.linesRequired',
    });
    const late = await t.call(quoteEndpoints.create, {
      token: desk.sales,
      body: { ...form(t, desk, [modelLine(desk, 1)], 500, 501), validUntil: dayAhead(t, 600) },
    });
    expect(late.data.issues?.[0]).toEqual({ path: 'validUntil', message: 'quotes.validAfterStart' });
    const past = await t.call(quoteEndpoints.create, {
      token: desk.sales,
      lang: 'zh_CN',
      body: { ...form(t, desk, [modelLine(desk, 1)], 500, 501), validUntil: dayAhead(t, -2) },
    });
    expect(past.message).toContain('有效期不能早于今天');
    // The administrator takes the model's monthly price off the list: a monthly line of it has no price.
    const listed = await rowOf<{ id: number }>(
      t.dbh.db,
      'SELECT id FROM lease_prices WHERE org_id = ? AND model_id = ? AND business_model = 25',
      desk.lessorId,
      desk.modelId,
    );
    if (listed) await t.call(productEndpoints.removeLeasePrice, { token: desk.admin, body: { id: listed.id } });
    const unpriced = await t.call(quoteEndpoints.create, {
      token: desk.sales,
      body: form(t, desk, [{ ...modelLine(desk, 1), businessModel: 25 }], 500, 501),
    });
    expect(unpriced.message).toMatch(/^The price list has no price of .+ for this business model$/);
  });

  it('another rental company reads and moves none of the quotes', async () => {
    const q = await createQuote(t, desk.sales, form(t, desk, [modelLine(desk, 1)], 590, 591));
    const other = (await rowOf<{ mobile: string }>(
      t.dbh.db,
      "SELECT u.mobile FROM users u JOIN organisations o ON o.id = u.org_id WHERE o.kind = 'lessor' AND o.id <> ? AND u.role_id = 5 ORDER BY u.id LIMIT 1",
      desk.lessorId,
    ))!;
    const token = await t.tokenForAccount(other.mobile);
    expect((await t.call(quoteEndpoints.detail, { token, query: { id: q.id } })).status).toBe('404');
    expect((await move(t, token, q.id, 'send')).status).toBe('404');
    expect((await t.call(quoteEndpoints.pdf, { token, query: { id: q.id } })).status).toBe('404');
    const list = await t.call(quoteEndpoints.list, { token, query: { keyword: q.number } });
    expect(list.data.total).toBe(0);
  });

  it('the PDF’s Chinese is text a reader can copy', async () => {
    const q = await createQuote(t, desk.sales, form(t, desk, [modelLine(desk, 2, 500)], 600, 604));
    const pdf = await t.call(quoteEndpoints.pdf, { token: desk.sales, query: { id: q.id } });
    const file = join(dir, 'q.pdf');
    writeFileSync(file, Buffer.from(pdf.data.content, 'base64'));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('租赁报价单');
    expect(text).toContain(q.number);
    expect(text).toContain('浦东新区张江路 88 号');
    expect(text).toContain('报价有效期至');
    expect(text).toContain('5%');
  });
});
