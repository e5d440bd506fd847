import { CNY } from '@console/contract/codes/money';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '@console/contract/codes/lease-billing';
import { ROLE } from '@console/contract/codes/roles';
import { deviceEndpoints } from '@console/contract/http/devices';
import { billingEndpoints } from '@console/contract/http/lease-billing';
import { leaseHandoverEndpoints as api } from '@console/contract/http/lease-handover';
import { createDraft } from '@console/server/src/lease/drafts';
import { submit } from '@console/server/src/lease/review';
import { devices } from '@console/db/schema/devices';
import { contracts } from '@console/db/schema/lease';
import { billLines } from '@console/db/schema/lease-billing';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { workOrders } from '@console/db/schema/work-orders';
import { organisations } from '@console/db/schema/accounts';
import { BUSINESSES } from '@console/db/seed/business';
import { phoneText } from '@console/contract/formats/phone';
import { dayInZone } from '@console/server/src/lib/time';
import { createSession } from '@console/server/src/lib/session';
import { engineOf } from '@console/db/dialect';
import { signingFixture, type SigningFixture } from '../../fixtures/lease-signing.ts';
import { runOf } from '../../fixtures/sql-rows.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import { eventually } from '../../fixtures/server-process.ts';
import { startIngest } from '@console/server/src/ingest/ingest';
import { connectMachine, platformReport, publishReport, startBroker, wayTo } from '../ingest/helpers.ts';
import { contractRow, userOf } from '../lease/helpers.ts';
import { approvedContract, dayOf, DAY_MS, huadongOf, runningContract } from './helpers.ts';

/** Entries and exits (docs/decisions/035): the rules a user of the console relies on, through the endpoints. */
describe('lease entries and exits', () => {
  let f: SigningFixture;
  let t: TestApp;
  let huadong: number;
  const admin = () => t.tokenFor(ROLE.lessorAdmin);
  const today = () => dayOf(t.deps.now());
  const device = async (id: number) => (await t.dbh.db.select().from(devices).where(eq(devices.id, id)).get())!;
  const periodsOf = (deviceId: number) =>
    t.dbh.db.select().from(leasePeriods).where(eq(leasePeriods.deviceId, deviceId)).all();
  /** `count` days from `day` on. */
  const daysFrom = (day: string, count: number) => Array.from({ length: count }, (_, i) => addDays(day, i));
  /** The days a lease period's bill lines cover, in order: a month's end splits a period into two lines. */
  const billedDays = async (periodId: number) =>
    (
      await t.dbh.db
        .select()
        .from(billLines)
        .where(eq(billLines.leasePeriodId, periodId))
        .orderBy(billLines.fromOn)
        .all()
    ).flatMap((l) => {
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
    const made = await create(await admin(), 'entry', contractId, machines, day);
    expect(made.status).toBe('200');
    expect((await confirm(await admin(), made.data.id)).status).toBe('200');
    return made.data.id;
  }

  beforeEach(async () => {
    f = await signingFixture();
    t = f.t;
    huadong = await huadongOf(t);
  });
  afterEach(() => f.close());

  it('delivers only under a contract in execution', async () => {
    // Approved, not yet signed.
    const { contract, named } = await approvedContract(t, huadong);
    expect(contract.status).toBe(3);
    const answer = await create(await admin(), 'entry', contract.id, [{ lineId: 1, deviceId: named.id }]);
    expect(answer.status).toBe('400');
    expect(answer.message).toContain('contract in execution');
    expect((await device(named.id)).leaseStatus).toBe('stock');
  });

  it('keeps a signed contract’s named machine in stock, reserved for it, until its delivery', async () => {
    const { contract, named, models } = await runningContract(f, huadong);
    // Signed by both: reserved, not yet on lease.
    expect(await device(named.id)).toMatchObject({ leaseStatus: 'stock', customerOrgId: null });
    const options = await t.call(api.options, {
      token: await admin(),
      query: { contractId: contract.id, kind: 'entry' },
    });
    expect(options.data.lines[0]!.candidates.map((c) => c.deviceId)).toEqual([named.id]);
    // Another contract's model line of the same model can neither be offered it nor take it.
    const other = await runningContract(f, huadong);
    const reserved = await create(await admin(), 'entry', contract.id, [
      { lineId: options.data.lines[1]!.lineId, deviceId: models[0]!.id },
    ]);
    expect(reserved.status).toBe('200');
    const otherOptions = await t.call(api.options, {
      token: await admin(),
      query: { contractId: other.contract.id, kind: 'entry' },
    });
    const otherModelLine = otherOptions.data.lines[1]!;
    expect(otherModelLine.candidates.map((c) => c.deviceId)).not.toContain(other.named.id);
    const heldElsewhere = await create(await admin(), 'entry', contract.id, [
      { lineId: options.data.lines[1]!.lineId, deviceId: other.named.id },
    ]);
    // The other contract's named machine is not of this model line (different kind) or is reserved: never taken.
    expect(heldElsewhere.status).not.toBe('200');
    await deliver(contract.id, [{ lineId: options.data.lines[0]!.lineId, deviceId: named.id }]);
    expect(await device(named.id)).toMatchObject({ leaseStatus: 'leased', customerOrgId: contract.renterOrgId });
  });

  it('refuses a model line a machine another contract names, at writing and at confirmation', async () => {
    const first = await runningContract(f, huadong);
    // A second contract names one of the first's model machines: the first's model line must leave it alone.
    const sales = await userOf(t, huadong, ROLE.lessorSales);
    const claimed = first.models[2]!;
    const { id } = await createDraft(
      t.dbh.db,
      sales,
      {
        renterId: first.contract.renterOrgId,
        storeId: first.contract.storeId,
        startOn: first.contract.startOn,
        endOn: first.contract.endOn,
        siteAddress: '张江路2号',
        lines: [{ deviceId: claimed.id, businessModel: 23, dayCents: 30_000 }],
      },
      t.deps.now(),
    );
    await submit(t.dbh.db, sales, id, t.deps.now(), CNY);
    const options = await t.call(api.options, {
      token: await admin(),
      query: { contractId: first.contract.id, kind: 'entry' },
    });
    const modelLine = options.data.lines[1]!;
    expect(modelLine.candidates.map((c) => c.deviceId)).not.toContain(claimed.id);
    const taken = await create(await admin(), 'entry', first.contract.id, [
      { lineId: modelLine.lineId, deviceId: claimed.id },
    ]);
    expect(taken.status).toBe('409');
    expect(taken.message).toBe(
      `Machine ${claimed.serialNumber} is reserved by contract ${(await contractRow(t, id)).number}`,
    );
    expect(await periodsOf(claimed.id)).toEqual([]);
  });

  it('takes no day after today and no day outside the contract, and no return inside days already billed', async () => {
    const startDay = dayOf(t.deps.now() - 8 * DAY_MS);
    // A billing day that has come since the delivery's second day: its bill charges days after the delivery.
    const billedOn = [0, 1, 2, 3, 4, 5, 6]
      .map((back) => dayOf(t.deps.now() - back * DAY_MS))
      .find((day) => Number(day.slice(8)) <= 28)!;
    const { contract, named } = await runningContract(f, huadong, { from: -10, to: 60 }, Number(billedOn.slice(8)));
    const lineId = (
      await t.call(api.options, { token: await admin(), query: { contractId: contract.id, kind: 'entry' } })
    ).data.lines[0]!.lineId;
    const tomorrow = dayOf(t.deps.now() + DAY_MS);
    const future = await create(await admin(), 'entry', contract.id, [{ lineId, deviceId: named.id }], tomorrow);
    expect(future.status).toBe('400');
    expect(future.data.issues).toEqual([{ path: 'day', message: 'handover.dayAfterToday' }]);
    expect(future.message).toContain('The day cannot be after today');
    const before = await create(await admin(), 'entry', contract.id, [{ lineId, deviceId: named.id }], '2020-01-01');
    expect(before.data.field).toBe('day');
    await deliver(contract.id, [{ lineId, deviceId: named.id }], startDay);
    // A return "in 2028" would let the machine be delivered again meanwhile and billed twice.
    const later = await create(await admin(), 'exit', contract.id, [{ lineId, deviceId: named.id }], tomorrow);
    expect(later.status).toBe('400');
    expect(later.data.field).toBe('day');
    // The billing day's bill charges through the day before it: a return cannot be dated inside those days.
    expect(
      (await t.call(billingEndpoints.run, { token: await admin(), body: { contractId: contract.id } })).status,
    ).toBe('200');
    const billedThrough = addDays(billedOn, -1);
    const [period] = await periodsOf(named.id);
    expect((await billedDays(period!.id)).at(-1)).toBe(billedThrough);
    const inside = await create(await admin(), 'exit', contract.id, [{ lineId, deviceId: named.id }], startDay);
    expect(inside.status).toBe('409');
    expect(inside.message).toContain(`is billed through ${billedThrough}`);
    expect(await periodsOf(named.id)).toEqual([expect.objectContaining({ endOn: null })]);
    // On the last billed day it may.
    expect(
      (await create(await admin(), 'exit', contract.id, [{ lineId, deviceId: named.id }], billedThrough)).status,
    ).toBe('200');
  });

  it('reads each machine’s hour meter and battery from its latest telemetry and assigns a model line’s machines', async () => {
    const { contract, named, models } = await runningContract(f, huadong);
    // The machine (an aerial platform) reports over MQTT as a unit does, through the embedded broker and ingest.
    const broker = await startBroker(t.dbh);
    const ingest = startIngest(t.deps, { ...wayTo(broker, 'feed'), flushMs: 20 });
    const reported = models[0]!;
    const unit = await connectMachine(broker.url, reported.serialNumber);
    try {
      await ingest.ready;
      const readAt = t.deps.now();
      await publishReport(
        unit,
        reported.serialNumber,
        platformReport(readAt, { workingHours: 1234.5, batteryPct: 87 }),
      );
      await eventually('the report to be stored', async () => {
        await ingest.flush();
        return (await device(reported.id)).lastDeviceTime?.getTime() === readAt;
      });
    } finally {
      await unit.endAsync(true);
      await ingest.stop();
      await broker.close();
    }
    const options = await t.call(api.options, {
      token: await admin(),
      query: { contractId: contract.id, kind: 'entry' },
    });
    const [first, second] = options.data.lines;
    expect(first!.candidates.map((c) => c.deviceId)).toEqual([named.id]);
    // A model line offers the lessor's machines of that model in stock.
    expect(second!.candidates.map((c) => c.deviceId)).toEqual(
      expect.arrayContaining(models.slice(0, 2).map((m) => m.id)),
    );
    const made = await create(await admin(), 'entry', contract.id, [
      { lineId: first!.lineId, deviceId: named.id },
      { lineId: second!.lineId, deviceId: models[0]!.id },
    ]);
    expect(made.status).toBe('200');
    expect(made.data.number).toMatch(/^JC-\d{8}-\d{4}$/);
    const detail = await t.call(api.detail, { token: await admin(), query: { id: made.data.id } });
    const read = detail.data.machines.find((m) => m.deviceId === models[0]!.id)!;
    expect(read).toMatchObject({ hourMeter: 1234.5, batteryPct: 87 });
    expect(read.readAt).not.toBe('');
    // The site defaults to the contract's.
    expect(detail.data.siteAddress).toContain('张江路1号');
    expect(detail.data.state).toBe('draft');
    // A machine of another model does not fit the model line, and a line takes no more than its count.
    const third = await create(await admin(), 'entry', contract.id, [
      { lineId: second!.lineId, deviceId: models[0]!.id },
      { lineId: second!.lineId, deviceId: models[1]!.id },
      { lineId: second!.lineId, deviceId: models[2]!.id },
    ]);
    expect(third.status).toBe('400');
    expect(third.data.field).toBe('machines.2.lineId');
  });

  it('puts a confirmed entry’s machines on lease to the renter, who now sees them, and opens their periods', async () => {
    const { contract, named } = await runningContract(f, huadong);
    const options = await t.call(api.options, {
      token: await admin(),
      query: { contractId: contract.id, kind: 'entry' },
    });
    const entryId = await deliver(contract.id, [{ lineId: options.data.lines[0]!.lineId, deviceId: named.id }]);
    expect(await device(named.id)).toMatchObject({ leaseStatus: 'leased', customerOrgId: contract.renterOrgId });
    expect(await periodsOf(named.id)).toEqual([
      expect.objectContaining({
        contractId: contract.id,
        startOn: today(),
        plannedEndOn: contract.endOn,
        endOn: null,
        entryId,
        renterOrgId: contract.renterOrgId,
      }),
    ]);
    const renter = await userOf(t, contract.renterOrgId, ROLE.other);
    const { token } = await signInAs(t, renter.id);
    const seen = await t.call(deviceEndpoints.list, { token, query: { serialNumber: named.serialNumber } });
    expect(seen.data.list.map((d) => d.id)).toContain(named.id);
    // The renter reads its confirmed entry, and a confirmed record is never changed.
    const list = await t.call(api.list, { token, query: { kind: 'entry' } });
    expect(list.data.list.map((r) => r.id)).toContain(entryId);
    const again = await t.call(api.remove, { token: await admin(), lang: 'en_US', body: { id: entryId } });
    expect(again.status).toBe('409');
    expect(again.message).toBe('A confirmed record is never changed');
  });

  it('never lets a machine enter two leases at once, also from two drafts', async () => {
    const a = await runningContract(f, huadong);
    const machine = a.models[0]!;
    const lineA = (
      await t.call(api.options, { token: await admin(), query: { contractId: a.contract.id, kind: 'entry' } })
    ).data.lines[1]!.lineId;
    const first = await create(await admin(), 'entry', a.contract.id, [{ lineId: lineA, deviceId: machine.id }]);
    const secondDraft = await create(await admin(), 'entry', a.contract.id, [{ lineId: lineA, deviceId: machine.id }]);
    expect(secondDraft.status).toBe('200');
    expect((await confirm(await admin(), first.data.id)).status).toBe('200');
    const refused = await confirm(await admin(), secondDraft.data.id);
    expect(refused.status).toBe('409');
    expect(refused.message).toBe(
      `Machine ${machine.serialNumber} is already on a lease: return it before it enters another`,
    );
    expect(await periodsOf(machine.id)).toHaveLength(1);
    // Nor may a new entry name it while it is on lease.
    const other = await create(await admin(), 'entry', a.contract.id, [{ lineId: lineA, deviceId: machine.id }]);
    expect(other.status).toBe('409');
    expect(await periodsOf(machine.id)).toHaveLength(1);
  });

  it('returns only machines on lease under the contract; a confirmed exit ends the period and restocks the machine', async () => {
    const { contract, named, models } = await runningContract(f, huadong);
    const lines = (
      await t.call(api.options, { token: await admin(), query: { contractId: contract.id, kind: 'entry' } })
    ).data.lines;
    const startDay = dayOf(t.deps.now() - 5 * DAY_MS);
    await deliver(contract.id, [{ lineId: lines[0]!.lineId, deviceId: named.id }], startDay);
    const notOnLease = await create(await admin(), 'exit', contract.id, [
      { lineId: lines[1]!.lineId, deviceId: models[0]!.id },
    ]);
    expect(notOnLease.status).toBe('400');
    expect(notOnLease.data.field).toBe('machines.0.deviceId');
    const early = await create(
      await admin(),
      'exit',
      contract.id,
      [{ lineId: 0 + lines[0]!.lineId, deviceId: named.id }],
      dayOf(t.deps.now() - 9 * DAY_MS),
    );
    expect(early.status).toBe('400');
    expect(early.data.field).toBe('day');

    const exitOptions = await t.call(api.options, {
      token: await admin(),
      query: { contractId: contract.id, kind: 'exit' },
    });
    expect(exitOptions.data.lines[0]!.candidates.map((c) => c.deviceId)).toEqual([named.id]);
    const exit = await create(await admin(), 'exit', contract.id, [{ lineId: lines[0]!.lineId, deviceId: named.id }]);
    expect(exit.data.number).toMatch(/^TC-/);
    expect((await confirm(await admin(), exit.data.id)).status).toBe('200');
    expect(await device(named.id)).toMatchObject({ leaseStatus: 'stock', customerOrgId: null });
    const [period] = await periodsOf(named.id);
    expect(period).toMatchObject({ startOn: startDay, endOn: today(), exitId: exit.data.id });
    // Its last bill comes with the return: six days on lease, the first and the last counted.
    expect(await billedDays(period!.id)).toEqual(daysFrom(startDay, 6));
    // Back in stock, it may enter a lease again from the day after its return (the return day was its lease's last).
    const sameDay = await create(await admin(), 'entry', contract.id, [
      { lineId: lines[0]!.lineId, deviceId: named.id },
    ]);
    expect(sameDay.status).toBe('409');
    expect(sameDay.message).toBe(
      `Machine ${named.serialNumber} came back on ${today()}: it can be delivered again from the day after`,
    );
    t.advance(DAY_MS);
    const reentry = await create(await admin(), 'entry', contract.id, [
      { lineId: lines[0]!.lineId, deviceId: named.id },
    ]);
    expect(reentry.status).toBe('200');
  });

  it('never confirms an exit without its last bill: a bill that cannot be issued leaves the exit a draft', async () => {
    const { contract, named } = await runningContract(f, huadong);
    const lines = (
      await t.call(api.options, { token: await admin(), query: { contractId: contract.id, kind: 'entry' } })
    ).data.lines;
    const startDay = dayOf(t.deps.now() - 5 * DAY_MS);
    await deliver(contract.id, [{ lineId: lines[0]!.lineId, deviceId: named.id }], startDay);
    const exit = await create(await admin(), 'exit', contract.id, [{ lineId: lines[0]!.lineId, deviceId: named.id }]);
    expect(exit.status).toBe('200');
    // Issuing the bill fails (a fault in the billing tables).
    const onPg = engineOf(t.dbh.db) === 'postgres';
    const faults = onPg
      ? [
          "CREATE FUNCTION bills_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no bills'; END $$",
          'CREATE TRIGGER bills_fail BEFORE INSERT ON bills FOR EACH ROW EXECUTE FUNCTION bills_fail()',
        ]
      : [`CREATE TRIGGER bills_fail BEFORE INSERT ON bills BEGIN SELECT RAISE(ABORT, 'no bills'); END`];
    for (const statement of faults) await runOf(t.dbh.db, statement);
    const failed = await confirm(await admin(), exit.data.id);
    expect(failed.status).not.toBe('200');
    const detail = await t.call(api.detail, { token: await admin(), query: { id: exit.data.id } });
    expect(detail.data.state).toBe('draft');
    expect(await device(named.id)).toMatchObject({ leaseStatus: 'leased' });
    const [period] = await periodsOf(named.id);
    expect(period).toMatchObject({ endOn: null, exitId: null });
    expect(await t.dbh.db.select().from(billLines).where(eq(billLines.leasePeriodId, period!.id)).all()).toEqual([]);

    // Once bills can be issued again, the same exit is confirmed with its bill.
    await runOf(t.dbh.db, onPg ? 'DROP TRIGGER bills_fail ON bills' : 'DROP TRIGGER bills_fail');
    expect((await confirm(await admin(), exit.data.id)).status).toBe('200');
    expect((await device(named.id)).leaseStatus).toBe('stock');
    expect(await billedDays(period!.id)).toEqual(daysFrom(startDay, 6));
  });

  it('raises a maintenance work order in one step for a returned machine with damage, linked to the exit', async () => {
    const { contract, named, models } = await runningContract(f, huadong);
    const lines = (
      await t.call(api.options, { token: await admin(), query: { contractId: contract.id, kind: 'entry' } })
    ).data.lines;
    await deliver(contract.id, [
      { lineId: lines[0]!.lineId, deviceId: named.id },
      { lineId: lines[1]!.lineId, deviceId: models[0]!.id },
    ]);
    const exit = await create(await admin(), 'exit', contract.id, [
      { lineId: lines[0]!.lineId, deviceId: named.id, damage: '护栏变形，左前轮胎磨损' },
      { lineId: lines[1]!.lineId, deviceId: models[0]!.id },
    ]);
    const done = await confirm(await admin(), exit.data.id);
    expect(done.status).toBe('200');
    expect(done.data.workOrders).toHaveLength(1);
    expect(done.message).toContain(done.data.workOrders[0]!);
    const order = (await t.dbh.db
      .select()
      .from(workOrders)
      .where(eq(workOrders.number, done.data.workOrders[0]!))
      .get())!;
    expect(order).toMatchObject({
      deviceId: named.id,
      source: 'leaseExit',
      content: '护栏变形，左前轮胎磨损',
      status: 1,
    });
    const detail = await t.call(api.detail, { token: await admin(), query: { id: exit.data.id } });
    const damaged = detail.data.machines.find((m) => m.deviceId === named.id)!;
    expect(damaged).toMatchObject({ workOrderId: order.id, workOrderNumber: order.number });
    expect(order.sourceId).toBe(damaged.id);
    expect(detail.data.damageCount).toBe(1);
    expect(detail.data.machines.find((m) => m.deviceId === models[0]!.id)!.workOrderId).toBeNull();
  });

  it('names the renter’s phone under its company’s calling code on an Australian return’s work order', async () => {
    const northwind = (await t.dbh.db
      .select()
      .from(organisations)
      .where(eq(organisations.name, BUSINESSES[2]!.lessor))
      .get())!.id;
    const token = await createSession(
      t.dbh.db,
      (await userOf(t, northwind, ROLE.lessorAdmin)).id,
      'console',
      '127.0.0.1',
      t.deps.now() + 3600_000,
    );
    const { contract, named } = await runningContract(f, northwind);
    // The company's day: Northwind keeps Sydney's calendar.
    const day = dayInZone(t.deps.now(), 'Australia/Sydney');
    const lineId = (await t.call(api.options, { token, query: { contractId: contract.id, kind: 'entry' } })).data
      .lines[0]!.lineId;
    const entry = await create(token, 'entry', contract.id, [{ lineId, deviceId: named.id }], day);
    expect(entry.status, entry.message).toBe('200');
    expect((await confirm(token, entry.data.id)).status).toBe('200');
    const exit = await create(
      token,
      'exit',
      contract.id,
      [{ lineId, deviceId: named.id, damage: 'Bent guard rail' }],
      day,
    );
    const done = await confirm(token, exit.data.id);
    expect(done.status, done.message).toBe('200');
    const order = (await t.dbh.db
      .select()
      .from(workOrders)
      .where(eq(workOrders.number, done.data.workOrders[0]!))
      .get())!;
    const renter = (await t.dbh.db
      .select()
      .from(organisations)
      .where(eq(organisations.id, contract.renterOrgId))
      .get())!;
    expect(order).toMatchObject({ areaCode: '61', phone: renter.contactPhone });
    expect(phoneText({ areaCode: order.areaCode, number: order.phone }, '61')).toMatch(
      /^(04\d{2} \d{3} \d{3}|\(0\d\) \d{4} \d{4})$/,
    );
  });

  it('deletes a draft but nothing confirmed; the renter never reads a draft', async () => {
    const { contract, named } = await runningContract(f, huadong);
    const lineId = (
      await t.call(api.options, { token: await admin(), query: { contractId: contract.id, kind: 'entry' } })
    ).data.lines[0]!.lineId;
    const draft = await create(await admin(), 'entry', contract.id, [{ lineId, deviceId: named.id }]);
    const renter = await userOf(t, contract.renterOrgId, ROLE.other);
    const { token } = await signInAs(t, renter.id);
    expect((await t.call(api.detail, { token, query: { id: draft.data.id } })).status).toBe('404');
    expect((await t.call(api.confirm, { token, body: { id: draft.data.id } })).status).toBe('403');
    expect((await t.call(api.remove, { token: await admin(), body: { id: draft.data.id } })).status).toBe('200');
    expect((await t.call(api.detail, { token: await admin(), query: { id: draft.data.id } })).status).toBe('404');
  });

  it('lets a salesperson act under their own contracts only, staff act on all, the operator read', async () => {
    const { contract, named } = await runningContract(f, huadong);
    const lineId = (
      await t.call(api.options, { token: await admin(), query: { contractId: contract.id, kind: 'entry' } })
    ).data.lines[0]!.lineId;
    // The demo salesperson wrote it (runningContract); another contract's salesperson is someone else.
    const own = await create(await t.tokenFor(ROLE.lessorSales), 'entry', contract.id, [
      { lineId, deviceId: named.id },
    ]);
    expect(own.status).toBe('200');
    await t.dbh.db
      .update(contracts)
      .set({ createdBy: await t.userId(ROLE.lessorAdmin), salespersonId: null })
      .where(eq(contracts.id, contract.id))
      .run();
    expect((await confirm(await t.tokenFor(ROLE.lessorSales), own.data.id)).status).toBe('404');
    expect((await confirm(await t.tokenFor(ROLE.lessorStaff), own.data.id)).status).toBe('200');
    const operator = await t.call(api.list, { token: await t.tokenFor(ROLE.companyAdmin), query: { kind: 'entry' } });
    expect(operator.data.list.map((r) => r.id)).toContain(own.data.id);
    expect(operator.data.list.find((r) => r.id === own.data.id)!.canConfirm).toBe(false);
    expect(
      (await create(await t.tokenFor(ROLE.technician), 'entry', contract.id, [{ lineId, deviceId: named.id }])).status,
    ).toBe('403');
  });

  it('lists lease periods due to end within a window and overdue returns, and finds them by serial', async () => {
    const soon = await runningContract(f, huadong, { from: -20, to: 5 });
    // The second lease's contract ended two days ago with its machine still out.
    const lapsed = await runningContract(f, huadong, { from: -20, to: -2 });
    const line = async (id: number) =>
      (await t.call(api.options, { token: await admin(), query: { contractId: id, kind: 'entry' } })).data.lines[0]!
        .lineId;
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
    const list = async (query: Record<string, unknown>) =>
      t.call(api.periods, { token: await admin(), loose: { query: { pageSize: 200, ...query } } });
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
  const token = await createSession(t.dbh.db, userId, 'console', '127.0.0.1', t.deps.now() + 3600_000);
  return { token };
}
