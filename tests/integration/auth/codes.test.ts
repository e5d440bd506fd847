import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authEndpoints } from '@console/contract/http/auth';
import { ROLE } from '@console/contract/codes/roles';
import { dropRequests, users } from '@console/db/schema/accounts';
import { DEMO_PASSWORD, demoAccount } from '@console/db/seed/accounts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

const MINUTE = 60_000;
const newNumber = '13912340000';

describe('verification codes: code.do, register.do, reset.do, dropAccount.do', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  const sendCode = (
    mobile: string,
    type?: 'login' | 'register' | 'reset' | 'dropAccount',
    ip?: string,
    areaCode?: string,
  ) => t.call(authEndpoints.code, { query: { mobile, type, areaCode }, ip });

  it('delivers a six-digit code to the development outbox, localised', async () => {
    const account = demoAccount(ROLE.companyAdmin);
    await t.call(authEndpoints.code, { query: { mobile: account }, lang: 'zh_CN' });
    const outbox = await t.call(authEndpoints.devSms, { query: { mobile: account } });
    expect(outbox.status).toBe('200');
    expect(outbox.data).toHaveLength(1);
    expect(outbox.data[0]).toMatchObject({ mobile: account, areaCode: '86' });
    expect(outbox.data[0].code).toMatch(/^\d{6}$/);
    expect(outbox.data[0].text).toContain(outbox.data[0].code);
    expect(outbox.data[0].text).toMatch(/[\u4e00-\u9fff]/);
  });

  it('checks the number: format, and registered or not for the purpose', async () => {
    expect(await sendCode('12345')).toMatchObject({ status: '400', data: { field: 'mobile' } });
    expect((await sendCode('12345')).message).toContain('Please enter a valid phone number');
    expect(await sendCode(newNumber, 'login')).toMatchObject({
      status: '400',
      message: expect.stringContaining('not registered'),
    });
    const taken = await sendCode(demoAccount(ROLE.lessorAdmin), 'register');
    expect(taken).toMatchObject({ status: '400', data: { field: 'mobile' } });
    expect(taken.message).toContain('This phone number is already registered');
    expect((await sendCode(newNumber, 'register')).status).toBe('200');
  });

  it('rate-limits code requests: one a minute and ten an hour per number, thirty an hour per address', async () => {
    const account = demoAccount(ROLE.finance);
    expect((await sendCode(account)).status).toBe('200');
    const again = await sendCode(account);
    expect(again).toMatchObject({ status: '429', message: 'Codes are requested too often, try again later' });
    for (let i = 2; i <= 10; i++) {
      t.advance(MINUTE + 1000);
      expect((await sendCode(account)).status, `code ${i}`).toBe('200');
    }
    t.advance(MINUTE + 1000);
    expect((await sendCode(account)).status).toBe('429');
    t.advance(60 * MINUTE);
    expect((await sendCode(account)).status).toBe('200');

    // Thirty numbers from one address within the hour, then that address is refused for any number.
    for (let i = 0; i < 30; i++)
      expect((await sendCode(`1391234${String(i).padStart(4, '0')}`, 'register', '192.0.2.1')).status).toBe('200');
    expect((await sendCode('13912349999', 'register', '192.0.2.1')).status).toBe('429');
    expect((await sendCode('13912349999', 'register', '192.0.2.2')).status).toBe('200');
  });

  it('registers a new number with a register code as a registered user (role 0)', async () => {
    await sendCode(newNumber, 'register');
    const code = await t.latestCode(newNumber);
    const res = await t.call(authEndpoints.register, {
      query: { mobile: newNumber, code, password: 'Welcome2026', nickname: 'New person' },
    });
    expect(res.status).toBe('200');
    const user = (await t.dbh.db.select().from(users).where(eq(users.mobile, newNumber)).get())!;
    expect(user).toMatchObject({ id: res.data.uid, roleId: ROLE.registeredUser, nickname: 'New person' });
    expect(user.passwordHash).not.toContain('Welcome2026');
    // The account signs in but may not use the console.
    const login = await t.call(authEndpoints.login, { query: { account: newNumber, password: 'Welcome2026' } });
    expect(login.status).toBe('200');
    const info = await t.call(authEndpoints.getUserInfo, { query: { token: login.data.token } });
    expect(info).toMatchObject({ status: '403', message: 'no permission to login' });
    // The code worked once.
    const twice = await t.call(authEndpoints.register, { query: { mobile: newNumber, code, password: 'Welcome2026' } });
    expect(twice.message).toContain('already registered');
  });

  it('refuses to register with a wrong code, a code of another purpose, a weak password or a taken number', async () => {
    await sendCode(newNumber, 'register');
    const code = await t.latestCode(newNumber);
    const wrong = await t.call(authEndpoints.register, {
      query: { mobile: newNumber, code: code === '000000' ? '111111' : '000000', password: 'Welcome2026' },
    });
    expect(wrong).toMatchObject({
      status: '400',
      message: 'verification code error, re-enter',
      data: { field: 'code' },
    });
    const weak = await t.call(authEndpoints.register, { query: { mobile: newNumber, code, password: 'short' } });
    expect(weak).toMatchObject({ status: '400', data: { field: 'password' } });
    const badCode = await t.call(authEndpoints.register, {
      query: { mobile: newNumber, code: '12ab', password: 'Welcome2026' },
    });
    expect(badCode).toMatchObject({ status: '400', data: { field: 'code' } });

    const taken = demoAccount(ROLE.lessorAdmin);
    await sendCode(taken, 'reset');
    const resetCode = await t.latestCode(taken);
    const refused = await t.call(authEndpoints.register, {
      query: { mobile: taken, code: resetCode, password: 'Welcome2026' },
    });
    expect(refused).toMatchObject({ status: '400', data: { field: 'mobile' } });
    expect(refused.message).toContain('already registered');
    expect(await t.dbh.db.select().from(users).where(eq(users.mobile, newNumber)).get()).toBeUndefined();
    // A register code does not reset a password: codes work only for their purpose.
    t.advance(MINUTE + 1000);
    await sendCode(taken, 'login');
    const loginCode = await t.latestCode(taken);
    const reset = await t.call(authEndpoints.reset, {
      query: { mobile: taken, code: loginCode, password: 'NewPass2026' },
    });
    expect(reset).toMatchObject({ status: '400', message: 'verification code error, re-enter' });
  });

  it('resets a password with a reset code that expires after 5 minutes', async () => {
    const account = demoAccount(ROLE.technician);
    await sendCode(account, 'reset');
    t.advance(5 * MINUTE + 1000);
    const late = await t.call(authEndpoints.reset, {
      query: { mobile: account, code: await t.latestCode(account), password: 'NewPass2026' },
    });
    expect(late).toMatchObject({ status: '400', message: 'The verification code has expired, request a new one' });
    expect((await t.call(authEndpoints.login, { query: { account, password: DEMO_PASSWORD } })).status).toBe('200');

    await sendCode(account, 'reset');
    const code = await t.latestCode(account);
    expect(
      (await t.call(authEndpoints.reset, { query: { mobile: account, code, password: 'NewPass2026' } })).status,
    ).toBe('200');
    const reused = await t.call(authEndpoints.reset, { query: { mobile: account, code, password: 'Other2026x' } });
    expect(reused).toMatchObject({ status: '400', data: { field: 'code' } });
    expect((await t.call(authEndpoints.login, { query: { account, password: 'Other2026x' } })).status).toBe('400');
    expect((await t.call(authEndpoints.login, { query: { account, password: 'NewPass2026' } })).status).toBe('200');
    const unknown = await t.call(authEndpoints.reset, { query: { mobile: newNumber, code, password: 'NewPass2026' } });
    expect(unknown.message).toContain('not registered');
  });

  it('records an account deletion request proven by a dropAccount code', async () => {
    const account = demoAccount(ROLE.other);
    await sendCode(account, 'dropAccount');
    const code = await t.latestCode(account);
    const wrong = await t.call(authEndpoints.dropAccount, {
      query: { mobile: account, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.message).toBe('verification code error, re-enter');
    expect(await t.dbh.db.select().from(dropRequests).all()).toHaveLength(0);
    const res = await t.call(authEndpoints.dropAccount, {
      query: { mobile: account, code, reason: 'No longer needed' },
      lang: 'zh_CN',
    });
    expect(res).toMatchObject({ status: '200', message: '注销申请已提交' });
    expect(await t.dbh.db.select().from(dropRequests).all()).toMatchObject([
      { userId: await t.userId(ROLE.other), reason: 'No longer needed', status: 'pending' },
    ]);
  });

  it('handles numbers with an area code through the whole code flow', async () => {
    const hk = '91234567';
    await sendCode(hk, 'register', undefined, '852');
    const outbox = await t.call(authEndpoints.devSms, { query: { mobile: hk } });
    expect(outbox.data[0]).toMatchObject({ mobile: hk, areaCode: '852' });
    const res = await t.call(authEndpoints.register, {
      query: { mobile: hk, areaCode: '852', code: outbox.data[0].code, password: 'Welcome2026' },
    });
    expect(res.status).toBe('200');
    const login = await t.call(authEndpoints.login, {
      query: { account: hk, areaCode: '852', password: 'Welcome2026' },
    });
    expect(login.status).toBe('200');
    // The same digits under the mainland code are another (unknown) account.
    expect((await t.call(authEndpoints.login, { query: { account: hk, password: 'Welcome2026' } })).status).toBe('400');
  });
});
