import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authEndpoints } from '@console/contract/http/auth';
import { DEMO_PASSWORD, demoAccount } from '@console/db/seed/accounts';
import { ROLE, ROLE_IDS } from '@console/contract/codes/roles';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

const MINUTE = 60_000;
const lessorAdmin = demoAccount(ROLE.lessorAdmin);

describe('login.do', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  const login = (query: { account: string; password: string; code?: string; areaCode?: string }, ip?: string) =>
    t.call(authEndpoints.login, { query, ip });

  it('signs in a demo account and returns the spec fields', async () => {
    const res = await t.call(authEndpoints.login, {
      query: { account: ` ${lessorAdmin} `, password: DEMO_PASSWORD, appid: 'default', changeBindAppid: 1 },
    });
    expect(res.status).toBe('200');
    expect(res.data).toMatchObject({ roleId: 5, leaseType: 1, map: { lessor_auth: 1 } });
    expect(res.data.token).toMatch(/^[\w-]{40,}$/);
    expect(res.data.menus.length).toBeGreaterThan(0);
  });

  it('signs in every demo account with its own role, uid and a distinct token', async () => {
    const tokens = new Set<string>();
    for (const roleId of ROLE_IDS) {
      const res = await login({ account: demoAccount(roleId), password: DEMO_PASSWORD });
      expect(res.status, `role ${roleId}: ${res.message}`).toBe('200');
      expect(res.data).toMatchObject({ roleId, uid: await t.userId(roleId) });
      expect(res.data.username).not.toBe('');
      tokens.add(res.data.token);
    }
    expect(tokens.size).toBe(ROLE_IDS.length);
  });

  it('refuses an empty account or password with a localised message naming the field', async () => {
    const zh = await t.call(authEndpoints.login, { query: { account: '  ', password: 'x' }, lang: 'zh_CN' });
    expect(zh).toMatchObject({ status: '400', data: { field: 'account' } });
    expect(zh.message).toContain('请输入账号');
    const en = await login({ account: '  ', password: 'x' });
    expect(en.message).toContain('Please enter the account');
    const noPassword = await login({ account: lessorAdmin, password: '' });
    expect(noPassword).toMatchObject({ status: '400', data: { field: 'password' } });
    expect(noPassword.message).toContain('Please enter the password');
  });

  it('checks the phone format of mainland numbers and numbers with an area code', async () => {
    for (const account of ['1380000000', '138000000055', '23800000005', 'abc', '138-0000-0005']) {
      const res = await login({ account, password: DEMO_PASSWORD });
      expect(res, account).toMatchObject({ status: '400', data: { field: 'account' } });
      expect(res.message).toContain('Please enter a valid phone number');
    }
    const badArea = await login({ account: '91234567', areaCode: '85a', password: DEMO_PASSWORD });
    expect(badArea).toMatchObject({ status: '400', data: { field: 'areaCode' } });
    // A well-formed Hong Kong number passes the format check and meets the password check instead.
    const hk = await login({ account: '91234567', areaCode: '852', password: DEMO_PASSWORD });
    expect(hk).toMatchObject({ status: '400', message: 'Wrong account or password' });
    const tooLong = await login({ account: '1234567890123', areaCode: '852', password: DEMO_PASSWORD });
    expect(tooLong.message).toContain('Please enter a valid phone number');
  });

  it('needs a code after 3 wrong passwords within 15 minutes, and lets the right password in with it', async () => {
    for (let i = 1; i <= 3; i++) {
      const res = await login({ account: lessorAdmin, password: 'Wrong@2026' });
      expect(res).toMatchObject({
        status: '400',
        message: 'Wrong account or password',
        data: { codeRequired: i === 3 },
      });
    }
    const blocked = await login({ account: lessorAdmin, password: DEMO_PASSWORD });
    expect(blocked).toMatchObject({
      status: '428',
      message: 'multiple password errors require a verification code',
      data: { codeRequired: true },
    });
    const zh = await t.call(authEndpoints.login, {
      query: { account: lessorAdmin, password: DEMO_PASSWORD },
      lang: 'zh_CN',
    });
    expect(zh).toMatchObject({ status: '428', message: '多次密码错误，需要验证码' });

    const sent = await t.call(authEndpoints.code, { query: { mobile: lessorAdmin, type: 'login' } });
    expect(sent).toMatchObject({ status: '200', message: 'Verification code sent', data: { expiresInSeconds: 300 } });
    const code = await t.latestCode(lessorAdmin);

    const wrongCode = await login({
      account: lessorAdmin,
      password: DEMO_PASSWORD,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrongCode).toMatchObject({
      status: '400',
      message: 'verification code error, re-enter',
      data: { field: 'code' },
    });
    const zhWrong = await t.call(authEndpoints.login, {
      query: { account: lessorAdmin, password: DEMO_PASSWORD, code: code === '000000' ? '111111' : '000000' },
      lang: 'zh_CN',
    });
    expect(zhWrong.message).toBe('验证码错误，请重新输入');

    const ok = await login({ account: lessorAdmin, password: DEMO_PASSWORD, code });
    expect(ok).toMatchObject({ status: '200', data: { roleId: ROLE.lessorAdmin } });
  });

  it('a right code does not make a wrong password right', async () => {
    for (let i = 0; i < 3; i++) await login({ account: lessorAdmin, password: 'Wrong@2026' });
    await t.call(authEndpoints.code, { query: { mobile: lessorAdmin } });
    const res = await login({ account: lessorAdmin, password: 'Wrong@2026', code: await t.latestCode(lessorAdmin) });
    expect(res).toMatchObject({ status: '400', message: 'Wrong account or password' });
  });

  it('a login code works once and expires after 5 minutes', async () => {
    for (let i = 0; i < 3; i++) await login({ account: lessorAdmin, password: 'Wrong@2026' });
    await t.call(authEndpoints.code, { query: { mobile: lessorAdmin } });
    const first = await t.latestCode(lessorAdmin);
    expect((await login({ account: lessorAdmin, password: DEMO_PASSWORD, code: first })).status).toBe('200');
    // The wrong passwords still count for 15 minutes, so the next sign-in needs a code again: the used one fails.
    const reused = await login({ account: lessorAdmin, password: DEMO_PASSWORD, code: first });
    expect(reused).toMatchObject({ status: '400', message: 'verification code error, re-enter' });

    t.advance(MINUTE + 1000);
    await t.call(authEndpoints.code, { query: { mobile: lessorAdmin } });
    const second = await t.latestCode(lessorAdmin);
    t.advance(5 * MINUTE + 1000);
    const expired = await login({ account: lessorAdmin, password: DEMO_PASSWORD, code: second });
    expect(expired).toMatchObject({ status: '400', data: { field: 'code' } });
    expect(expired.message).toBe('The verification code has expired, request a new one');
  });

  it('asks no code once the wrong passwords are older than 15 minutes', async () => {
    for (let i = 0; i < 3; i++) await login({ account: lessorAdmin, password: 'Wrong@2026' });
    expect((await login({ account: lessorAdmin, password: DEMO_PASSWORD })).status).toBe('428');
    t.advance(15 * MINUTE + 1000);
    expect((await login({ account: lessorAdmin, password: DEMO_PASSWORD })).status).toBe('200');
  });

  it('refuses an account after 100 failed sign-ins in an hour, even with the right password and code', async () => {
    for (let i = 0; i < 3; i++) await login({ account: lessorAdmin, password: 'Wrong@2026' });
    // Past the third wrong password each attempt needs a code; a wrong code is a failed sign-in too.
    // From many addresses, as a distributed guesser would (one address alone is stopped sooner).
    for (let i = 3; i < 100; i++) {
      const res = await login({ account: lessorAdmin, password: 'Wrong@2026', code: '000000' }, `10.0.${i}.1`);
      expect(res.status).toBe('400');
    }
    await t.call(authEndpoints.code, { query: { mobile: lessorAdmin } });
    const code = await t.latestCode(lessorAdmin);
    const refused = await login({ account: lessorAdmin, password: DEMO_PASSWORD, code });
    expect(refused).toMatchObject({ status: '429', message: 'Too many failed sign-ins, try again in an hour' });
    const zh = await t.call(authEndpoints.login, {
      query: { account: lessorAdmin, password: DEMO_PASSWORD, code },
      lang: 'zh_CN',
    });
    expect(zh.message).toBe('登录失败次数过多，请一小时后再试');
    // Other accounts are not affected.
    expect((await login({ account: demoAccount(ROLE.lessorSales), password: DEMO_PASSWORD })).status).toBe('200');

    t.advance(61 * MINUTE);
    expect((await login({ account: lessorAdmin, password: DEMO_PASSWORD })).status).toBe('200');
  });

  it('needs a code to sign in from a client address the account has not used, then knows the address', async () => {
    const remote = '203.0.113.7';
    const refused = await login({ account: lessorAdmin, password: DEMO_PASSWORD }, remote);
    expect(refused).toMatchObject({
      status: '428',
      message: 'remote login requires a verification code',
      data: { codeRequired: true },
    });
    const zh = await t.call(authEndpoints.login, {
      query: { account: lessorAdmin, password: DEMO_PASSWORD },
      ip: remote,
      lang: 'zh_CN',
    });
    expect(zh.message).toBe('异地登录需要验证码');
    // A wrong password from there learns nothing either: the code comes first.
    expect((await login({ account: lessorAdmin, password: 'Wrong@2026' }, remote)).status).toBe('428');

    await t.call(authEndpoints.code, { query: { mobile: lessorAdmin }, ip: remote });
    const ok = await login(
      { account: lessorAdmin, password: DEMO_PASSWORD, code: await t.latestCode(lessorAdmin) },
      remote,
    );
    expect(ok.status).toBe('200');
    expect((await login({ account: lessorAdmin, password: DEMO_PASSWORD }, remote)).status).toBe('200');
    // Another new address still needs its own code.
    expect((await login({ account: lessorAdmin, password: DEMO_PASSWORD }, '198.51.100.9')).status).toBe('428');
  });

  it('answers an unknown account like a wrong password', async () => {
    const res = await login({ account: '13912345678', password: DEMO_PASSWORD });
    expect(res).toMatchObject({ status: '400', message: 'Wrong account or password', data: { field: 'password' } });
  });
});
