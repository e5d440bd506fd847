import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { INVITATION_DAYS } from '@console/contract/codes/invitations';
import { employeeEndpoints, type Invitation } from '@console/contract/http/employees';
import { settingsEndpoints } from '@console/contract/http/settings';
import { smsOutbox, users } from '@console/db/schema/accounts';
import { invitations } from '@console/db/schema/people';
import { DEMO_PASSWORD, demoAccount } from '@console/db/seed/accounts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { startGateway } from '../../fixtures/sms-gateway.ts';
import { BUSINESSES } from '@console/db/seed/business';

const NEW_NUMBER = '13977770001';
const DAY = 24 * 3600 * 1000;

describe('employee invitations', () => {
  let t: TestApp;
  let admin: string;
  beforeEach(async () => {
    t = await createTestApp();
    admin = await t.tokenFor(ROLE.lessorAdmin);
  });
  afterEach(() => t.dbh.close());

  const invite = (mobile = NEW_NUMBER, roleId: number = ROLE.technician, token = admin, lang?: 'zh_CN') =>
    t.call(employeeEndpoints.invite, { token, lang, body: { mobile, name: 'Qian Wei', roleId } });
  /** The code the latest text message to a number carries. */
  const codeSentTo = async (mobile: string) =>
    (await t.dbh.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, mobile)).all()).at(-1)!.code;
  const listed = async (query: Record<string, unknown> = {}) =>
    (await t.call(employeeEndpoints.invitations, { token: admin, query })).data as {
      list: Invitation[];
      total: number;
    };

  it('sends a text message with a link and a code, and lists the invitation as pending', async () => {
    const res = await invite();
    expect(res).toMatchObject({
      status: '200',
      message: 'Invitation sent',
      data: { state: 'pending', roleId: ROLE.technician },
    });
    const [sms] = await t.dbh.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, NEW_NUMBER)).all();
    expect(sms!.text).toContain(`${BUSINESSES[0]!.names.en} invites you`);
    expect(sms!.text).toContain(`/invite?code=${sms!.code}`);
    expect(sms!.code).toMatch(/^[2-9A-Z]{10}$/);
    // Only a hash of the code is kept.
    expect(JSON.stringify(await t.dbh.db.select().from(invitations).all())).not.toContain(sms!.code);
    const pending = await listed({ state: 'pending', phone: NEW_NUMBER });
    expect(pending.list.map((i) => i.id)).toEqual([res.data.id]);
  });

  it('a new person registers by accepting: the account joins with the role and is signed in', async () => {
    await invite();
    const code = await codeSentTo(NEW_NUMBER);
    const preview = await t.call(employeeEndpoints.previewInvitation, { query: { code } });
    expect(preview.data).toMatchObject({
      orgName: BUSINESSES[0]!.names.en,
      state: 'pending',
      hasAccount: false,
      mobile: '*******0001',
    });
    const weak = await t.call(employeeEndpoints.acceptInvitation, { body: { code, password: 'short' } });
    expect(weak).toMatchObject({ status: '400', data: { field: 'password' } });
    const res = await t.call(employeeEndpoints.acceptInvitation, { body: { code, password: 'Joined2026a' } });
    expect(res).toMatchObject({
      status: '200',
      message: `You joined ${BUSINESSES[0]!.names.en}`,
      data: { roleId: ROLE.technician },
    });
    const profile = await t.call(settingsEndpoints.profile, { token: res.data.token });
    expect(profile.data).toMatchObject({ mobile: NEW_NUMBER, name: 'Qian Wei', orgName: BUSINESSES[0]!.names.en });
    expect((await listed({ state: 'accepted', phone: NEW_NUMBER })).total).toBe(1);
    // Once only.
    const again = await t.call(employeeEndpoints.acceptInvitation, { body: { code, password: 'Joined2026a' } });
    expect(again).toMatchObject({ status: '409', message: 'This invitation has already been accepted' });
  });

  it('a registered user accepts by signing in with their own password', async () => {
    const mobile = demoAccount(ROLE.registeredUser);
    await invite(mobile, ROLE.lessorSales);
    const code = await codeSentTo(mobile);
    expect((await t.call(employeeEndpoints.previewInvitation, { query: { code } })).data.hasAccount).toBe(true);
    const wrong = await t.call(employeeEndpoints.acceptInvitation, { body: { code, password: 'Wrong2026a' } });
    expect(wrong).toMatchObject({ status: '400', data: { field: 'password' } });
    expect((await listed({ state: 'pending', phone: mobile })).total).toBe(1);
    const res = await t.call(employeeEndpoints.acceptInvitation, { body: { code, password: DEMO_PASSWORD } });
    expect(res).toMatchObject({ status: '200', data: { roleId: ROLE.lessorSales } });
    const row = (await t.dbh.db.select().from(users).where(eq(users.mobile, mobile)).get())!;
    expect(row.roleId).toBe(ROLE.lessorSales);
  });

  it('expires after its days; resending gives a new code and revives it, the old code is dead', async () => {
    const { data } = await invite();
    const oldCode = await codeSentTo(NEW_NUMBER);
    t.advance(INVITATION_DAYS * DAY + 1000);
    // The administrator's session of a week ago has ended: a fresh one.
    admin = await t.tokenFor(ROLE.lessorAdmin);
    expect((await listed({ state: 'expired', phone: NEW_NUMBER })).list.map((i) => i.id)).toEqual([data.id]);
    const late = await t.call(employeeEndpoints.acceptInvitation, { body: { code: oldCode, password: 'Joined2026a' } });
    expect(late).toMatchObject({
      status: '409',
      message: 'This invitation has expired: ask the administrator to send it again',
    });
    const lateZh = await t.call(employeeEndpoints.acceptInvitation, {
      lang: 'zh_CN',
      body: { code: oldCode, password: 'Joined2026a' },
    });
    expect(lateZh.message).toBe('邀请已过期，请联系管理员重新发送');

    const resent = await t.call(employeeEndpoints.resendInvitation, { token: admin, body: { id: data.id } });
    expect(resent).toMatchObject({ status: '200', data: { state: 'pending' } });
    const newCode = await codeSentTo(NEW_NUMBER);
    expect(newCode).not.toBe(oldCode);
    const dead = await t.call(employeeEndpoints.acceptInvitation, { body: { code: oldCode, password: 'Joined2026a' } });
    expect(dead).toMatchObject({ status: '404', message: 'This invitation code is not valid' });
    const ok = await t.call(employeeEndpoints.acceptInvitation, { body: { code: newCode, password: 'Joined2026a' } });
    expect(ok.status).toBe('200');
  });

  it('revokes: the code stops working, and neither resend nor revoke apply any more', async () => {
    const { data } = await invite();
    const code = await codeSentTo(NEW_NUMBER);
    const revoked = await t.call(employeeEndpoints.revokeInvitation, { token: admin, body: { id: data.id } });
    expect(revoked).toMatchObject({ status: '200', data: { state: 'revoked' } });
    expect(revoked.data.closedAt).not.toBe('');
    const accept = await t.call(employeeEndpoints.acceptInvitation, { body: { code, password: 'Joined2026a' } });
    expect(accept).toMatchObject({ status: '409', message: 'This invitation was withdrawn' });
    for (const endpoint of [employeeEndpoints.resendInvitation, employeeEndpoints.revokeInvitation]) {
      const res = await t.call(endpoint, { token: admin, body: { id: data.id } });
      expect(res).toMatchObject({
        status: '409',
        message: 'An accepted or withdrawn invitation cannot be sent again or withdrawn',
      });
      const zh = await t.call(endpoint, { token: admin, lang: 'zh_CN', body: { id: data.id } });
      expect(zh.message).toBe('已接受或已撤回的邀请不能重发或撤回');
    }
    expect(await t.dbh.db.select().from(users).where(eq(users.mobile, NEW_NUMBER)).get()).toBeUndefined();
  });

  it('refuses a second open invitation, members, other companies’ employees and roles above the inviter', async () => {
    await invite();
    const cases: [string, number, string, string][] = [
      [NEW_NUMBER, ROLE.technician, 'This number already has an open invitation', '该手机号已有未完成的邀请'],
      [demoAccount(ROLE.technician), ROLE.technician, 'already belongs to your organisation', '已是本企业成员'],
      [demoAccount(ROLE.finance), ROLE.technician, 'employee of another organisation', '属于其他企业的员工'],
      ['13977770002', ROLE.companyAdmin, 'You cannot grant this role', '无权授予该角色'],
      ['13977770002', ROLE.distributor, 'You cannot grant this role', '无权授予该角色'],
      ['1234', ROLE.technician, '', ''],
    ];
    for (const [mobile, roleId, en, zh] of cases) {
      const res = await invite(mobile, roleId);
      expect(res.status, mobile).toBe('400');
      expect(res.message).toContain(en);
      expect((await invite(mobile, roleId, admin, 'zh_CN')).message).toContain(zh);
    }
    // The first invitation stands alone: none of the refused ones was kept.
    const all = await listed({ phone: '1397777' });
    expect(all.list.map((i) => i.mobile)).toEqual([NEW_NUMBER]);
  });

  it('keeps every organisation to its own invitations, and only administrators invite', async () => {
    const { data } = await invite();
    const operatorAdmin = await t.tokenFor(ROLE.companyAdmin);
    const foreign = await t.call(employeeEndpoints.revokeInvitation, { token: operatorAdmin, body: { id: data.id } });
    expect(foreign.status).toBe('404');
    const theirs = await t.call(employeeEndpoints.invitations, { token: operatorAdmin, query: { phone: NEW_NUMBER } });
    expect(theirs.data.total).toBe(0);
    for (const roleId of [ROLE.lessorSales, ROLE.technician, ROLE.lessorStaff, ROLE.distributor]) {
      expect((await invite('13977770003', ROLE.technician, await t.tokenFor(roleId))).status, `role ${roleId}`).toBe(
        '403',
      );
    }
    // The company administrator invites into the operator with the operator's roles.
    const operatorInvite = await invite('13977770003', ROLE.finance, operatorAdmin);
    expect(operatorInvite.status).toBe('200');
  });

  it('"invite send failed" in production without a gateway, keeping nothing', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    const res = await prod.call(employeeEndpoints.invite, {
      token: await prod.tokenFor(ROLE.lessorAdmin),
      body: { mobile: NEW_NUMBER, name: 'Qian Wei', roleId: ROLE.technician },
    });
    expect(res).toMatchObject({ status: '500', message: 'invite send failed' });
    expect(await prod.dbh.db.select().from(invitations).where(eq(invitations.mobile, NEW_NUMBER)).all()).toEqual([]);
    prod.dbh.close();
  });
});

describe('employee invitations through the SMS gateway', () => {
  it('in production posts through the gateway; a failing gateway is "invite send failed" and a resend keeps the old code', async () => {
    const gateway = await startGateway();
    const prod = await createTestApp({ NODE_ENV: 'production', SMS_WEBHOOK_URL: gateway.url });
    try {
      const token = await prod.tokenFor(ROLE.lessorAdmin);
      const sent = await prod.call(employeeEndpoints.invite, {
        token,
        body: { mobile: NEW_NUMBER, name: 'Qian Wei', roleId: ROLE.technician },
      });
      expect(sent).toMatchObject({ status: '200', data: { state: 'pending' } });
      expect(gateway.received).toHaveLength(1);
      const code = /code ([2-9A-Z]{10})/.exec(gateway.received[0]!.body.text)![1]!;
      expect(await prod.dbh.db.select().from(smsOutbox).all()).toEqual([]);

      gateway.failWith(503);
      const failed = await prod.call(employeeEndpoints.resendInvitation, { token, body: { id: sent.data.id } });
      expect(failed).toMatchObject({ status: '500', message: 'invite send failed' });
      const zh = await prod.call(employeeEndpoints.invite, {
        token,
        lang: 'zh_CN',
        body: { mobile: '13977770009', name: 'Li Na', roleId: ROLE.technician },
      });
      expect(zh).toMatchObject({ status: '500', message: '邀请发送失败' });
      expect(await prod.dbh.db.select().from(invitations).where(eq(invitations.mobile, '13977770009')).all()).toEqual(
        [],
      );
      // The failed resend changed nothing: the first code still opens the invitation.
      const preview = await prod.call(employeeEndpoints.previewInvitation, { query: { code } });
      expect(preview.data.state).toBe('pending');
    } finally {
      prod.dbh.close();
      await gateway.close();
    }
  });
});
