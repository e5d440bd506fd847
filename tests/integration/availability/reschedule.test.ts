import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilityEndpoints } from '@console/contract/http/availability';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { lineAmountCents } from '@console/contract/codes/lease-pricing';
import { ROLE } from '@console/contract/codes/roles';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import {
  countHeld,
  createQuote,
  dayAhead,
  deskOf,
  detail,
  form,
  freeOf,
  LIST_DAY_CENTS,
  machineLine,
  modelLine,
  move,
  type Desk,
} from '../quotes/helpers.ts';
import { rowOf, rowsOf } from '../../fixtures/sql-rows.ts';

/**
 * Moving a quote's or a contract draft's days (docs/decisions/069 and 072 addenda): its holds move with it in the
 * same unit of work, or the move is refused naming the record and the days and nothing changes; a contract that will
 * never be signed is cancelled and lets its machines go.
 */

type Line = { deviceId?: number; modelId?: number; count?: number };

describe('rescheduling quotes and contract drafts, and cancelling a contract draft', () => {
  let t: TestApp;
  let desk: Desk;
  beforeAll(async () => {
    t = await createTestApp();
    desk = await deskOf(t);
  });
  afterAll(() => t.dbh.close());

  const reschedule = (
    token: string,
    kind: 'quote' | 'contract',
    id: number,
    from: number,
    to: number,
    lang?: 'zh_CN' | 'en_US',
  ) =>
    t.call(availabilityEndpoints.reschedule, {
      token,
      body: { kind, id, startOn: dayAhead(t, from), endOn: dayAhead(t, to) },
      ...(lang ? { lang } : {}),
    });
  const rows = (column: 'quote_id' | 'contract_id', id: number) =>
    rowsOf<{
      deviceId: number | null;
      count: number;
      state: string;
      startOn: string;
      endOn: string;
      endReason: string;
    }>(
      t.dbh.db,
      `SELECT device_id AS "deviceId", count, state, start_on AS "startOn", end_on AS "endOn", end_reason AS "endReason"
       FROM reservations WHERE ${column} = ? ORDER BY id`,
      id,
    );
  const createContract = (token: string, lines: Line[], from: number, to: number) =>
    t.call(leaseContractEndpoints.create, {
      token,
      body: {
        renterId: desk.renterId,
        storeId: desk.storeId,
        startOn: dayAhead(t, from),
        endOn: dayAhead(t, to),
        siteAddress: '浦东新区张江路 88 号',
        lines: lines.map((l) => ({ ...l, businessModel: 23, dayCents: LIST_DAY_CENTS })),
      },
    });
  const contractDetail = async (token: string, id: number) => {
    const d = await t.call(leaseContractEndpoints.detail, { token, query: { id } });
    expect(d.status, d.message).toBe('200');
    return d.data;
  };

  it('a sent quote moves to other days: priced again, its hold moved, the calendar and the timeline say so', async () => {
    const machine = desk.free[0]!;
    const q = await createQuote(t, desk.sales, form(t, desk, [machineLine(machine.id)], 400, 404));
    expect((await move(t, desk.sales, q.id, 'send')).status).toBe('200');

    const moved = await reschedule(desk.sales, 'quote', q.id, 420, 429);
    expect(moved.status, moved.message).toBe('200');
    expect(moved.message).toBe(`${q.number} moved to ${dayAhead(t, 420)} – ${dayAhead(t, 429)}`);

    const d = await detail(t, desk.sales, q.id);
    expect(d.state).toBe('sent');
    expect([d.startOn, d.endOn]).toEqual([dayAhead(t, 420), dayAhead(t, 429)]);
    const total = lineAmountCents(23, { dayCents: LIST_DAY_CENTS, monthCents: null }, d.startOn, d.endOn);
    expect(d.totalCents).toBe(total);
    expect(moved.data.totalCents).toBe(total);
    expect((await rows('quote_id', q.id)).map((r) => [r.state, r.startOn, r.endOn, r.endReason])).toEqual([
      ['released', dayAhead(t, 400), dayAhead(t, 404), 'rescheduled'],
      ['held', dayAhead(t, 420), dayAhead(t, 429), ''],
    ]);
    const event = d.events.find((e) => e.action === 'reschedule')!;
    expect(event.days).toEqual({
      fromStartOn: dayAhead(t, 400),
      fromEndOn: dayAhead(t, 404),
      startOn: dayAhead(t, 420),
      endOn: dayAhead(t, 429),
    });

    // The machine is no longer reserved on the old days but on the new ones, a bar the salesperson may drag.
    const calendar = await t.call(availabilityEndpoints.calendar, {
      token: desk.sales,
      query: { from: dayAhead(t, 400), days: 31, keyword: machine.serialNumber },
    });
    expect(calendar.status, calendar.message).toBe('200');
    const spans = calendar.data.list.find((m) => m.id === machine.id)!.spans;
    expect(spans.find((s) => s.from === dayAhead(t, 400))!.state).not.toBe('reserved');
    const bar = spans.find((s) => s.state === 'reserved')!;
    expect([bar.from, bar.to]).toEqual([dayAhead(t, 420), dayAhead(t, 429)]);
    expect(calendar.data.refs[bar.ref!]).toMatchObject({ kind: 'quote', id: q.id, movable: true });
  });

  it('a move onto days another record holds the machine is refused naming it and the days, and changes nothing', async () => {
    const machine = desk.free[1]!;
    const first = await createQuote(t, desk.staff, form(t, desk, [machineLine(machine.id)], 450, 455));
    expect((await move(t, desk.staff, first.id, 'send')).status).toBe('200');
    const second = await createQuote(t, desk.sales, form(t, desk, [machineLine(machine.id)], 460, 465));
    expect((await move(t, desk.sales, second.id, 'send')).status).toBe('200');
    const before = await detail(t, desk.sales, second.id);

    const refused = await reschedule(desk.sales, 'quote', second.id, 453, 458);
    expect(refused.status).toBe('409');
    expect(refused.message).toBe(
      `Machine ${machine.serialNumber} is held by ${first.number} from ${dayAhead(t, 453)} to ${dayAhead(t, 455)}`,
    );
    const zh = await reschedule(desk.sales, 'quote', second.id, 453, 458, 'zh_CN');
    expect(zh.message).toBe(
      `机械 ${machine.serialNumber} 在 ${dayAhead(t, 453)} 至 ${dayAhead(t, 455)} 已被 ${first.number} 占用`,
    );

    const after = await detail(t, desk.sales, second.id);
    expect([after.startOn, after.endOn, after.totalCents]).toEqual([before.startOn, before.endOn, before.totalCents]);
    expect(after.events.map((e) => e.action)).toEqual(before.events.map((e) => e.action));
    expect((await rows('quote_id', second.id)).map((r) => [r.state, r.startOn])).toEqual([['held', dayAhead(t, 460)]]);
  });

  it('a model line is not moved onto days its model has none free; a draft holding nothing just moves', async () => {
    const span = [480, 482] as const;
    const free = await freeOf(t, desk, ...span);
    const rest = await createQuote(t, desk.admin, form(t, desk, [modelLine(desk, free)], ...span));
    expect((await move(t, desk.admin, rest.id, 'send')).status).toBe('200');
    const q = await createQuote(t, desk.sales, form(t, desk, [modelLine(desk, 1)], 490, 491));
    expect((await move(t, desk.sales, q.id, 'send')).status).toBe('200');

    const refused = await reschedule(desk.sales, 'quote', q.id, 481, 483);
    expect(refused.status).toBe('409');
    expect(refused.message).toMatch(new RegExp(`^Only 0 .+ on ${dayAhead(t, 481)} \\(held by .*${rest.number}`));
    expect((await countHeld(t, q.id)).n).toBe(1);
    expect((await detail(t, desk.sales, q.id)).startOn).toBe(dayAhead(t, 490));

    // A draft that holds nothing moves its days and still holds nothing, even onto full days.
    const draft = await createQuote(t, desk.sales, form(t, desk, [modelLine(desk, 1)], 490, 491));
    expect((await reschedule(desk.sales, 'quote', draft.id, 480, 482)).status).toBe('200');
    expect((await countHeld(t, draft.id)).n).toBe(0);
    // Its delivery stays on or after its validity day.
    const early = await reschedule(desk.sales, 'quote', draft.id, 1, 3);
    expect(early.status).toBe('400');
    expect(early.message).toBe('The quote is valid until the delivery day at the latest');
  });

  it('two salespeople moving onto the last free machine at once: exactly one moves, the other is told who holds it', async () => {
    const span = [500, 502] as const;
    const free = await freeOf(t, desk, ...span);
    const rest = await createQuote(t, desk.admin, form(t, desk, [modelLine(desk, free - 1)], ...span));
    expect((await move(t, desk.admin, rest.id, 'send')).status).toBe('200');
    const a = await createQuote(t, desk.sales, form(t, desk, [modelLine(desk, 1)], 510, 511));
    const b = await createQuote(t, desk.staff, form(t, desk, [modelLine(desk, 1)], 512, 513));
    expect((await move(t, desk.sales, a.id, 'send')).status).toBe('200');
    expect((await move(t, desk.staff, b.id, 'send')).status).toBe('200');

    const [ra, rb] = await Promise.all([
      reschedule(desk.sales, 'quote', a.id, ...span),
      reschedule(desk.staff, 'quote', b.id, ...span),
    ]);
    expect([ra.status, rb.status].sort()).toEqual(['200', '409']);
    const [winner, loser, loserId] = ra.status === '200' ? [a, rb, b.id] : [b, ra, a.id];
    expect(loser.message).toContain(winner.number);
    expect(await freeOf(t, desk, ...span)).toBe(0);
    // The loser still holds its own days.
    expect((await rows('quote_id', loserId)).filter((r) => r.state === 'held').map((r) => r.startOn)).toHaveLength(1);
    expect((await detail(t, desk.admin, loserId)).startOn).not.toBe(dayAhead(t, span[0]));
  });

  it('a contract draft moves with its holds; once in review its days no longer move', async () => {
    const machine = desk.free[2]!;
    const made = await createContract(desk.sales, [{ deviceId: machine.id }], 530, 539);
    expect(made.status, made.message).toBe('200');
    const id = made.data.id;

    const moved = await reschedule(desk.sales, 'contract', id, 540, 544);
    expect(moved.status, moved.message).toBe('200');
    const c = await contractDetail(desk.sales, id);
    expect([c.startOn, c.endOn]).toEqual([dayAhead(t, 540), dayAhead(t, 544)]);
    expect(c.totalCents).toBe(lineAmountCents(23, { dayCents: LIST_DAY_CENTS, monthCents: null }, c.startOn, c.endOn));
    expect((await rows('contract_id', id)).filter((r) => r.state === 'held').map((r) => [r.startOn, r.endOn])).toEqual([
      [dayAhead(t, 540), dayAhead(t, 544)],
    ]);
    expect(c.events.find((e) => e.action === 'reschedule')!.days).toMatchObject({
      fromStartOn: dayAhead(t, 530),
      startOn: dayAhead(t, 540),
    });
    // The old days are free again: a quote holds the machine on them.
    const q = await createQuote(t, desk.staff, form(t, desk, [machineLine(machine.id)], 530, 535));
    expect((await move(t, desk.staff, q.id, 'send')).status).toBe('200');
    // ... so the contract cannot move back onto them, and stays where it is.
    const back = await reschedule(desk.sales, 'contract', id, 534, 541);
    expect(back.status).toBe('409');
    expect(back.message).toContain(q.number);
    expect((await contractDetail(desk.sales, id)).startOn).toBe(dayAhead(t, 540));

    const submitted = await t.call(leaseContractEndpoints.move, { token: desk.sales, body: { id, action: 'submit' } });
    expect(submitted.status, submitted.message).toBe('200');
    const late = await reschedule(desk.sales, 'contract', id, 545, 549);
    expect(late.status).toBe('409');
    expect(late.message).toMatch(
      new RegExp(`^Contract ${made.data.number} is .+: only a draft, withdrawn or rejected`),
    );
  });

  it('a contract draft that will never be signed is cancelled with a reason by the lessor’s staff and lets its machines go', async () => {
    const machine = desk.free[3]!;
    const made = await createContract(desk.sales, [{ deviceId: machine.id }], 560, 569);
    expect(made.status, made.message).toBe('200');
    const id = made.data.id;
    const cancel = (token: string, reason?: string) =>
      t.call(leaseContractEndpoints.move, { token, body: { id, action: 'cancel', ...(reason ? { reason } : {}) } });

    expect((await cancel(desk.sales, '客户不再租')).status).toBe('403');
    const noReason = await cancel(desk.staff);
    expect(noReason.status).toBe('400');
    expect((await cancel(desk.staff, '客户改用其他供应商')).status).toBe('200');

    const c = await contractDetail(desk.staff, id);
    expect(c.status).toBe(LEASE_STATUS.cancelled);
    expect(c.actions).toEqual([]);
    const event = c.events.at(-1)!;
    expect([event.action, event.reason, event.toStatus]).toEqual(['cancel', '客户改用其他供应商', 10]);
    expect((await rows('contract_id', id)).map((r) => [r.state, r.endReason])).toEqual([['released', 'cancelled']]);
    // Kept, and found by its state.
    const list = await t.call(leaseContractEndpoints.list, {
      token: desk.staff,
      query: { status: LEASE_STATUS.cancelled, keyword: made.data.number },
    });
    expect(list.data.list.map((r) => r.id)).toEqual([id]);
    // The machine is free for others on those days; the cancelled contract neither moves nor is cancelled again.
    const q = await createQuote(t, desk.staff, form(t, desk, [machineLine(machine.id)], 560, 569));
    expect((await move(t, desk.staff, q.id, 'send')).status).toBe('200');
    expect((await cancel(desk.staff, 'again')).status).toBe('409');
    expect((await reschedule(desk.staff, 'contract', id, 570, 571)).status).toBe('409');
  });

  it('the quote’s and the contract’s pages say whether the person may move their days, as the move itself does', async () => {
    const q = await createQuote(t, desk.sales, form(t, desk, [modelLine(desk, 1)], 620, 621));
    expect((await detail(t, desk.sales, q.id)).movable).toBe(true);
    expect((await move(t, desk.sales, q.id, 'send')).status).toBe('200');
    expect((await detail(t, desk.sales, q.id)).movable).toBe(true);
    // The operator's staff read it and move nothing.
    expect((await detail(t, await t.tokenFor(ROLE.companyAdmin), q.id)).movable).toBe(false);
    // Moved from its page as from the calendar: the same move.
    expect((await reschedule(desk.sales, 'quote', q.id, 622, 623)).status).toBe('200');
    expect((await move(t, desk.sales, q.id, 'accept')).status).toBe('200');
    const accepted = await detail(t, desk.sales, q.id);
    expect(accepted.movable).toBe(false);

    // The contract draft the quote became moves, for its salesperson, until it is submitted.
    const contractId = accepted.contractId!;
    expect((await contractDetail(desk.sales, contractId)).movable).toBe(true);
    expect((await contractDetail(desk.staff, contractId)).movable).toBe(true);
    const submitted = await t.call(leaseContractEndpoints.move, {
      token: desk.sales,
      body: { id: contractId, action: 'submit' },
    });
    expect(submitted.status, submitted.message).toBe('200');
    const inReview = await contractDetail(desk.sales, contractId);
    expect(inReview.movable).toBe(false);
    expect((await reschedule(desk.sales, 'contract', contractId, 624, 625)).status).toBe('409');
  });

  it('only the lessor’s own people who move the record move its days', async () => {
    const q = await createQuote(t, desk.admin, form(t, desk, [modelLine(desk, 1)], 600, 601));
    // Another rental company's administrator does not see it.
    const other = (await rowOf<{ mobile: string }>(
      t.dbh.db,
      "SELECT u.mobile FROM users u JOIN organisations o ON o.id = u.org_id WHERE o.kind = 'lessor' AND o.id <> ? AND u.role_id = 5 ORDER BY u.id LIMIT 1",
      desk.lessorId,
    ))!;
    const foreign = await t.tokenForAccount(other.mobile);
    expect((await reschedule(foreign, 'quote', q.id, 602, 603)).status).toBe('404');
    // The operator's staff read, and move nothing.
    expect((await reschedule(await t.tokenFor(ROLE.companyAdmin), 'quote', q.id, 602, 603)).status).toBe('403');
    // A salesperson moves only the quotes they write or sell.
    expect((await reschedule(desk.sales, 'quote', q.id, 602, 603)).status).toBe('404');
    // An accepted quote's days are its contract's now.
    expect((await reschedule(desk.admin, 'quote', q.id, 602, 603)).status).toBe('200');
    expect((await move(t, desk.admin, q.id, 'send')).status).toBe('200');
    expect((await move(t, desk.admin, q.id, 'accept')).status).toBe('200');
    const accepted = await reschedule(desk.admin, 'quote', q.id, 604, 605);
    expect(accepted.status).toBe('409');
    expect(accepted.message).toBe(`Quote ${q.number} no longer moves to other dates: only a draft or sent quote does`);
    // The request itself is checked: the return is not before the delivery.
    const backwards = await t.call(availabilityEndpoints.reschedule, {
      token: desk.admin,
      body: { kind: 'quote', id: q.id, startOn: dayAhead(t, 610), endOn: dayAhead(t, 609) },
    });
    expect(backwards.status).toBe('400');
  });
});
