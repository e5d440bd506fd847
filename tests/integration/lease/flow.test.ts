import { CNY } from '@console/contract/codes/money';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '@console/db/schema/devices';
import { approvalRules, contractLines } from '@console/db/schema/lease';
import { billLines } from '@console/db/schema/lease-billing';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { dayInZone } from '@console/server/src/lib/time';
import {
  LEASE_ACTIONS,
  LEASE_FLOW,
  LEASE_STATUSES,
  statusAllows,
  type LeaseWho,
} from '@console/contract/codes/lease-flow';
import { ROLE } from '@console/contract/codes/roles';
import { createDraft, updateDraft } from '@console/server/src/lease/drafts';
import { applyMove } from '@console/server/src/lease/moves';
import { approve, close, reject, submit, terminate, withdraw } from '@console/server/src/lease/review';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import {
  contractRow,
  demoUser,
  freeStock,
  lessorIds,
  listedStock,
  refusal,
  renterOf,
  seededIn,
  storeOf,
  timeline,
  userOf,
} from './helpers.ts';

describe('a lease contract from draft to its end', () => {
  let t: TestApp;
  let huadong: number;
  let pearl: number;
  const now = () => t.deps.now();
  const db = () => t.dbh.db;
  const openPeriodsOf = (contractId: number) =>
    db()
      .select()
      .from(leasePeriods)
      .where(and(eq(leasePeriods.contractId, contractId), isNull(leasePeriods.endOn)))
      .all();
  /** A draft of these machines at 300 a day, or at the list price a machine comes with (listedStock). */
  const draft = async (
    renterId: number,
    machines: { id: number; dayCents?: number }[],
    more: Record<string, unknown> = {},
  ) => ({
    renterId,
    storeId: await storeOf(t, huadong),
    startOn: '2027-03-01',
    endOn: '2027-03-10',
    siteAddress: '张江路100号',
    lines: machines.map((m) => ({ deviceId: m.id, businessModel: 23, dayCents: m.dayCents ?? 30_000 })),
    ...more,
  });

  beforeAll(async () => {
    t = await createTestApp();
    [huadong, pearl] = (await lessorIds(t)) as [number, number];
  });
  afterAll(() => t?.dbh.close());

  it('lets a salesperson write a draft for machines in stock, numbered and priced, as its salesperson', async () => {
    const sales = await demoUser(t, ROLE.lessorSales);
    const machines = await freeStock(t, huadong, 2);
    const a = await createDraft(db(), sales, await draft(await renterOf(t, huadong, 'clear'), machines), now());
    const b = await createDraft(
      db(),
      sales,
      await draft(await renterOf(t, huadong, 'clear'), await freeStock(t, huadong, 1)),
      now(),
    );
    expect(a.number).toMatch(/^HT-\d{8}-\d{4}$/);
    expect(b.number).not.toBe(a.number);
    const row = await contractRow(t, a.id);
    expect(row).toMatchObject({ status: 0, salespersonId: sales.id, createdBy: sales.id, totalCents: 2 * 10 * 30_000 });
    expect((await timeline(t, a.id)).map((e) => e.action)).toEqual(['create']);
  });

  it('refuses what is not the company’s, a machine out of stock and a machine another contract holds', async () => {
    const sales = await demoUser(t, ROLE.lessorSales);
    const renter = await renterOf(t, huadong, 'clear');
    const foreignMachine = await freeStock(t, pearl, 1);
    expect(
      await refusal(async () => createDraft(db(), sales, await draft(renter, foreignMachine), now())),
    ).toMatchObject({
      reason: 'lease.machineInvalid',
    });
    expect(
      await refusal(async () =>
        createDraft(db(), sales, await draft(await renterOf(t, pearl, 'clear'), await freeStock(t, huadong, 1)), now()),
      ),
    ).toMatchObject({
      field: 'renterId',
      reason: 'lease.renterInvalid',
    });
    expect(
      await refusal(async () =>
        createDraft(
          db(),
          sales,
          { ...(await draft(renter, await freeStock(t, huadong, 1))), storeId: await storeOf(t, pearl) },
          now(),
        ),
      ),
    ).toMatchObject({
      reason: 'lease.storeInvalid',
    });
    const leased = (await db().select().from(devices).where(eq(devices.leaseStatus, 'leased')).all()).find(
      (d) => d.orgId === huadong,
    )!;
    expect(await refusal(async () => createDraft(db(), sales, await draft(renter, [leased]), now()))).toMatchObject({
      key: 'lease.machineNotInStock',
    });
    const pending = await seededIn(t, huadong, 1);
    const held = (await db().select().from(contractLines).where(eq(contractLines.contractId, pending.id)).all())[0]!;
    expect(
      await refusal(async () => createDraft(db(), sales, await draft(renter, [{ id: held.deviceId! }]), now())),
    ).toMatchObject({
      status: '409',
      key: 'lease.machineTaken',
    });
    expect(await refusal(async () => createDraft(db(), sales, { ...(await draft(renter, [])) }, now()))).toMatchObject({
      field: 'lines',
      reason: 'lease.linesRequired',
    });
    const technician = await demoUser(t, ROLE.technician);
    expect(
      await refusal(async () =>
        createDraft(db(), technician, await draft(renter, await freeStock(t, huadong, 1)), now()),
      ),
    ).toMatchObject({
      status: '403',
    });
  });

  it('approves on submit by the first rule that holds, and names the rule in the timeline', async () => {
    const sales = await demoUser(t, ROLE.lessorSales);
    const { id } = await createDraft(
      db(),
      sales,
      await draft(await renterOf(t, huadong, 'clear'), await listedStock(t, huadong, 1)),
      now(),
    );
    const moved = await submit(db(), sales, id, now(), CNY);
    const rule = (await db().select().from(approvalRules).where(eq(approvalRules.orgId, huadong)).all()).find(
      (r) => r.enabled,
    )!;
    expect(moved).toEqual({ status: 3, rule: { id: rule.id, name: rule.name } });
    expect((await contractRow(t, id)).approvalRuleId).toBe(rule.id);
    const events = await timeline(t, id);
    expect(events.map((e) => [e.action, e.actor, e.toStatus])).toEqual([
      ['create', 'user', 0],
      ['submit', 'user', 1],
      ['autoApprove', 'system', 3],
    ]);
    expect(events[2]!.details).toMatchObject({ ruleName: rule.name });
  });

  it('leaves a renter in arrears to a person: rejected with a reason, edited, submitted again and approved by hand', async () => {
    const sales = await demoUser(t, ROLE.lessorSales);
    const admin = await demoUser(t, ROLE.lessorAdmin);
    const renter = await renterOf(t, huadong, 'arrears');
    const { id } = await createDraft(db(), sales, await draft(renter, await listedStock(t, huadong, 1)), now());
    expect(await submit(db(), sales, id, now(), CNY)).toEqual({ status: 1 });
    expect(await refusal(() => approve(db(), sales, id, now()))).toMatchObject({ status: '403' });
    expect(await refusal(() => reject(db(), admin, id, { reason: ' ' }, now()))).toMatchObject({
      reason: 'lease.reasonRequired',
    });
    expect(await reject(db(), admin, id, { reason: '押金不足' }, now())).toEqual({ status: 4 });
    await updateDraft(
      db(),
      sales,
      id,
      await draft(renter, await listedStock(t, huadong, 1), { depositCents: 1_000_000 }),
      now(),
    );
    expect(await contractRow(t, id)).toMatchObject({ status: 4, depositCents: 1_000_000 });
    expect(await submit(db(), sales, id, now(), CNY)).toEqual({ status: 1 });
    expect(await approve(db(), admin, id, now())).toEqual({ status: 3 });
    expect((await timeline(t, id)).map((e) => [e.action, e.reason])).toEqual([
      ['create', ''],
      ['submit', ''],
      ['reject', '押金不足'],
      ['edit', ''],
      ['submit', ''],
      ['approve', ''],
    ]);
    expect(
      await refusal(async () =>
        updateDraft(db(), sales, id, await draft(renter, await freeStock(t, huadong, 1)), now()),
      ),
    ).toMatchObject({
      status: '409',
      key: 'lease.notEditable',
    });
  });

  it('lets only its author withdraw a contract in review', async () => {
    const sales = await demoUser(t, ROLE.lessorSales);
    const admin = await demoUser(t, ROLE.lessorAdmin);
    const { id } = await createDraft(
      db(),
      sales,
      await draft(await renterOf(t, huadong, 'pending'), await freeStock(t, huadong, 1)),
      now(),
    );
    await submit(db(), sales, id, now(), CNY);
    expect(await refusal(() => withdraw(db(), admin, id, now()))).toMatchObject({ status: '403' });
    expect(await withdraw(db(), sales, id, now())).toEqual({ status: 2 });
    expect(await refusal(() => withdraw(db(), sales, id, now()))).toMatchObject({
      status: '409',
      key: 'lease.actionRefused',
    });
  });

  it('closes on a day and terminates with a reason and a day, taking back every machine still out that day', async () => {
    const admin = await demoUser(t, ROLE.lessorAdmin);
    const running = await seededIn(t, huadong, 7);
    const today = dayInZone(now(), 'Asia/Shanghai');
    const out = await openPeriodsOf(running.id);
    expect(out.length).toBeGreaterThan(0);
    expect(await refusal(() => terminate(db(), admin, running.id, { day: running.startOn }, now()))).toMatchObject({
      reason: 'lease.reasonRequired',
    });
    expect(await refusal(() => close(db(), admin, running.id, {}, now()))).toMatchObject({
      reason: 'lease.dayRequired',
    });
    expect(await refusal(() => close(db(), admin, running.id, { day: '2000-01-01' }, now()))).toMatchObject({
      reason: 'handover.dayOutsideContract',
    });
    // A day to come has not happened: the machines are not back yet.
    const tomorrow = dayInZone(now() + 86_400_000, 'Asia/Shanghai');
    expect(await refusal(() => close(db(), admin, running.id, { day: tomorrow }, now()))).toMatchObject({
      reason: 'handover.dayAfterToday',
    });
    expect((await contractRow(t, running.id)).status).toBe(7);
    expect(await terminate(db(), admin, running.id, { day: today, reason: '项目提前完工' }, now())).toEqual({
      status: 9,
    });
    expect((await contractRow(t, running.id)).endedOn).toBe(today);
    // Every machine out came back that day through one exit, its period ended and its last part billed.
    expect(await openPeriodsOf(running.id)).toEqual([]);
    const ended = await db()
      .select()
      .from(leasePeriods)
      .where(
        inArray(
          leasePeriods.id,
          out.map((p) => p.id),
        ),
      )
      .all();
    expect(ended.every((p) => p.endOn === today && p.exitId !== null)).toBe(true);
    const after = await db()
      .select()
      .from(devices)
      .where(
        inArray(
          devices.id,
          out.map((p) => p.deviceId),
        ),
      )
      .all();
    expect(after.every((d) => d.leaseStatus === 'stock' && d.customerOrgId === null)).toBe(true);
    const billedThrough = (
      await db()
        .select({ toOn: billLines.toOn })
        .from(billLines)
        .where(
          inArray(
            billLines.leasePeriodId,
            out.map((p) => p.id),
          ),
        )
        .all()
    )
      .map((l) => l.toOn)
      .sort()
      .at(-1);
    expect(billedThrough).toBe(today);
    expect(await refusal(() => close(db(), admin, running.id, { day: today }, now()))).toMatchObject({
      status: '409',
    });
  });

  it('hides a contract from another company and from a salesperson who did not write or sell it', async () => {
    const foreign = await userOf(t, pearl, ROLE.lessorStaff);
    const pending = await seededIn(t, huadong, 1);
    expect(await refusal(() => approve(db(), foreign, pending.id, now()))).toMatchObject({ status: '404' });
    const otherSales = await userOf(t, huadong, ROLE.lessorSales);
    const notTheirs = { ...otherSales, id: otherSales.id + 100_000 };
    expect(await refusal(() => withdraw(db(), notTheirs, pending.id, now()))).toMatchObject({ status: '404' });
  });

  it('allows every move from exactly the statuses the flow names, and refuses it from every other', async () => {
    /** A day a contract may end on: its last, or today when that is still to come. */
    const endDay = (c: { endOn: string }) => {
      const today = dayInZone(now(), 'Asia/Shanghai');
      return c.endOn < today ? c.endOn : today;
    };
    /** What the move does to this contract: its new status, or its refusal; nothing is kept. */
    const attempt = async (
      c: Awaited<ReturnType<typeof seededIn>>,
      action: (typeof LEASE_ACTIONS)[number],
      who: LeaseWho,
    ) => {
      let outcome = '';
      try {
        await db().transaction(async (tx) => {
          outcome = `to ${await applyMove(tx, who, c, action, { reason: 'r', day: endDay(c) }, now())}`;
          throw new Rollback();
        });
      } catch (error) {
        if (!(error instanceof Rollback))
          outcome = (await refusal(() => {
            throw error;
          }))!.key;
      }
      return outcome;
    };
    let allowed = 0;
    for (const status of LEASE_STATUSES) {
      const c = await seededIn(t, huadong, status);
      for (const action of LEASE_ACTIONS) {
        const by = LEASE_FLOW[action].by as readonly string[];
        const who: LeaseWho = by.includes('provider')
          ? { kind: 'provider' }
          : by.includes('system')
            ? { kind: 'system' }
            : by.includes('manager')
              ? { kind: 'user', userId: -1, orgId: huadong, roleId: ROLE.lessorAdmin }
              : { kind: 'user', userId: c.createdBy, orgId: huadong, roleId: ROLE.lessorSales };
        const expected = statusAllows(action, status) ? `to ${LEASE_FLOW[action].to}` : 'lease.actionRefused';
        expect(await attempt(c, action, who), `${action} from ${status}`).toBe(expected);
        if (statusAllows(action, status)) allowed += 1;
      }
    }
    expect(allowed).toBe(LEASE_ACTIONS.reduce((n, a) => n + LEASE_FLOW[a].from.length, 0));
    expect((await contractRow(t, (await seededIn(t, huadong, 1)).id)).status).toBe(1);
  });
});

class Rollback extends Error {}
