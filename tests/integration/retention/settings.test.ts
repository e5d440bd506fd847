/**
 * The system settings' telemetry retention (docs/decisions/075-telemetry-retention.md) through HTTP: the operator's
 * administrator reads the server-wide raw and bucket days with what the telemetry tables hold now, and changes them
 * within bounds; every other role is refused, and a setting out of bounds is refused with the field and its reason
 * in the user's language.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, ROLE_IDS } from '@console/contract/codes/roles';
import { RETENTION_ADMINS, retentionEndpoints } from '@console/contract/http/retention';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

describe('telemetry retention settings', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor(ROLE.companyAdmin);
  });
  afterAll(() => t.dbh.close());

  const rowsIn = async (table: string) =>
    Number((await t.dbh.db.get<{ n: number | string }>(sql`select count(*) as n from ${sql.identifier(table)}`))!.n);

  it('shows the defaults before anything is saved, with the rows each telemetry table holds', async () => {
    const res = await t.call(retentionEndpoints.get, { token: admin, headers: { timeZone: 'UTC' } });
    expect(res.status).toBe('200');
    expect(res.data).toMatchObject({
      rawDays: 7,
      bucketDays: 400,
      saved: false,
      defaults: { rawDays: 7, bucketDays: 400 },
      bounds: { rawDays: { min: 1, max: 366 }, bucketDays: { min: 30, max: 3660 } },
      updatedAt: '',
      ownSettings: 0,
      horizon: '',
      engine: process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite',
    });
    expect(res.data.tables.map((x) => x.table)).toEqual(['telemetry', 'telemetry_buckets']);
    for (const table of res.data.tables) {
      expect(table.rows, table.table).toBe(await rowsIn(table.table));
      // Both engines tell a table's pages: the tables and their indexes take at least one page each.
      expect(table.bytes, table.table).toBeGreaterThan(0);
    }
  });

  it('saves a new server-wide setting, read back the same', async () => {
    const res = await t.call(retentionEndpoints.update, {
      token: admin,
      body: { rawDays: 31, bucketDays: 730 },
      headers: { timeZone: 'UTC' },
    });
    expect(res.status).toBe('200');
    expect(res.data).toMatchObject({ rawDays: 31, bucketDays: 730, saved: true });
    expect(res.data.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const again = await t.call(retentionEndpoints.get, { token: admin });
    expect(again.data).toMatchObject({ rawDays: 31, bucketDays: 730, saved: true });
  });

  it('takes the bounds themselves', async () => {
    for (const body of [
      { rawDays: 1, bucketDays: 30 },
      { rawDays: 366, bucketDays: 3660 },
      { rawDays: 30, bucketDays: 30 },
    ]) {
      const res = await t.call(retentionEndpoints.update, { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe('200');
      expect(res.data).toMatchObject(body);
    }
  });

  it('refuses a setting out of bounds, naming the field, in the user’s language', async () => {
    const before = (await t.call(retentionEndpoints.get, { token: admin })).data;
    const cases = [
      { body: { rawDays: 0, bucketDays: 400 }, field: 'rawDays', en: 'Keep raw reports from 1 to 366 days' },
      { body: { rawDays: 367, bucketDays: 400 }, field: 'rawDays', en: 'Keep raw reports from 1 to 366 days' },
      { body: { rawDays: 2.5, bucketDays: 400 }, field: 'rawDays', en: 'Keep raw reports from 1 to 366 days' },
      {
        body: { rawDays: 7, bucketDays: 29 },
        field: 'bucketDays',
        en: 'Keep 5-minute summaries from 30 to 3,660 days',
      },
      {
        body: { rawDays: 7, bucketDays: 3661 },
        field: 'bucketDays',
        en: 'Keep 5-minute summaries from 30 to 3,660 days',
      },
      {
        body: { rawDays: 60, bucketDays: 45 },
        field: 'bucketDays',
        en: '5-minute summaries are kept at least as long as raw reports',
      },
    ];
    for (const c of cases) {
      const res = await t.call(retentionEndpoints.update, { token: admin, loose: { body: c.body } });
      expect(res, JSON.stringify(c.body)).toMatchObject({
        status: '400',
        message: `Invalid input: ${c.field}, ${c.en}`,
        data: { field: c.field },
      });
    }
    const zh = await t.call(retentionEndpoints.update, {
      token: admin,
      loose: { body: { rawDays: 60, bucketDays: 45 } },
      lang: 'zh_CN',
    });
    expect(zh).toMatchObject({
      status: '400',
      message: '参数错误：bucketDays，5 分钟汇总的保留天数不能少于原始上报',
      data: { field: 'bucketDays' },
    });
    const text = await t.call(retentionEndpoints.update, {
      token: admin,
      loose: { body: { rawDays: 'seven', bucketDays: 400 } },
      lang: 'zh_CN',
    });
    expect(text).toMatchObject({
      status: '400',
      message: '参数错误：rawDays，原始上报保留天数为 1 到 366 天',
      data: { field: 'rawDays' },
    });
    // Nothing refused was saved.
    const after = (await t.call(retentionEndpoints.get, { token: admin })).data;
    expect({ rawDays: after.rawDays, bucketDays: after.bucketDays }).toEqual({
      rawDays: before.rawDays,
      bucketDays: before.bucketDays,
    });
  });

  it('answers only the operator’s administrator, for reading and for changing', async () => {
    expect(RETENTION_ADMINS).toEqual([ROLE.companyAdmin]);
    const saved = (await t.call(retentionEndpoints.get, { token: admin })).data;
    for (const roleId of ROLE_IDS.filter((r) => r !== ROLE.companyAdmin && r !== ROLE.registeredUser)) {
      const token = await t.tokenFor(roleId);
      expect((await t.call(retentionEndpoints.get, { token })).status, `role ${roleId} reads`).toBe('403');
      const write = await t.call(retentionEndpoints.update, { token, body: { rawDays: 2, bucketDays: 60 } });
      expect(write.status, `role ${roleId} writes`).toBe('403');
    }
    expect((await t.call(retentionEndpoints.get, {})).status).toBe('401');
    const after = (await t.call(retentionEndpoints.get, { token: admin })).data;
    expect(after).toMatchObject({ rawDays: saved.rawDays, bucketDays: saved.bucketDays });
  });
});
