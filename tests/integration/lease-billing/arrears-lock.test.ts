import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '@console/contract/codes/lease-billing';
import { ROLE } from '@console/contract/codes/roles';
import { billingEndpoints as api } from '@console/contract/http/lease-billing';
import { riskEndpoints } from '@console/contract/http/risk';
import { topics } from '@console/contract/mqtt/topics';
import { smsOutbox } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { bills } from '@console/db/schema/lease-billing';
import { contracts } from '@console/db/schema/lease';
import { runArrearsLocks } from '@console/server/src/risk/arrears';
import { runSchedulerPass, SLICE_MS } from '@console/server/src/risk/scheduler';
import { dayInZone } from '@console/server/src/lib/time';
import { signingFixture, type SigningFixture } from '../../fixtures/lease-signing.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import { eventually, playMachine, type PlayedMachine } from '../commands/helpers.ts';
import { platformReport } from '../ingest/helpers.ts';
import {
  arrearsLease,
  arrearsRig,
  arrearsSettings,
  DAY,
  lockCommands,
  RENTER_PHONE,
  type ArrearsLease,
} from './arrears-helpers.ts';

describe('arrears drive the graded lock', () => {
  let f: SigningFixture;
  let t: TestApp;
  let lease: ArrearsLease;
  const admin = () => t.tokenFor(ROLE.lessorAdmin);
  const texts = () => t.dbh.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, RENTER_PHONE)).all();
  const number = async () =>
    (await t.dbh.db.select().from(contracts).where(eq(contracts.id, lease.contractId)).get())!.number;
  const arrearsRecords = async (kind?: 'lock' | 'unlock') =>
    (
      await t.call(riskEndpoints.records, {
        token: await admin(),
        query: { automatic: 1, pageSize: 50, ...(kind ? { kind } : {}) },
      })
    ).data.list as { deviceId: number; kind: string; level: number; reason: string }[];

  beforeEach(async () => {
    f = await signingFixture();
    t = f.t;
  });
  afterEach(() => f.close());

  it('a pass out of time still takes its first contract’s step whole, so a loaded server never stalls', async () => {
    lease = await arrearsLease(f, { overdue: 3 });
    // The time of the pass was up before it began: it makes the first contract's reminder and lock task all the
    // same (a pass that made nothing would tell the scheduler there is nothing to do, and wait a whole interval).
    expect(await runArrearsLocks(t.deps, { until: performance.now() - 1 })).toBe(2);
    expect(await texts()).toHaveLength(1);
    expect(await lockCommands(t, lease.machines)).toEqual(
      lease.machines.map((id) => [id, 'lock', 'preLock1', 'queued']),
    );
    // The running scheduler's next pass finds nothing left to make.
    expect(await runSchedulerPass(t.deps, SLICE_MS)).toBe(0);
  });

  it('moves the machines on lease step by step on the days overdue reach in the company’s zone, once each', async () => {
    lease = await arrearsLease(f, { overdue: 3 });
    // Due 3 days ago on the company's (New York) calendar: Beijing's calendar is a day ahead and would say 4.
    expect(lease.today()).not.toBe(dayInZone(t.deps.now(), 'Asia/Shanghai'));
    expect((await t.dbh.db.select().from(bills).where(eq(bills.id, lease.bill!)).get())!.dueOn).toBe(
      addDays(lease.today(), -3),
    );
    await runSchedulerPass(t.deps);
    await runSchedulerPass(t.deps);
    expect(await lockCommands(t, lease.machines)).toEqual(
      lease.machines.map((id) => [id, 'lock', 'preLock1', 'queued']),
    );
    // The reminder went to the renter once, naming the contract and the days.
    expect(await texts()).toHaveLength(1);
    expect((await texts())[0]!.text).toContain(await number());
    expect((await texts())[0]!.text).toMatch(/3/);
    // In the contract's language: the lessor by its Chinese name, the amount in its brand's money (decision 064).
    expect((await texts())[0]!.text).toContain('华东高空作业设备租赁有限公司');
    expect((await texts())[0]!.text).not.toContain('Huadong');
    expect((await texts())[0]!.text).toMatch(/¥[\d,]+\.\d\d/);

    const records = await arrearsRecords();
    expect(records).toHaveLength(2);
    for (const r of records) {
      expect(r).toMatchObject({ kind: 'lock', level: 1 });
      expect(r.reason).toBe(`Arrears: contract ${await number()}, 3 days overdue`);
    }
    const zh = await t.call(riskEndpoints.records, { token: await admin(), lang: 'zh_CN', query: { automatic: 1 } });
    expect(zh.data.list[0].reason).toBe(`欠款：合同${await number()}，逾期3天`);

    // The next day (4 overdue) the first-level lock replaces the pre-lock still waiting in the queue.
    t.advance(DAY);
    await runSchedulerPass(t.deps);
    await runSchedulerPass(t.deps);
    const after = await lockCommands(t, lease.machines);
    expect(after.filter(([, , level, state]) => level === 'lock1' && state === 'queued')).toHaveLength(2);
    expect(after.filter(([, , level, state]) => level === 'preLock1' && state === 'cancelled')).toHaveLength(2);
    expect(after).toHaveLength(4);
    expect(await texts()).toHaveLength(1);

    // Ten days overdue: straight to the second-level lock (the passed pre-lock is not sent), once.
    t.advance(6 * DAY);
    await runSchedulerPass(t.deps);
    await runSchedulerPass(t.deps);
    const levels = (await lockCommands(t, lease.machines)).map(([, , level]) => level);
    expect(levels.filter((l) => l === 'lock2')).toHaveLength(2);
    expect(levels.filter((l) => l === 'preLock2')).toHaveLength(0);
    expect(levels).toHaveLength(6);
    const list = await t.call(api.arrears, { token: await admin(), query: { keyword: await number() } });
    expect(list.data.list[0]).toMatchObject({ contractId: lease.contractId, step: 4, exempt: false });
  });

  it('never moves an exempted contract, shows why, and moves it again once the exemption is lifted', async () => {
    lease = await arrearsLease(f, { overdue: 5 });
    const missing = await t.call(api.exempt, {
      token: await admin(),
      body: { contractId: lease.contractId, reason: ' ' },
    });
    expect(missing).toMatchObject({ status: '400', data: { field: 'reason' } });
    const exempt = await t.call(api.exempt, {
      token: await admin(),
      body: { contractId: lease.contractId, reason: 'Payment plan agreed' },
    });
    expect(exempt.status, exempt.message).toBe('200');
    expect(exempt.message).toBe('The contract is exempt from arrears locking');
    expect(exempt.data).toMatchObject({ exempt: true, exemptReason: 'Payment plan agreed', daysOverdue: 5, step: -1 });
    expect(exempt.data.exemptByName).not.toBe('');
    const twice = await t.call(api.exempt, {
      token: await admin(),
      body: { contractId: lease.contractId, reason: 'again' },
    });
    expect(twice.status).toBe('409');

    await runSchedulerPass(t.deps);
    expect(await lockCommands(t, lease.machines)).toEqual([]);
    expect(await texts()).toHaveLength(0);
    const list = await t.call(api.arrears, { token: await admin(), query: { keyword: await number() } });
    expect(list.data.list[0]).toMatchObject({ exempt: true, exemptReason: 'Payment plan agreed', step: -1 });
    // The preview leaves it out too.
    const preview = await t.call(riskEndpoints.previewLockDays, {
      token: await admin(),
      body: arrearsSettings(lease.lessorId),
    });
    expect(preview.data.arrears.filter((r: { contractId: number }) => r.contractId === lease.contractId)).toEqual([]);

    const lifted = await t.call(api.liftExemption, { token: await admin(), body: { contractId: lease.contractId } });
    expect(lifted).toMatchObject({ status: '200', data: { exempt: false } });
    expect(
      (await t.call(api.liftExemption, { token: await admin(), body: { contractId: lease.contractId } })).status,
    ).toBe('409');
    await runSchedulerPass(t.deps);
    expect((await lockCommands(t, lease.machines)).map(([, , level]) => level)).toEqual(['lock1', 'lock1']);
    expect(await texts()).toHaveLength(1);
  });

  it('unlocks at once when a receipt clears the arrears, says so, and locks again after the receipt is voided', async () => {
    lease = await arrearsLease(f, { overdue: 4, amountCents: 250_000 });
    await runSchedulerPass(t.deps);
    expect((await lockCommands(t, lease.machines)).map(([, , level]) => level)).toEqual(['lock1', 'lock1']);

    // Part of it leaves the arrears (and the locks) as they are.
    const finance = await t.tokenFor(ROLE.finance);
    const part = await t.call(api.receiptCreate, {
      token: finance,
      body: { renterId: lease.renterId, amountCents: 100_000, method: 'transfer', receivedOn: lease.today() },
    });
    expect(part.status, part.message).toBe('200');
    expect(await lockCommands(t, lease.machines)).toHaveLength(2);

    const rest = await t.call(api.receiptCreate, {
      token: finance,
      body: { renterId: lease.renterId, amountCents: 150_000, method: 'transfer', receivedOn: lease.today() },
    });
    expect(rest.status, rest.message).toBe('200');
    // The queued locks of the offline machines are superseded by the unlocks.
    const unlocked = await lockCommands(t, lease.machines);
    expect(unlocked.filter(([, type]) => type === 'unlock')).toHaveLength(2);
    expect(unlocked.filter(([, type, , state]) => type === 'lock' && state === 'cancelled')).toHaveLength(2);
    const unlocks = await arrearsRecords('unlock');
    expect(unlocks).toHaveLength(2);
    for (const r of unlocks) expect(r.reason).toBe(`Arrears of contract ${await number()} cleared by a receipt`);
    const status = await t.call(api.contractArrears, { token: await admin(), query: { contractId: lease.contractId } });
    expect(status.data).toMatchObject({ overdueCents: 0, daysOverdue: 0, step: -1 });
    await runSchedulerPass(t.deps);
    expect(await lockCommands(t, lease.machines)).toHaveLength(4);

    // Voiding the receipt that cleared them makes the arrears again: the next pass locks the machines again.
    const voided = await t.call(api.receiptVoid, { token: finance, body: { id: rest.data.id, reason: 'Bounced' } });
    expect(voided.status, voided.message).toBe('200');
    await runSchedulerPass(t.deps);
    const again = await lockCommands(t, lease.machines);
    expect(again).toHaveLength(6);
    expect(again.slice(4).map(([, type, level]) => [type, level])).toEqual([
      ['lock', 'lock1'],
      ['lock', 'lock1'],
    ]);
    // A new arrears, a new reminder.
    expect(await texts()).toHaveLength(2);
  });

  it('leaves the machines locked on payment when the setting says so', async () => {
    lease = await arrearsLease(f, { overdue: 4, amountCents: 250_000 });
    const saved = await t.call(riskEndpoints.saveLockDays, {
      token: await admin(),
      body: arrearsSettings(lease.lessorId, { arrearsUnlockOnPayment: false }),
    });
    expect(saved.status, saved.message).toBe('200');
    await runSchedulerPass(t.deps);
    expect((await lockCommands(t, lease.machines)).map(([, type]) => type)).toEqual(['lock', 'lock']);
    const paid = await t.call(api.receiptCreate, {
      token: await admin(),
      body: { renterId: lease.renterId, amountCents: 250_000, method: 'cash', receivedOn: lease.today() },
    });
    expect(paid.status, paid.message).toBe('200');
    await runSchedulerPass(t.deps);
    expect((await lockCommands(t, lease.machines)).map(([, type]) => type)).toEqual(['lock', 'lock']);
    expect(
      (await t.call(api.contractArrears, { token: await admin(), query: { contractId: lease.contractId } })).data.step,
    ).toBe(-1);
  });

  it('previews which machines would move to which step on which day, by the settings being edited', async () => {
    lease = await arrearsLease(f, { overdue: 2 });
    const due = addDays(lease.today(), -2);
    const preview = await t.call(riskEndpoints.previewLockDays, {
      token: await admin(),
      body: arrearsSettings(lease.lessorId),
    });
    expect(preview.status, preview.message).toBe('200');
    const rows = (
      preview.data.arrears as { contractId: number; deviceId: number; step: number; day: string; dueNow: boolean }[]
    )
      .filter((r) => r.contractId === lease.contractId)
      .map((r) => [r.deviceId, r.step, r.day, r.dueNow]);
    const [a, b] = lease.machines as [number, number];
    expect(rows).toEqual([
      [0, 0, addDays(due, 1), true],
      [a, 1, addDays(due, 3), false],
      [b, 1, addDays(due, 3), false],
      [a, 2, addDays(due, 4), false],
      [b, 2, addDays(due, 4), false],
      [a, 3, addDays(due, 8), false],
      [b, 3, addDays(due, 8), false],
      [a, 4, addDays(due, 10), false],
      [b, 4, addDays(due, 10), false],
    ]);
    // The contract's page shows the same next steps, under the settings saved.
    const page = await t.call(api.contractArrears, { token: await admin(), query: { contractId: lease.contractId } });
    expect(page.data.lockingOn).toBe(true);
    expect(
      page.data.nextSteps.map((r: { deviceId: number; step: number; day: string; dueNow: boolean }) => [
        r.deviceId,
        r.step,
        r.day,
        r.dueNow,
      ]),
    ).toEqual(rows);
    // Switched off, the preview shows no arrears steps; nothing was saved or sent meanwhile.
    const off = await t.call(riskEndpoints.previewLockDays, {
      token: await admin(),
      body: arrearsSettings(lease.lessorId, { arrearsEnabled: false }),
    });
    expect(off.data.arrears).toEqual([]);
    expect(await lockCommands(t, lease.machines)).toEqual([]);
  });

  it('validates the steps: whole days, not negative, each later than the one before, in both languages', async () => {
    lease = await arrearsLease(f);
    const save = async (extra: object, lang?: 'zh_CN') =>
      t.call(riskEndpoints.saveLockDays, {
        token: await admin(),
        body: arrearsSettings(lease.lessorId, extra),
        ...(lang ? { lang } : {}),
      });
    const order = await save({ arrearsLock1Days: 2 });
    expect(order).toMatchObject({ status: '400', data: { field: 'arrearsLock1Days' } });
    expect(order.message).toContain('Each step must come later than the one before it');
    expect(await save({ arrearsReminderDays: -1 })).toMatchObject({
      status: '400',
      data: { field: 'arrearsReminderDays' },
    });
    expect((await save({ arrearsPreLock2Days: 8.5 })).message).toContain('Enter whole days from 0 to 3650');
    expect((await save({ arrearsLock2Days: 8 }, 'zh_CN')).message).toContain('每一步的天数须大于上一步');
    const read = await t.call(riskEndpoints.lockDays, { token: await admin() });
    expect(read.data.settings).toMatchObject({ arrearsEnabled: true, arrearsPreLock1Days: 3, arrearsLock2Days: 10 });
  });

  it('lets finance read, the renter read its own only, and only the company’s administrator exempt', async () => {
    lease = await arrearsLease(f, { overdue: 5 });
    const query = { contractId: lease.contractId };
    const finance = await t.call(api.contractArrears, { token: await t.tokenFor(ROLE.finance), query });
    expect(finance).toMatchObject({ status: '200', data: { daysOverdue: 5, mayExempt: false } });
    const renter = await t.call(api.contractArrears, { token: await t.tokenFor(ROLE.other), query });
    expect(renter).toMatchObject({ status: '200', data: { daysOverdue: 5, mayExempt: false } });
    expect((await t.call(api.contractArrears, { token: await admin(), query })).data.mayExempt).toBe(true);
    const body = { contractId: lease.contractId, reason: 'Because' };
    for (const role of [ROLE.finance, ROLE.other, ROLE.lessorStaff, ROLE.lessorSales]) {
      expect((await t.call(api.exempt, { token: await t.tokenFor(role), body })).status, `role ${role}`).toBe('403');
    }
    // Another renter's contract of the same company: the renter does not see it.
    const other = await t.dbh.db.select().from(contracts).where(eq(contracts.lessorOrgId, lease.lessorId)).all();
    const foreign = other.find((c) => c.renterOrgId !== lease.renterId)!;
    const hidden = await t.call(api.contractArrears, {
      token: await t.tokenFor(ROLE.other),
      query: { contractId: foreign.id },
    });
    expect(hidden.status).toBe('404');
    // Another company's contract: its administrator's neither.
    const elsewhere = (await t.dbh.db.select().from(contracts).all()).find((c) => c.lessorOrgId !== lease.lessorId)!;
    expect(
      (await t.call(api.exempt, { token: await admin(), body: { contractId: elsewhere.id, reason: 'x' } })).status,
    ).toBe('404');
    expect((await t.call(api.arrears, { token: await t.tokenFor(ROLE.finance) })).status).toBe('200');
  });
});

describe('arrears and the machines’ own state', () => {
  let rig: Awaited<ReturnType<typeof arrearsRig>>;
  let t: TestApp;
  const played: PlayedMachine[] = [];
  const device = async (id: number) => (await t.dbh.db.select().from(devices).where(eq(devices.id, id)).get())!;
  /** A platform's report: lifting (working), or at rest on the ground (stopped), with the lock it has. */
  const report = (m: PlayedMachine, working: boolean, lock: 'unlocked' | 'lock1' = 'unlocked') =>
    m.client.publishAsync(
      topics.telemetry(m.serial),
      JSON.stringify({
        ...platformReport(
          Date.now(),
          working ? { lifting: true } : { lifting: false, driving: false, platformHeightM: 0, loadPct: 0 },
          { lat: 31.2304, lng: 121.4737, speed: 0, fix: 'gps' },
        ),
        lock,
      }),
    );

  beforeEach(async () => {
    rig = await arrearsRig();
    t = rig.t;
  });
  afterEach(async () => {
    await Promise.all(played.splice(0).map((m) => m.client.endAsync(true)));
    await rig.close();
  });

  it('moves a machine stopped on line and one locked at a lower step, and a working one once it stops', async () => {
    const lease = await arrearsLease(rig.f, { overdue: 4 });
    const [stopped, working] = lease.machines as [number, number];
    // Both come on line and report: one at rest, one lifting.
    const [atRest, lifting] = await Promise.all(
      [stopped, working].map(async (id) => playMachine(rig.broker.url, (await device(id)).serialNumber)),
    );
    played.push(atRest!, lifting!);
    await report(atRest!, false);
    await report(lifting!, true);
    await eventually(
      'both on line',
      async () => (await device(stopped)).status === 7 && (await device(working)).status === 6,
    );
    const preview = await t.call(riskEndpoints.previewLockDays, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      body: arrearsSettings(lease.lessorId),
    });
    const movesNow = (preview.data.arrears as { deviceId: number; step: number; movesNow: boolean }[])
      .filter((r) => r.step === 2)
      .map((r) => [r.deviceId, r.movesNow]);
    expect(movesNow).toEqual([
      [stopped, true],
      [working, false],
    ]);

    const locks = async (ids: number[]) => (await lockCommands(t, ids)).map(([id, type, level]) => [id, type, level]);
    await runSchedulerPass(t.deps);
    expect(await locks(lease.machines)).toEqual([[stopped, 'lock', 'lock1']]);
    // The shift ends: the working machine takes its step at the next pass.
    await report(lifting!, false);
    await eventually('stopped', async () => (await device(working)).status === 7);
    await runSchedulerPass(t.deps);
    expect(await locks([working])).toEqual([[working, 'lock', 'lock1']]);

    // The machine carries out its lock and reports it: locked at the first level (status 4, no risk permission by
    // hand), it still moves on to the second.
    await eventually('the lock at the machine', async () => atRest!.received.length === 1);
    expect(atRest!.received[0]).toMatchObject({ type: 'lock', level: 'lock1' });
    await atRest!.ack(atRest!.received[0]!.id, 'done', { state: { lock: 'lock1', sleeping: false } });
    await report(atRest!, false, 'lock1');
    await eventually(
      'locked',
      async () =>
        (await device(stopped)).lockLevel === 'lock1' &&
        (await device(stopped)).status === 4 &&
        (await lockCommands(t, [stopped]))[0]![3] === 'succeeded',
    );
    t.advance(6 * DAY);
    await runSchedulerPass(t.deps);
    expect((await locks([stopped])).at(-1)).toEqual([stopped, 'lock', 'lock2']);
  });
});
