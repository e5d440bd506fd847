import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { authEndpoints } from '@console/contract/http/auth';
import { settingsEndpoints } from '@console/contract/http/settings';
import { DEMO_PASSWORD, demoAccount } from '@console/db/seed/accounts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { fetchFile, PNG, tokenInOrg, upload } from './helpers.ts';
import { BUSINESSES } from '@console/db/seed/business';

const MINUTE = 60_000;

describe('personal settings', () => {
  let t: TestApp;
  let token: string;
  const me = demoAccount(ROLE.lessorSales);
  beforeEach(async () => {
    t = await createTestApp();
    token = await t.tokenFor(ROLE.lessorSales);
  });
  afterEach(() => t.dbh.close());

  const profile = (tok = token) => t.call(settingsEndpoints.profile, { token: tok });

  it('reads and changes the own profile', async () => {
    expect((await profile()).data).toMatchObject({
      mobile: me,
      roleId: ROLE.lessorSales,
      orgName: BUSINESSES[0]!.names.en,
    });
    const res = await t.call(settingsEndpoints.updateProfile, {
      token,
      body: { nickname: ' Lily ', name: 'Li Li', introduction: 'Sales, east region', email: 'lily@example.com' },
    });
    expect(res).toMatchObject({ status: '200', data: { nickname: 'Lily', name: 'Li Li', email: 'lily@example.com' } });
    expect((await profile()).data.introduction).toBe('Sales, east region');
  });

  it('refuses an invalid profile on its field and changes nothing', async () => {
    const empty = await t.call(settingsEndpoints.updateProfile, { token, body: { nickname: '  ' } });
    expect(empty).toMatchObject({ status: '400', data: { field: 'nickname' } });
    const email = await t.call(settingsEndpoints.updateProfile, {
      token,
      body: { nickname: 'Lily', email: 'not-an-address' },
      lang: 'zh_CN',
    });
    expect(email).toMatchObject({ status: '400', data: { field: 'email' } });
    expect(email.message).toContain('请输入正确的邮箱');
    expect((await profile()).data.nickname).not.toBe('Lily');
  });

  it('sets an avatar from a public image upload that anyone may then load', async () => {
    const avatar = (await upload(t, token, { bytes: PNG, name: 'me.png' }, 'image', true)).data.url as string;
    const res = await t.call(settingsEndpoints.updateProfile, { token, body: { nickname: 'Lily', avatar } });
    expect(res.data.avatar).toBe(avatar);
    expect((await fetchFile(t, avatar)).status).toBe(200);
  });

  it('refuses an avatar that is private, another organisation’s, or not an upload at all', async () => {
    const privateUrl = (await upload(t, token, { bytes: PNG, name: 'me.png' }, 'image')).data.url as string;
    const other = await tokenInOrg(t, 'Pearl River Lift Rental', ROLE.lessorSales, '13922223333');
    const foreign = (await upload(t, other.token, { bytes: PNG, name: 'x.png' }, 'image', true)).data.url as string;
    for (const avatar of [privateUrl, foreign, '/api/files/../../etc/passwd', 'https://example.com/a.png']) {
      const res = await t.call(settingsEndpoints.updateProfile, { token, body: { nickname: 'Lily', avatar } });
      expect(res).toMatchObject({ status: '400', data: { field: 'avatar' } });
    }
    expect((await profile()).data.avatar).toBe('');
  });

  it('changes the password with the old one and an SMS code, and ends every other session', async () => {
    const other = await t.signIn(ROLE.lessorSales);
    expect((await t.call(settingsEndpoints.sendCode, { token, body: { target: 'changePassword' } })).status).toBe(
      '200',
    );
    const code = await t.latestCode(me);
    const wrongOld = await t.call(settingsEndpoints.changePassword, {
      token,
      body: { oldPassword: 'Wrong@2026', password: 'NewPass2026', code },
    });
    expect(wrongOld).toMatchObject({ status: '400', data: { field: 'oldPassword' } });
    expect(wrongOld.message).toContain('The old password is wrong');

    t.advance(MINUTE);
    await t.call(settingsEndpoints.sendCode, { token, body: { target: 'changePassword' } });
    const ok = await t.call(settingsEndpoints.changePassword, {
      token,
      body: { oldPassword: DEMO_PASSWORD, password: 'NewPass2026', code: await t.latestCode(me) },
    });
    expect(ok.status).toBe('200');
    expect((await profile(other)).status).toBe('401');
    expect((await profile()).status).toBe('200');
    const oldLogin = await t.call(authEndpoints.login, { query: { account: me, password: DEMO_PASSWORD } });
    expect(oldLogin.status).toBe('400');
    const newLogin = await t.call(authEndpoints.login, { query: { account: me, password: 'NewPass2026' } });
    expect(newLogin.status).toBe('200');
  });

  it('refuses a password change with a wrong code, a weak or an unchanged password', async () => {
    await t.call(settingsEndpoints.sendCode, { token, body: { target: 'changePassword' } });
    const wrongCode = await t.call(settingsEndpoints.changePassword, {
      token,
      body: { oldPassword: DEMO_PASSWORD, password: 'NewPass2026', code: '000000' },
    });
    expect(wrongCode).toMatchObject({ status: '400', data: { field: 'code' } });
    const weak = await t.call(settingsEndpoints.changePassword, {
      token,
      body: { oldPassword: DEMO_PASSWORD, password: 'short', code: '123456' },
    });
    expect(weak).toMatchObject({ status: '400', data: { field: 'password' } });
    const same = await t.call(settingsEndpoints.changePassword, {
      token,
      body: { oldPassword: 'Same2026x', password: 'Same2026x', code: '123456' },
    });
    expect(same).toMatchObject({ status: '400', data: { field: 'password' } });
    expect(same.message).toContain('The new password must differ from the old one');
  });

  it('changes the phone: a code to the old number, then a code to a free new number', async () => {
    const other = await t.signIn(ROLE.lessorSales);
    await t.call(settingsEndpoints.sendCode, { token, body: { target: 'changePhoneOld' } });
    const step1 = await t.call(settingsEndpoints.verifyOldPhone, { token, body: { code: await t.latestCode(me) } });
    expect(step1.status).toBe('200');
    const { ticket } = step1.data as { ticket: string };

    const taken = await t.call(settingsEndpoints.sendCode, {
      token,
      body: { target: 'changePhoneNew', mobile: demoAccount(ROLE.technician) },
    });
    expect(taken).toMatchObject({ status: '400', data: { field: 'mobile' } });
    expect(taken.message).toContain('already registered');
    const bad = await t.call(settingsEndpoints.sendCode, {
      token,
      body: { target: 'changePhoneNew', mobile: '12345' },
    });
    expect(bad).toMatchObject({ status: '400', data: { field: 'mobile' } });

    const fresh = '13955556666';
    await t.call(settingsEndpoints.sendCode, { token, body: { target: 'changePhoneNew', mobile: fresh } });
    const wrong = await t.call(settingsEndpoints.changePhone, {
      token,
      body: { ticket, mobile: fresh, code: '000000' },
    });
    expect(wrong).toMatchObject({ status: '400', data: { field: 'code' } });
    const done = await t.call(settingsEndpoints.changePhone, {
      token,
      body: { ticket, mobile: fresh, code: await t.latestCode(fresh) },
    });
    expect(done).toMatchObject({ status: '200', data: { mobile: fresh } });
    expect((await profile(other)).status).toBe('401');
    // The ticket works once.
    const again = await t.call(settingsEndpoints.changePhone, {
      token,
      body: { ticket, mobile: '13955557777', code: '123456' },
    });
    expect(again.status).toBe('409');
  });

  it('refuses a phone change without a valid ticket, or after it expired', async () => {
    const forged = await t.call(settingsEndpoints.changePhone, {
      token,
      body: { ticket: 'forged', mobile: '13955556666', code: '123456' },
    });
    expect(forged).toMatchObject({ status: '409' });
    expect(forged.message).toContain('start again');
    await t.call(settingsEndpoints.sendCode, { token, body: { target: 'changePhoneOld' } });
    const { ticket } = (
      await t.call(settingsEndpoints.verifyOldPhone, { token, body: { code: await t.latestCode(me) } })
    ).data as { ticket: string };
    // Another user cannot use it.
    const stolen = await t.call(settingsEndpoints.changePhone, {
      token: await t.tokenFor(ROLE.technician),
      body: { ticket, mobile: '13955556666', code: '123456' },
    });
    expect(stolen.status).toBe('409');
    t.advance(11 * MINUTE);
    const late = await t.call(settingsEndpoints.changePhone, {
      token,
      body: { ticket, mobile: '13955556666', code: '123456' },
    });
    expect(late.status).toBe('409');
  });

  it('is refused without a session', async () => {
    expect((await t.call(settingsEndpoints.profile)).status).toBe('401');
    expect((await t.call(settingsEndpoints.updateProfile, { body: { nickname: 'x' } })).status).toBe('401');
  });
});
