import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { authEndpoints } from '@console/contract/http/auth';
import { dropRequestEndpoints, type DropRequestRow } from '@console/contract/http/drop-requests';
import { DEMO_PASSWORD, demoAccount } from '@console/db/seed/accounts';
import { smsOutbox, users } from '@console/db/schema/accounts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

describe('account deletion requests', () => {
  let t: TestApp;
  const mobile = demoAccount(ROLE.other);
  const operator = () => t.tokenFor(ROLE.companyAdmin);
  const queue = async (query: Record<string, unknown> = {}) =>
    (await t.call(dropRequestEndpoints.list, { token: await operator(), query: { pageSize: 50, ...query } })).data
      .list as DropRequestRow[];
  /** The person asks at /dropAccount with a code, as the page does. */
  const ask = async (reason: string) => {
    t.advance(61_000); // one code a minute per number
    await t.call(authEndpoints.code, { query: { mobile, type: 'dropAccount' } });
    const asked = await t.call(authEndpoints.dropAccount, {
      query: { mobile, code: await t.latestCode(mobile), reason },
    });
    expect(asked.status, asked.message).toBe('200');
    return (await queue({ state: 'pending' })).find((r) => r.reason === reason)!;
  };
  const lastSms = async () =>
    (await t.dbh.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, mobile)).all()).at(-1)!.text;

  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  it('queues a request; a refusal keeps the account and tells the person why', async () => {
    const request = await ask('I no longer rent machines');
    expect(request).toMatchObject({ state: 'pending', mobile, roleId: ROLE.other });
    const missing = await t.call(dropRequestEndpoints.decide, {
      token: await operator(),
      body: { id: request.id, approve: false },
    });
    expect(missing.data.issues?.[0]).toEqual({ path: 'refusal', message: 'dropRequests.refusalRequired' });

    const refused = await t.call(dropRequestEndpoints.decide, {
      token: await operator(),
      body: { id: request.id, approve: false, refusal: 'Your company still has an open contract' },
    });
    expect(refused.status, refused.message).toBe('200');
    expect(await lastSms()).toContain('Your company still has an open contract');
    const [row] = (await queue({ state: 'rejected' })).filter((r) => r.id === request.id);
    expect(row).toMatchObject({ refusal: 'Your company still has an open contract', notified: true });
    expect(row!.decidedByName).not.toBe('');
    // Decided once: a second decision is refused.
    const again = await t.call(dropRequestEndpoints.decide, {
      token: await operator(),
      body: { id: request.id, approve: true },
    });
    expect(again.status).toBe('409');
    expect((await t.signIn(ROLE.other)).length).toBeGreaterThan(0);
  });

  it('an approval anonymises the account: its sessions end, it cannot sign in, nothing names the person', async () => {
    const session = await t.tokenFor(ROLE.other);
    const uid = await t.userId(ROLE.other);
    const request = await ask('Please delete my data');
    const approved = await t.call(dropRequestEndpoints.decide, {
      token: await operator(),
      body: { id: request.id, approve: true },
    });
    expect(approved.status, approved.message).toBe('200');
    expect(await lastSms()).toContain('approved');

    expect((await t.call(authEndpoints.getUserInfo, { token: session, query: { token: session } })).status).toBe('401');
    const login = await t.call(authEndpoints.login, { query: { account: mobile, password: DEMO_PASSWORD } });
    expect(login.status).not.toBe('200');
    const account = (await t.dbh.db.select().from(users).where(eq(users.id, uid)).get())!;
    expect(account).toMatchObject({ name: '', nickname: '', idNumber: '', avatar: '', disabled: true });
    expect(account.mobile).not.toBe(mobile);
    const [row] = (await queue({ state: 'done' })).filter((r) => r.id === request.id);
    expect(row).toMatchObject({ name: '', notified: true });
    // Nothing in the queue names the person any more.
    expect(JSON.stringify(await queue())).not.toContain(mobile);
  });

  it("is the operator's queue: its staff decide, no one else reads it", async () => {
    const request = await ask('Leaving');
    for (const role of [ROLE.lessorAdmin, ROLE.lessorStaff, ROLE.finance, ROLE.other]) {
      expect((await t.call(dropRequestEndpoints.list, { token: await t.tokenFor(role) })).status).toBe('403');
      const decided = await t.call(dropRequestEndpoints.decide, {
        token: await t.tokenFor(role),
        body: { id: request.id, approve: true },
      });
      expect(decided.status).toBe('403');
    }
    expect((await queue({ state: 'pending' })).map((r) => r.id)).toContain(request.id);
    const staff = await t.call(dropRequestEndpoints.list, { token: await t.tokenFor(ROLE.companyEmployee) });
    expect(staff.status).toBe('200');
  });
});
