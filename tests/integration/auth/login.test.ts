import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authEndpoints } from '@console/contract/http/auth';
import { DEMO_PASSWORD, demoAccount } from '@console/db/seed/accounts';
import { ROLE } from '@console/contract/codes/roles';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

describe('login.do', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  it('signs in a demo account and returns the spec fields', async () => {
    const res = await t.call(authEndpoints.login, {
      query: { account: ` ${demoAccount(ROLE.lessorAdmin)} `, password: DEMO_PASSWORD, appid: 'default' },
    });
    expect(res.status).toBe('200');
    expect(res.data).toMatchObject({ roleId: 5, leaseType: 1, map: { lessor_auth: 1 } });
    expect(res.data.token).toMatch(/^[\w-]{40,}$/);
    expect(res.data.menus.length).toBeGreaterThan(0);
  });

  it('refuses an empty account with a localised message naming the field', async () => {
    const zh = await t.call(authEndpoints.login, { query: { account: '  ', password: 'x' }, lang: 'zh_CN' });
    expect(zh).toMatchObject({ status: '400', data: { field: 'account' } });
    expect(zh.message).toContain('请输入账号');
    const en = await t.call(authEndpoints.login, { query: { account: '  ', password: 'x' } });
    expect(en.message).toContain('Please enter the account');
  });
});
