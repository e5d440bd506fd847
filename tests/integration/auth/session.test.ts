import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authEndpoints } from '@console/contract/http/auth';
import { warningEndpoints } from '@console/contract/http/warning';
import { ROLE } from '@console/contract/codes/roles';
import { users } from '@console/db/schema/accounts';
import { DEMO_PASSWORD, demoAccount } from '@console/db/seed/accounts';
import { BUSINESSES } from '@console/db/seed/business';
import { allRoutes } from '@console/server/src/routes/all';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

describe('sessions: getUserInfo.do, logout.do and when a token dies', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  const userInfo = (token?: string, lang: 'zh_CN' | 'en_US' = 'en_US') =>
    t.call(authEndpoints.getUserInfo, { query: token ? { token } : {}, lang });

  it('answers the signed-in user (token in the query, as the legacy call sends it)', async () => {
    const token = await t.signIn(ROLE.lessorAdmin);
    const res = await userInfo(token);
    expect(res).toMatchObject({
      status: '200',
      data: { uid: await t.userId(ROLE.lessorAdmin), role: ROLE.lessorAdmin, leaseType: 1, lessorAuth: 1 },
    });
    // Its company by the name it keeps in the reader's language.
    expect(res.data.orgName).toBe(BUSINESSES[0]!.names.en);
    expect((await userInfo(token, 'zh_CN')).data.orgName).toBe(BUSINESSES[0]!.names.zh);
    // The console sends the token as a header.
    const byHeader = await t.call(authEndpoints.getUserInfo, { token });
    expect(byHeader.data.uid).toBe(await t.userId(ROLE.lessorAdmin));
  });

  it('gives role 0 a token but refuses it at the user-info step and at every signed-in endpoint', async () => {
    const login = await t.call(authEndpoints.login, {
      query: { account: demoAccount(ROLE.registeredUser), password: DEMO_PASSWORD },
    });
    expect(login.status).toBe('200');
    const token = login.data.token as string;
    expect(await userInfo(token)).toMatchObject({ status: '403', message: 'no permission to login' });
    expect((await userInfo(token, 'zh_CN')).message).toBe('没有权限登录');
    const signedIn = allRoutes.filter((r) => r.endpoint.access !== 'public');
    expect(signedIn.length).toBeGreaterThan(0);
    for (const { endpoint } of signedIn) {
      const res = await t.call(endpoint, { token });
      expect(res, endpoint.path).toMatchObject({ status: '403', message: 'no permission to login' });
    }
  });

  it('answers "system logout" without a token or with an unknown one', async () => {
    expect(await userInfo()).toMatchObject({ status: '401', message: 'system logout' });
    expect(await userInfo('not-a-token')).toMatchObject({ status: '401', message: 'system logout' });
    expect(await t.call(warningEndpoints.bell, {})).toMatchObject({ status: '401', message: 'system logout' });
  });

  it('kills the token at logout, and only that token', async () => {
    const token = await t.signIn(ROLE.companyAdmin);
    const other = await t.signIn(ROLE.companyAdmin);
    expect((await t.call(warningEndpoints.bell, { token })).status).toBe('200');
    const out = await t.call(authEndpoints.logout, { query: { token } });
    expect(out.status).toBe('200');
    expect(await userInfo(token)).toMatchObject({ status: '401', message: 'system logout' });
    expect((await t.call(warningEndpoints.bell, { token })).status).toBe('401');
    expect((await userInfo(other)).status).toBe('200');
    // Logging out twice is harmless.
    expect((await t.call(authEndpoints.logout, { query: { token } })).status).toBe('200');
  });

  it('kills every token of the account when its password is reset, and the new password works', async () => {
    const account = demoAccount(ROLE.finance);
    const token = await t.signIn(ROLE.finance);
    const bystander = await t.signIn(ROLE.companyAdmin);
    await t.call(authEndpoints.code, { query: { mobile: account, type: 'reset' } });
    const res = await t.call(authEndpoints.reset, {
      query: { mobile: account, code: await t.latestCode(account), password: 'NewPass2026' },
    });
    expect(res.status).toBe('200');
    expect((await userInfo(token)).status).toBe('401');
    expect((await userInfo(bystander)).status).toBe('200');
    const old = await t.call(authEndpoints.login, { query: { account, password: DEMO_PASSWORD } });
    expect(old).toMatchObject({ status: '400', message: 'Wrong account or password' });
    const fresh = await t.call(authEndpoints.login, { query: { account, password: 'NewPass2026' } });
    expect(fresh.status).toBe('200');
  });

  it('kills the token when the account is disabled, and refuses its sign-in', async () => {
    const token = await t.signIn(ROLE.lessorSales);
    await t.dbh.db
      .update(users)
      .set({ disabled: true })
      .where(eq(users.id, await t.userId(ROLE.lessorSales)))
      .run();
    expect(await userInfo(token)).toMatchObject({ status: '401', message: 'system logout' });
    expect((await t.call(warningEndpoints.bell, { token })).status).toBe('401');
    const login = await t.call(authEndpoints.login, {
      query: { account: demoAccount(ROLE.lessorSales), password: DEMO_PASSWORD },
    });
    expect(login).toMatchObject({ status: '403', message: 'This account is disabled' });
  });

  it('kills the token when the session expires', async () => {
    const token = await t.signIn(ROLE.technician);
    t.advance(t.deps.env.SESSION_HOURS * 3600_000 - 60_000);
    expect((await userInfo(token)).status).toBe('200');
    t.advance(120_000);
    expect((await userInfo(token)).status).toBe('401');
  });
});
