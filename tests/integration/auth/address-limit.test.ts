import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authEndpoints } from '@console/contract/http/auth';
import { ROLE } from '@console/contract/codes/roles';
import { DEMO_PASSWORD, demoAccount } from '@console/db/seed/accounts';
import { FAILURES_PER_ADDRESS } from '@console/server/src/lib/sign-in';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

const MINUTE = 60_000;
const SPRAYER = '198.51.100.23';

/**
 * One client address trying a password on many accounts (one try each, so no account's own limit is reached)
 * is stopped after a few failures, with a message saying why; other addresses sign in as before.
 */
describe('sign-in limit per client address', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  const login = (account: string, password: string, ip: string, lang: 'en_US' | 'zh_CN' = 'en_US') =>
    t.call(authEndpoints.login, { query: { account, password }, ip, lang });

  it(`refuses an address after ${FAILURES_PER_ADDRESS} failed sign-ins on different accounts in 15 minutes`, async () => {
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++) {
      const res = await login(`1391234${String(i).padStart(4, '0')}`, 'Spring2026', SPRAYER);
      expect(res.message).toBe('Wrong account or password');
    }
    const refused = await login('13912349999', 'Spring2026', SPRAYER);
    expect(refused).toMatchObject({
      status: '429',
      message: 'Too many failed sign-ins from this network address, try again in 15 minutes',
    });
    expect((await login('13912349999', 'Spring2026', SPRAYER, 'zh_CN')).message).toBe(
      '该网络地址登录失败次数过多，请 15 分钟后再试',
    );
    // Even the right password of a real account waits, so the address learns nothing more.
    expect((await login(demoAccount(ROLE.lessorAdmin), DEMO_PASSWORD, SPRAYER)).status).toBe('429');
    // Everyone else signs in as before.
    expect((await login(demoAccount(ROLE.lessorAdmin), DEMO_PASSWORD, '127.0.0.1')).status).toBe('200');

    t.advance(15 * MINUTE + 1000);
    expect((await login('13912349999', 'Spring2026', SPRAYER)).message).toBe('Wrong account or password');
  });
});
