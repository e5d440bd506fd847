import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { workOrderEndpoints } from '@console/contract/http/work-orders';
import { WORK_ORDER_SOURCE_KINDS } from '@console/contract/http/work-order-forms';
import { rowOf } from '../../fixtures/sql-rows.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { freeSourceOf, machinesOf, machineWithFreeSource, orderFor } from './helpers.ts';

/**
 * A work order's source is a record of the order's own machine. Pointing an order of one's own machine at
 * another company's alarm, fault record, maintenance reminder or feedback is refused and writes nothing, so
 * the owner can still raise its own order and never meets our order number in a refusal.
 */
describe('create.do: the source must be a record of the same machine', () => {
  let t: TestApp;
  let m: Awaited<ReturnType<typeof machinesOf>>;
  const ordersOf = async (kind: string, id: number) =>
    (await rowOf<{ n: number }>(
      t.dbh.db,
      'SELECT count(*) n FROM work_orders WHERE source = ? AND source_id = ?',
      kind,
      id,
    ))!;

  beforeEach(async () => {
    t = await createTestApp();
    m = await machinesOf(t.dbh);
  });
  afterEach(() => t.dbh.close());

  for (const kind of WORK_ORDER_SOURCE_KINDS) {
    it(`refuses another company's ${kind} on one's own machine, and a ${kind} of another own machine`, async () => {
      const token = await t.tokenFor(ROLE.lessorAdmin);
      const foreignMachine = await machineWithFreeSource(t.dbh, kind, m.foreign.orgId);
      const foreignId = await freeSourceOf(t.dbh, kind, foreignMachine.id);
      // Two machines of the company: `mine` holds a free record of this kind, `other` is another one.
      const mine = await machineWithFreeSource(t.dbh, kind, m.lessor);
      const other = mine.id === m.own.id ? m.shared : m.own;
      const answer = await t.call(workOrderEndpoints.create, {
        token,
        body: orderFor(other, { source: { kind, id: foreignId } }),
      });
      expect(answer).toMatchObject({
        status: '400',
        message: 'Invalid input: source, The source of the work order does not exist',
        data: { field: 'source' },
      });
      expect((await ordersOf(kind, foreignId)).n).toBe(0);
      const zh = await t.call(workOrderEndpoints.create, {
        token,
        lang: 'zh_CN',
        body: orderFor(other, { source: { kind, id: foreignId } }),
      });
      expect(zh.status).toBe('400');
      expect(zh.message).toContain('source');

      // The same rule inside one company: a record of the other machine is not this machine's source.
      const mineId = await freeSourceOf(t.dbh, kind, mine.id);
      const mismatched = await t.call(workOrderEndpoints.create, {
        token,
        body: orderFor(other, { source: { kind, id: mineId } }),
      });
      expect(mismatched.status).toBe('400');
      // And on its own machine the record is a source as before.
      const right = await t.call(workOrderEndpoints.create, {
        token,
        body: orderFor(mine, { source: { kind, id: mineId } }),
      });
      expect(right.status, right.message).toBe('200');
      expect((await ordersOf(kind, mineId)).n).toBe(1);
    });
  }
});
