import { CNY } from '@console/contract/codes/money';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { leaseHandoverEndpoints as handover } from '@console/contract/http/lease-handover';
import { riskEndpoints } from '@console/contract/http/risk';
import { issueLessorBills } from '@console/db/billing/issue';
import { devices } from '@console/db/schema/devices';
import { bills } from '@console/db/schema/lease-billing';
import { leaseHandovers } from '@console/db/schema/lease-handover';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { arrearsSteps, lockDaySettings, riskTasks } from '@console/db/schema/risk';
import { createDraft } from '@console/server/src/lease/drafts';
import { submit, approve } from '@console/server/src/lease/review';
import { runArrearsLocks } from '@console/server/src/risk/arrears';
import { signingFixture, type SigningFixture } from '../../fixtures/lease-signing.ts';
import { arrearsSettings } from '../lease-billing/arrears-helpers.ts';
import { dayOf, DAY_MS, freeModel, huadongOf, runningContract } from '../lease-handover/helpers.ts';
import { renterOf, storeOf, userOf } from './helpers.ts';
import { filterInOrder } from '@console/db/in-order';

/**
 * A contract terminated while its machines are out and its renter in arrears (decision 059): the machines come back
 * on the termination day with their last bill, nothing is billed after, and what the arrears locked is released.
 */
describe('a contract that ends with machines out and arrears locked', () => {
  let f: SigningFixture;
  beforeAll(async () => {
    f = await signingFixture();
  });
  afterAll(() => f.close());

  it('does not end before a day its machines were on lease', async () => {
    const { t } = f;
    const huadong = await huadongOf(t);
    const admin = await t.tokenFor(ROLE.lessorAdmin);
    const { contract, named } = await runningContract(f, huadong, { from: -3, to: 10 });
    const lineId = (await t.call(handover.options, { token: admin, query: { contractId: contract.id, kind: 'entry' } }))
      .data.lines[0]!.lineId;
    const handOver = async (kind: 'entry' | 'exit', day: string) => {
      const made = await t.call(handover.create, {
        token: admin,
        body: {
          kind,
          contractId: contract.id,
          day,
          deliveredBy: '王师傅',
          receivedBy: '李工',
          machines: [{ lineId, deviceId: named.id }],
        },
      });
      expect(made.status).toBe('200');
      expect((await t.call(handover.confirm, { token: admin, body: { id: made.data.id } })).status).toBe('200');
    };
    const today = dayOf(t.deps.now());
    await handOver('entry', dayOf(t.deps.now() - 2 * DAY_MS));
    await handOver('exit', today);
    // Back today and billed through today: the contract cannot have ended yesterday.
    const early = await t.call(leaseContractEndpoints.move, {
      token: admin,
      lang: 'en_US',
      body: { id: contract.id, action: 'terminate', day: dayOf(t.deps.now() - DAY_MS), reason: '提前终止' },
    });
    expect(early.status).toBe('409');
    expect(early.message).toBe(
      `The contract's machines were on lease or billed through ${today}: it cannot end before that day`,
    );
    const ended = await t.call(leaseContractEndpoints.move, {
      token: admin,
      body: { id: contract.id, action: 'terminate', day: today, reason: '提前终止' },
    });
    expect(ended.status).toBe('200');
  });

  it('takes the machines back that day, bills nothing after, and releases the arrears locks', async () => {
    const { t } = f;
    const huadong = await huadongOf(t);
    const admin = await t.tokenFor(ROLE.lessorAdmin);
    const now = t.deps.now();
    // A billing day 4 to 10 days ago (a day 1-28 of its month), due the same day: overdue since.
    const billedOn = [4, 5, 6, 7, 8, 9, 10].map((back) => dayOf(now - back * DAY_MS)).find((d) => +d.slice(8) <= 28)!;
    const sales = await userOf(t, huadong, ROLE.lessorSales);
    const { modelId, machines: free } = await freeModel(t, huadong, 2);
    // One of them idle on line as the demo fleet reports it, so the arrears lock may move it.
    const idle = async (m: { id: number }) =>
      (await t.dbh.db.select({ status: devices.status }).from(devices).where(eq(devices.id, m.id)).get())!.status === 2;
    const idleOnes = await filterInOrder(free, idle);
    const machines = [idleOnes[0]!, free.find((m) => !idleOnes.includes(m)) ?? idleOnes[1]!];
    expect(machines[0], 'an idle machine of the model').toBeDefined();
    const { id } = await createDraft(
      t.dbh.db,
      sales,
      {
        renterId: await renterOf(t, huadong, 'clear'),
        storeId: await storeOf(t, huadong),
        startOn: dayOf(now - 30 * DAY_MS),
        endOn: dayOf(now + 60 * DAY_MS),
        siteAddress: '张江路9号',
        billingDay: Number(billedOn.slice(8)),
        dueDays: 0,
        lines: [{ modelId, count: 2, businessModel: 23, dayCents: 50_000 }],
      },
      now,
    );
    if ((await submit(t.dbh.db, sales, id, now, CNY)).status === 1)
      await approve(t.dbh.db, await userOf(t, huadong, ROLE.lessorAdmin), id, now);
    await f.sign(id);
    const options = await t.call(handover.options, { token: admin, query: { contractId: id, kind: 'entry' } });
    const lineId = options.data.lines[0]!.lineId;
    const entry = await t.call(handover.create, {
      token: admin,
      body: {
        kind: 'entry',
        contractId: id,
        day: dayOf(now - 20 * DAY_MS),
        deliveredBy: '王师傅',
        receivedBy: '李工',
        machines: machines.map((m) => ({ lineId, deviceId: m.id })),
      },
    });
    expect(entry.status, JSON.stringify(entry)).toBe('200');
    expect((await t.call(handover.confirm, { token: admin, body: { id: entry.data.id } })).status).toBe('200');
    await issueLessorBills(t.dbh.db, huadong, dayOf(t.deps.now()), id);
    await t.dbh.db.update(lockDaySettings).set({ arrearsEnabled: false }).run();
    const saved = await t.call(riskEndpoints.saveLockDays, { token: admin, body: arrearsSettings(huadong) });
    expect(saved.status).toBe('200');
    await runArrearsLocks(t.deps, { lessorOrgId: huadong });
    const steps = () => t.dbh.db.select().from(arrearsSteps).where(eq(arrearsSteps.contractId, id)).all();
    const locks = (await steps()).filter((s) => s.step >= 1 && s.taskId !== null);
    expect(locks.length).toBeGreaterThan(0);

    const today = dayOf(t.deps.now());
    const ended = await t.call(leaseContractEndpoints.move, {
      token: admin,
      body: { id, action: 'terminate', day: today, reason: '欠费终止' },
    });
    expect(ended.status).toBe('200');
    // Both machines came back today through one exit the termination recorded, and are in stock.
    const open = await t.dbh.db
      .select()
      .from(leasePeriods)
      .where(and(eq(leasePeriods.contractId, id), isNull(leasePeriods.endOn)))
      .all();
    expect(open).toEqual([]);
    const exits = await t.dbh.db
      .select()
      .from(leaseHandovers)
      .where(and(eq(leaseHandovers.contractId, id), eq(leaseHandovers.kind, 'exit')))
      .all();
    expect(exits).toEqual([expect.objectContaining({ state: 'confirmed', day: today })]);
    for (const m of machines) {
      const row = (await t.dbh.db.select().from(devices).where(eq(devices.id, m.id)).get())!;
      expect(row).toMatchObject({ leaseStatus: 'stock', customerOrgId: null });
    }
    // The arrears steps closed, and what they locked is being unlocked, the risk record saying why.
    expect((await steps()).every((s) => s.clearedAt !== null)).toBe(true);
    const unlock = (
      await t.dbh.db
        .select()
        .from(riskTasks)
        .where(and(eq(riskTasks.orgId, huadong), eq(riskTasks.kind, 'unlock')))
        .all()
    ).at(-1)!;
    expect(unlock.reason).toMatchObject({ key: 'risk.reason.arrearsContractEnded' });

    // A month on: nothing billed after the end, and the arrears take no new step though the bill is unpaid.
    t.advance(35 * DAY_MS);
    await issueLessorBills(t.dbh.db, huadong, dayOf(t.deps.now()), id);
    const after = await t.dbh.db
      .select()
      .from(bills)
      .where(and(eq(bills.contractId, id), gt(bills.periodEnd, today)))
      .all();
    expect(after).toEqual([]);
    await runArrearsLocks(t.deps, { lessorOrgId: huadong });
    expect((await steps()).every((s) => s.clearedAt !== null)).toBe(true);
  });
});
