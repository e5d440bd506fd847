import { and, eq, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { userEndpoints } from '@console/contract/http/users';
import { organisations, sessions, users } from '@console/db/schema/accounts';
import { identityViews } from '@console/db/schema/people';
import { createSession } from '@console/server/src/lib/session';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

describe('users', () => {
  let t: TestApp;
  const person = async (name: string) => (await t.dbh.db.select().from(users).where(eq(users.name, name)).get())!;
  const orgOf = async (roleId: number) =>
    (await t.dbh.db
      .select()
      .from(users)
      .where(eq(users.id, await t.userId(roleId as never)))
      .get())!.orgId;

  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  it('shows names and ID numbers masked (spec section 5), and whole only to the reviewers, each view recorded', async () => {
    const token = await t.tokenFor(ROLE.companyAdmin);
    const two = await person('王伟');
    const three = await person('李秀英');
    const list = await t.call(userEndpoints.list, { token, query: { keyword: two.mobile } });
    expect(list.data.list[0]).toMatchObject({ uid: two.id, name: '王*', realNameVerified: true, orgKind: 'customer' });
    expect(JSON.stringify(list.data)).not.toContain('王伟');
    const detail = await t.call(userEndpoints.detail, { token, query: { uid: three.id } });
    expect(detail.data.user.name).toBe('李*英');
    expect(detail.data.idNumber).toBe(`${three.idNumber.slice(0, 6)}********${three.idNumber.slice(-4)}`);
    expect(JSON.stringify(detail.data)).not.toContain(three.idNumber);
    expect(detail.data.canReveal).toBe(true);
    expect(detail.data.invoice.type).toMatch(/^(special|ordinary)$/);

    const whole = await t.call(userEndpoints.reveal, { token, body: { uid: three.id } });
    expect(whole.data).toEqual({ name: '李秀英', idNumber: three.idNumber });
    const views = await t.dbh.db.select().from(identityViews).where(eq(identityViews.subjectId, three.id)).all();
    expect(views).toHaveLength(1);
    expect(views[0]!.viewerId).toBe(await t.userId(ROLE.companyAdmin));

    // A rental company sees its customers' people masked, and cannot ask for the whole.
    const lessor = await t.tokenFor(ROLE.lessorAdmin);
    const masked = await t.call(userEndpoints.detail, { token: lessor, query: { uid: three.id } });
    expect(masked.data).toMatchObject({ canReveal: false, user: { name: '李*英' } });
    expect((await t.call(userEndpoints.reveal, { token: lessor, body: { uid: three.id } })).status).toBe('403');
    expect(await t.dbh.db.select().from(identityViews).all()).toHaveLength(1);
  });

  it("keeps a rental company to its own people and its customers', filtered by kind, verification and state", async () => {
    const token = await t.tokenFor(ROLE.lessorStaff);
    const all = await t.call(userEndpoints.list, { token, query: { pageSize: 200 } });
    const mine = await orgOf(ROLE.lessorStaff);
    const below = await t.dbh.db.select().from(organisations).where(eq(organisations.parentId, mine)).all();
    const allowed = new Set([mine, ...below.map((o) => o.id)]);
    const expected = (await t.dbh.db.select().from(users).all()).filter((u) => allowed.has(u.orgId));
    expect(all.data.total).toBe(expected.length);
    expect(all.data.list.some((u) => u.orgKind === 'operator')).toBe(false);
    const customers = await t.call(userEndpoints.list, {
      token,
      query: { orgKind: 'customer', verified: 'yes', pageSize: 200 },
    });
    expect(customers.data.list.length).toBeGreaterThan(0);
    expect(customers.data.list.every((u) => u.orgKind === 'customer' && u.realNameVerified)).toBe(true);
    const disabled = await t.call(userEndpoints.list, { token, query: { disabled: 'yes' } });
    expect(disabled.data.list.every((u) => u.disabled)).toBe(true);
    const foreign = await person('徐刚'); // a Pearl River customer's
    expect((await t.call(userEndpoints.detail, { token, query: { uid: foreign.id } })).status).toBe('404');
    expect((await t.call(userEndpoints.list, { token: await t.tokenFor(ROLE.lessorSales) })).status).toBe('403');
  });

  it('disables an account, ending its open sessions at once, and re-enables it', async () => {
    const token = await t.tokenFor(ROLE.lessorStaff);
    const target = await person('王伟');
    const theirs = await createSession(t.dbh.db, target.id, 'console', '127.0.0.1', t.deps.now() + 3600_000);
    expect(await t.dbh.db.select().from(sessions).where(eq(sessions.userId, target.id)).all()).toHaveLength(1);
    const off = await t.call(userEndpoints.setDisabled, { token, body: { uids: [target.id], disabled: true } });
    expect(off.data.count).toBe(1);
    expect(await t.dbh.db.select().from(sessions).where(eq(sessions.userId, target.id)).all()).toHaveLength(0);
    expect((await t.call(userEndpoints.list, { token: theirs })).status).toBe('401');
    await t.call(userEndpoints.setDisabled, { token, body: { uids: [target.id], disabled: false } });
    expect((await t.dbh.db.select().from(users).where(eq(users.id, target.id)).get())!.disabled).toBe(false);

    // Not one's own, not an administrator by staff, and a batch with one refused changes nothing.
    const self = await t.call(userEndpoints.setDisabled, {
      token,
      lang: 'en_US',
      body: { uids: [await t.userId(ROLE.lessorStaff)], disabled: true },
    });
    expect(self.message).toBe('You cannot disable your own account or change your own role');
    const admin = await t.call(userEndpoints.setDisabled, {
      token,
      body: { uids: [target.id, await t.userId(ROLE.lessorAdmin)], disabled: true },
    });
    expect(admin.status).toBe('403');
    expect((await t.dbh.db.select().from(users).where(eq(users.id, target.id)).get())!.disabled).toBe(false);
  });

  it('changes roles only to those the administrator may give, never above its own', async () => {
    const lessor = await t.tokenFor(ROLE.lessorAdmin);
    const sales = await t.userId(ROLE.lessorSales);
    const promoted = await t.call(userEndpoints.setRole, {
      token: lessor,
      body: { uid: sales, roleId: ROLE.lessorStaff },
    });
    expect(promoted.data.roleId).toBe(ROLE.lessorStaff);
    const above = await t.call(userEndpoints.setRole, {
      token: lessor,
      lang: 'en_US',
      body: { uid: sales, roleId: ROLE.companyAdmin },
    });
    expect(above.status).toBe('403');
    expect(above.message).toBe('You cannot grant this role');
    const own = await t.call(userEndpoints.setRole, {
      token: lessor,
      body: { uid: await t.userId(ROLE.lessorAdmin), roleId: ROLE.lessorStaff },
    });
    expect(own.status).toBe('403');
    const customer = await person('张磊');
    const list = await t.call(userEndpoints.list, { token: lessor, query: { keyword: customer.mobile } });
    expect(list.data.list[0]!.roles).toEqual([ROLE.registeredUser, ROLE.other]);
    const toLessor = await t.call(userEndpoints.setRole, {
      token: lessor,
      body: { uid: customer.id, roleId: ROLE.lessorAdmin },
    });
    expect(toLessor.status).toBe('403');
    const operator = await t.tokenFor(ROLE.companyAdmin);
    const distributorUser = (await t.dbh.db
      .select()
      .from(users)
      .where(and(eq(users.roleId, ROLE.distributor), like(users.mobile, '138%')))
      .get())!;
    const ok = await t.call(userEndpoints.setRole, {
      token: operator,
      body: { uid: customer.id, roleId: ROLE.registeredUser },
    });
    expect(ok.data.roleId).toBe(ROLE.registeredUser);
    const wrong = await t.call(userEndpoints.setRole, {
      token: operator,
      body: { uid: distributorUser.id, roleId: ROLE.companyAdmin },
    });
    expect(wrong.status).toBe('403');
    expect(
      (
        await t.call(userEndpoints.setRole, {
          token: await t.tokenFor(ROLE.companyEmployee),
          body: { uid: sales, roleId: 6 },
        })
      ).status,
    ).toBe('403');
  });
});
