import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { workOrderEndpoints } from '@console/contract/http/work-orders';
import { workOrderEvents, workOrders } from '@console/db/schema/work-orders';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { create, detailOf, machinesOf, orderFor } from './helpers.ts';

type Action = 'assign' | 'repair' | 'pay' | 'resolve' | 'suspend' | 'resume' | 'close';
const STATUS = { pending: 1, assigned: 2, repaired: 3, paid: 4, resolved: 5, suspended: 6 } as const;
type Status = keyof typeof STATUS;

/**
 * What the console's users are promised, written out rather than read from the contract's table: from each
 * status, which action leads where; every other action is refused and changes nothing.
 */
const EXPECTED: Record<Status, Partial<Record<Action, Status>>> = {
  pending: { assign: 'assigned', suspend: 'suspended', close: 'resolved' },
  assigned: { assign: 'assigned', repair: 'repaired', suspend: 'suspended', close: 'resolved' },
  repaired: { pay: 'paid', resolve: 'resolved', suspend: 'suspended' },
  paid: { resolve: 'resolved' },
  resolved: {},
  // Suspended from "assigned" (how orderIn builds it): resume goes back there.
  suspended: { resume: 'assigned', close: 'resolved' },
};
const ACTIONS: Action[] = ['assign', 'repair', 'pay', 'resolve', 'suspend', 'resume', 'close'];

describe('the work order state machine', () => {
  let t: TestApp;
  let admin: string;
  let tech: number;
  let device: Awaited<ReturnType<typeof machinesOf>>['own'];

  const bodyOf = (action: Action, id: number) =>
    ({
      assign: { ids: [id], assigneeId: tech },
      repair: {
        id,
        faultTypes: ['hydraulic', 'sensor'],
        faultCause: 'Worn seal',
        partsUsed: 'Seal kit',
        repairMethod: 'Replaced the seals',
      },
      pay: { id, amountCents: 32_050, settled: true },
      resolve: { id },
      suspend: { id, remark: 'Waiting for parts' },
      resume: { id },
      close: { id, remark: 'Duplicate of another order' },
    })[action];

  const act = (action: Action, id: number, lang?: 'zh_CN') =>
    t.call(workOrderEndpoints[action], {
      token: admin,
      loose: { body: bodyOf(action, id) },
      ...(lang ? { lang } : {}),
    });

  const PATHS: Record<Status, Action[]> = {
    pending: [],
    assigned: ['assign'],
    repaired: ['assign', 'repair'],
    paid: ['assign', 'repair', 'pay'],
    resolved: ['assign', 'repair', 'resolve'],
    suspended: ['assign', 'suspend'],
  };

  async function orderIn(status: Status): Promise<number> {
    const created = await create(t, orderFor(device));
    expect(created.status, created.message).toBe('200');
    for (const action of PATHS[status]) expect((await act(action, created.data.id)).status).toBe('200');
    return created.data.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor(ROLE.lessorAdmin);
    tech = await t.userId(ROLE.technician);
    device = (await machinesOf(t.dbh)).own;
  });
  afterAll(() => t.dbh.close());

  for (const from of Object.keys(EXPECTED) as Status[]) {
    for (const action of ACTIONS) {
      const to = EXPECTED[from][action];
      if (to) {
        it(`${action} takes an order from ${from} to ${to}, on its timeline`, async () => {
          const id = await orderIn(from);
          const res = await act(action, id);
          expect(res.status, res.message).toBe('200');
          const detail = await detailOf(t, id);
          expect(detail.status).toBe(STATUS[to]);
          expect(detail.timeline.at(-1)).toMatchObject({ action, from: STATUS[from], to: STATUS[to] });
          expect(detail.timeline.at(-1)!.by).not.toBe('');
        });
      } else {
        it(`${action} is refused from ${from} and changes nothing`, async () => {
          const id = await orderIn(from);
          const before = await t.dbh.db.select().from(workOrders).where(eq(workOrders.id, id)).get();
          const events = await t.dbh.db.select().from(workOrderEvents).where(eq(workOrderEvents.workOrderId, id)).all();
          const res = await act(action, id);
          expect(res.status).toBe('409');
          expect(res.message).toMatch(/^Work order WO\d{12} is \w+: it cannot be /);
          expect(await t.dbh.db.select().from(workOrders).where(eq(workOrders.id, id)).get()).toEqual(before);
          expect(
            await t.dbh.db.select().from(workOrderEvents).where(eq(workOrderEvents.workOrderId, id)).all(),
          ).toHaveLength(events.length);
          // The detail offers only what the machine allows.
          expect((await detailOf(t, id)).actions).not.toContain(action);
        });
      }
    }
  }

  it('records what each step says: the repair, the payment, the solver; refusals are in Chinese too', async () => {
    const id = await orderIn('paid');
    const detail = await detailOf(t, id);
    expect(detail).toMatchObject({
      assigneeId: tech,
      solverName: expect.any(String),
      faultTypes: ['hydraulic', 'sensor'],
      faultCause: 'Worn seal',
      partsUsed: 'Seal kit',
      repairMethod: 'Replaced the seals',
      paymentCents: 32_050,
      settled: true,
    });
    expect(detail.timeline.map((e: { action: string }) => e.action)).toEqual(['create', 'assign', 'repair', 'pay']);
    expect(detail.timeline[1].details).toMatchObject({ assigneeId: tech });
    const zh = await act('assign', id, 'zh_CN');
    expect(zh.message).toBe(`工单 ${detail.number} 当前为“已付款”，不能派单`);
  });

  it('resume goes back to the status the order was suspended from', async () => {
    const id = (await create(t, orderFor(device))).data.id;
    await act('suspend', id);
    expect((await detailOf(t, id)).suspendedFrom).toBe(STATUS.pending);
    await act('resume', id);
    expect((await detailOf(t, id)).status).toBe(STATUS.pending);
    const repaired = await orderIn('repaired');
    await act('suspend', repaired);
    await act('resume', repaired);
    expect((await detailOf(t, repaired)).status).toBe(STATUS.repaired);
  });

  it('suspend and close need a remark', async () => {
    const id = await orderIn('assigned');
    for (const action of ['suspend', 'close'] as const) {
      const res = await t.call(workOrderEndpoints[action], { token: admin, body: { id, remark: ' ' } });
      expect(res).toMatchObject({ status: '400', data: { field: 'remark' } });
      expect(res.message).toContain('Enter a remark saying why');
    }
    expect((await detailOf(t, id)).status).toBe(STATUS.assigned);
  });
});
