import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { activityEndpoints, type ActivityRow } from '@console/contract/http/activities';
import { activityPushes } from '@console/db/schema/activities';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

const LIFTGO = { host: 'console.liftgo.example' };
const HOUR = 3600_000;

describe('activities and message push', () => {
  let t: TestApp;
  let now: number;
  const admin = () => t.tokenFor(ROLE.companyEmployee);
  const list = async (query: Record<string, unknown> = {}, headers?: Record<string, string>) =>
    t.call(activityEndpoints.list, { token: await admin(), query: { pageSize: 50, ...query }, headers });
  const liveTitles = async (query: Record<string, unknown> = {}, headers?: Record<string, string>) =>
    (await t.call(activityEndpoints.live, { loose: { query }, headers })).data.list.map((a) => a.title);
  const form = (fields: Record<string, unknown> = {}) => ({
    title: 'Winter hire fair',
    version: '',
    platform: 'all',
    image: '/machine-kinds/forklift.svg',
    h5Path: 'https://www.zjcloud.example/fair',
    content: 'Every boom lift at the winter rate.',
    startAt: now - HOUR,
    endAt: now + 48 * HOUR,
    push: 'now',
    pushAt: null,
    ...fields,
  });
  const pushesOf = (id: number) =>
    t.dbh.db.select().from(activityPushes).where(eq(activityPushes.activityId, id)).all();

  beforeEach(async () => {
    t = await createTestApp();
    now = t.deps.now();
  });
  afterEach(() => t.dbh.close());

  it("lists each brand's activities, expired by their end time, and the app reads the live ones of its platform", async () => {
    const states = (rows: ActivityRow[]) => new Set(rows.map((a) => a.state));
    const chinese = await list();
    expect(states(chinese.data.list)).toEqual(new Set(['notExpired', 'expired']));
    const expired = (await list({ state: 'expired' })).data.list;
    expect(expired.length).toBeGreaterThan(0);
    for (const a of expired) expect(a.endMs).toBeLessThan(now);
    expect((await list({ platform: 'ios' })).data.list.every((a) => a.platform === 'ios')).toBe(true);
    expect(await liveTitles()).toEqual(['新版远程锁车上线', '双十二高空车租赁季']);
    // An iOS app sees the activities for every platform, not the Android one; an old app not the one from 3.2.0.
    expect(await liveTitles({ platform: 'ios' })).toEqual(['双十二高空车租赁季']);
    expect(await liveTitles({ platform: 'android', version: '3.1.9' })).toEqual(['双十二高空车租赁季']);
    expect(await liveTitles({}, LIFTGO)).toEqual(['Remote lock in the app', 'Year-end aerial hire season']);
    expect(await liveTitles({ appid: 'liftgo' })).toHaveLength(2);
    // The scheduled one has its push waiting; the live ones were pushed.
    const scheduled = chinese.data.list.find((a) => a.startMs > now)!;
    expect(scheduled.pushState).toBe('scheduled');
    expect(chinese.data.list.find((a) => a.title === '双十二高空车租赁季')?.pushState).toBe('pushed');
  });

  it('records a push now in the outbox, a scheduled one waiting, and the app shows it until it expires', async () => {
    const made = await t.call(activityEndpoints.create, { token: await admin(), loose: { body: form() } });
    expect(made.status, made.message).toBe('200');
    expect(await pushesOf(made.data.id)).toHaveLength(1);
    expect((await liveTitles())[0]).toBe('Winter hire fair');
    const row = (await list({ keyword: 'winter hire' })).data.list[0]!;
    expect(row).toMatchObject({ state: 'notExpired', pushState: 'pushed', pushes: 1 });

    const later = now + 5 * HOUR;
    const edit = await t.call(activityEndpoints.update, {
      token: await admin(),
      loose: { body: { ...form({ push: 'scheduled', pushAt: later }), id: made.data.id } },
    });
    expect(edit.status, edit.message).toBe('200');
    expect((await pushesOf(made.data.id)).some((p) => p.dueAt.getTime() === later)).toBe(true);
    expect((await list({ keyword: 'winter hire' })).data.list[0]).toMatchObject({ pushState: 'scheduled', pushes: 2 });

    // Two days on, it has expired: the app no longer shows it, the list counts it expired.
    t.advance(49 * HOUR);
    expect(await liveTitles()).not.toContain('Winter hire fair');
    expect((await list({ state: 'expired', keyword: 'winter hire' })).data.total).toBe(1);

    expect((await t.call(activityEndpoints.remove, { token: await admin(), body: { id: made.data.id } })).status).toBe(
      '200',
    );
    expect((await list({ keyword: 'winter hire' })).data.total).toBe(0);
  });

  it('refuses an end before the start and other bad input with a localised reason, keeping nothing', async () => {
    const before = (await list()).data.total;
    const refusals = [
      [{ endAt: now - 2 * HOUR }, 'endAt', 'The end time is not before the start time'],
      [{ h5Path: 'javascript:alert(1)' }, 'h5Path', 'The H5 path is a web address'],
      [{ image: '' }, 'image', 'Upload the activity’s picture'],
      [{ push: 'scheduled', pushAt: null }, 'pushAt', 'Select the push time'],
      [{ push: 'scheduled', pushAt: now + 72 * HOUR }, 'pushAt', 'The push time is not after the activity ends'],
      [{ version: 'latest' }, 'version', ''],
    ] as const;
    for (const [fields, field, message] of refusals) {
      const answer = await t.call(activityEndpoints.create, { token: await admin(), loose: { body: form(fields) } });
      expect(answer.status, field).not.toBe('200');
      expect(answer.data.field).toBe(field);
      expect(answer.message).toContain(message);
    }
    const zh = await t.call(activityEndpoints.create, {
      token: await admin(),
      lang: 'zh_CN',
      loose: { body: form({ endAt: now - 2 * HOUR }) },
    });
    expect(zh.message).toContain('结束时间不能早于开始时间');
    expect((await list()).data.total).toBe(before);
  });

  it("keeps one brand's activities out of another's console, and the page from everyone but the platform's staff", async () => {
    const english = (await list({}, LIFTGO)).data.list[0]!;
    const change = await t.call(activityEndpoints.update, {
      token: await admin(),
      loose: { body: { ...form(), id: english.id } },
    });
    expect(change.status).toBe('404');
    expect((await t.call(activityEndpoints.remove, { token: await admin(), body: { id: english.id } })).status).toBe(
      '404',
    );
    for (const role of [ROLE.lessorAdmin, ROLE.finance, ROLE.distributor, ROLE.other]) {
      expect((await t.call(activityEndpoints.list, { token: await t.tokenFor(role) })).status, `role ${role}`).toBe(
        '403',
      );
    }
  });
});
