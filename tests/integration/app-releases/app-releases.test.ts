import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { appReleaseEndpoints, compareVersions, type ReleaseRow } from '@console/contract/http/app-releases';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

const LIFTGO = { host: 'console.liftgo.example' };

describe('app releases', () => {
  let t: TestApp;
  const admin = () => t.tokenFor(ROLE.companyAdmin);
  const list = async (query: Record<string, unknown> = {}, headers?: Record<string, string>) =>
    t.call(appReleaseEndpoints.list, { token: await admin(), query: { pageSize: 50, ...query }, headers });
  const check = (version: string, platform: 'android' | 'ios' = 'android', headers?: Record<string, string>) =>
    t.call(appReleaseEndpoints.check, { query: { platform, version }, headers });
  const release = (fields: Record<string, unknown> = {}) => ({
    platform: 'android' as const,
    version: '2.10.0',
    notes: 'Contracts signed in the app',
    downloadUrl: 'https://www.zjcloud.example/app/android-2.10.0.apk',
    mandatory: false,
    ...fields,
  });

  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  it('compares versions as numbers', () => {
    expect(compareVersions('2.10.0', '2.9.9')).toBeGreaterThan(0);
    expect(compareVersions('2.4.0', '2.4.0')).toBe(0);
    expect(compareVersions('1.99.99', '2.0.0')).toBeLessThan(0);
  });

  it('tells a running app of the newest release, and to update when a newer one is required', async () => {
    const rows = (await list({ platform: 'ios' })).data.list as ReleaseRow[];
    expect(rows.map((r) => [r.version, r.latest])).toEqual([
      ['2.5.1', true],
      ['2.4.0', false],
      ['2.3.0', false],
    ]);
    expect((await check('2.5.1')).data).toMatchObject({ latest: '2.5.1', updateAvailable: false, mustUpdate: false });
    expect((await check('2.4.0')).data).toMatchObject({ updateAvailable: true, mustUpdate: false });
    expect((await check('2.2.9')).data).toMatchObject({ updateAvailable: true, mustUpdate: true });
    expect((await check('2.4.0', 'android', LIFTGO)).data.notes).toMatch(/^Faster alarm notifications/);

    const published = await t.call(appReleaseEndpoints.publish, {
      token: await admin(),
      body: release({ mandatory: true }),
    });
    expect(published.status, published.message).toBe('200');
    expect((await check('2.9.0')).data).toMatchObject({ latest: '2.10.0', mustUpdate: true });
    expect((await check('2.9.0', 'ios')).data.latest).toBe('2.5.1');
    expect((await check('2.9.0', 'android', LIFTGO)).data.latest).toBe('2.5.1');

    // Withdrawn, the release before it is offered again.
    expect(
      (await t.call(appReleaseEndpoints.withdraw, { token: await admin(), body: { id: published.data.id } })).status,
    ).toBe('200');
    expect((await check('2.4.0')).data).toMatchObject({ latest: '2.5.1', mustUpdate: false });
  });

  it('refuses a version that is not newer, or malformed, and keeps nothing', async () => {
    const before = (await list()).data.total;
    const refusals = [
      [{ version: '2.5.1' }, 'version', 'newer than every published release'],
      [{ version: '2.5.0' }, 'version', 'newer than every published release'],
      [{ version: '3.0' }, 'version', 'three numbers separated by dots'],
      [{ downloadUrl: 'http://example.com/app.apk' }, 'downloadUrl', 'starts with https://'],
      [{ notes: ' ' }, 'notes', 'This field is required'],
    ] as const;
    for (const [fields, field, message] of refusals) {
      const answer = await t.call(appReleaseEndpoints.publish, {
        token: await admin(),
        loose: { body: release(fields) },
      });
      expect(answer.data.field, JSON.stringify(fields)).toBe(field);
      expect(answer.message).toContain(message);
    }
    expect((await list()).data.total).toBe(before);
  });

  it("keeps one brand's releases out of another's console, and the page from everyone but the platform's staff", async () => {
    const english = ((await list({}, LIFTGO)).data.list as ReleaseRow[])[0]!;
    const edit = { id: english.id, notes: 'changed', downloadUrl: 'https://x.example/a', mandatory: false };
    expect((await t.call(appReleaseEndpoints.update, { token: await admin(), body: edit })).status).toBe('404');
    expect(
      (await t.call(appReleaseEndpoints.withdraw, { token: await admin(), body: { id: english.id } })).status,
    ).toBe('404');
    const mine = await t.call(appReleaseEndpoints.update, { token: await admin(), body: edit, headers: LIFTGO });
    expect(mine.status, mine.message).toBe('200');
    expect((await check('2.0.0', english.platform, LIFTGO)).data.notes).toBe(
      english.latest ? 'changed' : english.notes,
    );
    for (const role of [ROLE.lessorAdmin, ROLE.finance, ROLE.other]) {
      expect((await t.call(appReleaseEndpoints.list, { token: await t.tokenFor(role) })).status, `role ${role}`).toBe(
        '403',
      );
    }
  });
});
