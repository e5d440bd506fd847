import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notificationEndpoints } from '@console/contract/http/notifications';
import { startNotifyRig, type NotifyRig } from './helpers.ts';

const CONTACT = { name: 'Night technician', mobile: '13900007201', areaCode: '86', email: '' };
const STEP = { delayMinutes: 0, roles: [], userIds: [], contacts: [CONTACT], channels: ['sms' as const] };

describe("the notifier keeps each organisation's rules until one is saved or deleted", () => {
  let rig: NotifyRig;
  /** Statements that read the rules table, counted as the database is asked. */
  let ruleReads = 0;
  beforeEach(async () => {
    rig = await startNotifyRig();
    const sqlite = rig.t.dbh.sqlite;
    const prepare = sqlite.prepare.bind(sqlite);
    sqlite.prepare = ((source: string) => {
      if (/^select .* from "notification_rules"/i.test(source)) ruleReads++;
      return prepare(source);
    }) as typeof sqlite.prepare;
  });
  afterEach(async () => {
    await rig.stop();
  });

  it('an alarm storm reads the rules once; an edit or a delete is heard at the next alarm', async () => {
    const rule = { name: 'Overload at night', events: ['load90' as const], dampingMinutes: 0, steps: [STEP] };
    const { id } = await rig.saveRule(rule);
    ruleReads = 0;
    await rig.overload();
    await rig.normal();
    expect(await rig.sms(CONTACT.mobile)).toHaveLength(1);
    // Ten more alarms of the machine: told each time (no damping), the rules read no more.
    for (let i = 0; i < 10; i++) {
      await rig.overload();
      await rig.normal();
    }
    expect(await rig.sms(CONTACT.mobile)).toHaveLength(11);
    expect(ruleReads).toBe(1);

    // Disabled: the next alarm is heard by nobody.
    await rig.saveRule({ ...rule, id, enabled: false });
    await rig.overload();
    await rig.normal();
    expect(await rig.sms(CONTACT.mobile)).toHaveLength(11);
    // Enabled again for tilts only, then for overloads: each edit is in force at the next alarm.
    await rig.saveRule({ ...rule, id, events: ['tilt'] });
    await rig.overload();
    await rig.normal();
    expect(await rig.sms(CONTACT.mobile)).toHaveLength(11);
    await rig.saveRule({ ...rule, id });
    await rig.overload();
    await rig.normal();
    expect(await rig.sms(CONTACT.mobile)).toHaveLength(12);

    const removed = await rig.t.call(notificationEndpoints.remove, { token: rig.admin, body: { id } });
    expect(removed.status, removed.message).toBe('200');
    await rig.overload();
    await rig.normal();
    expect(await rig.sms(CONTACT.mobile)).toHaveLength(12);
  });
});
