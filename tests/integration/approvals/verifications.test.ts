import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { verificationEndpoints } from '@console/contract/http/approvals';
import { settingsEndpoints } from '@console/contract/http/settings';
import { userEndpoints } from '@console/contract/http/users';
import { organisations } from '@console/db/schema/accounts';
import { verifications } from '@console/db/schema/approvals';
import { renters } from '@console/db/schema/lease';
import { identityViews } from '@console/db/schema/people';
import { createUser } from '@console/db/seed/accounts';
import { customerPersonMobile } from '@console/db/seed/people';
import { DEMO_LICENCE_IMAGE } from '@console/db/seed/approvals';
import { createSession } from '@console/server/src/lib/session';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { PNG, upload } from '../settings/helpers.ts';
import { approvalsOf } from './helpers.ts';
import { BUSINESSES } from '@console/db/seed/business';

describe('verification review', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof approvalsOf>>;
  const pendingOf = async (kind: 'realName' | 'enterprise') =>
    (await a.db
      .select()
      .from(verifications)
      .where(and(eq(verifications.kind, kind), eq(verifications.state, 'pending')))
      .get())!;
  /** A new person in a customer organisation, signed in. */
  const newcomer = async (orgId: number, mobile: string) => {
    const user = await createUser(a.db, { orgId, mobile, roleId: ROLE.other });
    return { user, token: await createSession(a.db, user.id, 'console', '127.0.0.1', t.deps.now() + 3600_000) };
  };
  beforeEach(async () => {
    t = await createTestApp();
    a = await approvalsOf(t);
  });
  afterEach(() => t.dbh.close());

  it('queues every state of both kinds for the operator, names and ID numbers masked', async () => {
    const token = await t.tokenFor(ROLE.companyAdmin);
    const all = await t.call(verificationEndpoints.list, { token, query: { pageSize: 100 } });
    const states = (kind: string) => new Set(all.data.list.filter((v) => v.kind === kind).map((v) => v.state));
    expect(states('realName')).toEqual(new Set(['pending', 'approved', 'rejected']));
    expect(states('enterprise')).toEqual(new Set(['pending', 'approved', 'rejected']));
    const zhang = await a.person(customerPersonMobile(2));
    const row = all.data.list.find((v) => v.uid === zhang.id)!;
    expect(row).toMatchObject({ name: '张*', state: 'pending', actions: ['approve', 'reject'] });
    expect(row.idNumber).toBe(`${zhang.idNumber.slice(0, 6)}********${zhang.idNumber.slice(-4)}`);
    expect(JSON.stringify(all.data)).not.toContain(zhang.idNumber);
    expect(JSON.stringify(all.data)).not.toContain('张磊');
    const enterprise = all.data.list.find(
      (v) => v.kind === 'enterprise' && v.state === 'pending' && v.orgName === BUSINESSES[1]!.names.en,
    )!;
    // The seeded enterprises carry the sample licence the console ships, so the reviewer sees a picture.
    expect(enterprise).toMatchObject({
      name: 'Pearl River Lift Rental',
      legalPerson: '陈*强',
      licenseImage: DEMO_LICENCE_IMAGE,
    });
    expect(existsSync(fileURLToPath(new URL(`../../../web/public${DEMO_LICENCE_IMAGE}`, import.meta.url)))).toBe(true);
    // Under review: Pearl River's second submission; Northwind, in business for years, was verified when it joined.
    const filtered = (state: 'pending' | 'approved', keyword: string) =>
      t.call(verificationEndpoints.list, { token, query: { kind: 'enterprise', state, keyword } });
    expect((await filtered('pending', 'Pearl')).data.list.map((v) => v.orgName)).toEqual([BUSINESSES[1]!.names.en]);
    expect((await filtered('pending', 'Northwind')).data.list).toEqual([]);
    expect((await filtered('approved', 'Northwind')).data.list.map((v) => v.orgName)).toEqual([
      BUSINESSES[2]!.names.en,
    ]);

    // The whole data goes through the account's reveal, recorded.
    const whole = await t.call(userEndpoints.reveal, { token, body: { uid: zhang.id } });
    expect(whole.data).toEqual({ name: '张磊', idNumber: zhang.idNumber });
    expect(await a.db.select().from(identityViews).where(eq(identityViews.subjectId, zhang.id)).all()).toHaveLength(1);

    // Only the operator's staff review.
    for (const role of [ROLE.lessorAdmin, ROLE.lessorStaff, ROLE.finance]) {
      expect((await t.call(verificationEndpoints.list, { token: await t.tokenFor(role) })).status).toBe('403');
    }
  });

  it('approves a real-name verification: the person is verified and so is the renter that identity is', async () => {
    const hangzhou = (await a.db.select().from(renters).where(eq(renters.realNameState, 'pending')).get())!;
    const company = (await a.db.select().from(organisations).where(eq(organisations.id, hangzhou.orgId)).get())!;
    const { user, token } = await newcomer(company.id, '13700000001');
    const bad = await t.call(verificationEndpoints.submitRealName, {
      token,
      body: { idType: 1, name: '钱七', idNumber: '330106199001011234' },
      lang: 'zh_CN',
    });
    expect(bad).toMatchObject({ status: '400', data: { field: 'idNumber' } });
    expect(bad.message).toContain('请输入正确的身份证号码');
    const sent = await t.call(verificationEndpoints.submitRealName, {
      token,
      body: { idType: 2, name: company.name, idNumber: hangzhou.idNumber },
    });
    expect(sent.status).toBe('200');
    const again = await t.call(verificationEndpoints.submitRealName, {
      token,
      body: { idType: 2, name: company.name, idNumber: hangzhou.idNumber },
      lang: 'en_US',
    });
    expect(again).toMatchObject({ status: '409' });
    expect(again.message).toContain('under review or approved');

    const reviewer = await t.tokenFor(ROLE.companyEmployee);
    const ok = await t.call(verificationEndpoints.approve, { token: reviewer, body: { ids: [sent.data.id] } });
    expect(ok).toMatchObject({ status: '200', data: { count: 1 } });
    expect(await a.person('13700000001')).toMatchObject({
      realNameVerified: true,
      idType: 2,
      idNumber: hangzhou.idNumber,
    });
    expect((await a.db.select().from(renters).where(eq(renters.orgId, company.id)).get())!.realNameState).toBe(
      'verified',
    );
    expect(await a.verification(sent.data.id)).toMatchObject({
      state: 'approved',
      decidedBy: await t.userId(ROLE.companyEmployee),
    });
    expect(user.realNameVerified).toBe(false);
    // Verified: nothing more to submit.
    const locked = await t.call(verificationEndpoints.submitRealName, {
      token,
      body: { idType: 2, name: company.name, idNumber: hangzhou.idNumber },
      lang: 'zh_CN',
    });
    expect(locked.message).toBe('实名认证正在审核中或已通过，不能重复提交');
  });

  it('rejects with a reason; the person stays unverified and may submit again', async () => {
    const pending = (await a.db
      .select()
      .from(verifications)
      .where(
        and(
          eq(verifications.kind, 'realName'),
          eq(verifications.state, 'pending'),
          eq(verifications.userId, (await a.person(customerPersonMobile(2))).id),
        ),
      )
      .get())!;
    const token = await t.tokenFor(ROLE.companyAdmin);
    const none = await t.call(verificationEndpoints.reject, {
      token,
      body: { ids: [pending.id], reason: '' },
      lang: 'zh_CN',
    });
    expect(none).toMatchObject({ status: '400', data: { field: 'reason' } });
    expect(none.message).toContain('请填写驳回原因');
    const ok = await t.call(verificationEndpoints.reject, {
      token,
      body: { ids: [pending.id], reason: 'Blurred ID photo' },
      lang: 'en_US',
    });
    expect(ok).toMatchObject({ status: '200', message: '1 rejected' });
    expect(await a.verification(pending.id)).toMatchObject({ state: 'rejected', reason: 'Blurred ID photo' });
    expect((await a.person(customerPersonMobile(2))).realNameVerified).toBe(false);
    const zhang = await a.person(customerPersonMobile(2));
    const resent = await t.call(verificationEndpoints.submitRealName, {
      token: await t.tokenForAccount(customerPersonMobile(2)),
      body: { idType: 1, name: '张磊', idNumber: zhang.idNumber },
    });
    expect(resent.status).toBe('200');
    expect((await a.verification(resent.data.id)).state).toBe('pending');
  });

  it("takes a rental company's enterprise verification from its settings into the queue; approve and reject move the company", async () => {
    const admin = await t.tokenFor(ROLE.lessorAdmin);
    const licence = (await upload(t, admin, { bytes: PNG, name: 'licence.png' }, 'image')).data.url as string;
    const body = { creditCode: '91310115MA1K4PQR2G', legalPerson: '张伟', licenseImage: licence };
    expect((await t.call(settingsEndpoints.submitVerification, { token: admin, body })).status).toBe('200');
    const mine = (await a.db
      .select()
      .from(verifications)
      .where(and(eq(verifications.orgId, a.huadong.id), eq(verifications.state, 'pending')))
      .get())!;
    expect(mine).toMatchObject({ kind: 'enterprise', creditCode: '91310115MA1K4PQR2G', licenseImage: licence });
    const reviewer = await t.tokenFor(ROLE.companyAdmin);
    const detail = await t.call(verificationEndpoints.detail, { token: reviewer, query: { id: mine.id } });
    expect(detail.data).toMatchObject({ name: 'Huadong Aerial Leasing', legalPerson: '张*', licenseImage: licence });

    await t.call(verificationEndpoints.reject, { token: reviewer, body: { ids: [mine.id], reason: '执照过期' } });
    const company = async () => (await t.call(settingsEndpoints.companyProfile, { token: admin })).data.verification;
    expect((await company()).status).toBe('rejected');
    // Rejected, it may be submitted again, and approved.
    expect((await t.call(settingsEndpoints.submitVerification, { token: admin, body })).status).toBe('200');
    const second = (await a.db
      .select()
      .from(verifications)
      .where(and(eq(verifications.orgId, a.huadong.id), eq(verifications.state, 'pending')))
      .get())!;
    await t.call(verificationEndpoints.approve, { token: reviewer, body: { ids: [second.id] } });
    expect(await company()).toMatchObject({
      status: 'approved',
      creditCode: '91310115MA1K4PQR2G',
      legalPerson: '张伟',
    });
  });

  it('refuses a batch holding a decided verification, in both languages, changing nothing', async () => {
    const token = await t.tokenFor(ROLE.companyAdmin);
    const open = await pendingOf('realName');
    const approved = (await a.db.select().from(verifications).where(eq(verifications.state, 'approved')).get())!;
    const en = await t.call(verificationEndpoints.approve, {
      token,
      body: { ids: [open.id, approved.id] },
      lang: 'en_US',
    });
    expect(en).toMatchObject({ status: '409', message: 'operation failed, contains approved order' });
    const zh = await t.call(verificationEndpoints.reject, {
      token,
      body: { ids: [approved.id, open.id], reason: '重复' },
      lang: 'zh_CN',
    });
    expect(zh).toMatchObject({ status: '409', message: '操作失败，包含已审核通过的订单' });
    expect((await a.verification(open.id)).state).toBe('pending');
    const missing = await t.call(verificationEndpoints.approve, { token, body: { ids: [open.id, 999_999] } });
    expect(missing.status).toBe('404');
    expect((await a.verification(open.id)).state).toBe('pending');
  });
});
