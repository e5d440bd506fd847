import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { ROLE } from '@console/contract/codes/roles';
import { availabilityEndpoints } from '@console/contract/http/availability';
import { leaseChangeEndpoints } from '@console/contract/http/lease-changes';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { partyEndpoints } from '@console/contract/http/lease-parties';
import { signingFixture, type SigningFixture } from '../../fixtures/lease-signing.ts';
import { rowsOf } from '../../fixtures/sql-rows.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import { advanceTo, handOver } from '../lease-billing/helpers.ts';
import {
  createQuote,
  dayAhead,
  deskOf,
  form,
  freeOf,
  LIST_DAY_CENTS,
  machineLine,
  modelLine,
  move as quoteMove,
  type Desk,
} from '../quotes/helpers.ts';
import { changeOf, statusOf } from './helpers.ts';

/**
 * What a contract change holds (docs/decisions/069, addendum on change holds): from its submission the machines and
 * counts it adds are held from its effective day, and the contract's undelivered machines for the days a later end
 * adds (an earlier end, in force, lets go of the days past it; a removed line, of its machines not yet delivered from
 * the effective day), by the same holding rule as a contract's lines; a conflict refuses the move naming the record
 * that holds the machine. In force, its holds pass to its contract, whose deliveries consume them; withdrawn and cancelled, or ended
 * with its contract before coming into force, it lets them go. Every state reached through the product's moves.
 */
describe('contract changes hold what they add', () => {
  let f: SigningFixture;
  let t: TestApp;
  let desk: Desk;
  /** Days ahead of the clock as it was when the contract was written (the tests move the clock). */
  let day: (n: number) => string;
  let contract: { id: number; number: string; lineId: number };

  const contractMove = async (id: number, action: string, extra: Record<string, unknown> = {}) =>
    t.call(leaseContractEndpoints.move, {
      token: desk.admin,
      lang: 'en_US',
      body: { id, action: action as never, ...extra },
    });
  /** Submitted (approved by a rule of the company, else by its administrator), then signed by both on the pages. */
  const putInForce = async (id: number) => {
    if ([0, 2, 4].includes(await statusOf(t, id))) {
      const submitted = await contractMove(id, 'submit');
      expect(submitted.status, submitted.message).toBe('200');
    }
    if ((await statusOf(t, id)) === LEASE_STATUS.pendingReview) {
      const approved = await contractMove(id, 'approve');
      expect(approved.status, approved.message).toBe('200');
    }
    await f.sign(id);
    expect(await statusOf(t, id)).toBe(LEASE_STATUS.inExecution);
  };
  const rows = (contractId: number) =>
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
       FROM reservations WHERE contract_id = ? ORDER BY id`,
      contractId,
    );
  const shown = async (contractId: number) =>
    (await rows(contractId)).map((r) => [r.deviceId, r.count, r.state, r.startOn, r.endOn, r.endReason]);
  /** A move refused because another record holds the machine on some of its days: the message names it and them. */
  const expectHeldBy = (
    answer: { status: string; message: string },
    machine: { serialNumber: string },
    holder: string,
    from: number,
    to: number,
  ) => {
    expect(answer.status).toBe('409');
    expect(answer.message).toBe(`Machine ${machine.serialNumber} is held by ${holder} from ${day(from)} to ${day(to)}`);
  };
  /** A contract draft of the desk's renter for these days, its lines of named machines or counts of a model at list price. */
  const draftWith = (lines: ({ deviceId: number } | { modelId: number; count: number })[], from: number, to: number) =>
    t.call(leaseContractEndpoints.create, {
      token: desk.admin,
      lang: 'en_US',
      body: {
        renterId: desk.renterId,
        storeId: desk.storeId,
        startOn: day(from),
        endOn: day(to),
        siteAddress: '浦东新区张江路 88 号',
        lines: lines.map((line) => ({ ...line, businessModel: 23, dayCents: LIST_DAY_CENTS })),
      },
    });
  /** Another contract's draft of the desk's renter naming one machine or a count of the desk's model for these days. */
  const draftOf = (line: { deviceId: number } | { modelId: number; count: number }, from: number, to: number) =>
    draftWith([line], from, to);
  /** The machine's days 100 to 130 on the availability calendar: `[state, holder number]` by day. */
  const calendarOf = async (machine: { id: number; serialNumber: string }) => {
    const answer = await t.call(availabilityEndpoints.calendar, {
      token: desk.admin,
      query: { from: day(100), days: 31, keyword: machine.serialNumber },
    });
    expect(answer.status, answer.message).toBe('200');
    const out = new Map<string, [string, string]>();
    for (const span of answer.data.list.find((m) => m.id === machine.id)!.spans) {
      const number = span.ref === null ? '' : answer.data.refs[span.ref]!.number;
      for (let n = 100; n <= 130; n++)
        if (day(n) >= span.from && day(n) <= span.to) out.set(day(n), [span.state, number]);
    }
    return out;
  };
  /** The desk's model's free count at its store on each of the days 100 to 130, as the calendar's model view shows it. */
  const modelFree = async () => {
    const answer = await t.call(availabilityEndpoints.models, {
      token: desk.admin,
      query: { storeId: desk.storeId, from: day(100), days: 31, modelId: desk.modelId },
    });
    expect(answer.status, answer.message).toBe('200');
    return answer.data.list[0]!.free;
  };
  /** The company's automatic approval switched off by its administrator: a submitted change waits in review. */
  const autoApprovalOff = async () => {
    const rules = await t.call(partyEndpoints.ruleList, { token: desk.admin });
    for (const rule of rules.data.list) {
      const off = await t.call(partyEndpoints.ruleEnable, { token: desk.admin, body: { id: rule.id, enabled: false } });
      expect(off.status, off.message).toBe('200');
    }
  };
  const changeNumber = async (id: number) => {
    const d = await t.call(leaseContractEndpoints.detail, { token: desk.admin, query: { id: contract.id } });
    return d.data.changes.find((c) => c.id === id)!.number;
  };

  // A contract in force from day 100 to day 130 naming the desk's first free machine, not yet delivered.
  beforeEach(async () => {
    f = await signingFixture();
    t = f.t;
    desk = await deskOf(t);
    const start = t.deps.now();
    day = (n) => dayAhead({ deps: { now: () => start } } as TestApp, n);
    const made = await draftWith([{ deviceId: desk.free[0]!.id }], 100, 130);
    expect(made.status, made.message).toBe('200');
    await putInForce(made.data.id);
    const d = await t.call(leaseContractEndpoints.detail, { token: desk.admin, query: { id: made.data.id } });
    contract = { id: made.data.id, number: made.data.number, lineId: d.data.lines[0]!.id };
  });
  afterEach(() => f.close());

  it('an added machine is held from the effective day once submitted; in force its hold passes to the contract and the delivery consumes it', async () => {
    const added = desk.free[1]!;
    const id = await changeOf(t, {
      contractId: contract.id,
      effectiveOn: day(110),
      lines: [{ op: 'add', deviceId: added.id, businessModel: 23, dayCents: LIST_DAY_CENTS }],
    });
    expect(await shown(id)).toEqual([]);
    const submitted = await contractMove(id, 'submit');
    expect(submitted.status, submitted.message).toBe('200');
    expect(await shown(id)).toEqual([[added.id, 1, 'held', day(110), day(130), '']]);

    // A quote for the machine on those days is refused, naming the change and the days ...
    const number = await changeNumber(id);
    const late = await createQuote(t, desk.sales, form(t, desk, [machineLine(added.id)], 115, 118));
    const refused = await quoteMove(t, desk.sales, late.id, 'send');
    expectHeldBy(refused, added, number, 115, 118);
    // ... while before the effective day the machine is free.
    const early = await createQuote(t, desk.sales, form(t, desk, [machineLine(added.id)], 102, 105));
    expect((await quoteMove(t, desk.sales, early.id, 'send')).status).toBe('200');

    await putInForce(id);
    expect(await shown(id)).toEqual([]);
    expect(await shown(contract.id)).toEqual([
      [desk.free[0]!.id, 1, 'held', day(100), day(130), ''],
      [added.id, 1, 'held', day(110), day(130), ''],
    ]);
    // Delivered under the line the change added to the contract: its hold is consumed.
    const line = (
      await t.call(leaseContractEndpoints.detail, { token: desk.admin, query: { id: contract.id } })
    ).data.lines.find((l) => l.deviceId === added.id)!;
    expect(line.fromOn).toBe(day(110));
    advanceTo(t, day(110));
    await handOver(t, 'entry', contract.id, [{ lineId: line.id, deviceId: added.id }], day(110));
    expect((await shown(contract.id)).at(-1)).toEqual([added.id, 1, 'consumed', day(110), day(130), 'delivered']);
  });

  it('an added count its model no longer has free is refused on submit naming the holder, and holds once freed', async () => {
    const free = await freeOf(t, desk, 110, 130);
    const rest = await createQuote(t, desk.admin, form(t, desk, [modelLine(desk, free)], 110, 130));
    expect((await quoteMove(t, desk.admin, rest.id, 'send')).status).toBe('200');
    const id = await changeOf(t, {
      contractId: contract.id,
      effectiveOn: day(112),
      lines: [{ op: 'add', modelId: desk.modelId, count: 1, businessModel: 23, dayCents: LIST_DAY_CENTS }],
    });

    const refused = await contractMove(id, 'submit');
    expect(refused.status).toBe('409');
    expect(refused.message).toMatch(
      new RegExp(`^Only 0 .+ free at the store on ${day(112)} \\(held by .*${rest.number}`),
    );
    const zh = await t.call(leaseContractEndpoints.move, {
      token: desk.admin,
      lang: 'zh_CN',
      body: { id, action: 'submit' },
    });
    expect(zh.status).toBe('409');
    expect(zh.message).toContain(rest.number);
    // Nothing changed: still a draft, holding nothing.
    expect(await statusOf(t, id)).toBe(LEASE_STATUS.draft);
    expect(await shown(id)).toEqual([]);

    expect((await quoteMove(t, desk.admin, rest.id, 'decline', { reason: '客户改期' })).status).toBe('200');
    expect((await contractMove(id, 'submit')).status).toBe('200');
    expect(await shown(id)).toEqual([[null, 1, 'held', day(112), day(130), '']]);
    expect(await freeOf(t, desk, 112, 130)).toBe(free - 1);
  });

  it('a repriced line moved to a later end holds its undelivered machine for the added days only; delivered, both holds are consumed', async () => {
    const machine = desk.free[0]!;
    // The contract holds the machine to day 130: a quote may hold it after.
    const q = await createQuote(t, desk.staff, form(t, desk, [machineLine(machine.id)], 135, 136));
    expect((await quoteMove(t, desk.staff, q.id, 'send')).status).toBe('200');
    const id = await changeOf(t, {
      contractId: contract.id,
      effectiveOn: day(120),
      endOn: day(140),
      lines: [{ op: 'reprice', lineId: contract.lineId, businessModel: 23, dayCents: LIST_DAY_CENTS - 10_000 }],
    });

    const refused = await contractMove(id, 'submit');
    expectHeldBy(refused, machine, q.number, 135, 136);
    expect(await statusOf(t, id)).toBe(LEASE_STATUS.draft);

    expect((await quoteMove(t, desk.staff, q.id, 'withdraw')).status).toBe('200');
    expect((await contractMove(id, 'submit')).status).toBe('200');
    expect(await shown(id)).toEqual([[machine.id, 1, 'held', day(131), day(140), '']]);

    await putInForce(id);
    expect(await shown(contract.id)).toEqual([
      [machine.id, 1, 'held', day(100), day(130), ''],
      [machine.id, 1, 'held', day(131), day(140), ''],
    ]);
    advanceTo(t, day(100));
    await handOver(t, 'entry', contract.id, [{ lineId: contract.lineId, deviceId: machine.id }], day(100));
    expect((await shown(contract.id)).map((r) => [r[2], r[5]])).toEqual([
      ['consumed', 'delivered'],
      ['consumed', 'delivered'],
    ]);
  });

  it('a change that only moves the end later holds the undelivered machine for the added days, refused while another record holds them', async () => {
    const machine = desk.free[0]!;
    const q = await createQuote(t, desk.staff, form(t, desk, [machineLine(machine.id)], 133, 134));
    expect((await quoteMove(t, desk.staff, q.id, 'send')).status).toBe('200');
    const id = await changeOf(t, { contractId: contract.id, effectiveOn: day(120), endOn: day(140), lines: [] });

    const refused = await contractMove(id, 'submit');
    expectHeldBy(refused, machine, q.number, 133, 134);
    expect(await statusOf(t, id)).toBe(LEASE_STATUS.draft);
    expect(await shown(id)).toEqual([]);

    expect((await quoteMove(t, desk.staff, q.id, 'withdraw')).status).toBe('200');
    expect((await contractMove(id, 'submit')).status).toBe('200');
    expect(await shown(id)).toEqual([[machine.id, 1, 'held', day(131), day(140), '']]);
    // In force, the contract holds the machine to its new end: a quote for the added days is refused, naming it.
    await putInForce(id);
    expect(await shown(contract.id)).toEqual([
      [machine.id, 1, 'held', day(100), day(130), ''],
      [machine.id, 1, 'held', day(131), day(140), ''],
    ]);
    const late = await createQuote(t, desk.sales, form(t, desk, [machineLine(machine.id)], 138, 142));
    const blocked = await quoteMove(t, desk.sales, late.id, 'send');
    expectHeldBy(blocked, machine, contract.number, 138, 140);
  });

  it('a later end holds nothing again for a machine already delivered: its lease period holds it', async () => {
    const machine = desk.free[0]!;
    advanceTo(t, day(100));
    await handOver(t, 'entry', contract.id, [{ lineId: contract.lineId, deviceId: machine.id }], day(100));
    // Sessions of the desk on the moved clock.
    desk = { ...desk, admin: await t.tokenFor(ROLE.lessorAdmin), sales: await t.tokenFor(ROLE.lessorSales) };
    const id = await changeOf(t, { contractId: contract.id, effectiveOn: day(120), endOn: day(140), lines: [] });
    expect((await contractMove(id, 'submit')).status).toBe('200');
    expect(await shown(id)).toEqual([]);
    // The machine is out on lease: no quote may hold it after the old end either, and the refusal names the contract.
    const q = await createQuote(t, desk.sales, {
      ...form(t, desk, [machineLine(machine.id)]),
      startOn: day(135),
      endOn: day(136),
    });
    const refused = await quoteMove(t, desk.sales, q.id, 'send');
    expectHeldBy(refused, machine, contract.number, 135, 136);
  });

  it('a later end is refused while another record holds a delivered machine on the added days', async () => {
    const machine = desk.free[0]!;
    // Held for days after the contract's end, before the machine went out.
    const q = await createQuote(t, desk.staff, form(t, desk, [machineLine(machine.id)], 133, 134));
    expect((await quoteMove(t, desk.staff, q.id, 'send')).status).toBe('200');
    advanceTo(t, day(100));
    await handOver(t, 'entry', contract.id, [{ lineId: contract.lineId, deviceId: machine.id }], day(100));
    desk = { ...desk, admin: await t.tokenFor(ROLE.lessorAdmin), staff: await t.tokenFor(ROLE.lessorStaff) };
    const id = await changeOf(t, { contractId: contract.id, effectiveOn: day(120), endOn: day(140), lines: [] });

    const refused = await contractMove(id, 'submit');
    expectHeldBy(refused, machine, q.number, 133, 134);
    expect(await statusOf(t, id)).toBe(LEASE_STATUS.draft);

    expect((await quoteMove(t, desk.staff, q.id, 'withdraw')).status).toBe('200');
    expect((await contractMove(id, 'submit')).status).toBe('200');
    expect(await shown(id)).toEqual([]);
  });

  it('a change in force that moves the end earlier lets go of the days past it', async () => {
    const machine = desk.free[0]!;
    const id = await changeOf(t, { contractId: contract.id, effectiveOn: day(110), endOn: day(120), lines: [] });
    expect((await contractMove(id, 'submit')).status).toBe('200');
    expect(await shown(id)).toEqual([]);
    // Until the change is in force, the contract holds the machine to its old end.
    const q = await createQuote(t, desk.sales, form(t, desk, [machineLine(machine.id)], 125, 128));
    const early = await quoteMove(t, desk.sales, q.id, 'send');
    expectHeldBy(early, machine, contract.number, 125, 128);

    await putInForce(id);
    expect(await shown(contract.id)).toEqual([
      [machine.id, 1, 'held', day(100), day(120), ''],
      [machine.id, 1, 'released', day(121), day(130), 'shortened'],
    ]);
    expect((await quoteMove(t, desk.sales, q.id, 'send')).status).toBe('200');
    // The days up to the new end are still the contract's.
    const inside = await createQuote(t, desk.sales, form(t, desk, [machineLine(machine.id)], 118, 119));
    expect((await quoteMove(t, desk.sales, inside.id, 'send')).status).toBe('409');
  });

  it('a change withdrawn keeps its holds and an edit moves them; cancelled, or ended with its contract, it lets them go', async () => {
    await autoApprovalOff();
    const added = desk.free[1]!;
    const body = (effectiveOn: string) => ({
      contractId: contract.id,
      effectiveOn,
      lines: [{ op: 'add' as const, deviceId: added.id, businessModel: 23, dayCents: LIST_DAY_CENTS }],
    });
    const id = await changeOf(t, body(day(110)));
    expect((await contractMove(id, 'submit')).status).toBe('200');
    expect(await statusOf(t, id)).toBe(LEASE_STATUS.pendingReview);
    expect((await contractMove(id, 'withdraw')).status).toBe('200');
    expect(await shown(id)).toEqual([[added.id, 1, 'held', day(110), day(130), '']]);
    // Edited while withdrawn: what it holds follows its new effective day at once.
    const edited = await t.call(leaseChangeEndpoints.update, {
      token: desk.admin,
      query: { id },
      body: body(day(112)),
    });
    expect(edited.status, edited.message).toBe('200');
    expect(await shown(id)).toEqual([
      [added.id, 1, 'released', day(110), day(130), 'edited'],
      [added.id, 1, 'held', day(112), day(130), ''],
    ]);
    const cancelled = await contractMove(id, 'cancel', { reason: '客户不再加机' });
    expect(cancelled.status, cancelled.message).toBe('200');
    expect((await shown(id)).at(-1)).toEqual([added.id, 1, 'released', day(112), day(130), 'cancelled']);

    // Another change, in review, ends with its contract and lets its machine go.
    const other = desk.free[2]!;
    const next = await changeOf(t, {
      contractId: contract.id,
      effectiveOn: day(115),
      lines: [{ op: 'add', deviceId: other.id, businessModel: 23, dayCents: LIST_DAY_CENTS }],
    });
    expect((await contractMove(next, 'submit')).status).toBe('200');
    expect((await shown(next)).map((r) => r[2])).toEqual(['held']);
    const ended = await contractMove(contract.id, 'terminate', { reason: '客户提前退租', day: dayAhead(t, 0) });
    expect(ended.status, ended.message).toBe('200');
    expect(await statusOf(t, next)).toBe(LEASE_STATUS.terminated);
    expect((await shown(next)).map((r) => [r[2], r[5]])).toEqual([['released', 'terminated']]);
    expect((await shown(contract.id)).map((r) => [r[2], r[5]])).toEqual([['released', 'terminated']]);
    // Both machines are free again on those days.
    const q = await createQuote(t, desk.sales, form(t, desk, [machineLine(added.id), machineLine(other.id)], 115, 120));
    expect((await quoteMove(t, desk.sales, q.id, 'send')).status).toBe('200');
  });

  it('a removed machine not yet delivered is free from the effective day once the change is in force; the days before stay the contract’s', async () => {
    const machine = desk.free[0]!;
    const id = await changeOf(t, {
      contractId: contract.id,
      effectiveOn: day(110),
      lines: [{ op: 'remove', lineId: contract.lineId }],
    });
    expect((await contractMove(id, 'submit')).status).toBe('200');
    expect(await shown(id)).toEqual([]);
    // Until the change is in force, the contract's line names the machine: another draft is refused, naming it.
    const early = await draftOf({ deviceId: machine.id }, 112, 118);
    expect(early.status).toBe('409');
    expect(early.message).toBe(`Machine ${machine.serialNumber} is already on contract ${contract.number}`);
    expect((await calendarOf(machine)).get(day(115))).toEqual(['reserved', contract.number]);

    await putInForce(id);
    expect(await shown(contract.id)).toEqual([
      [machine.id, 1, 'held', day(100), day(109), ''],
      [machine.id, 1, 'released', day(110), day(130), 'removed'],
    ]);
    const days = await calendarOf(machine);
    for (const n of [100, 105, 109]) expect(days.get(day(n))).toEqual(['reserved', contract.number]);
    for (const n of [110, 115, 130]) expect(days.get(day(n))).toEqual(['free', '']);
    // Another customer's draft holds it from that day; the days before are still the contract's.
    const other = await draftOf({ deviceId: machine.id }, 112, 118);
    expect(other.status, other.message).toBe('200');
    expect((await calendarOf(machine)).get(day(115))).toEqual(['reserved', other.data.number]);
    const before = await draftOf({ deviceId: machine.id }, 104, 108);
    expectHeldBy(before, machine, contract.number, 104, 108);
  });

  it('a removed model line frees the count not yet delivered from the effective day; the machine delivered under it stays out', async () => {
    const made = await draftOf({ modelId: desk.modelId, count: 3 }, 100, 130);
    expect(made.status, made.message).toBe('200');
    await putInForce(made.data.id);
    const lineId = (await t.call(leaseContractEndpoints.detail, { token: desk.admin, query: { id: made.data.id } }))
      .data.lines[0]!.id;
    advanceTo(t, day(100));
    await handOver(t, 'entry', made.data.id, [{ lineId, deviceId: desk.free[1]!.id }], day(100));
    // Sessions of the desk on the moved clock.
    desk = { ...desk, admin: await t.tokenFor(ROLE.lessorAdmin) };
    const held = await modelFree();
    const id = await changeOf(t, {
      contractId: made.data.id,
      effectiveOn: day(110),
      lines: [{ op: 'remove', lineId }],
    });
    expect((await contractMove(id, 'submit')).status).toBe('200');
    expect(await modelFree()).toEqual(held);

    await putInForce(id);
    expect(await shown(made.data.id)).toEqual([
      [null, 2, 'held', day(100), day(109), ''],
      [null, 2, 'released', day(110), day(130), 'removed'],
    ]);
    // The two never delivered are free again from day 110; the delivered one is on lease until it is returned.
    expect(await modelFree()).toEqual(held.map((n, i) => (i >= 10 ? n + 2 : n)));
    const more = await draftOf({ modelId: desk.modelId, count: held[10]! + 2 }, 110, 130);
    expect(more.status, more.message).toBe('200');
  });

  it('a removed model line whose delivered machine came back lets go of what it still holds, not of the next line’s', async () => {
    // Two lines of the same model, 3 and 2: the contract holds 5 of it, in rows that name no line.
    const made = await draftWith(
      [3, 2].map((count) => ({ modelId: desk.modelId, count })),
      100,
      130,
    );
    expect(made.status, made.message).toBe('200');
    await putInForce(made.data.id);
    const lines = (await t.call(leaseContractEndpoints.detail, { token: desk.admin, query: { id: made.data.id } })).data
      .lines;
    const first = lines.find((l) => l.count === 3)!.id;
    advanceTo(t, day(100));
    // One machine of the first line delivered and back three days later: its hold was consumed by the delivery.
    const machine = { lineId: first, deviceId: desk.free[1]!.id };
    await handOver(t, 'entry', made.data.id, [machine], day(100));
    advanceTo(t, day(103));
    await handOver(t, 'exit', made.data.id, [machine], day(103));
    desk = { ...desk, admin: await t.tokenFor(ROLE.lessorAdmin) };
    const held = await modelFree();
    const id = await changeOf(t, {
      contractId: made.data.id,
      effectiveOn: day(110),
      lines: [{ op: 'remove', lineId: first }],
    });
    await putInForce(id);
    // The first line held 2 still: those are free from day 110; the second line's 2 stay held to the end.
    expect(await modelFree()).toEqual(held.map((n, i) => (i >= 10 ? n + 2 : n)));
    const kept = await rows(made.data.id);
    const heldOn = (n: number) =>
      kept
        .filter((r) => r.state === 'held' && r.startOn <= day(n) && r.endOn >= day(n))
        .reduce((sum, r) => sum + r.count, 0);
    expect(heldOn(115)).toBe(2);
    expect(heldOn(105)).toBe(4);
  });

  it('a removal withdrawn and cancelled before coming into force changes nothing; the next one, in force, lets go', async () => {
    await autoApprovalOff();
    const machine = desk.free[0]!;
    const remove = (effectiveOn: string) => ({
      contractId: contract.id,
      effectiveOn,
      lines: [{ op: 'remove' as const, lineId: contract.lineId }],
    });
    const id = await changeOf(t, remove(day(110)));
    expect((await contractMove(id, 'submit')).status).toBe('200');
    expect((await contractMove(id, 'withdraw')).status).toBe('200');
    const cancelled = await contractMove(id, 'cancel', { reason: '客户继续租用' });
    expect(cancelled.status, cancelled.message).toBe('200');
    expect(await shown(contract.id)).toEqual([[machine.id, 1, 'held', day(100), day(130), '']]);
    expect((await calendarOf(machine)).get(day(115))).toEqual(['reserved', contract.number]);
    expect((await draftOf({ deviceId: machine.id }, 112, 118)).status).toBe('409');

    const next = await changeOf(t, remove(day(120)));
    await putInForce(next);
    expect(await shown(contract.id)).toEqual([
      [machine.id, 1, 'held', day(100), day(119), ''],
      [machine.id, 1, 'released', day(120), day(130), 'removed'],
    ]);
    const days = await calendarOf(machine);
    expect(days.get(day(119))).toEqual(['reserved', contract.number]);
    expect(days.get(day(120))).toEqual(['free', '']);
  });
});
