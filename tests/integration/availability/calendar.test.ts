import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { availabilityEndpoints as api, type CalendarAnswer } from '@console/contract/http/availability';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import {
  createQuote,
  dayAhead,
  deskOf,
  form,
  freeOf,
  machineLine,
  modelLine,
  move,
  type Desk,
} from '../quotes/helpers.ts';
import { create as createWorkOrder, orderFor } from '../work-orders/helpers.ts';
import { rowOf } from '../../fixtures/sql-rows.ts';

/** Each day of one machine, as the calendar lays it: `[state, holder number]` by day. */
function daysOf(answer: CalendarAnswer, machineId: number): Map<string, [string, string]> {
  const machine = answer.list.find((m) => m.id === machineId);
  expect(machine, `machine ${machineId} on the page`).toBeDefined();
  const out = new Map<string, [string, string]>();
  for (const span of machine!.spans) {
    const ref = span.ref === null ? null : answer.refs[span.ref]!;
    for (let d = span.from; d <= span.to; d = next(d)) out.set(d, [span.state, ref?.number ?? '']);
  }
  return out;
}
const next = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe('availability: machines × days by what holds them, and the free count per model', () => {
  let t: TestApp;
  let desk: Desk;
  const calendar = async (token: string, query: Record<string, unknown>) => {
    const answer = await t.call(api.calendar, { token, query: query as never });
    expect(answer.status, answer.message).toBe('200');
    return answer.data;
  };
  beforeAll(async () => {
    t = await createTestApp();
    desk = await deskOf(t);
  });
  afterAll(() => t.dbh.close());

  it('a sent quote shows its named machine reserved on its days, by the quote; accepted, by the contract draft', async () => {
    const machine = desk.free[0]!;
    const q = await createQuote(t, desk.sales, form(t, desk, [machineLine(machine.id)], 402, 405));
    const span = { from: dayAhead(t, 400), days: 10, keyword: machine.serialNumber };
    let days = daysOf(await calendar(desk.sales, span), machine.id);
    // A draft that does not hold: the machine is free.
    expect([...days.values()].every(([state]) => state === 'free')).toBe(true);

    expect((await move(t, desk.sales, q.id, 'send')).status).toBe('200');
    const sent = await calendar(desk.sales, span);
    expect(sent.total).toBe(1);
    days = daysOf(sent, machine.id);
    expect(days.get(dayAhead(t, 401))).toEqual(['free', '']);
    for (const n of [402, 403, 404, 405]) expect(days.get(dayAhead(t, n))).toEqual(['reserved', q.number]);
    expect(days.get(dayAhead(t, 406))).toEqual(['free', '']);
    const ref = sent.refs.find((r) => r.number === q.number)!;
    expect(ref).toMatchObject({ kind: 'quote', id: q.id, from: dayAhead(t, 402), to: dayAhead(t, 405) });

    const accepted = await move(t, desk.sales, q.id, 'accept');
    expect(accepted.status, accepted.message).toBe('200');
    const afterAccept = await calendar(desk.sales, span);
    const contractRef = afterAccept.refs.find((r) => r.kind === 'contract')!;
    expect(contractRef.id).toBe(accepted.data.contractId);
    expect(daysOf(afterAccept, machine.id).get(dayAhead(t, 403))).toEqual(['reserved', contractRef.number]);
  });

  it('a machine out on lease is on lease from its delivery, open while it is not back, naming its contract', async () => {
    const leased = (await rowOf<{ id: number; startOn: string; plannedEndOn: string; number: string; serial: string }>(
      t.dbh.db,
      `SELECT p.device_id AS id, p.start_on AS "startOn", p.planned_end_on AS "plannedEndOn", c.number, d.serial_number AS serial
       FROM lease_periods p JOIN contracts c ON c.id = p.contract_id JOIN devices d ON d.id = p.device_id
       JOIN store_devices sd ON sd.device_id = d.id
       WHERE p.end_on IS NULL AND p.lessor_org_id = ? ORDER BY p.start_on DESC, p.id LIMIT 1`,
      desk.lessorId,
    ))!;
    const answer = await calendar(desk.admin, { from: leased.startOn, days: 62, keyword: leased.serial });
    const days = daysOf(answer, leased.id);
    expect(days.get(leased.startOn)).toEqual(['leased', leased.number]);
    // Open: every later day of the span too, with the day it is expected back.
    expect([...days.values()].every(([state]) => state === 'leased')).toBe(true);
    expect(answer.refs.find((r) => r.number === leased.number)).toMatchObject({
      kind: 'contract',
      to: null,
      expectedOn: leased.plannedEndOn,
    });
  });

  it('a work order holds its machine from the day it is raised, above stock and below lease', async () => {
    const machine = desk.free[1]!;
    const kind = (await rowOf<{ kind: string }>(t.dbh.db, 'SELECT kind FROM devices WHERE id = ?', machine.id))!.kind;
    const made = await createWorkOrder(t, orderFor({ id: machine.id, kind }));
    expect(made.status, made.message).toBe('200');
    const today = dayAhead(t, 0);
    const answer = await calendar(desk.admin, { from: today, days: 5, keyword: machine.serialNumber });
    const days = daysOf(answer, machine.id);
    for (let n = 0; n < 5; n++) expect(days.get(dayAhead(t, n))![0]).toBe('service');
    expect(answer.refs.find((r) => r.kind === 'workOrder')).toMatchObject({ from: today, to: null });
  });

  it('the model view counts model-line holds: the free count per day falls by what is held, never below zero', async () => {
    const from = dayAhead(t, 450);
    const models = async () => {
      const answer = await t.call(api.models, {
        token: desk.staff,
        query: { storeId: desk.storeId, from, days: 10, modelId: desk.modelId },
      });
      expect(answer.status, answer.message).toBe('200');
      expect(answer.data.list).toHaveLength(1);
      return answer.data.list[0]!;
    };
    const before = await models();
    expect(before.free.every((n) => n === before.free[0])).toBe(true);
    expect(before.free[0]).toBe(await freeOf(t, desk, 450, 459));

    const two = await createQuote(t, desk.sales, form(t, desk, [modelLine(desk, 2)], 452, 454));
    expect((await move(t, desk.sales, two.id, 'send')).status).toBe('200');
    const held = await models();
    expect(held.free).toEqual(before.free.map((n, i) => (i >= 2 && i <= 4 ? n - 2 : n)));
    expect(held.held).toEqual(before.held.map((n, i) => (i >= 2 && i <= 4 ? n + 2 : n)));

    // The rest of the fleet held on day 455: that day shows zero, not less, and the next day is whole again.
    const rest = await createQuote(t, desk.admin, form(t, desk, [modelLine(desk, before.free[5]!)], 455, 455));
    expect((await move(t, desk.admin, rest.id, 'send')).status).toBe('200');
    const full = await models();
    expect(full.free[5]).toBe(0);
    expect(full.free[6]).toBe(before.free[6]);
    expect(full.free.every((n) => n >= 0)).toBe(true);
    expect(full.total).toBe(before.total);
  });

  it('filters: store, kind, model, customer and keyword narrow the machines; pages are of machines', async () => {
    const from = dayAhead(t, 400);
    const all = await calendar(desk.admin, { from, days: 31, pageSize: 200 });
    expect(all.total).toBeGreaterThan(desk.free.length);
    const store = await calendar(desk.admin, { from, days: 31, storeId: desk.storeId, pageSize: 200 });
    expect(store.list.every((m) => m.storeId === desk.storeId)).toBe(true);
    const model = await calendar(desk.admin, { from, days: 31, modelId: desk.modelId, pageSize: 200 });
    expect(model.list.every((m) => m.modelId === desk.modelId)).toBe(true);
    expect(model.list.map((m) => m.id)).toEqual(expect.arrayContaining(desk.free.map((m) => m.id)));
    const kind = model.list[0]!.kind;
    const byKind = await calendar(desk.admin, { from, days: 31, kind, pageSize: 200 });
    expect(byKind.list.every((m) => m.kind === kind)).toBe(true);
    // The renter's quote holds desk.free[0] on these days: the customer filter finds it.
    const customer = await calendar(desk.admin, { from, days: 31, customerId: desk.renterId, pageSize: 200 });
    expect(customer.list.map((m) => m.id)).toContain(desk.free[0]!.id);
    expect(customer.list.map((m) => m.id)).not.toContain(desk.free[2]!.id);
    // Pages: two machines a page, the second page different from the first, the total the same.
    const p1 = await calendar(desk.admin, { from, days: 31, pageSize: 2, page: 1 });
    const p2 = await calendar(desk.admin, { from, days: 31, pageSize: 2, page: 2 });
    expect(p1.total).toBe(all.total);
    expect(p1.list.map((m) => m.id)).not.toEqual(p2.list.map((m) => m.id));
    // Every machine's days are covered once, from the first day to the last.
    for (const m of all.list) {
      expect(m.spans[0]!.from).toBe(all.from);
      expect(m.spans.at(-1)!.to).toBe(all.to);
    }
  });

  it('at most 62 days at a time, a valid day, in the reader’s language', async () => {
    const long = await t.call(api.calendar, { token: desk.admin, query: { from: dayAhead(t, 0), days: 63 } });
    expect(long.status).toBe('400');
    expect(long.message).toContain('The calendar shows at most 62 days at a time');
    const zh = await t.call(api.calendar, {
      token: desk.admin,
      query: { from: '2026-02-30', days: 5 },
      lang: 'zh_CN',
    });
    expect(zh.status).toBe('400');
    expect(zh.message).toContain('请输入有效的日期');
  });

  it('roles and organisations: a renter reads none; another rental company sees none of these machines or stores', async () => {
    const renter = await t.tokenFor(ROLE.other);
    expect((await t.call(api.calendar, { token: renter, query: { from: dayAhead(t, 0), days: 5 } })).status).toBe(
      '403',
    );
    const other = (await rowOf<{ mobile: string }>(
      t.dbh.db,
      "SELECT u.mobile FROM users u JOIN organisations o ON o.id = u.org_id WHERE o.kind = 'lessor' AND o.id <> ? AND u.role_id = 5 ORDER BY u.id LIMIT 1",
      desk.lessorId,
    ))!;
    const token = await t.tokenForAccount(other.mobile);
    const theirs = await calendar(token, { from: dayAhead(t, 400), days: 10, keyword: desk.free[0]!.serialNumber });
    expect(theirs.total).toBe(0);
    const mine = await calendar(token, { from: dayAhead(t, 400), days: 10, storeId: desk.storeId });
    expect(mine.total).toBe(0);
    const models = await t.call(api.models, {
      token,
      query: { storeId: desk.storeId, from: dayAhead(t, 400), days: 10 },
    });
    expect(models.status).toBe('404');
    const options = await t.call(api.options, { token });
    expect(options.data.stores.map((s) => s.id)).not.toContain(desk.storeId);
    // The operator's staff see every company's fleet.
    const operator = await t.tokenFor(ROLE.companyAdmin);
    const all = await calendar(operator, { from: dayAhead(t, 400), days: 10, keyword: desk.free[0]!.serialNumber });
    expect(all.total).toBe(1);
  });
});
