import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROLE, ROLE_IDS, type RoleId } from '@console/contract/codes/roles';
import { commandEndpoints, type CommandItem } from '@console/contract/http/commands';
import { COMMAND_ROLES } from '@console/contract/access/commands';
import { commands, devices } from '@console/db/schema/devices';
import { organisations } from '@console/db/schema/accounts';
import { DEMO_PASSWORD } from '@console/db/seed/accounts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { orgOf, ownedMachine, withCredential } from './helpers.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';

describe('command endpoints: roles, organisation scope, validation, lists', () => {
  let t: TestApp;
  let lessorA: number;
  let lessorB: number;
  beforeEach(async () => {
    t = await createTestApp();
    lessorA = await orgOf(t.dbh, ROLE.lessorAdmin);
    lessorB = (await t.dbh.db.select().from(organisations).where(eq(organisations.kind, 'lessor')).all()).find(
      (o) => o.id !== lessorA,
    )!.id;
  });
  afterEach(() => t.dbh.close());

  const as = async (roleId: RoleId) => {
    const token = await t.tokenFor(roleId);
    return {
      create: async (body: { type: string; deviceIds: number[]; [field: string]: unknown }) =>
        t.call(commandEndpoints.create, { token, loose: { body: await withCredential(t, roleId, body) } }),
      list: (query: object = {}) => t.call(commandEndpoints.list, { token, loose: { query } }),
      detail: (id: string) => t.call(commandEndpoints.detail, { token, query: { id } }),
      cancel: (id: string) => t.call(commandEndpoints.cancel, { token, body: { id } }),
    };
  };
  const commandCount = async () => (await t.dbh.db.select().from(commands).all()).length;

  it('lets only the operator’s employees and administrators and the lessor’s administrators command', async () => {
    const own = await ownedMachine(t.dbh, lessorA, false);
    const operator = await as(ROLE.companyAdmin);
    const { id } = (await operator.create({ deviceIds: [own.id], type: 'lock', level: 'lock1' })).data.list[0];
    for (const roleId of ROLE_IDS.filter((r) => r !== ROLE.registeredUser)) {
      const caller = await as(roleId);
      const answers = [
        await caller.list(),
        await caller.detail(id),
        await caller.create({ deviceIds: [own.id], type: 'wake' }),
        await caller.cancel('no-such-command'),
      ];
      const allowed = (COMMAND_ROLES as readonly number[]).includes(roleId);
      expect(
        answers.map((a) => a.status),
        `role ${roleId}`,
      ).toEqual(allowed ? ['200', '200', '200', '404'] : ['403', '403', '403', '403']);
    }
    expect(COMMAND_ROLES).toEqual([ROLE.companyEmployee, ROLE.companyAdmin, ROLE.lessorAdmin, ROLE.lessorStaff]);
  });

  it('locks, unlocks and sleeps only for the roles and with the credential the one rule asks', async () => {
    const own = await ownedMachine(t.dbh, lessorA, true);
    const raw = async (roleId: RoleId, body: object, lang?: 'zh_CN') =>
      t.call(commandEndpoints.create, { token: await t.tokenFor(roleId), loose: { body }, ...(lang ? { lang } : {}) });
    const before = await commandCount();
    // Administrative staff follow commands but never lock, not even with their own password.
    for (const type of ['lock', 'unlock'] as const) {
      const body = { deviceIds: [own.id], type, level: 'preLock1', password: DEMO_PASSWORD };
      expect(await raw(ROLE.lessorStaff, body), type).toMatchObject({
        status: '403',
        message: 'Only a company administrator may lock or unlock machines',
      });
      expect((await raw(ROLE.companyEmployee, body)).status).toBe('403');
    }
    expect((await raw(ROLE.lessorStaff, { deviceIds: [own.id], type: 'lock', level: 'lock1' }, 'zh_CN')).message).toBe(
      '仅企业管理员可以锁车或解锁',
    );
    // An administrator needs the password, and the right one; a sleep needs the text-message code.
    expect(await raw(ROLE.lessorAdmin, { deviceIds: [own.id], type: 'lock', level: 'preLock1' })).toMatchObject({
      status: '400',
      data: { field: 'password' },
    });
    const wrong = await raw(
      ROLE.lessorAdmin,
      { deviceIds: [own.id], type: 'unlock', password: 'not-my-password' },
      'zh_CN',
    );
    expect(wrong).toMatchObject({ status: '400', message: '验证密码错误', data: { field: 'password' } });
    expect(await raw(ROLE.lessorAdmin, { deviceIds: [own.id], type: 'sleep' })).toMatchObject({
      status: '400',
      message: expect.stringContaining('Please enter the verification code'),
    });
    expect((await raw(ROLE.lessorStaff, { deviceIds: [own.id], type: 'sleep', code: '123456' })).message).toBe(
      'verification code error, re-enter',
    );
    expect(await commandCount()).toBe(before);
    // With them, it is queued, and the lock shows as a lock task.
    const locked = await (await as(ROLE.lessorAdmin)).create({ deviceIds: [own.id], type: 'lock', level: 'preLock1' });
    expect(locked.status).toBe('200');
    expect((await (await as(ROLE.lessorStaff)).create({ deviceIds: [own.id], type: 'sleep' })).status).toBe('200');
    expect(await commandCount()).toBe(before + 2);
  });

  it('keeps a lessor away from another lessor’s machines and commands', async () => {
    const mine = await ownedMachine(t.dbh, lessorA, false);
    const theirs = await ownedMachine(t.dbh, lessorB, false);
    const operator = await as(ROLE.companyAdmin);
    const foreign = (await operator.create({ deviceIds: [theirs.id], type: 'lock', level: 'lock2' })).data.list[0];
    for (const roleId of [ROLE.lessorAdmin, ROLE.lessorStaff] as const) {
      const lessor = await as(roleId);
      const before = await commandCount();
      expect(await lessor.create({ deviceIds: [theirs.id], type: 'wake' })).toMatchObject({
        status: '403',
        message: 'You have no permission for this operation',
      });
      // One foreign machine refuses the whole request.
      expect(
        (await lessor.create({ deviceIds: [mine.id, theirs.id], type: 'params', params: { overspeedKmh: 0 } })).status,
      ).toBe('403');
      expect(await commandCount()).toBe(before);
      expect((await lessor.detail(foreign.id)).status).toBe('404');
      expect((await lessor.cancel(foreign.id)).status).toBe('404');
      const listed = await lessor.list({ pageSize: 200 });
      expect(listed.data.list.map((c: { id: string }) => c.id)).not.toContain(foreign.id);
      expect((await lessor.list({ deviceId: theirs.id })).data.total).toBe(0);
    }
    expect((await operator.detail(foreign.id)).data.state).toBe('queued');
    const own = await (await as(ROLE.lessorAdmin)).create({ deviceIds: [mine.id], type: 'lock', level: 'lock1' });
    expect(own.status).toBe('200');
    // The operator sees and commands every lessor's machines.
    const seen = (await operator.list({ pageSize: 200 })).data.list.map((c: { id: string }) => c.id);
    expect(seen).toEqual(expect.arrayContaining([foreign.id, own.data.list[0].id]));
    expect((await (await as(ROLE.lessorStaff)).cancel(own.data.list[0].id)).data.state).toBe('cancelled');
  });

  it('refuses bad input with the field and a localised message, and an unknown machine', async () => {
    const admin = await as(ROLE.lessorAdmin);
    const own = await ownedMachine(t.dbh, lessorA, false);
    const before = await commandCount();
    expect(await admin.create({ deviceIds: [], type: 'lock', level: 'lock1' })).toMatchObject({
      status: '400',
      message: 'Invalid input: deviceIds, Please select machinery',
    });
    expect(await admin.create({ deviceIds: [own.id], type: 'lock' })).toMatchObject({
      status: '400',
      data: { field: 'level' },
    });
    expect((await admin.create({ deviceIds: [own.id], type: 'lock', level: 'unlocked' })).data.field).toBe('level');
    expect((await admin.create({ deviceIds: [own.id], type: 'params', params: {} })).data.field).toBe('params');
    expect((await admin.create({ deviceIds: [own.id], type: 'params', params: { overspeedKmh: -1 } })).data.field).toBe(
      'params.overspeedKmh',
    );
    expect((await admin.create({ deviceIds: [own.id], type: 'lock', level: 'lock1', ttlMinutes: 0 })).status).toBe(
      '400',
    );
    const zh = await t.call(commandEndpoints.create, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      lang: 'zh_CN',
      body: { deviceIds: [], type: 'sleep' },
    });
    expect(zh.message).toBe('参数错误：deviceIds，请选择机械');
    expect((await admin.create({ deviceIds: [99_999_999], type: 'wake' })).status).toBe('404');
    expect(await commandCount()).toBe(before);
  });

  it('lists commands newest first with filters and paging, and tells when machines must come online', async () => {
    const admin = await as(ROLE.lessorAdmin);
    const [a, b] = [await ownedMachine(t.dbh, lessorA, false, 0), await ownedMachine(t.dbh, lessorA, false, 1)];
    const locks = await admin.create({ deviceIds: [a.id, b.id], type: 'lock', level: 'preLock1', mode: 'onPosition' });
    expect(locks).toMatchObject({ status: '200', data: { waiting: 2 } });
    expect(locks.message).toContain('2 of the machines are offline or asleep');
    t.advance(1000);
    const params = await admin.create({ deviceIds: [a.id], type: 'params', params: { overspeedKmh: 0 } });
    t.advance(1000);
    const sleep = (await admin.create({ deviceIds: [b.id], type: 'sleep' })).data.list[0];
    await admin.cancel(sleep.id);

    const mineOnly = (list: CommandItem[]) => list.filter((c) => c.deviceId === a.id || c.deviceId === b.id);
    const all = mineOnly((await admin.list({ pageSize: 200 })).data.list);
    expect(all.map((c) => c.type)).toEqual(['sleep', 'params', 'lock', 'lock']);
    expect(all[1]).toMatchObject({ params: { overspeedKmh: 0 }, level: null, mode: null });
    expect(all[2]).toMatchObject({ level: 'preLock1', mode: 'onPosition', createdByName: expect.any(String) });

    expect((await admin.list({ type: 'lock', deviceId: a.id })).data.total).toBe(1);
    expect((await admin.list({ deviceId: b.id, execution: 4 })).data.list).toMatchObject([{ id: sleep.id }]);
    expect((await admin.list({ deviceId: b.id, state: 'queued' })).data.total).toBe(1);
    expect((await admin.list({ keyword: a.serialNumber.slice(-6).toLowerCase() })).data.list[0].deviceId).toBe(a.id);
    expect((await admin.list({ keyword: '%' })).data.total).toBe(0);
    const page = await admin.list({ deviceId: a.id, pageSize: 1, page: 2 });
    expect(page.data).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page.data.list[0].type).toBe('lock');
    const oldest = await admin.list({ deviceId: a.id, sortField: 'createdAt', sortOrder: 'ascend' });
    expect(oldest.data.list.map((c: { type: string }) => c.type)).toEqual(['lock', 'params']);
    expect(params.data.list[0].expiresAt > params.data.list[0].createdAt).toBe(true);
    // No machine of these was online, so nothing was sent or claimed delivered.
    const rows = await t.dbh.db.select().from(commands).where(eq(commands.deviceId, a.id)).all();
    await expectEvery(rows, (r) => r.sentAt === null && r.deliveredAt === null);
    expect((await t.dbh.db.select().from(devices).where(eq(devices.id, a.id)).get())!.online).toBe(false);
  });
});
