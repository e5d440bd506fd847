import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { leaseHandoverEndpoints } from '@console/contract/http/lease-handover';
import { LEASE_ACTIONS, LEASE_FLOW } from '@console/contract/codes/lease-flow';
import { signingFixture, type SigningFixture } from '../../fixtures/lease-signing.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import {
  createQuote,
  dayAhead,
  deskOf,
  form,
  freeOf,
  LIST_DAY_CENTS,
  machineLine,
  modelLine,
  move,
  type Desk,
} from './helpers.ts';
import { rowsOf } from '../../fixtures/sql-rows.ts';

/**
 * A contract written directly (not from a quote) holds its machines through the same rule as quotes (decision 069):
 * from its draft until delivery, released when it ends.
 */

type Line = { deviceId?: number; modelId?: number; count?: number };

describe('contracts written directly hold their machines like quotes', () => {
  let f: SigningFixture;
  let t: TestApp;
  let desk: Desk;
  beforeAll(async () => {
    f = await signingFixture();
    t = f.t;
    desk = await deskOf(t);
  });
  afterAll(() => f.close());

  const body = (lines: Line[], from: number, to: number) => ({
    renterId: desk.renterId,
    storeId: desk.storeId,
    startOn: dayAhead(t, from),
    endOn: dayAhead(t, to),
    siteAddress: '浦东新区张江路 88 号',
    lines: lines.map((l) => ({ ...l, businessModel: 23, dayCents: LIST_DAY_CENTS })),
  });
  const create = (token: string, lines: Line[], from: number, to: number, lang?: 'zh_CN' | 'en_US') =>
    t.call(leaseContractEndpoints.create, { token, body: body(lines, from, to), ...(lang ? { lang } : {}) });
  const contractMove = (
    token: string,
    id: number,
    action: 'submit' | 'approve' | 'close' | 'terminate',
    day?: string,
  ) =>
    t.call(leaseContractEndpoints.move, {
      token,
      body: { id, action, ...(day ? { day } : {}), ...(action === 'terminate' ? { reason: '客户提前退租' } : {}) },
    });
  const held = (contractId: number) =>
    rowsOf<{ deviceId: number | null; modelId: number | null; count: number; state: string; endReason: string }>(
      t.dbh.db,
      'SELECT device_id AS "deviceId", model_id AS "modelId", count, state, end_reason AS "endReason" FROM reservations WHERE contract_id = ? ORDER BY id',
      contractId,
    );

  it('every move of the contract says what it does to the holds', () => {
    expect(Object.fromEntries(LEASE_ACTIONS.map((a) => [a, LEASE_FLOW[a].holds]))).toEqual({
      submit: 'hold',
      withdraw: 'keep',
      approve: 'keep',
      autoApprove: 'keep',
      reject: 'keep',
      startSigning: 'keep',
      lesseeSigned: 'keep',
      lessorSigned: 'keep',
      cancelSigning: 'keep',
      close: 'release',
      terminate: 'release',
      cancel: 'release',
    });
  });

  it('a draft holds its named machine: another contract or quote over overlapping days is refused, naming it, in both languages', async () => {
    const machine = desk.free[0]!;
    const first = await create(desk.sales, [{ deviceId: machine.id }], 700, 709);
    expect(first.status, first.message).toBe('200');
    expect(await held(first.data.id)).toEqual([
      { deviceId: machine.id, modelId: null, count: 1, state: 'held', endReason: '' },
    ]);
    const second = await create(desk.staff, [{ deviceId: machine.id }], 705, 715);
    expect(second.status).toBe('409');
    expect(second.message).toBe(
      `Machine ${machine.serialNumber} is held by ${first.data.number} from ${dayAhead(t, 705)} to ${dayAhead(t, 709)}`,
    );
    const inChinese = await create(desk.staff, [{ deviceId: machine.id }], 700, 700, 'zh_CN');
    expect(inChinese.message).toBe(
      `机械 ${machine.serialNumber} 在 ${dayAhead(t, 700)} 至 ${dayAhead(t, 700)} 已被 ${first.data.number} 占用`,
    );
    // A quote asking for it over those days is refused as well, naming the contract.
    const q = await createQuote(t, desk.sales, form(t, desk, [machineLine(machine.id)], 709, 712));
    const sent = await move(t, desk.sales, q.id, 'send');
    expect(sent.status).toBe('409');
    expect(sent.message).toContain(`is held by ${first.data.number}`);
    // The days after are free.
    expect((await create(desk.staff, [{ deviceId: machine.id }], 710, 715)).status).toBe('200');
  });

  it('a draft naming a machine a sent quote holds is refused, naming the quote', async () => {
    const machine = desk.free[1]!;
    const q = await createQuote(t, desk.sales, form(t, desk, [machineLine(machine.id)], 720, 725));
    expect((await move(t, desk.sales, q.id, 'send')).status).toBe('200');
    const refused = await create(desk.admin, [{ deviceId: machine.id }], 725, 730);
    expect(refused.status).toBe('409');
    expect(refused.message).toBe(
      `Machine ${machine.serialNumber} is held by ${q.number} from ${dayAhead(t, 725)} to ${dayAhead(t, 725)}`,
    );
    // Withdrawn, the quote lets it go.
    expect((await move(t, desk.sales, q.id, 'withdraw')).status).toBe('200');
    expect((await create(desk.admin, [{ deviceId: machine.id }], 725, 730)).status).toBe('200');
  });

  it('a model line takes its count for its days; the free count never goes below zero', async () => {
    const span = [740, 744] as const;
    const free = await freeOf(t, desk, ...span);
    expect(free).toBeGreaterThanOrEqual(3);
    const all = await create(desk.sales, [{ modelId: desk.modelId, count: free }], ...span);
    expect(all.status, all.message).toBe('200');
    expect(await freeOf(t, desk, ...span)).toBe(0);
    const more = await create(desk.staff, [{ modelId: desk.modelId, count: 1 }], 744, 750);
    expect(more.status).toBe('409');
    expect(more.message).toMatch(
      new RegExp(`^Only 0 .+ free at the store on ${dayAhead(t, 744)} \\(held by .*${all.data.number}`),
    );
    const quote = await createQuote(t, desk.sales, form(t, desk, [modelLine(desk, 1)], 740, 740));
    expect((await move(t, desk.sales, quote.id, 'send')).message).toMatch(/^Only 0 /);
  });

  it('an edit holds the new terms; a refused edit leaves the contract and its holds as they were', async () => {
    const span = [760, 762] as const;
    const free = await freeOf(t, desk, ...span);
    const c = await create(desk.sales, [{ modelId: desk.modelId, count: 1 }], ...span);
    expect(c.status, c.message).toBe('200');
    const tooMany = await t.call(leaseContractEndpoints.update, {
      token: desk.sales,
      query: { id: c.data.id },
      body: body([{ modelId: desk.modelId, count: free + 1 }], ...span),
    });
    expect(tooMany.status).toBe('409');
    expect((await held(c.data.id)).map((r) => [r.state, r.count])).toEqual([['held', 1]]);
    const moved = await t.call(leaseContractEndpoints.update, {
      token: desk.sales,
      query: { id: c.data.id },
      body: body([{ modelId: desk.modelId, count: 2 }], 770, 771),
    });
    expect(moved.status, moved.message).toBe('200');
    expect((await held(c.data.id)).map((r) => [r.state, r.count, r.endReason])).toEqual([
      ['released', 1, 'edited'],
      ['held', 2, ''],
    ]);
    expect(await freeOf(t, desk, ...span)).toBe(free);
  });

  it('two desks writing a contract for the last free machine at once: exactly one is saved, the other told who holds it', async () => {
    const span = [780, 781] as const;
    const free = await freeOf(t, desk, ...span);
    expect((await create(desk.admin, [{ modelId: desk.modelId, count: free - 1 }], ...span)).status).toBe('200');
    const [a, b] = await Promise.all([
      create(desk.sales, [{ modelId: desk.modelId, count: 1 }], ...span),
      create(desk.staff, [{ modelId: desk.modelId, count: 1 }], ...span),
    ]);
    expect([a.status, b.status].sort()).toEqual(['200', '409']);
    const [winner, loser] = a.status === '200' ? [a, b] : [b, a];
    expect(loser.message).toMatch(/^Only 0 /);
    expect(loser.message).toContain(winner.data.number);
    expect(await freeOf(t, desk, ...span)).toBe(0);
  });

  /** A direct contract from today, submitted, approved when a manager must, and signed: in execution. */
  async function running(lines: Line[], to: number) {
    const c = await create(desk.sales, lines, 0, to);
    expect(c.status, c.message).toBe('200');
    const submitted = await contractMove(desk.sales, c.data.id, 'submit');
    expect(submitted.status, submitted.message).toBe('200');
    if (submitted.data.status === 1) expect((await contractMove(desk.admin, c.data.id, 'approve')).status).toBe('200');
    await f.sign(c.data.id);
    const detail = await t.call(leaseContractEndpoints.detail, { token: desk.admin, query: { id: c.data.id } });
    return { id: c.data.id, lines: detail.data.lines };
  }

  async function deliver(contractId: number, machines: { lineId: number; deviceId: number }[]) {
    const entry = await t.call(leaseHandoverEndpoints.create, {
      token: desk.admin,
      body: { kind: 'entry', contractId, day: dayAhead(t, 0), deliveredBy: '王师傅', receivedBy: '李工', machines },
    });
    expect(entry.status, entry.message).toBe('200');
    const confirmed = await t.call(leaseHandoverEndpoints.confirm, { token: desk.admin, body: { id: entry.data.id } });
    expect(confirmed.status, confirmed.message).toBe('200');
  }

  it('a delivery consumes the holds; closing releases what was never delivered', async () => {
    const [named, modelled] = [desk.free[3]!, desk.free[4]!];
    const c = await running([{ deviceId: named.id }, { modelId: desk.modelId, count: 2 }], 30);
    const lineOf = (deviceId: number | null) => c.lines.find((l) => l.deviceId === deviceId)!.id;
    await deliver(c.id, [
      { lineId: lineOf(named.id), deviceId: named.id },
      { lineId: lineOf(null), deviceId: modelled.id },
    ]);
    expect((await held(c.id)).map((r) => [r.deviceId, r.state, r.count, r.endReason])).toEqual([
      [named.id, 'consumed', 1, 'delivered'],
      [null, 'held', 1, ''],
    ]);
    const closed = await contractMove(desk.admin, c.id, 'close', dayAhead(t, 0));
    expect(closed.status, closed.message).toBe('200');
    expect((await held(c.id)).map((r) => [r.deviceId, r.state, r.count, r.endReason])).toEqual([
      [named.id, 'consumed', 1, 'delivered'],
      [null, 'released', 1, 'closed'],
    ]);
  });

  it('terminating releases what was never delivered, and a machine another record holds by name is not delivered', async () => {
    const other = desk.free[5]!;
    const c = await running([{ modelId: desk.modelId, count: 1 }], 30);
    // A quote holds one machine of the model by name over the contract's days: the entry may not deliver it.
    const q = await createQuote(t, desk.sales, {
      ...form(t, desk, [machineLine(other.id)], 20, 25),
      validUntil: dayAhead(t, 1),
    });
    expect((await move(t, desk.sales, q.id, 'send')).status).toBe('200');
    const entry = await t.call(leaseHandoverEndpoints.create, {
      token: desk.admin,
      body: {
        kind: 'entry',
        contractId: c.id,
        day: dayAhead(t, 0),
        deliveredBy: '王师傅',
        receivedBy: '李工',
        machines: [{ lineId: c.lines[0]!.id, deviceId: other.id }],
      },
    });
    expect(entry.status).toBe('409');
    expect(entry.message).toContain(`Machine ${other.serialNumber} is held by ${q.number}`);
    const ended = await contractMove(desk.admin, c.id, 'terminate', dayAhead(t, 0));
    expect(ended.status, ended.message).toBe('200');
    expect((await held(c.id)).map((r) => [r.state, r.endReason])).toEqual([['released', 'terminated']]);
  });
});
