import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { authEndpoints } from '@console/contract/http/auth';
import { notificationEndpoints, type NotifyRuleForm } from '@console/contract/http/notifications';
import { workOrderEndpoints } from '@console/contract/http/work-orders';
import { organisations, users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { bills } from '@console/db/schema/lease-billing';
import { contracts } from '@console/db/schema/lease';
import { runBillingPass } from '@console/server/src/billing/scheduler';
import { runSchedulerPass } from '@console/server/src/risk/scheduler';
import { deliveriesSettled } from '@console/server/src/notify/deliver';
import { signingFixture, type SigningFixture } from '../../fixtures/lease-signing.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import { arrearsLease, DAY } from '../lease-billing/arrears-helpers.ts';
import { orderFor } from '../work-orders/helpers.ts';
import { startNotifyRig, type NotifyRig } from './helpers.ts';

/** Someone outside the company a rule names by mobile. */
const CONTACT = { name: 'Credit controller', mobile: '13900007101', areaCode: '86', email: '' };

/** The texts a mobile received (the development SMS outbox). */
const textsTo = async (t: TestApp, mobile: string) =>
  (await t.call(authEndpoints.devSms, { query: { mobile } })).data as { text: string }[];

describe('a work order assigned tells its technician', () => {
  let rig: NotifyRig;
  beforeEach(async () => {
    rig = await startNotifyRig();
  });
  afterEach(async () => {
    await rig.stop();
  });

  /** The technicians who may take an order of the rig's machine, with their mobiles. */
  const technicians = async (orderId: number) => {
    const choices = await rig.t.call(workOrderEndpoints.technicians, {
      token: rig.admin,
      query: { ids: String(orderId) },
    });
    expect(choices.status, choices.message).toBe('200');
    const ids = (choices.data.list as { id: number }[]).map((c) => c.id);
    return await rig.t.dbh.db
      .select({ id: users.id, orgId: users.orgId, mobile: users.mobile, name: users.name })
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(users.id)
      .all();
  };

  it('by SMS to the assigned technician alone, for the rule of its machine, again when it is assigned to another', async () => {
    const other = (await rig.t.dbh.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.orgId, rig.lessorId), ne(devices.id, rig.deviceId)))
      .get())!;
    const steps: NotifyRuleForm['steps'] = [
      { delayMinutes: 0, roles: [ROLE.technician], userIds: [], contacts: [], channels: ['sms'] },
    ];
    // A rule for another machine hears nothing of this order.
    const elsewhere = await rig.saveRule({
      name: 'Orders of another machine',
      events: ['workOrderAssigned'],
      selector: 'list',
      deviceIds: [other.id],
      steps,
    });
    await rig.saveRule({
      name: 'Orders of the platform',
      events: ['workOrderAssigned'],
      selector: 'list',
      deviceIds: [rig.deviceId],
      steps,
    });
    const made = await rig.t.call(workOrderEndpoints.create, {
      token: rig.admin,
      body: orderFor({ id: rig.deviceId, kind: 'aerialPlatform' }, { title: 'Platform will not level' }),
    });
    expect(made.status, made.message).toBe('200');
    const orderId = made.data.id as number;
    const people = await technicians(orderId);
    const own = people.filter((p) => p.orgId === rig.lessorId);
    expect(own.length).toBeGreaterThan(0);
    const first = own[0]!;
    const before = new Map(
      await Promise.all(people.map(async (p) => [p.id, (await textsTo(rig.t, p.mobile)).length] as const)),
    );

    const assign = async (assigneeId: number) => {
      const res = await rig.t.call(workOrderEndpoints.assign, {
        token: rig.admin,
        body: { ids: [orderId], assigneeId },
      });
      expect(res.status, res.message).toBe('200');
      await rig.notifier.idle();
    };
    await assign(first.id);

    const log = await rig.deliveries({ event: 'workOrderAssigned' });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ channel: 'sms', state: 'sent', ruleName: 'Orders of the platform' });
    expect(log[0]!.address).toContain(first.mobile);
    expect(log[0]!.title).toContain(rig.serial);
    const texts = await textsTo(rig.t, first.mobile);
    expect(texts).toHaveLength(before.get(first.id)! + 1);
    expect(texts[0]!.text).toContain('Platform will not level');
    expect(texts[0]!.text).toContain('/api/notify/ack?t=');
    // No other technician of the company was told.
    for (const p of people.filter((x) => x.id !== first.id))
      expect(await textsTo(rig.t, p.mobile)).toHaveLength(before.get(p.id)!);
    expect(await rig.deliveries({ ruleId: elsewhere.id, event: 'workOrderAssigned' })).toHaveLength(0);

    // Given to another technician: that one is told, through the same rule (not damped as a flapping alarm is).
    const next = people.find((p) => p.id !== first.id);
    if (!next) throw new Error('the demo has one technician only');
    await assign(next.id);
    const again = await rig.deliveries({ event: 'workOrderAssigned' });
    expect(again).toHaveLength(2);
    expect(again[0]!.address).toContain(next.mobile);
    expect(await textsTo(rig.t, next.mobile)).toHaveLength(before.get(next.id)! + 1);
    expect(await textsTo(rig.t, first.mobile)).toHaveLength(before.get(first.id)! + 1);
  });
});

describe('bills past due and arrears steps reach the rules of their contract', () => {
  let f: SigningFixture;
  let t: TestApp;
  beforeEach(async () => {
    f = await signingFixture();
    t = f.t;
  });
  afterEach(() => f.close());

  const admin = () => t.tokenFor(ROLE.lessorAdmin);
  const saveRule = async (rule: Partial<NotifyRuleForm>) => {
    const saved = await t.call(notificationEndpoints.save, {
      token: await admin(),
      body: {
        name: 'Business events',
        events: ['billOverdue'],
        steps: [{ delayMinutes: 0, roles: [], userIds: [], contacts: [CONTACT], channels: ['sms'] }],
        ...rule,
      },
    });
    expect(saved.status, saved.message).toBe('200');
    return saved.data.id as number;
  };
  const deliveries = async (ruleId: number) => {
    // A pass starts its deliveries and returns: what the log says once they were attempted.
    await deliveriesSettled();
    const res = await t.call(notificationEndpoints.deliveries, {
      token: await admin(),
      query: { ruleId, pageSize: 50 },
    });
    expect(res.status, res.message).toBe('200');
    return res.data.list as { event: string; title: string; state: string; address: string; channel: string }[];
  };
  /** Another machine of the company, not on this lease. */
  const machineOffLease = async (lessorId: number, onLease: number[]) =>
    (await t.dbh.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.orgId, lessorId), ne(devices.id, onLease[0]!), ne(devices.id, onLease[1]!)))
      .get())!.id;

  it('a bill passing its due day is told once to the rule of its customer, on the company’s calendar', async () => {
    const lease = await arrearsLease(f, { overdue: 0 });
    const customer = await saveRule({
      name: 'Overdue bills of the customer',
      selector: 'customer',
      customerOrgId: lease.renterId,
    });
    const otherMachine = await saveRule({
      name: 'Overdue bills of another machine',
      selector: 'list',
      deviceIds: [await machineOffLease(lease.lessorId, lease.machines)],
    });
    const bill = (await t.dbh.db.select().from(bills).where(eq(bills.id, lease.bill!)).get())!;
    expect(bill.dueOn).toBe(lease.today());

    // Due today: not yet overdue.
    await runBillingPass(t.deps);
    expect(await deliveries(customer)).toHaveLength(0);
    expect(await textsTo(t, CONTACT.mobile)).toHaveLength(0);

    // The company's next day: the bill passed its due day unpaid.
    t.advance(DAY);
    await runBillingPass(t.deps);
    const log = await deliveries(customer);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ event: 'billOverdue', channel: 'sms', state: 'sent' });
    expect(log[0]!.title).toContain(bill.number);
    const texts = await textsTo(t, CONTACT.mobile);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text).toContain(bill.number);
    expect(texts[0]!.text).toContain(bill.dueOn);
    expect(await deliveries(otherMachine)).toHaveLength(0);

    // Later passes and days do not tell it again.
    await runBillingPass(t.deps);
    t.advance(DAY);
    await runBillingPass(t.deps);
    expect(await deliveries(customer)).toHaveLength(1);
    expect(await textsTo(t, CONTACT.mobile)).toHaveLength(1);
  });

  it('each arrears step reached is told to the rule of the machines on lease, once', async () => {
    const lease = await arrearsLease(f, { overdue: 3 });
    const number = (await t.dbh.db.select().from(contracts).where(eq(contracts.id, lease.contractId)).get())!.number;
    const renter = (await t.dbh.db.select().from(organisations).where(eq(organisations.id, lease.renterId)).get())!;
    const onLease = await saveRule({
      name: 'Arrears of the leased platforms',
      events: ['arrearsStep'],
      selector: 'list',
      deviceIds: [lease.machines[0]!],
    });
    const otherMachine = await saveRule({
      name: 'Arrears of another machine',
      events: ['arrearsStep'],
      selector: 'list',
      deviceIds: [await machineOffLease(lease.lessorId, lease.machines)],
    });

    // Three days overdue: the reminder to the renter and the first pre-lock, each told.
    await runSchedulerPass(t.deps);
    await runSchedulerPass(t.deps);
    const first = await deliveries(onLease);
    expect(first).toHaveLength(2);
    expect(first.every((d) => d.event === 'arrearsStep' && d.state === 'sent' && d.title.includes(number))).toBe(true);
    const texts = await textsTo(t, CONTACT.mobile);
    // In the company's language (its brand dials 86): the renter by its Chinese name.
    const name = renter.nameZh || renter.name;
    expect(texts.map((x) => x.text.split('\n')[0]).sort()).toEqual(
      [
        `${name} 的合同 ${number} 已逾期 3 天：已向承租方发送催缴短信。`,
        `${name} 的合同 ${number} 已逾期 3 天：已对设备下发一级预锁。`,
      ].sort(),
    );
    expect(await deliveries(otherMachine)).toHaveLength(0);

    // The next day the first-level lock: told once more; a pass with nothing new tells nothing.
    t.advance(DAY);
    await runSchedulerPass(t.deps);
    await runSchedulerPass(t.deps);
    expect(await deliveries(onLease)).toHaveLength(3);
    const after = (await textsTo(t, CONTACT.mobile)).map((x) => x.text);
    expect(after).toHaveLength(3);
    expect(after.filter((x) => x.includes('已逾期 4 天：已对设备下发一级锁机'))).toHaveLength(1);
  });
});
