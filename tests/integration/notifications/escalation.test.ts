import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notificationEndpoints } from '@console/contract/http/notifications';
import { orgTimeZone } from '@console/db/org-zone';
import { MINUTE, startNotifyRig, startReceiver, type NotifyRig } from './helpers.ts';

const TECHNICIAN = { name: 'Site technician', mobile: '13900007001', areaCode: '86', email: '' };
const ADMIN = { name: 'Company administrator', mobile: '', areaCode: '86', email: 'admin@huadong.example' };

describe('a rule told through its channels and escalated on the server clock', () => {
  let rig: NotifyRig;
  beforeEach(async () => {
    rig = await startNotifyRig();
  });
  afterEach(async () => {
    await rig.stop();
  });

  it("tells the technician by SMS at once, the administrator by e-mail after 10 minutes, the customer's webhook signed; acknowledging stops it", async () => {
    const receiver = await startReceiver([200]);
    try {
      const saved = await rig.saveRule({
        selector: 'customer',
        customerOrgId: rig.customer.id,
        webhookUrl: receiver.url,
        steps: [
          { delayMinutes: 0, roles: [], userIds: [], contacts: [TECHNICIAN], channels: ['sms', 'webhook'] },
          { delayMinutes: 10, roles: [], userIds: [], contacts: [ADMIN], channels: ['email'] },
          { delayMinutes: 20, roles: [], userIds: [], contacts: [TECHNICIAN], channels: ['sms'] },
        ],
      });
      expect(saved.webhookSecret).toMatch(/^whsec_/);
      receiver.verifyWith(saved.webhookSecret, rig.t.deps.now);

      await rig.overload();
      const texts = await rig.sms(TECHNICIAN.mobile);
      expect(texts).toHaveLength(1);
      expect(texts[0]!.text).toContain(rig.serial);
      expect(texts[0]!.text).toContain('/api/notify/ack?t=');
      expect(receiver.accepted()).toHaveLength(1);
      expect(receiver.received[0]!.valid).toBe(true);
      expect(receiver.received[0]!.body).toMatchObject({ event: 'load90', deviceId: rig.deviceId });
      expect(rig.mailTo(ADMIN.email)).toHaveLength(0);

      // Nine minutes: nothing more. Ten: the administrator's e-mail arrives at the mailbox.
      await rig.later(9 * MINUTE);
      expect(rig.mailTo(ADMIN.email)).toHaveLength(0);
      await rig.later(MINUTE);
      const mails = rig.mailTo(ADMIN.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to).toEqual([ADMIN.email]);
      expect(mails[0]!.subject).toContain(rig.serial);

      // The administrator acknowledges in the console: the third step never comes.
      const log = await rig.deliveries({ channel: 'email' });
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ state: 'sent', recipient: ADMIN.name, acknowledgeable: true });
      const ack = await rig.t.call(notificationEndpoints.acknowledge, {
        token: rig.admin,
        body: { notificationId: log[0]!.notificationId },
      });
      expect(ack.status, ack.message).toBe('200');
      await rig.later(15 * MINUTE);
      expect(await rig.sms(TECHNICIAN.mobile)).toHaveLength(1);
      const after = await rig.deliveries();
      expect(after.every((d) => d.acknowledgedAt !== '' && !d.acknowledgeable)).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it('stops escalating when the alarm clears, and the signed link acknowledges', async () => {
    await rig.saveRule({
      steps: [
        { delayMinutes: 0, roles: [], userIds: [], contacts: [TECHNICIAN], channels: ['sms'] },
        { delayMinutes: 5, roles: [], userIds: [], contacts: [ADMIN], channels: ['email'] },
      ],
      dampingMinutes: 0,
    });
    await rig.overload();
    await rig.normal();
    await rig.later(6 * MINUTE);
    expect(rig.mailTo(ADMIN.email)).toHaveLength(0);

    // A new overload: its text carries the link; opening it acknowledges nothing, its button does.
    await rig.overload();
    const texts = await rig.sms(TECHNICIAN.mobile);
    expect(texts).toHaveLength(2);
    const link = /\/api\/notify\/ack\?t=[\w-]+/.exec(texts[0]!.text)![0];
    const opened = await rig.t.app.request(link);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('<form method="post">');
    const pressed = await rig.t.app.request(link, { method: 'POST' });
    expect(pressed.status).toBe(200);
    await rig.later(6 * MINUTE);
    expect(rig.mailTo(ADMIN.email)).toHaveLength(0);
    expect((await rig.t.app.request('/api/notify/ack?t=nosuchtoken00000')).status).toBe(404);
  });

  it('holds back all but urgent alarms in quiet hours, read in the company zone', async () => {
    // Quiet from an hour ago to an hour from now on the company's clock (hours that may pass midnight).
    const zone = await orgTimeZone(rig.t.dbh.db, rig.lessorId);
    const hhmm = (ms: number) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
        ms,
      );
    const now = rig.t.deps.now();
    await rig.saveRule({
      quietStart: hhmm(now - 60 * MINUTE),
      quietEnd: hhmm(now + 60 * MINUTE),
      steps: [{ delayMinutes: 0, roles: [], userIds: [], contacts: [TECHNICIAN], channels: ['sms'] }],
    });
    await rig.overload();
    expect(await rig.sms(TECHNICIAN.mobile)).toHaveLength(0);
    const held = await rig.deliveries();
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ state: 'suppressed', answer: 'quiet hours', channel: 'sms' });
  });
});
