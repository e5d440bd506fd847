import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '@console/contract/codes/lease-billing';
import { ROLE } from '@console/contract/codes/roles';
import { deviceEndpoints } from '@console/contract/http/devices';
import { leaseHandoverEndpoints as api } from '@console/contract/http/lease-handover';
import { devices } from '@console/db/schema/devices';
import { contracts } from '@console/db/schema/lease';
import { billLines } from '@console/db/schema/lease-billing';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { workOrders } from '@console/db/schema/work-orders';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { userOf } from '../lease/helpers.ts';
import { dayOf, DAY_MS, huadongOf, runningContract } from './helpers.ts';

/** Entries and exits (docs/decisions/035): the rules a user of the console relies on, through the endpoints. */
describe('lease entries and exits', () => {
  let t: TestApp;
  let huadong: number;
  const admin = () => t.tokenFor(ROLE.lessorAdmin);
  const today = () => dayOf(t.deps.now());
  const device = (id: number) => t.dbh.db.select().from(devices).where(eq(devices.id, id)).get()!;
  const periodsOf = (deviceId: number) =>
    t.dbh.db.select().from(leasePeriods).where(eq(leasePeriods.deviceId, deviceId)).all();
  /** `count` days from `day` on. */
  const daysFrom = (day: string, count: number) => Array.from({ length: count }, (_, i) => addDays(day, i));
  /** The days a lease period's bill lines cover, in order: a month's end splits a period into two lines. */
  const billedDays = (periodId: number) =>
    t.dbh.db
      .select()
      .from(billLines)
      .where(eq(billLines.leasePeriodId, periodId))
      .orderBy(billLines.fromOn)
      .all()
      .flatMap((l) => {
        const days = [l.fromOn];
        while (days.at(-1)! < l.toOn) days.push(addDays(days.at(-1)!, 1));
        return days;
      });

  type Machine = { lineId: number; deviceId: number; damage?: string };
  const create = (token: string, kind: 'entry' | 'exit', contractId: number, machines: Machine[], day = today()) =>
    t.call(api.create, {
      token,
      lang: 'en_US',
      body: { kind, contractId, day, deliveredBy: '王师傅', receivedBy: '李工', machines },
    });
  const confirm = (token: string, id: number) => t.call(api.confirm, { token, lang: 'en_US', body: { id } });

  /** Deliver machines under a running contract and confirm: answers the entry's id. */
  async function deliver(contractId: number, machines: Machine[], day = today()) {
    const made = await create(admin(), 'entry', contractId, machines, day);
    expect(made.status).toBe('200');
    expect((await confirm(admin(), made.data.id)).status).toBe('200');
    return made.data.id;
  }

  beforeEach(async () => {
    t = await createTestApp();
    huadong = huadongOf(t);
  });
  afterEach(() => t.dbh.close());

  it('delivers only under a contract in execution', async () => {
    const { contract, named } = runningContract(t, huadong);
    t.dbh.db.update(contracts).set({ status: 3 }).where(eq(contracts.id, contract.id)).run();
    const answer = await create(admin(), 'entry', contract.id, [{ lineId: 1, deviceId: named.id }]);
    expect(answer.status).toBe('400');
    expect(answer.message).toContain('contract in execution');
    expect(device(named.id).leaseStatus).toBe('stock');
  });

  it('reads each machine’s hour meter and battery from its latest telemetry and assigns a model line’s machines', async () => {
    const { contract, named, models } = runningContract(t, huadong);
    const readAt = new Date(t.deps.now() - 60_000);
    t.dbh.db
      .update(devices)
      .set({
        latest: {
          kind: 'forklift',
          workingHours: 1234.5,
          batteryPct: 87,
          loadKg: 0,
          forkHeightM: 0,
          driving: false,
          faults: [],
        },
        lastDeviceTime: readAt,
      })
      .where(eq(devices.id, models[0]!.id))
      .run();
    const options = await t.call(api.options, { token: admin(), query: { contractId: contract.id, kind: 'entry' } });
    const [first, second] = options.data.lines;
    expect(first!.candidates.map((c) => c.deviceId)).toEqual([named.id]);
    // A model line offers the lessor's machines of that model in stock.
    expect(second!.candidates.map((c) => c.deviceId)).toEqual(
      expect.arrayContaining(models.slice(0, 2).map((m) => m.id)),
    );
    const made = await create(admin(), 'entry', contract.id, [
      { lineId: first!.lineId, deviceId: named.id },
      { lineId: second!.lineId, deviceId: models[0]!.id },
    ]);
    expect(made.status).toBe('200');
    expect(made.data.number).toMatch(/^JC-\d{8}-\d{4}$/);
    const detail = await t.call(api.detail, { token: admin(), query: { id: made.data.id } });
    const read = detail.data.machines.find((m) => m.deviceId === models[0]!.id)!;
    expect(read).toMatchObject({ hourMeter: 1234.5, batteryPct: 87 });
    expect(read.readAt).not.toBe('');
    // The site defaults to the contract's.
    expect(detail.data.siteAddress).toContain('张江路1号');
    expect(detail.data.state).toBe('draft');
    // A machine of another model does not fit the model line, and a line takes no more than its count.
    const third = await create(admin(), 'entry', contract.id, [
      { lineId: second!.lineId, deviceId: models[0]!.id },
      { lineId: second!.lineId, deviceId: models[1]!.id },
      { lineId: second!.lineId, deviceId: models[2]!.id },
    ]);
    expect(third.status).toBe('400');
    expect(third.data.field).toBe('machines.2.lineId');
  });

  it('puts a confirmed entry’s machines on lease to the renter, who now sees them, and opens their periods', async () => {
    const { contract, named } = runningContract(t, huadong);
    const options = await t.call(api.options, { token: admin(), query: { contractId: contract.id, kind: 'entry' } });
    const entryId = await deliver(contract.id, [{ lineId: options.data.lines[0]!.lineId, deviceId: named.id }]);
    expect(device(named.id)).toMatchObject({ leaseStatus: 'leased', customerOrgId: contract.renterOrgId });
    expect(periodsOf(named.id)).toEqual([
      expect.objectContaining({
        contractId: contract.id,
        startOn: today(),
        plannedEndOn: contract.endOn,
        endOn: null,
        entryId,
        renterOrgId: contract.renterOrgId,
      }),
    ]);
    const renter = userOf(t, contract.renterOrgId, ROLE.other);
    const { token } = await signInAs(t, renter.id);
    const seen = await t.call(deviceEndpoints.list, { token, query: { serialNumber: named.serialNumber } });
    expect(seen.data.list.map((d) => d.id)).toContain(named.id);
    // The renter reads its confirmed entry, and a confirmed record is never changed.
    const list = await t.call(api.list, { token, query: { kind: 'entry' } });
    expect(list.data.list.map((r) => r.id)).toContain(entryId);
    const again = await t.call(api.remove, { token: admin(), lang: 'en_US', body: { id: entryId } });
    expect(again.status).toBe('409');
    expect(again.message).toBe('A confirmed record is never changed');
  });

  it('never lets a machine enter two leases at once, also from two drafts', async () => {
    const a = runningContract(t, huadong);
    const machine = a.models[0]!;
    const lineA = (await t.call(api.options, { token: admin(), query: { contractId: a.contract.id, kind: 'entry' } }))
      .data.lines[1]!.lineId;
    const first = await create(admin(), 'entry', a.contract.id, [{ lineId: lineA, deviceId: machine.id }]);
    const secondDraft = await create(admin(), 'entry', a.contract.id, [{ lineId: lineA, deviceId: machine.id }]);
    expect(secondDraft.status).toBe('200');
    expect((await confirm(admin(), first.data.id)).status).toBe('200');
    const refused = await confirm(admin(), secondDraft.data.id);
    expect(refused.status).toBe('409');
    expect(refused.message).toBe(
      `Machine ${machine.serialNumber} is already on a lease: return it before it enters another`,
    );
    expect(periodsOf(machine.id)).toHaveLength(1);
    // Nor may a new entry name it while it is on lease.
    const other = await create(admin(), 'entry', a.contract.id, [{ lineId: lineA, deviceId: machine.id }]);
    expect(other.status).toBe('409');
    expect(periodsOf(machine.id)).toHaveLength(1);
  });

  it('returns only machines on lease under the contract; a confirmed exit ends the period and restocks the machine', async () => {
    const { contract, named, models } = runningContract(t, huadong);
    const lines = (await t.call(api.options, { token: admin(), query: { contractId: contract.id, kind: 'entry' } }))
      .data.lines;
    const startDay = dayOf(t.deps.now() - 5 * DAY_MS);
    await deliver(contract.id, [{ lineId: lines[0]!.lineId, deviceId: named.id }], startDay);
    const notOnLease = await create(admin(), 'exit', contract.id, [
      { lineId: lines[1]!.lineId, deviceId: models[0]!.id },
    ]);
    expect(notOnLease.status).toBe('400');
    expect(notOnLease.data.field).toBe('machines.0.deviceId');
    const early = await create(
      admin(),
      'exit',
      contract.id,
      [{ lineId: 0 + lines[0]!.lineId, deviceId: named.id }],
      dayOf(t.deps.now() - 9 * DAY_MS),
    );
    expect(early.status).toBe('400');
    expect(early.data.field).toBe('day');

    const exitOptions = await t.call(api.options, { token: admin(), query: { contractId: contract.id, kind: 'exit' } });
    expect(exitOptions.data.lines[0]!.candidates.map((c) => c.deviceId)).toEqual([named.id]);
    const exit = await create(admin(), 'exit', contract.id, [{ lineId: lines[0]!.lineId, deviceId: named.id }]);
    expect(exit.data.number).toMatch(/^TC-/);
    expect((await confirm(admin(), exit.data.id)).status).toBe('200');
    expect(device(named.id)).toMatchObject({ leaseStatus: 'stock', customerOrgId: null });
    const [period] = periodsOf(named.id);
    expect(period).toMatchObject({ startOn: startDay, endOn: today(), exitId: exit.data.id });
    // Its last bill comes with the return: six days on lease, the first and the last counted.
    expect(billedDays(period!.id)).toEqual(daysFrom(startDay, 6));
    // Back in stock, it may enter a lease again.
    const reentry = await create(admin(), 'entry', contract.id, [{ lineId: lines[0]!.lineId, deviceId: named.id }]);
    expect(reentry.status).toBe('200');
  });

  it('never confirms an exit without its last bill: a bill that cannot be issued leaves the exit a draft', async () => {
    const { contract, named } = runningContract(t, huadong);
    const lines = (await t.call(api.options, { token: admin(), query: { contractId: contract.id, kind: 'entry' } }))
      .data.lines;
    const startDay = dayOf(t.deps.now() - 5 * DAY_MS);
    await deliver(contract.id, [{ lineId: lines[0]!.lineId, deviceId: named.id }], startDay);
    const exit = await create(admin(), 'exit', contract.id, [{ lineId: lines[0]!.lineId, deviceId: named.id }]);
    expect(exit.status).toBe('200');
    // Issuing the bill fails (a fault in the billing tables).
    t.dbh.sqlite.exec(`CREATE TRIGGER bills_fail BEFORE INSERT ON bills BEGIN SELECT RAISE(ABORT, 'no bills'); END`);
    const failed = await confirm(admin(), exit.data.id);
    expect(failed.status).not.toBe('200');
    const detail = await t.call(api.detail, { token: admin(), query: { id: exit.data.id } });
    expect(detail.data.state).toBe('draft');
    expect(device(named.id)).toMatchObject({ leaseStatus: 'leased' });
    const [period] = periodsOf(named.id);
    expect(period).toMatchObject({ endOn: null, exitId: null });
    expect(t.dbh.db.select().from(billLines).where(eq(billLines.leasePeriodId, period!.id)).all()).toEqual([]);

    // Once bills can be issued again, the same exit is confirmed with its bill.
    t.dbh.sqlite.exec('DROP TRIGGER bills_fail');
    expect((await confirm(admin(), exit.data.id)).status).toBe('200');
    expect(device(named.id).leaseStatus).toBe('stock');
    expect(billedDays(period!.id)).toEqual(daysFrom(startDay, 6));
  });

  it('raises a maintenance work order in one step for a returned machine with damage, linked to the exit', async () => {
    const { contract, named, models } = runningContract(t, huadong);
    const lines = (await t.call(api.options, { token: admin(), query: { contractId: contract.id, kind: 'entry' } }))
      .data.lines;
    await deliver(contract.id, [
      { lineId: lines[0]!.lineId, deviceId: named.id },
      { lineId: lines[1]!.lineId, deviceId: models[0]!.id },
    ]);
    const exit = await create(admin(), 'exit', contract.id, [
      { lineId: lines[0]!.lineId, deviceId: named.id, damage: '护栏变形，左前轮胎磨损' },
      { lineId: lines[1]!.lineId, deviceId: models[0]!.id },
    ]);
    const done = await confirm(admin(), exit.data.id);
    expect(done.status).toBe('200');
    expect(done.data.workOrders).toHaveLength(1);
    expect(done.message).toContain(done.data.workOrders[0]!);
    const order = t.dbh.db.select().from(workOrders).where(eq(workOrders.number, done.data.workOrders[0]!)).get()!;
    expect(order).toMatchObject({
      deviceId: named.id,
      source: 'leaseExit',
      content: '护栏变形，左前轮胎磨损',
      status: 1,
    });
    const detail = await t.call(api.detail, { token: admin(), query: { id: exit.data.id } });
    const damaged = detail.data.machines.find((m) => m.deviceId === named.id)!;
    expect(damaged).toMatchObject({ workOrderId: order.id, workOrderNumber: order.number });
    expect(order.sourceId).toBe(damaged.id);
    expect(detail.data.damageCount).toBe(1);
    expect(detail.data.machines.find((m) => m.deviceId === models[0]!.id)!.workOrderId).toBeNull();
  });

  it('deletes a draft but nothing confirmed; the renter never reads a draft', async () => {
    const { contract, named } = runningContract(t, huadong);
    const lineId = (await t.call(api.options, { token: admin(), query: { contractId: contract.id, kind: 'entry' } }))
      .data.lines[0]!.lineId;
    const draft = await create(admin(), 'entry', contract.id, [{ lineId, deviceId: named.id }]);
    const renter = userOf(t, contract.renterOrgId, ROLE.other);
    const { token } = await signInAs(t, renter.id);
    expect((await t.call(api.detail, { token, query: { id: draft.data.id } })).status).toBe('404');
    expect((await t.call(api.confirm, { token, body: { id: draft.data.id } })).status).toBe('403');
    expect((await t.call(api.remove, { token: admin(), body: { id: draft.data.id } })).status).toBe('200');
    expect((await t.call(api.detail, { token: admin(), query: { id: draft.data.id } })).status).toBe('404');
  });

  it('lets a salesperson act under their own contracts only, staff act on all, the operator read', async () => {
    const { contract, named } = runningContract(t, huadong);
    const lineId = (await t.call(api.options, { token: admin(), query: { contractId: contract.id, kind: 'entry' } }))
      .data.lines[0]!.lineId;
    // The demo salesperson wrote it (runningContract); another contract's salesperson is someone else.
    const own = await create(t.tokenFor(ROLE.lessorSales), 'entry', contract.id, [{ lineId, deviceId: named.id }]);
    expect(own.status).toBe('200');
    t.dbh.db
      .update(contracts)
      .set({ createdBy: t.userId(ROLE.lessorAdmin), salespersonId: null })
      .where(eq(contracts.id, contract.id))
      .run();
    expect((await confirm(t.tokenFor(ROLE.lessorSales), own.data.id)).status).toBe('404');
    expect((await confirm(t.tokenFor(ROLE.lessorStaff), own.data.id)).status).toBe('200');
    const operator = await t.call(api.list, { token: t.tokenFor(ROLE.companyAdmin), query: { kind: 'entry' } });
    expect(operator.data.list.map((r) => r.id)).toContain(own.data.id);
    expect(operator.data.list.find((r) => r.id === own.data.id)!.canConfirm).toBe(false);
    expect(
      (await create(t.tokenFor(ROLE.technician), 'entry', contract.id, [{ lineId, deviceId: named.id }])).status,
    ).toBe('403');
  });

  it('lists lease periods due to end within a window and overdue returns, and finds them by serial', async () => {
    const soon = runningContract(t, huadong, { from: -20, to: 5 });
    const lapsed = runningContract(t, huadong, { from: -20, to: 5 });
    const line = async (id: number) =>
      (await t.call(api.options, { token: admin(), query: { contractId: id, kind: 'entry' } })).data.lines[0]!.lineId;
    await deliver(
      soon.contract.id,
      [{ lineId: await line(soon.contract.id), deviceId: soon.named.id }],
      dayOf(t.deps.now() - 3 * DAY_MS),
    );
    await deliver(
      lapsed.contract.id,
      [{ lineId: await line(lapsed.contract.id), deviceId: lapsed.named.id }],
      dayOf(t.deps.now() - 3 * DAY_MS),
    );
    // The second lease's planned end passed (a contract change moved it back).
    t.dbh.db
      .update(leasePeriods)
      .set({ plannedEndOn: dayOf(t.deps.now() - 2 * DAY_MS) })
      .where(eq(leasePeriods.deviceId, lapsed.named.id))
      .run();
    const list = (query: Record<string, unknown>) =>
      t.call(api.periods, { token: admin(), loose: { query: { pageSize: 200, ...query } } });
    const week = await list({ due: 7 });
    expect(week.data.list.map((r) => r.deviceId)).toContain(soon.named.id);
    expect(week.data.list.map((r) => r.deviceId)).not.toContain(lapsed.named.id);
    const inWeek = week.data.list.find((r) => r.deviceId === soon.named.id)!;
    expect(inWeek).toMatchObject({ state: 'open', daysLeft: 5, days: 4, contractNumber: soon.contract.number });
    expect((await list({ due: 1 })).data.list.map((r) => r.deviceId)).not.toContain(soon.named.id);
    const overdue = await list({ overdue: '1' });
    expect(overdue.data.list.map((r) => r.deviceId)).toContain(lapsed.named.id);
    expect(overdue.data.list.every((r) => r.state === 'overdue')).toBe(true);
    expect((await list({ due: 3 })).status).toBe('400');
    const found = await list({ keyword: soon.named.serialNumber.slice(-6) });
    expect(found.data.list.map((r) => r.deviceId)).toContain(soon.named.id);
  });
});

/** A console token for any seeded user (the renter's users are not demo accounts of a role). */
async function signInAs(t: TestApp, userId: number) {
  const { createSession } = await import('@console/server/src/lib/session');
  const token = createSession(t.dbh.db, userId, 'console', '127.0.0.1', t.deps.now() + 3600_000);
  return { token };
}
