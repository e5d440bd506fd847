import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { devices } from '@console/db/schema/devices';
import { contractEvents, contractLines, contracts } from '@console/db/schema/lease';
import { issueLessorBills } from '@console/db/billing/issue';
import { ROLE } from '@console/contract/codes/roles';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { leaseHandoverEndpoints as handover } from '@console/contract/http/lease-handover';
import { signingFixture, type SigningFixture } from '../../fixtures/lease-signing.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import {
  advanceTo,
  leaseTwoMachines,
  returnMachines,
  withoutSeededBilling,
  type Leased,
} from '../lease-billing/helpers.ts';
import { freeStock } from '../lease/helpers.ts';
import { billsWithLines, changeOf, periodsOf, putInForce, statusOf } from './helpers.ts';

/**
 * What a change in force does to lease periods and bills (decision 041), on worked examples in integer cents. The
 * contract (leaseTwoMachines): billed on the 1st; machine A daily (23) at 300.00 and machine B calendar-monthly (25)
 * at 6,000.00, both on lease from 15 March (B, where a test says so, back on 30 April); planned end 31 December.
 */
describe('contract changes in force', () => {
  let f: SigningFixture;
  let t: TestApp;
  let lease: Leased;
  const on = (monthDay: string, years = 0) => lease.on(monthDay, years);
  const lineOf = async (periodId: number) =>
    (await periodsOf(t, lease.contractId)).find((p) => p.id === periodId)!.lineId;
  const machineA = () => lease.machines.daily;
  /** A change in force that puts machine A's line at 200.00 a day from `day`. */
  const repriceA = async (day: string) => {
    const id = await changeOf(t, {
      contractId: lease.contractId,
      effectiveOn: day,
      lines: [{ op: 'reprice', lineId: await lineOf(lease.periods.daily), businessModel: 23, dayCents: 20_000 }],
    });
    await putInForce(f, id);
    return id;
  };

  beforeEach(async () => {
    f = await signingFixture();
    t = f.t;
    await withoutSeededBilling(t);
    lease = await leaseTwoMachines(f);
  });
  afterEach(() => f.close());

  it('splits the bill of the month a new price starts in: one line at each price, no bill of its own', async () => {
    advanceTo(t, on('04-20'));
    const id = await repriceA(on('04-11'));
    expect(await statusOf(t, id)).toBe(7);
    const periods = (await periodsOf(t, lease.contractId)).filter((p) => p.deviceId === machineA());
    expect(periods.map((p) => [p.startOn, p.endOn, p.endedByChangeId])).toEqual([
      [on('03-15'), on('04-10'), id],
      [on('04-11'), null, null],
    ]);
    // A run between the change's day and the billing day bills March only: the cut is no return.
    await issueLessorBills(t.dbh.db, lease.lessorId, on('04-20'));
    expect((await billsWithLines(t, lease.contractId)).map((b) => b.periodEnd)).toEqual([on('03-31')]);
    advanceTo(t, on('05-01'));
    await issueLessorBills(t.dbh.db, lease.lessorId, on('05-01'));
    const april = (await billsWithLines(t, lease.contractId))[1]!;
    const a = april.lines.filter((l) => l.deviceId === machineA());
    expect(a).toEqual([
      { deviceId: machineA(), fromOn: on('04-01'), toOn: on('04-10'), amountCents: 10 * 30_000 },
      { deviceId: machineA(), fromOn: on('04-11'), toOn: on('04-30'), amountCents: 20 * 20_000 },
    ]);
    // Machine B's 6,000.00 for April stays as it was.
    expect(april.amountCents).toBe(10 * 30_000 + 20 * 20_000 + 600_000);
  });

  it('shows a repriced machine on lease under its old terms until the new ones start, then under the new ones', async () => {
    advanceTo(t, on('04-20'));
    await repriceA(on('04-25'));
    const listed = async () => {
      const answer = await t.call(handover.periods, {
        token: await t.tokenFor(ROLE.lessorAdmin),
        query: { contractId: lease.contractId, deviceId: machineA(), sortField: 'startOn', sortOrder: 'ascend' },
      });
      return answer.data.list.map((p) => [p.startOn, p.endOn, p.state, p.days, p.daysLeft]);
    };
    // On 20 April: 37 days on lease at the old price, to end on the 24th; the new terms not started.
    expect(await listed()).toEqual([
      [on('03-15'), on('04-24'), 'open', 37, 4],
      // The planned end, 31 December, is 255 days after 20 April.
      [on('04-25'), null, 'upcoming', 0, 255],
    ]);
    // The contract's page: the repriced machine on two lines, each with its days, and lines that add up to the total.
    const detail = (
      await t.call(leaseContractEndpoints.detail, {
        token: await t.tokenFor(ROLE.lessorAdmin),
        query: { id: lease.contractId },
      })
    ).data;
    const ofA = detail.lines.filter((l) => l.deviceId === machineA());
    expect(ofA.map((l) => [l.fromOn, l.untilOn, l.dayCents])).toEqual([
      [null, on('04-24'), 30_000],
      [on('04-25'), null, 20_000],
    ]);
    // 41 days at 300.00 to 24 April, then 251 days at 200.00 to 31 December.
    expect(ofA.map((l) => l.amountCents)).toEqual([41 * 30_000, 251 * 20_000]);
    expect(detail.lines.reduce((sum, l) => sum + l.amountCents, 0)).toBe(detail.totalCents);
    advanceTo(t, on('04-26'));
    expect(await listed()).toEqual([
      [on('03-15'), on('04-24'), 'ended', 41, null],
      [on('04-25'), null, 'open', 2, 249],
    ]);
  });

  it('takes a repriced machine back before its new terms start: the old terms end that day, the new never begin', async () => {
    advanceTo(t, on('04-20'));
    await repriceA(on('04-25'));
    await issueLessorBills(t.dbh.db, lease.lessorId, on('04-20'));
    advanceTo(t, on('04-22'));
    await returnMachines(t, lease, ['daily'], on('04-21'));
    const ofA = async () =>
      (await periodsOf(t, lease.contractId))
        .filter((p) => p.deviceId === machineA())
        .map((p) => [p.startOn, p.endOn, p.exitId !== null, p.endedByChangeId]);
    expect(await ofA()).toEqual([[on('03-15'), on('04-21'), true, null]]);
    // Its last bill: 1 to 21 April at the old price; nothing at the new one.
    const linesOfA = (await billsWithLines(t, lease.contractId)).flatMap((b) =>
      b.lines.filter((l) => l.deviceId === machineA()),
    );
    expect(linesOfA.at(-1)).toEqual({
      deviceId: machineA(),
      fromOn: on('04-01'),
      toOn: on('04-21'),
      amountCents: 21 * 30_000,
    });
    expect(linesOfA.every((l) => l.amountCents % 30_000 === 0)).toBe(true);
  });

  it('a contract that ends before a repricing starts takes the machine back under its old terms', async () => {
    advanceTo(t, on('04-20'));
    await repriceA(on('04-25'));
    const closed = await t.call(leaseContractEndpoints.move, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      body: { id: lease.contractId, action: 'close', day: on('04-20') },
    });
    expect(closed.status, closed.message).toBe('200');
    const periods = (await periodsOf(t, lease.contractId)).map((p) => [
      p.deviceId,
      p.startOn,
      p.endOn,
      p.exitId !== null,
    ]);
    expect(periods).toHaveLength(2);
    expect(periods).toEqual(
      expect.arrayContaining([
        [lease.machines.daily, on('03-15'), on('04-20'), true],
        [lease.machines.calendar, on('03-15'), on('04-20'), true],
      ]),
    );
  });

  it('changes a line to a monthly business model from a day: its days are billed by the new model', async () => {
    advanceTo(t, on('04-20'));
    const id = await changeOf(t, {
      contractId: lease.contractId,
      effectiveOn: on('04-16'),
      lines: [{ op: 'reprice', lineId: await lineOf(lease.periods.daily), businessModel: 24, monthCents: 600_000 }],
    });
    await putInForce(f, id);
    // B comes back on 30 April: the return's confirmation (on 1 May) issues March's and April's bills.
    advanceTo(t, on('05-01'));
    await returnMachines(t, lease, ['calendar'], on('04-30'));
    advanceTo(t, on('06-01'));
    await issueLessorBills(t.dbh.db, lease.lessorId, on('06-01'));
    const [march, april, may] = await billsWithLines(t, lease.contractId);
    expect(march!.amountCents).toBe(510_000 + Math.round((17 * 600_000) / 31));
    // 15 days at 300.00, then 15 days of 6,000.00 a 30 days.
    expect(april!.lines.filter((l) => l.deviceId === machineA()).map((l) => l.amountCents)).toEqual([450_000, 300_000]);
    // May: 31 days of the monthly model, cumulative from 16 April (46 days: 6,000.00 + 16/30) less April's part.
    expect(may!.amountCents).toBe(Math.round(600_000 + (16 * 600_000) / 30) - 300_000);
  });

  it('adds a machine from a day: it enters under the new line, not before, and the next bill carries it', async () => {
    advanceTo(t, on('04-21'));
    const [added] = await freeStock(t, lease.lessorId, 1);
    const id = await changeOf(t, {
      contractId: lease.contractId,
      effectiveOn: on('04-21'),
      lines: [{ op: 'add', deviceId: added!.id, businessModel: 23, dayCents: 10_000 }],
    });
    await putInForce(f, id);
    const line = (await t.dbh.db.select().from(contractLines).where(eq(contractLines.deviceId, added!.id)).all()).find(
      (l) => l.contractId === lease.contractId,
    )!;
    expect(line).toMatchObject({ fromOn: on('04-21'), untilOn: null, businessModel: 23, dayCents: 10_000 });
    // The machine is still in the depot: the change holds it for the contract, a delivery puts it on lease.
    expect((await t.dbh.db.select().from(devices).where(eq(devices.id, added!.id)).get())!.leaseStatus).toBe('stock');
    const entry = async (day: string) =>
      t.call(handover.create, {
        token: await t.tokenFor(ROLE.lessorAdmin),
        lang: 'en_US',
        body: {
          kind: 'entry',
          contractId: lease.contractId,
          day,
          machines: [{ lineId: line.id, deviceId: added!.id }],
        },
      });
    const early = await entry(on('04-20'));
    expect(early.status).toBe('400');
    expect(early.data.issues?.[0]?.message).toBe('handover.lineNotInForce');
    const made = await entry(on('04-21'));
    expect(made.status).toBe('200');
    const confirmed = await t.call(handover.confirm, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      body: { id: made.data.id },
    });
    expect(confirmed.status).toBe('200');
    advanceTo(t, on('05-01'));
    await issueLessorBills(t.dbh.db, lease.lessorId, on('05-01'));
    const april = (await billsWithLines(t, lease.contractId)).at(-1)!;
    expect(april.lines.find((l) => l.deviceId === added!.id)).toEqual({
      deviceId: added!.id,
      fromOn: on('04-21'),
      toOn: on('04-30'),
      amountCents: 10 * 10_000,
    });
  });

  it('removes a machine from a day: its planned end is the day before and it is not delivered again under it', async () => {
    const id = await changeOf(t, {
      contractId: lease.contractId,
      effectiveOn: on('06-01'),
      lines: [{ op: 'remove', lineId: await lineOf(lease.periods.daily) }],
    });
    await putInForce(f, id);
    const period = (await periodsOf(t, lease.contractId)).find((p) => p.id === lease.periods.daily)!;
    expect(period).toMatchObject({ plannedEndOn: on('05-31'), endOn: null });
    const line = (await t.dbh.db.select().from(contractLines).where(eq(contractLines.id, period.lineId)).get())!;
    expect(line.untilOn).toBe(on('05-31'));
    // Returned on its planned end, a machine the change took out of the contract is not delivered again under it.
    advanceTo(t, on('06-02'));
    await returnMachines(t, lease, ['daily'], on('05-31'));
    const again = await t.call(handover.create, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      lang: 'en_US',
      body: {
        kind: 'entry',
        contractId: lease.contractId,
        day: on('06-02'),
        machines: [{ lineId: line.id, deviceId: period.deviceId }],
      },
    });
    expect(again.status).toBe('400');
    expect(again.data.issues).toEqual([{ path: 'machines.0.lineId', message: 'handover.lineNotInForce' }]);
  });

  it('moves the planned end: the contract and its open periods end later, the ended ones do not move', async () => {
    advanceTo(t, on('05-01'));
    await returnMachines(t, lease, ['calendar'], on('04-30'));
    const id = await changeOf(t, { contractId: lease.contractId, effectiveOn: on('06-01'), endOn: on('03-31', 1) });
    await putInForce(f, id);
    const c = (await t.dbh.db.select().from(contracts).where(eq(contracts.id, lease.contractId)).get())!;
    expect(c.endOn).toBe(on('03-31', 1));
    const periods = await periodsOf(t, lease.contractId);
    expect(periods.find((p) => p.id === lease.periods.daily)!.plannedEndOn).toBe(on('03-31', 1));
    expect(periods.find((p) => p.id === lease.periods.calendar)!.plannedEndOn).toBe(on('12-31'));
    // The contract's timeline and detail show the change that moved it.
    const changed = (
      await t.dbh.db.select().from(contractEvents).where(eq(contractEvents.contractId, lease.contractId)).all()
    ).find((e) => e.action === 'changed')!;
    expect(changed).toMatchObject({ actor: 'system', day: on('06-01') });
    const detail = await t.call(leaseContractEndpoints.detail, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      query: { id: lease.contractId },
    });
    expect(detail.data.endOn).toBe(on('03-31', 1));
    expect(detail.data.changes.map((x) => [x.id, x.status])).toEqual([[id, 7]]);
    expect(detail.data.events.find((e) => e.action === 'changed')).toMatchObject({ changeId: id });
  });

  it('a contract that ends completes its changes in force and ends those that never came into force', async () => {
    const inForce = await changeOf(t, {
      contractId: lease.contractId,
      effectiveOn: on('06-01'),
      endOn: on('01-31', 1),
    });
    await putInForce(f, inForce);
    const pending = await changeOf(t, {
      contractId: lease.contractId,
      effectiveOn: on('07-01'),
      endOn: on('02-28', 1),
    });
    // Terminated on 30 June, that day: the machines still out come back with it.
    advanceTo(t, on('06-30'));
    const moved = await t.call(leaseContractEndpoints.move, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      body: { id: lease.contractId, action: 'terminate', reason: '客户提前退租', day: on('06-30') },
    });
    expect(moved.status).toBe('200');
    expect(await statusOf(t, inForce)).toBe(8);
    expect(await statusOf(t, pending)).toBe(9);
  });
});
