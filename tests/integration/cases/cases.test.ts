import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { caseEndpoints, type CaseForm } from '@console/contract/http/cases';
import { organisations } from '@console/db/schema/accounts';
import { faultCases } from '@console/db/schema/cases';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';

const form: CaseForm = {
  machineKind: 'aerialPlatform',
  faultTypes: ['hydraulic', 'sensor'],
  title: 'Platform creeps down under load',
  symptom: 'The platform sinks a few centimetres an hour with a full basket.',
  cause: 'Holding valve seal worn.',
  solution: 'Replace the holding valve seal and bleed the cylinder.',
  parts: 'Holding valve seal kit',
};

describe('expert library', () => {
  let t: TestApp;
  const count = async () => (await t.dbh.db.select().from(faultCases).all()).length;
  const list = async (roleId: RoleId, query: Record<string, unknown> = {}, lang: 'zh_CN' | 'en_US' = 'en_US') =>
    t.call(caseEndpoints.list, { token: await t.tokenFor(roleId), lang, query: { pageSize: 200, ...query } });

  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  it('holds cases for every machine kind, searchable by kind, fault type and text in both languages', async () => {
    const all = await list(ROLE.technician);
    expect(all.status).toBe('200');
    const kinds = new Set(all.data.list.map((c: { machineKind: string }) => c.machineKind));
    expect(kinds.size).toBe(8);
    const pumps = await list(ROLE.technician, { machineKind: 'concretePump' });
    expect(pumps.data.list.length).toBeGreaterThan(0);
    await expectEvery(pumps.data.list, (c: { machineKind: string }) => c.machineKind === 'concretePump');
    const tyres = await list(ROLE.technician, { faultType: 'tyres' });
    expect(tyres.data.list.map((c: { title: string }) => c.title)).toContain('Tyre wear on one side');
    const zh = await list(ROLE.technician, { keyword: '平衡阀' }, 'zh_CN');
    expect(zh.data.list.map((c: { title: string }) => c.title)).toContain('臂架自然下沉');
    const en = await list(ROLE.technician, { keyword: 'rectifier' });
    expect(en.data.list.map((c: { title: string }) => c.title)).toEqual(['Charger trips the breaker']);
    // LIKE wildcards typed by a user are taken literally.
    expect((await list(ROLE.technician, { keyword: '40 %' })).data.total).toBe(1);
    expect((await list(ROLE.technician, { keyword: 'a%z' })).data.total).toBe(0);
  });

  it("reads the operator's library in the console's language: no Chinese case in English, no English one in Chinese", async () => {
    const cjk = /[\u4e00-\u9fff]/;
    const titles = async (lang: 'zh_CN' | 'en_US') =>
      (await list(ROLE.technician, {}, lang)).data.list
        // The operator, named in the reader's language.
        .filter(
          (c: { editable: boolean; orgName: string }) =>
            c.orgName === (lang === 'zh_CN' ? '中机云科技有限公司' : 'Zhongji Machinery Cloud Co., Ltd.'),
        )
        .map((c: { title: string }) => c.title);
    const english = await titles('en_US');
    const chinese = await titles('zh_CN');
    expect(english.length).toBe(8);
    await expectEvery(english, (title) => !cjk.test(title));
    expect(chinese.length).toBe(8);
    await expectEvery(chinese, (title) => cjk.test(title));
  });

  it('pages and sorts on the server', async () => {
    const first = await list(ROLE.lessorAdmin, { pageSize: 5, page: 1, sortField: 'title', sortOrder: 'ascend' });
    const second = await list(ROLE.lessorAdmin, { pageSize: 5, page: 2, sortField: 'title', sortOrder: 'ascend' });
    expect(first.data.list).toHaveLength(5);
    // The operator's eight English cases and the company's own.
    expect(first.data.total).toBeGreaterThan(8);
    const titles = [...first.data.list, ...second.data.list].map((c: { title: string }) => c.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('lets a rental company write, change and delete its own cases, never the operator’s or another’s', async () => {
    const token = await t.tokenFor(ROLE.lessorAdmin);
    const created = await t.call(caseEndpoints.create, { token, body: form });
    expect(created.status).toBe('200');
    const detail = await t.call(caseEndpoints.detail, { token, query: { id: created.data.id } });
    expect(detail.data).toMatchObject({
      title: form.title,
      editable: true,
      orgName: 'Huadong Aerial Work Equipment Leasing Co., Ltd.',
    });
    expect(detail.data.authorName).not.toBe('');
    const changed = await t.call(caseEndpoints.update, {
      token,
      body: { ...form, id: created.data.id, title: 'Renamed' },
    });
    expect(changed.status).toBe('200');
    // The technician reads it, may not change it.
    const tech = await t.tokenFor(ROLE.technician);
    expect((await t.call(caseEndpoints.detail, { token: tech, query: { id: created.data.id } })).data.title).toBe(
      'Renamed',
    );
    expect((await t.call(caseEndpoints.remove, { token: tech, body: { id: created.data.id } })).status).toBe('403');
    // The operator's catalog is read-only for a rental company.
    const operatorCase = (await list(ROLE.lessorAdmin)).data.list.find((c: { editable: boolean }) => !c.editable);
    const refused = await t.call(caseEndpoints.update, { token, body: { ...form, id: operatorCase!.id } });
    expect(refused.status).toBe('403');
    // Another rental company's case does not exist for it.
    const pearl = (await t.dbh.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.name, 'Pearl River Lift Rental'))
      .get())!.id;
    const foreign = (await t.dbh.db.select().from(faultCases).where(eq(faultCases.orgId, pearl)).get())!;
    expect((await t.call(caseEndpoints.detail, { token, query: { id: foreign.id } })).status).toBe('404');
    expect((await t.call(caseEndpoints.remove, { token, body: { id: foreign.id } })).status).toBe('404');
    expect((await list(ROLE.lessorAdmin)).data.list.some((c: { id: number }) => c.id === foreign.id)).toBe(false);
    const before = await count();
    expect((await t.call(caseEndpoints.remove, { token, body: { id: created.data.id } })).status).toBe('200');
    expect(await count()).toBe(before - 1);
  });

  it('refuses missing fields and unknown codes on their field, in both languages, and stores nothing', async () => {
    const token = await t.tokenFor(ROLE.companyAdmin);
    const before = await count();
    const noTitle = await t.call(caseEndpoints.create, { token, body: { ...form, title: '  ' } });
    expect(noTitle).toMatchObject({ status: '400', data: { field: 'title' } });
    const noTypes = await t.call(caseEndpoints.create, { token, body: { ...form, faultTypes: [] }, lang: 'zh_CN' });
    expect(noTypes.data.field).toBe('faultTypes');
    expect(noTypes.message).toContain('请选择故障类型');
    const badKind = await t.call(caseEndpoints.create, { token, loose: { body: { ...form, machineKind: 'tank' } } });
    expect(badKind.message).toContain('Select the machine kind');
    expect(await count()).toBe(before);
  });

  it('lets readers read and refuses writing to technicians, distributors and customers', async () => {
    for (const role of [ROLE.technician, ROLE.distributor, ROLE.lessorSales]) {
      expect((await list(role)).status).toBe('200');
      expect((await t.call(caseEndpoints.create, { token: await t.tokenFor(role), body: form })).status).toBe('403');
    }
    expect((await list(ROLE.other)).status).toBe('403');
    expect((await list(ROLE.finance)).status).toBe('403');
  });

  it('ranks the cases that fit a work order first', async () => {
    const token = await t.tokenFor(ROLE.technician);
    const res = await t.call(caseEndpoints.match, {
      token,
      query: { machineKind: 'aerialPlatform', faultTypes: 'hydraulic', text: '平台下沉' },
    });
    expect(res.status).toBe('200');
    expect(res.data.list[0].title).toContain('臂架自然下沉');
    expect(res.data.list.length).toBeLessThanOrEqual(5);
    const scores = res.data.list.map((m: { score: number }) => m.score);
    expect(scores).toEqual([...scores].sort((a: number, b: number) => b - a));
    const none = await t.call(caseEndpoints.match, { token, query: { text: 'zzzqqq' } });
    expect(none.data.list).toEqual([]);
  });
});
