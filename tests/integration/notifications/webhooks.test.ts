import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deviceEndpoints } from '@console/contract/http/devices';
import { notificationEndpoints } from '@console/contract/http/notifications';
import { waitFor } from '../ingest/helpers.ts';
import { MINUTE, startNotifyRig, startReceiver, type NotifyRig } from './helpers.ts';

const TECHNICIAN = { name: 'Site technician', mobile: '13900007002', areaCode: '86', email: '' };

describe('webhook deliveries', () => {
  let rig: NotifyRig;
  beforeEach(async () => {
    rig = await startNotifyRig();
  });
  afterEach(async () => {
    await rig.stop();
  });

  it('a receiver that fails three times then succeeds gets the notification exactly once', async () => {
    const receiver = await startReceiver([500, 503, 502, 200]);
    try {
      const saved = await rig.saveRule({
        webhookUrl: receiver.url,
        steps: [{ delayMinutes: 0, roles: [], userIds: [], contacts: [], channels: ['webhook'] }],
      });
      receiver.verifyWith(saved.webhookSecret, rig.t.deps.now);
      await rig.overload();
      expect(receiver.received).toHaveLength(1);
      // The retries come with backoff on the server's clock, not before.
      await rig.later(5_000);
      expect(receiver.received).toHaveLength(1);
      for (const wait of [10_000, 30_000, 60_000]) await rig.later(wait);
      expect(receiver.received.map((r) => r.status)).toEqual([500, 503, 502, 200]);
      expect(receiver.received.every((r) => r.valid)).toBe(true);
      // Whatever time passes after, it is not sent again.
      await rig.later(30 * MINUTE);
      expect(receiver.accepted()).toHaveLength(1);
      const [delivery] = await rig.deliveries({ channel: 'webhook' });
      expect(delivery).toMatchObject({ state: 'sent', attempts: 4, answer: 'HTTP 200' });
    } finally {
      await receiver.close();
    }
  });

  it('a receiver that never answers is marked failed after the bounded retries, holding up nothing else', async () => {
    await rig.stop();
    rig = await startNotifyRig({ webhookTimeoutMs: 2000 });
    const receiver = await startReceiver(['hang']);
    try {
      await rig.saveRule({
        webhookUrl: receiver.url,
        steps: [{ delayMinutes: 0, roles: [], userIds: [], contacts: [TECHNICIAN], channels: ['webhook', 'sms'] }],
      });
      await rig.overloadNow();
      // While the receiver holds its request open, the text goes out and the API answers.
      await waitFor('the webhook request', () => receiver.received.length === 1);
      await waitFor('the text', async () => (await rig.sms(TECHNICIAN.mobile)).length === 1);
      const list = await rig.t.call(deviceEndpoints.list, { token: rig.admin, query: { page: 1, pageSize: 5 } });
      expect(list.status).toBe('200');
      const [waiting] = await rig.deliveries({ channel: 'webhook' });
      expect(waiting).toMatchObject({ state: 'pending', attempts: 1 });
      await rig.notifier.idle();
      for (let i = 0; i < 4; i++) await rig.later(5 * MINUTE);
      const [hook] = await rig.deliveries({ channel: 'webhook' });
      expect(hook).toMatchObject({ state: 'failed', answer: 'no answer' });
      expect(hook!.attempts).toBeGreaterThan(1);
      expect(hook!.attempts).toBeLessThanOrEqual(6);
      const attempts = receiver.received.length;
      await rig.later(60 * MINUTE);
      expect(receiver.received).toHaveLength(attempts);
      // The failure shows on the rule.
      const rules = await rig.t.call(notificationEndpoints.rules, { token: rig.admin });
      expect(rules.data.list.find((r) => r.name === 'Overload on aerial platforms')).toMatchObject({
        failed: 1,
        sent: 1,
      });
    } finally {
      await receiver.close();
    }
  }, 60_000);
});
