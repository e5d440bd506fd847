import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { authEndpoints } from '@console/contract/http/auth';
import { employeeEndpoints, type Employee } from '@console/contract/http/employees';
import { settingsEndpoints } from '@console/contract/http/settings';
import { organisations, smsOutbox, users } from '@console/db/schema/accounts';
import { DEMO_PASSWORD, demoAccount } from '@console/db/seed/accounts';
import { verifyPassword } from '@console/db/password';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';

const orgIdOf = async (t: TestApp, name: string) =>
  (await t.dbh.db.select().from(organisations).where(eq(organisations.name, name)).get())!.id;

describe('employees', () => {
  let t: TestApp;
  let admin: string;
  beforeEach(async () => {
    t = await createTestApp();
    admin = await t.tokenFor(ROLE.lessorAdmin);
  });
  afterEach(() => t.dbh.close());

  const list = async (query: Record<string, unknown> = {}, token = admin) => {
    const res = await t.call(employeeEndpoints.list, { token, query });
    expect(res.status).toBe('200');
    return res.data as { list: Employee[]; total: number };
  };

  it('lists the employees of the administrator’s own organisation only', async () => {
    const lessorId = await orgIdOf(t, 'Huadong Aerial Leasing');
    const { list: rows, total } = await list();
    const expected = await t.dbh.db.select().from(users).where(eq(users.orgId, lessorId)).all();
    expect(total).toBe(expected.length);
    expect(rows.map((r) => r.uid).sort()).toEqual(expected.map((u) => u.id).sort());
    expect(rows.find((r) => r.isSelf)?.mobile).toBe(demoAccount(ROLE.lessorAdmin));
    const operator = await list({}, await t.tokenFor(ROLE.companyAdmin));
    expect(operator.list.map((r) => r.mobile)).toContain(demoAccount(ROLE.finance));
    expect(operator.list.map((r) => r.mobile)).not.toContain(demoAccount(ROLE.lessorAdmin));
  });

  it('filters by phone, name, role and state, pages and sorts by created time', async () => {
    expect((await list({ phone: demoAccount(ROLE.technician) })).list.map((r) => r.roleId)).toEqual([ROLE.technician]);
    expect((await list({ phone: '%' })).total).toBe(0);
    const sales = await list({ roleId: ROLE.lessorSales });
    expect(sales.total).toBeGreaterThanOrEqual(2);
    await expectEvery(sales.list, (r) => r.roleId === ROLE.lessorSales);
    const named = await list({ name: '租赁公司管理员' });
    expect(named.list.map((r) => r.mobile)).toEqual([demoAccount(ROLE.lessorAdmin)]);
    expect((await list({ status: 'disabled' })).total).toBe(0);

    const all = await list();
    const page = await list({ page: 2, pageSize: 2, sortField: 'createdAt', sortOrder: 'ascend' });
    expect(page.list).toHaveLength(2);
    const ascending = await list({ sortField: 'createdAt', sortOrder: 'ascend' });
    expect(ascending.list.map((r) => r.uid)).toEqual([...all.list.map((r) => r.uid)].reverse());
    expect(page.list.map((r) => r.uid)).toEqual(ascending.list.slice(2, 4).map((r) => r.uid));
  });

  it('refuses every role but the two administrators', async () => {
    const refused: RoleId[] = [
      ROLE.companyEmployee,
      ROLE.finance,
      ROLE.lessorSales,
      ROLE.technician,
      ROLE.lessorStaff,
      ROLE.distributor,
    ];
    for (const roleId of refused) {
      const token = await t.tokenFor(roleId);
      expect((await t.call(employeeEndpoints.list, { token })).status, `role ${roleId}`).toBe('403');
      const edit = await t.call(employeeEndpoints.editUser, {
        token,
        query: { uid: await t.userId(ROLE.technician), nickname: 'x' },
      });
      expect(edit.status, `role ${roleId}`).toBe('403');
    }
    expect((await t.call(employeeEndpoints.list)).status).toBe('401');
  });

  it('creates an employee with a first password; the list shows them', async () => {
    const res = await t.call(employeeEndpoints.create, {
      token: admin,
      body: {
        mobile: '13966667777',
        name: 'Wang Fang',
        roleId: ROLE.technician,
        mode: 'password',
        password: 'Start2026a',
      },
    });
    expect(res.status).toBe('200');
    const row = (await t.dbh.db.select().from(users).where(eq(users.id, res.data.uid)).get())!;
    expect(row).toMatchObject({
      orgId: await orgIdOf(t, 'Huadong Aerial Leasing'),
      roleId: ROLE.technician,
      name: 'Wang Fang',
    });
    expect(await verifyPassword('Start2026a', row.passwordHash)).toBe(true);
    expect((await list({ phone: '13966667777' })).list[0]).toMatchObject({ name: 'Wang Fang', disabled: false });
  });

  it('creates an account and asks the person by text message to set their password', async () => {
    const res = await t.call(employeeEndpoints.create, {
      token: admin,
      body: { mobile: '13966668888', name: 'Zhao Lei', roleId: ROLE.lessorStaff, mode: 'message' },
    });
    expect(res).toMatchObject({
      status: '200',
      message: 'Account created: a text message asks them to set their password',
    });
    const sms = await t.dbh.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, '13966668888')).all();
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain('Huadong Aerial Leasing made you an account');
    expect(sms[0]!.text).toContain('/reset');
    expect((await t.dbh.db.select().from(users).where(eq(users.mobile, '13966668888')).get())?.roleId).toBe(
      ROLE.lessorStaff,
    );
  });

  it('makes no account when the set-password message cannot be sent (no SMS gateway in production)', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    const res = await prod.call(employeeEndpoints.create, {
      token: await prod.tokenFor(ROLE.lessorAdmin),
      body: { mobile: '13966668888', name: 'Zhao Lei', roleId: ROLE.lessorStaff, mode: 'message' },
    });
    expect(res).toMatchObject({ status: '500', message: 'invite send failed' });
    expect(await prod.dbh.db.select().from(users).where(eq(users.mobile, '13966668888')).get()).toBeUndefined();
    prod.dbh.close();
  });

  it('refuses bad input on its field and roles the administrator may not grant', async () => {
    const base = {
      mobile: '13966669999',
      name: 'Sun Li',
      roleId: ROLE.lessorSales,
      mode: 'password' as const,
      password: 'Start2026a',
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ mobile: '1234' }, 'mobile'],
      [{ name: ' ' }, 'name'],
      [{ password: undefined }, 'password'],
      [{ password: 'weak' }, 'password'],
      [{ roleId: ROLE.companyAdmin }, 'roleId'],
      [{ roleId: ROLE.distributor }, 'roleId'],
      [{ mobile: demoAccount(ROLE.finance) }, 'mobile'],
    ];
    for (const [patch, field] of cases) {
      const res = await t.call(employeeEndpoints.create, { token: admin, loose: { body: { ...base, ...patch } } });
      expect(res, JSON.stringify(patch)).toMatchObject({ status: '400', data: { field } });
    }
    expect(await t.dbh.db.select().from(users).where(eq(users.mobile, '13966669999')).get()).toBeUndefined();
    // The company administrator grants the operator's roles, not a rental company's.
    const operatorAdmin = await t.tokenFor(ROLE.companyAdmin);
    const lessorRole = await t.call(employeeEndpoints.create, {
      token: operatorAdmin,
      body: { ...base, roleId: ROLE.lessorAdmin },
    });
    expect(lessorRole).toMatchObject({ status: '400', data: { field: 'roleId' } });
    const finance = await t.call(employeeEndpoints.create, {
      token: operatorAdmin,
      body: { ...base, roleId: ROLE.finance },
    });
    expect(finance.status).toBe('200');
  });

  it('refuses creating an account for a number that has one: the person is invited instead', async () => {
    for (const [lang, text] of [
      ['en_US', 'invite it'],
      ['zh_CN', '请改为邀请'],
    ] as const) {
      const res = await t.call(employeeEndpoints.create, {
        token: admin,
        lang,
        body: {
          mobile: demoAccount(ROLE.registeredUser),
          name: 'Joiner',
          roleId: ROLE.lessorSales,
          mode: 'password',
          password: 'Start2026a',
        },
      });
      expect(res).toMatchObject({ status: '400', data: { field: 'mobile' } });
      expect(res.message).toContain(text);
    }
    const account = (await t.dbh.db
      .select()
      .from(users)
      .where(eq(users.mobile, demoAccount(ROLE.registeredUser)))
      .get())!;
    expect(account.roleId).toBe(ROLE.registeredUser);
  });

  it('edits nickname and role through user/editUser.do; a new role signs the person out', async () => {
    const tech = await t.signIn(ROLE.technician);
    const uid = await t.userId(ROLE.technician);
    const res = await t.call(employeeEndpoints.editUser, {
      token: admin,
      query: { uid, nickname: 'Old Zhou', role: ROLE.lessorStaff },
    });
    expect(res).toMatchObject({ status: '200', data: { uid, nickname: 'Old Zhou', roleId: ROLE.lessorStaff } });
    expect((await t.call(settingsEndpoints.profile, { token: tech })).status).toBe('401');
    // A nickname alone leaves the sessions alone.
    const staff = await t.signIn(ROLE.technician);
    await t.call(employeeEndpoints.editUser, { token: admin, query: { uid, nickname: 'Zhou' } });
    expect((await t.call(settingsEndpoints.profile, { token: staff })).status).toBe('200');
  });

  it('refuses demoting oneself, granting a foreign role, and anyone outside the organisation', async () => {
    const self = await t.call(employeeEndpoints.editUser, {
      token: admin,
      query: { uid: await t.userId(ROLE.lessorAdmin), role: ROLE.lessorSales },
    });
    expect(self).toMatchObject({ status: '400', data: { field: 'role' } });
    expect(self.message).toContain('You cannot disable your own account or change your own role');
    const ownNickname = await t.call(employeeEndpoints.editUser, {
      token: admin,
      query: { uid: await t.userId(ROLE.lessorAdmin), nickname: 'Boss', role: ROLE.lessorAdmin },
    });
    expect(ownNickname.data.nickname).toBe('Boss');
    const foreignRole = await t.call(employeeEndpoints.editUser, {
      token: admin,
      query: { uid: await t.userId(ROLE.technician), role: ROLE.companyAdmin },
    });
    expect(foreignRole).toMatchObject({ status: '400', data: { field: 'role' } });
    const outside = await t.call(employeeEndpoints.editUser, {
      token: admin,
      query: { uid: await t.userId(ROLE.finance), nickname: 'x' },
    });
    expect(outside.status).toBe('403');
    expect(
      (await t.call(employeeEndpoints.editUser, { token: admin, query: { uid: 999999, nickname: 'x' } })).status,
    ).toBe('404');
    const row = (await t.dbh.db
      .select()
      .from(users)
      .where(eq(users.id, await t.userId(ROLE.technician)))
      .get())!;
    expect(row.roleId).toBe(ROLE.technician);
  });

  it('disables an employee: every session dies and sign-in is refused until enabled again', async () => {
    const tech = await t.signIn(ROLE.technician);
    const uid = await t.userId(ROLE.technician);
    const res = await t.call(employeeEndpoints.setDisabled, { token: admin, body: { uids: [uid], disabled: true } });
    expect(res).toMatchObject({ status: '200', data: { count: 1 } });
    expect((await t.call(settingsEndpoints.profile, { token: tech })).status).toBe('401');
    const login = await t.call(authEndpoints.login, {
      query: { account: demoAccount(ROLE.technician), password: DEMO_PASSWORD },
    });
    expect(login).toMatchObject({ status: '403', message: 'This account is disabled' });
    expect((await list({ status: 'disabled' })).list.map((r) => r.uid)).toEqual([uid]);

    await t.call(employeeEndpoints.setDisabled, { token: admin, body: { uids: [uid], disabled: false } });
    expect((await t.signIn(ROLE.technician)).length).toBeGreaterThan(20);
  });

  it('refuses disabling oneself or anyone outside the organisation, changing nobody', async () => {
    const tech = await t.userId(ROLE.technician);
    // The demo holds a disabled customer account of its own: compare with what stood before.
    const disabledIds = async () =>
      (await t.dbh.db.select({ id: users.id }).from(users).where(eq(users.disabled, true)).all()).map((u) => u.id);
    const before = await disabledIds();
    const self = await t.call(employeeEndpoints.setDisabled, {
      token: admin,
      body: { uids: [tech, await t.userId(ROLE.lessorAdmin)], disabled: true },
    });
    expect(self.status).toBe('403');
    expect(self.message).toContain('You cannot disable your own account');
    const outside = await t.call(employeeEndpoints.setDisabled, {
      token: admin,
      body: { uids: [tech, await t.userId(ROLE.finance)], disabled: true },
    });
    expect(outside.status).toBe('403');
    expect(await disabledIds()).toEqual(before);
    expect(before).not.toContain(tech);
    const empty = await t.call(employeeEndpoints.setDisabled, { token: admin, body: { uids: [], disabled: true } });
    expect(empty).toMatchObject({ status: '400', data: { field: 'uids' } });
  });
});
