import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MINUTE, startNotifyRig, type NotifyRig } from './helpers.ts';

const TECHNICIAN = { name: 'Site technician', mobile: '13900007003', areaCode: '86', email: '' };
const SUPERVISOR = { name: 'Supervisor', mobile: '13900007004', areaCode: '86', email: 'sup@huadong.example' };

describe('no storms', () => {
  let rig: NotifyRig;
  beforeEach(async () => {
    rig = await startNotifyRig();
  });
  afterEach(async () => {
    await rig.stop();
  });

  it('a machine flapping 50 times in 10 minutes sends at most one notification per damping window', async () => {
    await rig.saveRule({
      dampingMinutes: 5,
      steps: [{ delayMinutes: 0, roles: [], userIds: [], contacts: [TECHNICIAN], channels: ['sms'] }],
    });
    for (let i = 0; i < 50; i++) {
      await rig.overload();
      rig.t.advance(6_000);
      await rig.normal();
      rig.t.advance(6_000);
    }
    // Ten minutes of flapping, two windows of five: two texts at most (one at the start, one after five minutes).
    const texts = await rig.sms(TECHNICIAN.mobile);
    expect(texts.length).toBeGreaterThanOrEqual(1);
    expect(texts.length).toBeLessThanOrEqual(2);
  });

  it('1,000 alarms of one rule within a minute send one digest per recipient', async () => {
    await rig.saveRule({
      dampingMinutes: 0,
      digestThreshold: 5,
      steps: [
        { delayMinutes: 0, roles: [], userIds: [], contacts: [TECHNICIAN, SUPERVISOR], channels: ['sms', 'email'] },
      ],
    });
    await rig.flap(1000);
    // The first five are told one by one; the rest wait for the digest at the end of the minute.
    expect(await rig.sms(TECHNICIAN.mobile)).toHaveLength(5);
    await rig.later(MINUTE);
    const texts = await rig.sms(TECHNICIAN.mobile);
    expect(texts).toHaveLength(6);
    expect(texts.filter((m) => m.text.includes('995'))).toHaveLength(1);
    expect(await rig.sms(SUPERVISOR.mobile)).toHaveLength(6);
    const digests = rig.mailbox.messages.filter((m) => m.to.includes(SUPERVISOR.email) && m.text.includes('995'));
    expect(digests).toHaveLength(1);
  }, 120_000);
});
