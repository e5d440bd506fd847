import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { devices } from '@console/db/schema/devices';
import { contractEvents, contractLines, contracts } from '@console/db/schema/lease';
import { issueLessorBills } from '@console/db/billing/issue';
import { ROLE } from '@console/contract/codes/roles';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { leaseHandoverEndpoints as handover } from '@console/contract/http/lease-handover';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { leaseTwoMachines, withoutSeededBilling, type Leased } from '../lease-billing/helpers.ts';
import { freeStock } from '../lease/helpers.ts';
import { billsWithLines, changeOf, periodsOf, putInForce, statusOf } from './helpers.ts';

/**
 * What a change in force does to lease periods and bills (decision 041), on worked examples in integer cents. The
 * contract (leaseTwoMachines): billed on the 1st; machine A daily (23) at 300.00 on lease from 15 March; machine B
 * calendar-monthly (25) at 6,000.00 from 15 March to 30 April; planned end 31 December 2026.
 */
describe('contract changes in force', () => {
  let t: TestApp;
  let lease: Leased;
  const lineOf = (periodId: number) => periodsOf(t, lease.contractId).find((p) => p.id === periodId)!.lineId;
  const machineA = () => periodsOf(t, lease.contractId).find((p) => p.id === lease.periods.daily)!.deviceId;

  beforeEach(async () => {
    t = await createTestApp();
    withoutSeededBilling(t);
    lease = leaseTwoMachines(t);
  });
  afterEach(() => t.dbh.close());

  it('splits the bill of the month a new price starts in: one line at each price, no bill of its own', async () => {
    const id = await changeOf(t, {
      contractId: lease.contractId,
      effectiveOn: '2026-04-11',
      lines: [{ op: 'reprice', lineId: lineOf(lease.periods.daily!), businessModel: 23, dayCents: 20_000 }],
    });
    putInForce(t, id);
    expect(statusOf(t, id)).toBe(7);
    const periods = periodsOf(t, lease.contractId).filter((p) => p.deviceId === machineA());
    expect(periods.map((p) => [p.startOn, p.endOn, p.endedByChangeId])).toEqual([
      ['2026-03-15', '2026-04-10', id],
      ['2026-04-11', null, null],
    ]);
    // A run between the change's day and the billing day bills March only: the cut is no return.
    issueLessorBills(t.dbh.db, lease.lessorId, '2026-04-20');
    expect(billsWithLines(t, lease.contractId).map((b) => b.periodEnd)).toEqual(['2026-03-31']);
    issueLessorBills(t.dbh.db, lease.lessorId, '2026-05-01');
    const april = billsWithLines(t, lease.contractId)[1]!;
    const a = april.lines.filter((l) => l.deviceId === machineA());
    expect(a).toEqual([
      { deviceId: machineA(), fromOn: '2026-04-01', toOn: '2026-04-10', amountCents: 10 * 30_000 },
      { deviceId: machineA(), fromOn: '2026-04-11', toOn: '2026-04-30', amountCents: 20 * 20_000 },
    ]);
    // Machine B's 6,000.00 for April stays as it was.
    expect(april.amountCents).toBe(10 * 30_000 + 20 * 20_000 + 600_000);
  });

  it('changes a line to a monthly business model from a day: its days are billed by the new model', async () => {
    const id = await changeOf(t, {
      contractId: lease.contractId,
      effectiveOn: '2026-04-16',
      lines: [{ op: 'reprice', lineId: lineOf(lease.periods.daily!), businessModel: 24, monthCents: 600_000 }],
    });
    putInForce(t, id);
    issueLessorBills(t.dbh.db, lease.lessorId, '2026-06-01');
    const [march, april, may] = billsWithLines(t, lease.contractId);
    expect(march!.amountCents).toBe(510_000 + Math.round((17 * 600_000) / 31));
    // 15 days at 300.00, then 15 days of 6,000.00 a 30 days.
    expect(april!.lines.filter((l) => l.deviceId === machineA()).map((l) => l.amountCents)).toEqual([450_000, 300_000]);
    // May: 31 days of the monthly model, cumulative from 16 April (46 days: 6,000.00 + 16/30) less April's part.
    expect(may!.amountCents).toBe(Math.round(600_000 + (16 * 600_000) / 30) - 300_000);
  });

  it('adds a machine from a day: it enters under the new line, not before, and the next bill carries it', async () => {
    const [added] = freeStock(t, lease.lessorId, 1);
    const id = await changeOf(t, {
      contractId: lease.contractId,
      effectiveOn: '2026-04-21',
      lines: [{ op: 'add', deviceId: added!.id, businessModel: 23, dayCents: 10_000 }],
    });
    putInForce(t, id);
    const line = t.dbh.db
      .select()
      .from(contractLines)
      .where(eq(contractLines.deviceId, added!.id))
      .all()
      .find((l) => l.contractId === lease.contractId)!;
    expect(line).toMatchObject({ fromOn: '2026-04-21', untilOn: null, businessModel: 23, dayCents: 10_000 });
    // The machine is still in the depot: the change holds it for the contract, a delivery puts it on lease.
    expect(t.dbh.db.select().from(devices).where(eq(devices.id, added!.id)).get()!.leaseStatus).toBe('stock');
    const entry = (day: string) =>
      t.call(handover.create, {
        token: t.tokenFor(ROLE.lessorAdmin),
        lang: 'en_US',
        body: {
          kind: 'entry',
          contractId: lease.contractId,
          day,
          machines: [{ lineId: line.id, deviceId: added!.id }],
        },
      });
    const early = await entry('2026-04-20');
    expect(early.status).toBe('400');
    expect(early.data.issues?.[0]?.message).toBe('handover.lineNotInForce');
    const made = await entry('2026-04-21');
    expect(made.status).toBe('200');
    const confirmed = await t.call(handover.confirm, {
      token: t.tokenFor(ROLE.lessorAdmin),
      body: { id: made.data.id },
    });
    expect(confirmed.status).toBe('200');
    issueLessorBills(t.dbh.db, lease.lessorId, '2026-05-01');
    const april = billsWithLines(t, lease.contractId).at(-1)!;
    expect(april.lines.find((l) => l.deviceId === added!.id)).toEqual({
      deviceId: added!.id,
      fromOn: '2026-04-21',
      toOn: '2026-04-30',
      amountCents: 10 * 10_000,
    });
  });

  it('removes a machine from a day: its planned end is the day before and it is not delivered again under it', async () => {
    const id = await changeOf(t, {
      contractId: lease.contractId,
      effectiveOn: '2026-06-01',
      lines: [{ op: 'remove', lineId: lineOf(lease.periods.daily!) }],
    });
    putInForce(t, id);
    const period = periodsOf(t, lease.contractId).find((p) => p.id === lease.periods.daily)!;
    expect(period).toMatchObject({ plannedEndOn: '2026-05-31', endOn: null });
    const line = t.dbh.db.select().from(contractLines).where(eq(contractLines.id, period.lineId)).get()!;
    expect(line.untilOn).toBe('2026-05-31');
    // A machine the change took out of the contract is not delivered again under it.
    const again = await t.call(handover.create, {
      token: t.tokenFor(ROLE.lessorAdmin),
      lang: 'en_US',
      body: {
        kind: 'entry',
        contractId: lease.contractId,
        day: '2026-06-02',
        machines: [{ lineId: line.id, deviceId: period.deviceId }],
      },
    });
    expect(again.status).not.toBe('200');
  });

  it('moves the planned end: the contract and its open periods end later, the ended ones do not move', async () => {
    const id = await changeOf(t, { contractId: lease.contractId, effectiveOn: '2026-06-01', endOn: '2027-03-31' });
    putInForce(t, id);
    const c = t.dbh.db.select().from(contracts).where(eq(contracts.id, lease.contractId)).get()!;
    expect(c.endOn).toBe('2027-03-31');
    const periods = periodsOf(t, lease.contractId);
    expect(periods.find((p) => p.id === lease.periods.daily)!.plannedEndOn).toBe('2027-03-31');
    expect(periods.find((p) => p.id === lease.periods.calendar)!.plannedEndOn).toBe('2026-12-31');
    // The contract's timeline and detail show the change that moved it.
    const changed = t.dbh.db
      .select()
      .from(contractEvents)
      .where(eq(contractEvents.contractId, lease.contractId))
      .all()
      .find((e) => e.action === 'changed')!;
    expect(changed).toMatchObject({ actor: 'system', day: '2026-06-01' });
    const detail = await t.call(leaseContractEndpoints.detail, {
      token: t.tokenFor(ROLE.lessorAdmin),
      query: { id: lease.contractId },
    });
    expect(detail.data.endOn).toBe('2027-03-31');
    expect(detail.data.changes.map((x) => [x.id, x.status])).toEqual([[id, 7]]);
    expect(detail.data.events.find((e) => e.action === 'changed')).toMatchObject({ changeId: id });
  });

  it('a contract that ends completes its changes in force and ends those that never came into force', async () => {
    const inForce = await changeOf(t, { contractId: lease.contractId, effectiveOn: '2026-06-01', endOn: '2027-01-31' });
    putInForce(t, inForce);
    const pending = await changeOf(t, { contractId: lease.contractId, effectiveOn: '2026-07-01', endOn: '2027-02-28' });
    const moved = await t.call(leaseContractEndpoints.move, {
      token: t.tokenFor(ROLE.lessorAdmin),
      body: { id: lease.contractId, action: 'terminate', reason: '客户提前退租', day: '2026-06-30' },
    });
    expect(moved.status).toBe('200');
    expect(statusOf(t, inForce)).toBe(8);
    expect(statusOf(t, pending)).toBe(9);
  });
});
