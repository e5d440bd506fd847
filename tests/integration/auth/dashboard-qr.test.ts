import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authEndpoints } from '@console/contract/http/auth';
import { ROLE, ROLE_IDS } from '@console/contract/codes/roles';
import { DEMO_PASSWORD, demoAccount } from '@console/db/seed/accounts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

describe('loginForDashboard.do', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  it('signs in role 4 only; every other role gets the data-screen refusal', async () => {
    for (const roleId of ROLE_IDS) {
      const res = await t.call(authEndpoints.loginForDashboard, {
        query: { account: demoAccount(roleId), password: DEMO_PASSWORD, areaCode: '86', appid: 'default' },
      });
      if (roleId === ROLE.screenViewer) {
        expect(res).toMatchObject({ status: '200', data: { roleId: 4 } });
        expect((await t.call(authEndpoints.getUserInfo, { token: res.data.token })).status).toBe('200');
      } else {
        expect(res, `role ${roleId}`).toMatchObject({
          status: '403',
          message: 'Sorry, your account has no permission to view the data screen',
          data: null,
        });
      }
    }
    const zh = await t.call(authEndpoints.loginForDashboard, {
      query: { account: demoAccount(ROLE.companyAdmin), password: DEMO_PASSWORD },
      lang: 'zh_CN',
    });
    expect(zh.message).toBe('抱歉，您的账号没有查看数据大屏的权限');
  });

  it('applies the same password and code rules as the console sign-in', async () => {
    const account = demoAccount(ROLE.screenViewer);
    const wrong = await t.call(authEndpoints.loginForDashboard, { query: { account, password: 'Wrong@2026' } });
    expect(wrong).toMatchObject({ status: '400', message: 'Wrong account or password' });
    // A wrong password of another role does not reveal the role.
    const other = await t.call(authEndpoints.loginForDashboard, {
      query: { account: demoAccount(ROLE.lessorAdmin), password: 'Wrong@2026' },
    });
    expect(other.message).toBe('Wrong account or password');
    const remote = await t.call(authEndpoints.loginForDashboard, {
      query: { account, password: DEMO_PASSWORD },
      ip: '203.0.113.40',
    });
    expect(remote).toMatchObject({ status: '428', message: 'remote login requires a verification code' });
    expect(
      await t.call(authEndpoints.loginForDashboard, { query: { account: ' ', password: DEMO_PASSWORD } }),
    ).toMatchObject({
      status: '400',
      data: { field: 'account' },
    });
  });
});

describe('QR-code sign-in', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  const poll = (uuid: string) =>
    t.call(authEndpoints.loginByScanQRCode, { query: { uuid, appid: 'default' }, ip: '198.51.100.20' });

  it('goes waiting -> scanned -> confirmed and signs the page in once', async () => {
    const created = await t.call(authEndpoints.qrCreate, { query: { appid: 'default' } });
    expect(created.status).toBe('200');
    const { uuid } = created.data;
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.data.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await poll(uuid)).toMatchObject({ status: '200', data: { state: 'waiting', login: null } });

    const app = await t.signIn(ROLE.lessorSales);
    expect(await t.call(authEndpoints.qrScan, { token: app, body: { uuid } })).toMatchObject({
      status: '200',
      data: { state: 'scanned' },
    });
    expect((await poll(uuid)).data).toEqual({ state: 'scanned', login: null });
    // Scanning twice is refused: the code is no longer waiting.
    expect((await t.call(authEndpoints.qrScan, { token: app, body: { uuid } })).status).toBe('409');

    expect(await t.call(authEndpoints.qrConfirm, { token: app, body: { uuid } })).toMatchObject({
      data: { state: 'confirmed' },
    });
    const signedIn = await poll(uuid);
    expect(signedIn.data.state).toBe('confirmed');
    expect(signedIn.data.login).toMatchObject({ uid: await t.userId(ROLE.lessorSales), roleId: ROLE.lessorSales });
    const info = await t.call(authEndpoints.getUserInfo, { token: signedIn.data.login!.token });
    expect(info).toMatchObject({ status: '200', data: { role: ROLE.lessorSales } });
    // The page's token is its own session: the app stays signed in.
    expect(signedIn.data.login!.token).not.toBe(app);

    expect(await poll(uuid)).toMatchObject({ status: '200', data: { state: 'expired', login: null } });
  });

  it('refuses a confirmation by someone other than the scanner, and a scan without a session', async () => {
    const { uuid } = (await t.call(authEndpoints.qrCreate, {})).data;
    expect(await t.call(authEndpoints.qrScan, { body: { uuid } })).toMatchObject({
      status: '401',
      message: 'system logout',
    });
    const scanner = await t.signIn(ROLE.lessorSales);
    const intruder = await t.signIn(ROLE.companyAdmin);
    expect(await t.call(authEndpoints.qrConfirm, { token: scanner, body: { uuid } })).toMatchObject({ status: '409' });
    await t.call(authEndpoints.qrScan, { token: scanner, body: { uuid } });
    const stolen = await t.call(authEndpoints.qrConfirm, { token: intruder, body: { uuid } });
    expect(stolen).toMatchObject({ status: '409', message: 'The QR code has expired' });
    expect((await poll(uuid)).data.state).toBe('scanned');
    // Role 0 holds a token but may not sign anyone in.
    const registered = await t.signIn(ROLE.registeredUser);
    const { uuid: other } = (await t.call(authEndpoints.qrCreate, {})).data;
    expect(await t.call(authEndpoints.qrScan, { token: registered, body: { uuid: other } })).toMatchObject({
      status: '403',
    });
    expect(
      (await t.call(authEndpoints.qrScan, { token: scanner, body: { uuid: '00000000-0000-0000-0000-000000000000' } }))
        .status,
    ).toBe('404');
  });

  it('expires a uuid after 2 minutes, whatever its state', async () => {
    const app = await t.signIn(ROLE.lessorAdmin);
    const { uuid: idle } = (await t.call(authEndpoints.qrCreate, {})).data;
    const { uuid: scanned } = (await t.call(authEndpoints.qrCreate, {})).data;
    const { uuid: confirmed } = (await t.call(authEndpoints.qrCreate, {})).data;
    await t.call(authEndpoints.qrScan, { token: app, body: { uuid: scanned } });
    await t.call(authEndpoints.qrScan, { token: app, body: { uuid: confirmed } });
    await t.call(authEndpoints.qrConfirm, { token: app, body: { uuid: confirmed } });
    t.advance(2 * 60_000 + 1000);
    for (const uuid of [idle, scanned, confirmed]) {
      expect(await poll(uuid)).toMatchObject({ status: '200', data: { state: 'expired', login: null } });
    }
    const late = await t.call(authEndpoints.qrScan, { token: app, body: { uuid: idle } });
    expect(late).toMatchObject({ status: '409', message: 'The QR code has expired' });
    expect((await poll('11111111-1111-1111-1111-111111111111')).data.state).toBe('expired');
    expect(await poll('not-a-uuid')).toMatchObject({ status: '400', data: { field: 'uuid' } });
  });
});
