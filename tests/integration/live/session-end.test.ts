import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { authEndpoints } from '@console/contract/http/auth';
import { employeeEndpoints } from '@console/contract/http/employees';
import { liveEndpoints } from '@console/contract/http/live';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

/** Open the live stream and answer the names of its events once it ends, and whether it has ended. */
async function stream(t: TestApp, token: string) {
  const response = await t.app.request(`/api${liveEndpoints.events.path}?token=${token}`);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  let ended = false;
  let readyNow: () => void = () => {};
  const ready = new Promise<void>((resolve) => (readyNow = resolve));
  const done = (async () => {
    for (;;) {
      const { value, done: finished } = await reader.read();
      if (finished) break;
      text += value;
      if (text.includes('event: ready')) readyNow();
    }
    ended = true;
  })();
  await ready;
  return {
    done,
    ended: () => ended,
    events: () => [...text.matchAll(/^event: (.*)$/gm)].map((m) => m[1]),
    close: () => reader.cancel(),
  };
}

/** A signed-out session receives nothing more: its open stream ends at once, not at the next periodic check. */
describe('the live stream ends with its session', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  it('ends when its user signs out, and a stream of another session stays open', async () => {
    const token = await t.signIn(ROLE.lessorAdmin);
    const other = await t.tokenFor(ROLE.lessorAdmin);
    const signedOut = await stream(t, token);
    const stays = await stream(t, other);
    expect((await t.call(authEndpoints.logout, { token })).status).toBe('200');
    await signedOut.done;
    expect(signedOut.ended()).toBe(true);
    expect(signedOut.events()).toEqual(['ready']);
    expect(stays.ended()).toBe(false);
    // Disabling the account ends the other session's stream too.
    const admin = await t.tokenFor(ROLE.lessorAdmin);
    const salesToken = await t.tokenFor(ROLE.lessorSales);
    const sales = await stream(t, salesToken);
    const disabled = await t.call(employeeEndpoints.setDisabled, {
      token: admin,
      body: { uids: [await t.userId(ROLE.lessorSales)], disabled: true },
    });
    expect(disabled.status, disabled.message).toBe('200');
    await sales.done;
    expect(sales.ended()).toBe(true);
    expect(stays.ended()).toBe(false);
    await stays.close();
  });
});
