import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { bindEndpoints } from '@console/contract/http/approvals';
import { organisations, sessions, users } from '@console/db/schema/accounts';
import { bindRequests } from '@console/db/schema/approvals';
import { createSession } from '@console/server/src/lib/session';
import { devices } from '@console/db/schema/devices';
import { SUBLESSOR_DEMO_ACCOUNT } from '@console/db/seed/lease-sublease';
import { JOIN_MOBILES } from '@console/db/seed/approvals';
import { customerPersonMobile } from '@console/db/seed/people';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { approvalsOf } from './helpers.ts';
import { BUSINESSES } from '@console/db/seed/business';

const DAY = 86_400_000;

describe('binding requests', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof approvalsOf>>;
  beforeEach(async () => {
    t = await createTestApp();
    a = await approvalsOf(t);
  });
  afterEach(() => t.dbh.close());

  it('lists the requests addressed to the company and its customers, filtered, with the requester masked', async () => {
    const token = await t.tokenFor(ROLE.lessorStaff);
    const all = await t.call(bindEndpoints.list, { token, query: { pageSize: 100 } });
    expect(all.data.list.length).toBeGreaterThanOrEqual(6);
    expect(all.data.list.every((r) => r.orgName === BUSINESSES[0]!.names.en)).toBe(true);
    expect(new Set(all.data.list.map((r) => r.state))).toEqual(new Set(['pending', 'approved', 'rejected']));
    const pending = await t.call(bindEndpoints.list, { token, query: { state: 'pending', kind: 'machine' } });
    expect(pending.data.list.length).toBeGreaterThan(0);
    expect(pending.data.list.every((r) => r.state === 'pending' && r.kind === 'machine')).toBe(true);
    expect(pending.data.list.every((r) => r.actions.includes('approve') && r.actions.includes('reject'))).toBe(true);
    // 王伟 asked for a machine: his name leaves the server masked.
    const his = await t.call(bindEndpoints.list, { token, query: { keyword: customerPersonMobile(0) } });
    expect(his.data.list[0]).toMatchObject({ requesterName: '王*', requesterMobile: customerPersonMobile(0) });
    expect(JSON.stringify(his.data)).not.toContain('王伟');
    // Days: the requests made in the last day, by the server's clock.
    await t.dbh.db
      .update(bindRequests)
      .set({ createdAt: new Date(t.deps.now() - 10 * DAY) })
      .run();
    const recent = all.data.list[0]!.id;
    await t.dbh.db
      .update(bindRequests)
      .set({ createdAt: new Date(t.deps.now() - 3600_000) })
      .where(eq(bindRequests.id, recent))
      .run();
    const today = await t.call(bindEndpoints.list, { token, query: { days: 1, pageSize: 100 } });
    expect(today.data.list.map((r) => r.id)).toEqual([recent]);
    expect((await t.call(bindEndpoints.list, { token, query: { days: 15, pageSize: 100 } })).data.total).toBe(
      all.data.total,
    );
    // The operator sees every company's.
    const operator = await t.call(bindEndpoints.list, {
      token: await t.tokenFor(ROLE.companyEmployee),
      query: { pageSize: 100 },
    });
    expect(new Set(operator.data.list.map((r) => r.orgName)).size).toBe(3);
  });

  it('approves a join with the role picked: the person becomes a member, signed out; never above the approver', async () => {
    const request = await a.request(a.huadong.id, 'join', 'pending');
    const requester = await a.person(JOIN_MOBILES[0]);
    await createSession(t.dbh.db, requester.id, 'console', '127.0.0.1', t.deps.now() + 3600_000);
    const staff = await t.tokenFor(ROLE.lessorStaff);
    const detail = await t.call(bindEndpoints.detail, { token: staff, query: { id: request.id } });
    expect(detail.data.roles).toEqual([ROLE.lessorSales, ROLE.technician, ROLE.lessorStaff]);
    const missing = await t.call(bindEndpoints.approve, { token: staff, body: { ids: [request.id] }, lang: 'en_US' });
    expect(missing).toMatchObject({ status: '400', data: { field: 'roleId' } });
    expect(missing.message).toContain('Select the role');
    const above = await t.call(bindEndpoints.approve, {
      token: staff,
      body: { ids: [request.id], roleId: ROLE.lessorAdmin },
      lang: 'zh_CN',
    });
    expect(above).toMatchObject({ status: '400', data: { field: 'roleId' } });
    expect(above.message).toContain('不能授予该角色');
    const operatorRole = await t.call(bindEndpoints.approve, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      body: { ids: [request.id], roleId: ROLE.companyAdmin },
      lang: 'en_US',
    });
    expect(operatorRole.message).toContain('You cannot give this role (never above your own)');
    expect((await a.requestById(request.id)).state).toBe('pending');

    const ok = await t.call(bindEndpoints.approve, {
      token: staff,
      body: { ids: [request.id], roleId: ROLE.lessorSales },
    });
    expect(ok).toMatchObject({ status: '200', data: { count: 1 } });
    expect(await a.person(JOIN_MOBILES[0])).toMatchObject({ orgId: a.huadong.id, roleId: ROLE.lessorSales });
    expect(await a.requestById(request.id)).toMatchObject({ state: 'approved', roleId: ROLE.lessorSales });
    expect(await t.dbh.db.select().from(sessions).where(eq(sessions.userId, requester.id)).all()).toHaveLength(0);
  });

  it('approves a machine binding: the machine is bound to the customer who asked', async () => {
    const request = await a.request(a.huadong.id, 'machine', 'pending');
    expect((await a.device(request.deviceId!)).customerOrgId).toBeNull();
    const ok = await t.call(bindEndpoints.approve, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      body: { ids: [request.id] },
    });
    expect(ok.status).toBe('200');
    expect((await a.device(request.deviceId!)).customerOrgId).toBe(request.requesterOrgId);
    const row = await t.call(bindEndpoints.detail, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      query: { id: request.id },
    });
    expect(row.data.request).toMatchObject({ state: 'approved', actions: [] });
    expect(row.data.request.decidedByName).not.toBe('');
  });

  it('rejects with a reason, required in both languages', async () => {
    const request = await a.request(a.huadong.id, 'machine', 'pending');
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const none = await t.call(bindEndpoints.reject, { token, body: { ids: [request.id], reason: ' ' }, lang: 'en_US' });
    expect(none).toMatchObject({ status: '400', data: { field: 'reason' } });
    expect(none.message).toContain('Enter the reason for rejecting');
    const zh = await t.call(bindEndpoints.reject, { token, loose: { body: { ids: [request.id] } }, lang: 'zh_CN' });
    expect(zh.message).toContain('请填写驳回原因');
    const ok = await t.call(bindEndpoints.reject, { token, body: { ids: [request.id], reason: '设备不在合同中' } });
    expect(ok.status).toBe('200');
    expect(await a.requestById(request.id)).toMatchObject({ state: 'rejected', reason: '设备不在合同中' });
    expect((await a.device(request.deviceId!)).customerOrgId).toBeNull();
  });

  it('refuses a batch holding a decided request, changing nothing (spec section 8)', async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const open = await a.request(a.huadong.id, 'machine', 'pending');
    const approved = await a.request(a.huadong.id, 'machine', 'approved');
    const rejected = await a.request(a.huadong.id, 'join', 'rejected');
    const en = await t.call(bindEndpoints.approve, { token, body: { ids: [open.id, approved.id] }, lang: 'en_US' });
    expect(en).toMatchObject({ status: '409', message: 'operation failed, contains approved order' });
    const zh = await t.call(bindEndpoints.reject, {
      token,
      body: { ids: [open.id, approved.id], reason: 'x' },
      lang: 'zh_CN',
    });
    expect(zh).toMatchObject({ status: '409', message: '操作失败，包含已审核通过的订单' });
    const withRejected = await t.call(bindEndpoints.approve, {
      token,
      body: { ids: [open.id, rejected.id] },
      lang: 'en_US',
    });
    expect(withRejected).toMatchObject({ status: '409', message: 'operation failed, contains rejected order' });
    expect((await a.requestById(open.id)).state).toBe('pending');
    expect((await a.device(open.deviceId!)).customerOrgId).toBeNull();
  });

  it('refuses requests whose requester is no customer identity any more (spec section 8), the whole batch', async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const machine = await a.request(a.huadong.id, 'machine', 'pending');
    const join = await a.request(a.huadong.id, 'join', 'pending');
    // The person who asked for the machine became a rental company's employee since.
    await t.dbh.db
      .update(users)
      .set({ orgId: a.huadong.id, roleId: ROLE.lessorSales })
      .where(eq(users.id, machine.requesterId))
      .run();
    const en = await t.call(bindEndpoints.approve, {
      token,
      body: { ids: [join.id, machine.id], roleId: ROLE.lessorSales },
      lang: 'en_US',
    });
    expect(en).toMatchObject({
      status: '409',
      message: 'operation failed, contains orders not from a customer identity',
    });
    const zh = await t.call(bindEndpoints.approve, { token, body: { ids: [machine.id] }, lang: 'zh_CN' });
    expect(zh.message).toBe('操作失败，包含非客户身份的订单');
    expect((await a.requestById(join.id)).state).toBe('pending');
    expect((await a.person(JOIN_MOBILES[0])).roleId).toBe(ROLE.registeredUser);
  });

  it("answers another company's request as not found, to read and to decide", async () => {
    const theirs = await a.request(a.pearl.id, 'join', 'pending');
    const token = await t.tokenFor(ROLE.lessorAdmin);
    expect((await t.call(bindEndpoints.detail, { token, query: { id: theirs.id } })).status).toBe('404');
    const approve = await t.call(bindEndpoints.approve, {
      token,
      body: { ids: [theirs.id], roleId: ROLE.lessorSales },
      lang: 'en_US',
    });
    expect(approve).toMatchObject({ status: '404', message: 'The record does not exist' });
    const reject = await t.call(bindEndpoints.reject, {
      token,
      body: { ids: [theirs.id], reason: 'no' },
      lang: 'zh_CN',
    });
    expect(reject).toMatchObject({ status: '404', message: '数据不存在' });
    expect((await a.requestById(theirs.id)).state).toBe('pending');
    // The salesperson decides nothing.
    expect((await t.call(bindEndpoints.list, { token: await t.tokenFor(ROLE.lessorSales) })).status).toBe('403');
  });

  it('takes requests from the app: join by credit code, machine by serial, each once, from a customer identity', async () => {
    const token = await t.tokenFor(ROLE.other);
    const unknown = await t.call(bindEndpoints.requestJoin, {
      token,
      body: { creditCode: '91440101MA5CXK7Q4A' },
      lang: 'en_US',
    });
    expect(unknown).toMatchObject({ status: '400', data: { field: 'creditCode' } });
    expect(unknown.message).toContain('No company has this registration number (credit code or ABN)');
    const joined = await t.call(bindEndpoints.requestJoin, { token, body: { creditCode: '91440101ma5cxk7q37' } });
    expect(joined.status).toBe('200');
    expect(await a.requestById(joined.data.id)).toMatchObject({ kind: 'join', orgId: a.pearl.id, state: 'pending' });
    const again = await t.call(bindEndpoints.requestJoin, {
      token,
      body: { creditCode: '91440101MA5CXK7Q37' },
      lang: 'zh_CN',
    });
    expect(again).toMatchObject({ status: '409', message: '已有相同的申请正在审核中' });
    // A company abroad is named by its ABN, typed as people write it.
    const northwind = (await t.dbh.db
      .select()
      .from(organisations)
      .where(eq(organisations.name, 'Northwind Equipment Hire'))
      .get())!;
    const abn = northwind.creditCode.replace(/^(\d{2})(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4');
    expect(abn).toMatch(/^\d{2} \d{3} \d{3} \d{3}$/);
    const byAbn = await t.call(bindEndpoints.requestJoin, { token, body: { creditCode: abn } });
    expect(byAbn.status, byAbn.message).toBe('200');
    expect(await a.requestById(byAbn.data.id)).toMatchObject({ kind: 'join', orgId: northwind.id, state: 'pending' });

    const noMachine = await t.call(bindEndpoints.requestMachine, { token, body: { serialNumber: 'NO-SUCH-1' } });
    expect(noMachine).toMatchObject({ status: '400', data: { field: 'serialNumber' } });
    const bound = await a.request(a.huadong.id, 'machine', 'approved');
    const taken = await t.call(bindEndpoints.requestMachine, {
      token,
      body: { serialNumber: bound.serialNumber },
      lang: 'en_US',
    });
    expect(taken).toMatchObject({
      status: '409',
      message: `Machine ${bound.serialNumber} is already bound to a customer`,
    });
    const free = await a.request(a.huadong.id, 'machine', 'rejected');
    const asked = await t.call(bindEndpoints.requestMachine, { token, body: { serialNumber: free.serialNumber } });
    expect(asked.status).toBe('200');
    const mine = await t.call(bindEndpoints.mine, { token });
    expect(mine.data.list.map((r) => r.id)).toEqual(expect.arrayContaining([joined.data.id, asked.data.id]));
    expect(mine.data.list.every((r) => r.id !== bound.id)).toBe(true);

    // A rental company's person is no customer identity: the app refuses, and so does the contract for staff.
    expect(
      (
        await t.call(bindEndpoints.requestJoin, {
          token: await t.tokenFor(ROLE.lessorAdmin),
          body: { creditCode: '91440101MA5CXK7Q37' },
        })
      ).status,
    ).toBe('403');
  });

  it('refuses a machine bound to another customer meanwhile, and a request from a sub-lessor (no customer identity)', async () => {
    const request = await a.request(a.huadong.id, 'machine', 'pending');
    const other = await a.request(a.huadong.id, 'machine', 'approved');
    await t.dbh.db
      .update(devices)
      .set({ customerOrgId: other.requesterOrgId })
      .where(eq(devices.id, request.deviceId!))
      .run();
    const taken = await t.call(bindEndpoints.approve, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      body: { ids: [request.id] },
      lang: 'zh_CN',
    });
    expect(taken).toMatchObject({ status: '409', message: `设备 ${request.serialNumber} 已绑定客户` });
    expect((await a.requestById(request.id)).state).toBe('pending');

    const sublessor = await t.tokenForAccount(SUBLESSOR_DEMO_ACCOUNT);
    const refused = await t.call(bindEndpoints.requestJoin, {
      token: sublessor,
      body: { creditCode: '91440101MA5CXK7Q37' },
      lang: 'en_US',
    });
    expect(refused).toMatchObject({
      status: '409',
      message: 'operation failed, contains orders not from a customer identity',
    });
  });
});
