import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FINISHED_STATES } from '@console/contract/codes/quality';
import { ROLE } from '@console/contract/codes/roles';
import { qualityEndpoints as api } from '@console/contract/http/quality';
import { qualityInspectionItems, qualityInspections } from '@console/db/schema/quality';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

const CHINESE = /[\u4e00-\u9fff]/;

/**
 * The demo inspects the Chinese brands' machines under the Chinese test sheets and the global brand's under the
 * English one, so one check is kept under two titles (decision 055): the overview counts it once, in the reader's
 * language.
 */
describe('the items failing most, in the reader’s language', () => {
  let t: TestApp;
  let inspector: string;
  beforeEach(async () => {
    t = await createTestApp();
    inspector = await t.tokenFor(ROLE.companyEmployee);
  });
  afterEach(() => t.dbh.close());

  /** Failed items of finished inspections kept under any of these titles. */
  const failuresOf = async (...titles: string[]) =>
    (
      await t.dbh.db
        .select({ id: qualityInspectionItems.id })
        .from(qualityInspectionItems)
        .innerJoin(qualityInspections, eq(qualityInspections.id, qualityInspectionItems.inspectionId))
        .where(
          and(
            eq(qualityInspectionItems.result, 'fail'),
            inArray(qualityInspections.state, [...FINISHED_STATES]),
            inArray(qualityInspectionItems.title, titles),
          ),
        )
        .all()
    ).length;

  const topFailing = async (lang: 'zh_CN' | 'en_US') => {
    const res = await t.call(api.overview, { token: inspector, lang });
    expect(res.status, res.message).toBe('200');
    return res.data.topFailing;
  };

  it('keeps the same check in Chinese and in English in the demo', async () => {
    // Otherwise the cases below could not tell one row per language from one row per item.
    expect(await failuresOf('电池电压')).toBeGreaterThan(0);
    expect(await failuresOf('Battery voltage')).toBeGreaterThan(0);
  });

  it.each([
    ['zh_CN', '电池电压', 'Battery voltage'],
    ['en_US', 'Battery voltage', '电池电压'],
  ] as const)('answers one row per item to a %s reader, named in its language', async (lang, name, other) => {
    const rows = await topFailing(lang);
    expect(rows.length).toBeGreaterThan(0);
    // One row per item: no title and check twice.
    const keys = rows.map((r) => `${r.check} ${r.title}`);
    expect(new Set(keys).size).toBe(keys.length);
    // Every title in the reader's language.
    for (const row of rows) expect(CHINESE.test(row.title), row.title).toBe(lang === 'zh_CN');
    // The battery's voltage counted once, with its failures under both titles.
    expect(rows.find((r) => r.title === other)).toBeUndefined();
    expect(rows.find((r) => r.title === name)).toEqual({
      title: name,
      check: 'reading',
      failures: await failuresOf('电池电压', 'Battery voltage'),
    });
    // Ordered by failures.
    const failures = rows.map((r) => r.failures);
    expect(failures).toEqual([...failures].sort((a, b) => b - a));
  });

  it('counts the same figures to either reader', async () => {
    const zh = await topFailing('zh_CN');
    const en = await topFailing('en_US');
    expect(zh.map((r) => r.failures)).toEqual(en.map((r) => r.failures));
    expect(zh.find((r) => r.title === '喷射压力')?.failures).toBe(await failuresOf('喷射压力', 'Spraying pressure'));
    expect(en.find((r) => r.title === 'Spraying pressure')?.failures).toBe(
      await failuresOf('喷射压力', 'Spraying pressure'),
    );
  });

  it('names an item a plan editor wrote in their own words as written', async () => {
    // A check in a plan's own words, failed by every item of ten passed inspections: the most failing item.
    const inspections = await t.dbh.db
      .select({ id: qualityInspections.id })
      .from(qualityInspections)
      .where(eq(qualityInspections.state, 'passed'))
      .limit(10)
      .all();
    await t.dbh.db
      .update(qualityInspectionItems)
      .set({ title: '护栏焊缝目检', check: 'manual', reading: null, result: 'fail' })
      .where(
        inArray(
          qualityInspectionItems.inspectionId,
          inspections.map((r) => r.id),
        ),
      )
      .run();
    for (const lang of ['zh_CN', 'en_US'] as const) {
      const [first] = await topFailing(lang);
      expect(first?.title).toBe('护栏焊缝目检');
      expect(first?.check).toBe('manual');
    }
  });
});
