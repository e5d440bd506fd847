import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { userEndpoints } from '@console/contract/http/users';
import { organisations, sessions, users } from '@console/db/schema/accounts';
import { demoAccount } from '@console/db/seed/accounts';
import { createSession } from '@console/server/src/lib/session';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

const SPECIAL = {
  type: 'special' as const,
  taxRate: 6,
  title: '华东客户有限公司',
  taxNumber: '91310000MA1FL0XX1A',
  bank: '招商银行上海分行',
  account: '6225880212345678',
  address: '上海市浦东新区世纪大道100号',
  phone: '021-58880000',
};
const NEW_MOBILE = '13988880001';

describe("a user's invoice information and phone reset", () => {
  let t: TestApp;
  const person = async (name: string) => (await t.dbh.db.select().from(users).where(eq(users.name, name)).get())!;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  it("the rental company's administrator edits a customer's invoice information from the user detail", async () => {
    const target = await person('王伟');
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const before = await t.call(userEndpoints.detail, { token, query: { uid: target.id } });
    expect(before.data.canEditInvoice).toBe(true);
    const res = await t.call(userEndpoints.updateInvoice, { token, body: { uid: target.id, ...SPECIAL } });
    expect(res).toMatchObject({
      status: '200',
      data: { invoice: { type: 'special', taxRate: 6, title: SPECIAL.title } },
    });
    const org = (await t.dbh.db.select().from(organisations).where(eq(organisations.id, target.orgId)).get())!;
    expect(org).toMatchObject({ invoiceType: 'special', taxRate: 0.06, invoiceBank: SPECIAL.bank });
  });

  it('refuses a special invoice without its bank, a rate its type does not allow, in both languages, changing nothing', async () => {
    const target = await person('王伟');
    const token = await t.tokenFor(ROLE.companyAdmin);
    const orgBefore = await t.dbh.db.select().from(organisations).where(eq(organisations.id, target.orgId)).get();
    const cases: [Record<string, unknown>, string][] = [
      [{ bank: '' }, 'bank'],
      [{ taxRate: 3 }, 'taxRate'],
      [{ taxNumber: 'abc' }, 'taxNumber'],
      [{ title: ' ' }, 'title'],
    ];
    for (const [patch, field] of cases) {
      for (const lang of ['en_US', 'zh_CN'] as const) {
        const res = await t.call(userEndpoints.updateInvoice, {
          token,
          lang,
          loose: { body: { uid: target.id, ...SPECIAL, ...patch } },
        });
        expect(res, JSON.stringify(patch)).toMatchObject({ status: '400', data: { field } });
        expect(res.message.length).toBeGreaterThan(0);
      }
    }
    expect(await t.dbh.db.select().from(organisations).where(eq(organisations.id, target.orgId)).get()).toEqual(
      orgBefore,
    );
  });

  it('keeps invoice editing to its editors and their scope', async () => {
    const target = await person('王伟');
    for (const roleId of [ROLE.lessorStaff, ROLE.lessorSales, ROLE.distributor, ROLE.finance]) {
      const res = await t.call(userEndpoints.updateInvoice, {
        token: await t.tokenFor(roleId),
        body: { uid: target.id, ...SPECIAL },
      });
      expect(res.status, `role ${roleId}`).toBe('403');
    }
    // The operator's own staff are not the rental company's to change.
    const operatorPerson = await t.call(userEndpoints.updateInvoice, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      body: { uid: await t.userId(ROLE.finance), ...SPECIAL },
    });
    expect(operatorPerson.status).toBe('404');
    const staffView = await t.call(userEndpoints.detail, {
      token: await t.tokenFor(ROLE.lessorStaff),
      query: { uid: target.id },
    });
    expect(staffView.data.canEditInvoice).toBe(false);
  });

  it("resets an account's mobile to a new number verified by the code sent to it; its sessions end", async () => {
    const target = await person('王伟');
    const token = await t.tokenFor(ROLE.lessorStaff);
    const theirs = await createSession(t.dbh.db, target.id, 'console', '127.0.0.1', t.deps.now() + 3600_000);
    const sent = await t.call(userEndpoints.sendResetPhoneCode, {
      token,
      body: { uid: target.id, mobile: NEW_MOBILE },
    });
    expect(sent).toMatchObject({ status: '200', message: 'Verification code sent' });
    const code = await t.latestCode(NEW_MOBILE);
    const wrong = await t.call(userEndpoints.resetPhone, {
      token,
      body: { uid: target.id, mobile: NEW_MOBILE, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong).toMatchObject({
      status: '400',
      data: { field: 'code' },
      message: 'verification code error, re-enter',
    });
    const res = await t.call(userEndpoints.resetPhone, { token, body: { uid: target.id, mobile: NEW_MOBILE, code } });
    expect(res).toMatchObject({ status: '200', data: { uid: target.id, mobile: NEW_MOBILE } });
    expect((await t.dbh.db.select().from(users).where(eq(users.id, target.id)).get())!.mobile).toBe(NEW_MOBILE);
    expect(await t.dbh.db.select().from(sessions).where(eq(sessions.userId, target.id)).all()).toHaveLength(0);
    expect((await t.call(userEndpoints.list, { token: theirs })).status).toBe('401');
  });

  it('refuses a taken number, one’s own account and an administrator’s by staff, in both languages', async () => {
    const target = await person('王伟');
    const token = await t.tokenFor(ROLE.lessorStaff);
    const taken = await t.call(userEndpoints.sendResetPhoneCode, {
      token,
      body: { uid: target.id, mobile: demoAccount(ROLE.finance) },
    });
    expect(taken).toMatchObject({ status: '400', data: { field: 'mobile' } });
    expect(taken.message).toContain('This phone number is already registered');
    const takenZh = await t.call(userEndpoints.sendResetPhoneCode, {
      token,
      lang: 'zh_CN',
      body: { uid: target.id, mobile: demoAccount(ROLE.finance) },
    });
    expect(takenZh.message).toContain('已注册');
    const own = await t.call(userEndpoints.sendResetPhoneCode, {
      token,
      body: { uid: await t.userId(ROLE.lessorStaff), mobile: NEW_MOBILE },
    });
    expect(own.status).toBe('403');
    const admin = await t.call(userEndpoints.sendResetPhoneCode, {
      token,
      body: { uid: await t.userId(ROLE.lessorAdmin), mobile: NEW_MOBILE },
    });
    expect(admin.status).toBe('403');
    const outside = await t.call(userEndpoints.resetPhone, {
      token,
      body: { uid: await t.userId(ROLE.finance), mobile: NEW_MOBILE, code: '123456' },
    });
    expect(outside.status).toBe('404');
    expect(await t.dbh.db.select().from(users).where(eq(users.mobile, NEW_MOBILE)).get()).toBeUndefined();
  });
});
