import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { lessorEndpoints, type LessorRow } from '@console/contract/http/lessors';
import { organisations } from '@console/db/schema/accounts';
import { BUSINESSES } from '@console/db/seed/business';
import { nameInLanguage } from '@console/contract/formats/names';
import { globalDemoAccount } from '@console/db/seed/accounts';
import { deviceEndpoints } from '@console/contract/http/devices';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

type Lang = 'zh_CN' | 'en_US';
type Named = Pick<LessorRow, 'name' | 'nameZh' | 'nameEn'>;

/** What the console shows a reader: the name kept in the reader's language, else in the other, else the registered one. */
const shown = (row: Named, lang: Lang) => nameInLanguage(row, lang === 'zh_CN' ? 'zh' : 'en');

/**
 * The operator's list of rental companies names each company as every other page does: in the reader's language.
 * It answers the registered name and both languages' (the onboarding form edits all three), is sorted by the name
 * shown and found by any of them.
 */
describe('rental companies in the reader’s language', () => {
  let t: TestApp;
  const operator = () => t.tokenFor(ROLE.companyAdmin);
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  const list = async (lang: Lang, query: Record<string, unknown> = {}) => {
    const res = await t.call(lessorEndpoints.list, {
      token: await operator(),
      lang,
      query: { pageSize: 200, ...query },
    });
    expect(res.status, res.message).toBe('200');
    return res.data.list;
  };

  it('keeps the demo companies’ names in both languages', async () => {
    const huadong = (await t.dbh.db
      .select()
      .from(organisations)
      .where(eq(organisations.name, BUSINESSES[0]!.lessor))
      .get())!;
    expect(huadong.nameZh).toBe('华东高空作业设备租赁有限公司');
    expect(huadong.nameEn).toBe('Huadong Aerial Work Equipment Leasing Co., Ltd.');
  });

  it.each([
    ['zh_CN', ['华东高空作业设备租赁有限公司', '珠江升降设备租赁有限公司']],
    ['en_US', ['Huadong Aerial Work Equipment Leasing Co., Ltd.', 'Pearl River Lifting Equipment Rental Co., Ltd.']],
  ] as const)('names the companies to a %s reader in its language', async (lang, names) => {
    const rows = await list(lang);
    for (const name of names) expect(rows.map((r) => shown(r, lang))).toContain(name);
    // A company keeping its name in one language only reads so in every language: Northwind, an Australian company,
    // keeps its English name, which a Chinese reader reads too (not the shorter name it is listed under).
    const northwind = rows.find((r) => r.name === 'Northwind Equipment Hire')!;
    expect(northwind).toMatchObject({ nameZh: '', nameEn: 'Northwind Equipment Hire Pty Ltd' });
    expect(shown(northwind, lang)).toBe('Northwind Equipment Hire Pty Ltd');
    // The form edits what is kept: the registered name stays the registered one.
    expect(rows.find((r) => shown(r, lang) === names[0])).toMatchObject({ name: BUSINESSES[0]!.lessor });
  });

  it.each(['zh_CN', 'en_US'] as const)(
    'answers Northwind’s machines to a %s reader under its English name',
    async (lang) => {
      // Northwind's own administrator, reading the console in either language.
      const res = await t.call(deviceEndpoints.list, {
        token: await t.tokenForAccount(globalDemoAccount(ROLE.lessorAdmin).account),
        lang,
        query: { pageSize: 5 },
      });
      expect(res.status, res.message).toBe('200');
      expect(res.data.list.length).toBeGreaterThan(0);
      expect(new Set(res.data.list.map((row) => row.ownerName))).toEqual(new Set(['Northwind Equipment Hire Pty Ltd']));
    },
  );

  it.each(['zh_CN', 'en_US'] as const)('sorts by the name a %s reader reads', async (lang) => {
    for (const sortOrder of ['ascend', 'descend'] as const) {
      const names = (await list(lang, { sortField: 'name', sortOrder })).map((r) => shown(r, lang));
      const sorted = [...names].sort();
      expect(names).toEqual(sortOrder === 'ascend' ? sorted : sorted.reverse());
    }
  });

  it.each([
    ['华东高空', 'zh_CN'],
    ['Huadong Aerial Work Equipment', 'zh_CN'],
    ['华东高空', 'en_US'],
    ['Huadong Aerial Work Equipment', 'en_US'],
    ['Huadong Aerial Leasing', 'zh_CN'],
  ] as const)('finds the company by “%s” in the %s console', async (keyword, lang) => {
    const rows = await list(lang, { keyword });
    expect(rows.map((r) => r.name)).toEqual([BUSINESSES[0]!.lessor]);
  });
});
