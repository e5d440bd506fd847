import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { authEndpoints } from '@console/contract/http/auth';
import { employeeEndpoints } from '@console/contract/http/employees';
import { lessorEndpoints, type LessorRow } from '@console/contract/http/lessors';
import { organisations, smsOutbox, users } from '@console/db/schema/accounts';
import { billingZones } from '@console/db/schema/lease-billing';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { ADMIN_MOBILE, lessorForm } from './helpers.ts';

describe('onboarding a rental company', () => {
  let t: TestApp;
  const operator = () => t.tokenFor(ROLE.companyAdmin);
  const find = async (name: string) =>
    (await t.call(lessorEndpoints.list, { token: await operator(), query: { keyword: name } })).data.list.find(
      (r: LessorRow) => r.name === name,
    );
  const lessorCount = async () =>
    (await t.dbh.db.select().from(organisations).where(eq(organisations.kind, 'lessor')).all()).length;

  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  it('creates the company, its brand and settings and its administrator, who sets a password and signs in', async () => {
    const created = await t.call(lessorEndpoints.create, { token: await operator(), body: lessorForm() });
    expect(created.status, created.message).toBe('200');
    expect(created.message).toBe('Rental company created: a text message asks its administrator to set a password');

    const row = await find('江南高空设备租赁有限公司');
    expect(row).toMatchObject({
      nameZh: '江南高空设备租赁有限公司',
      nameEn: 'Jiangnan Aerial Equipment Rental Co., Ltd.',
      appid: 'zjcloud',
      timeZone: 'Asia/Shanghai',
      leasing: true,
      rentalDomestic: true,
      rentalForeign: false,
      admins: [`沈佳 (${ADMIN_MOBILE})`],
      customerCount: 0,
      deviceCount: 0,
    });
    expect(row!.brandName).not.toBe('');

    // The text message names the company and where to set the password.
    const [sms] = await t.dbh.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, ADMIN_MOBILE)).all();
    expect(sms!.text).toContain('江南高空设备租赁有限公司');
    expect(sms!.text).toMatch(/https?:\/\/\S+\/reset/);

    // The administrator sets a password with a code, then signs in (a new address asks for a code too).
    await t.call(authEndpoints.code, { query: { mobile: ADMIN_MOBILE, type: 'reset' } });
    const reset = await t.call(authEndpoints.reset, {
      query: { mobile: ADMIN_MOBILE, code: await t.latestCode(ADMIN_MOBILE), password: 'Jiangnan2026' },
    });
    expect(reset.status, reset.message).toBe('200');
    t.advance(61_000); // one code a minute per number
    await t.call(authEndpoints.code, { query: { mobile: ADMIN_MOBILE, type: 'login' } });
    const login = await t.call(authEndpoints.login, {
      query: { account: ADMIN_MOBILE, password: 'Jiangnan2026', code: await t.latestCode(ADMIN_MOBILE) },
    });
    expect(login.status, login.message).toBe('200');
    expect(login.data.roleId).toBe(ROLE.lessorAdmin);
    expect(login.data.leaseType).toBe(1);
    expect(login.data.map.lessor_auth).toBe(1);

    // They run their own company: its employee list holds them, and no one of another company.
    const staff = await t.call(employeeEndpoints.list, { token: login.data.token, query: {} });
    expect(staff.data.list.map((e: { mobile: string }) => e.mobile)).toEqual([ADMIN_MOBILE]);
  });

  it('gives the administrator the first password the operator chose', async () => {
    const created = await t.call(lessorEndpoints.create, {
      token: await operator(),
      body: lessorForm({
        adminMode: 'password',
        adminPassword: 'Start2026go',
        appid: 'liftgo',
        timeZone: 'Australia/Sydney',
      }),
    });
    expect(created.status, created.message).toBe('200');
    expect(await t.dbh.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, ADMIN_MOBILE)).all()).toHaveLength(0);
    const zone = await t.dbh.db.select().from(billingZones).where(eq(billingZones.lessorOrgId, created.data.id)).get();
    expect(zone!.timeZone).toBe('Australia/Sydney');
    await t.call(authEndpoints.code, { query: { mobile: ADMIN_MOBILE, type: 'login' } });
    const login = await t.call(authEndpoints.login, {
      query: { account: ADMIN_MOBILE, password: 'Start2026go', code: await t.latestCode(ADMIN_MOBILE) },
    });
    expect(login.status, login.message).toBe('200');
    expect(login.data.uid).toBe(created.data.adminUid);
  });

  it('refuses a taken number, a taken name, an unknown brand or zone and a missing password, and creates nothing', async () => {
    const before = await lessorCount();
    const usersBefore = (await t.dbh.db.select().from(users).all()).length;
    const taken = (await t.dbh.db.select().from(users).where(eq(users.roleId, ROLE.lessorSales)).get())!;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ adminMobile: taken.mobile }, 'adminMobile', 'lessors.mobileTaken'],
      [{ name: 'Huadong Aerial Leasing' }, 'name', 'lessors.nameTaken'],
      [{ appid: 'nosuchbrand' }, 'appid', 'lessors.brandUnknown'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', 'lessors.timeZone'],
      [{ adminMode: 'password' }, 'adminPassword', 'validation.passwordRequired'],
      [{ adminMobile: '12345' }, 'adminMobile', 'validation.phone'],
      [{ address: '' }, 'address', 'customers.addressRequired'],
    ];
    const existing = (await t.dbh.db.select().from(organisations).where(eq(organisations.kind, 'lessor')).get())!;
    for (const [change, field, key] of cases) {
      const body = lessorForm({ ...change, ...(field === 'name' ? { name: existing.name } : {}) });
      const answer = await t.call(lessorEndpoints.create, { token: await operator(), loose: { body }, lang: 'zh_CN' });
      expect(answer.status, `${field}: ${answer.message}`).toBe('400');
      expect(answer.data.issues?.[0]).toEqual({ path: field, message: key });
      // In the request's language.
      expect(answer.message).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await lessorCount()).toBe(before);
    expect(await t.dbh.db.select().from(users).all()).toHaveLength(usersBefore);
  });

  it('edits the brand and settings; a rental permission once on stays on', async () => {
    const created = await t.call(lessorEndpoints.create, { token: await operator(), body: lessorForm() });
    const { adminName: _n, adminMobile: _m, adminAreaCode: _a, adminMode: _mode, ...company } = lessorForm();
    const edit = async (fields: Record<string, unknown>) =>
      t.call(lessorEndpoints.update, { token: await operator(), body: { ...company, ...fields, id: created.data.id } });
    expect((await edit({ rentalDomestic: false })).data.issues?.[0]).toEqual({
      path: 'rentalDomestic',
      message: 'lessors.rentalPermanent',
    });
    const ok = await edit({ appid: 'jd', timeZone: 'Asia/Urumqi', rentalForeign: true, leasing: false });
    expect(ok.status, ok.message).toBe('200');
    expect(await find('江南高空设备租赁有限公司')).toMatchObject({
      appid: 'jd',
      timeZone: 'Asia/Urumqi',
      rentalDomestic: true,
      rentalForeign: true,
      leasing: false,
    });
  });

  it("is the operator's: its staff read the companies, only its administrator onboards, no one else sees them", async () => {
    expect((await t.call(lessorEndpoints.list, { token: await t.tokenFor(ROLE.companyEmployee) })).status).toBe('200');
    const staff = await t.call(lessorEndpoints.create, {
      token: await t.tokenFor(ROLE.companyEmployee),
      body: lessorForm(),
    });
    expect(staff.status).toBe('403');
    for (const role of [ROLE.lessorAdmin, ROLE.lessorStaff, ROLE.finance, ROLE.distributor]) {
      expect((await t.call(lessorEndpoints.list, { token: await t.tokenFor(role) })).status).toBe('403');
      expect((await t.call(lessorEndpoints.create, { token: await t.tokenFor(role), body: lessorForm() })).status).toBe(
        '403',
      );
    }
    expect((await t.call(lessorEndpoints.list, {})).status).toBe('401');
  });
});
