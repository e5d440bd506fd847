import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { leaseContractEndpoints as contractApi } from '@console/contract/http/lease-contracts';
import { termsEndpoints as api } from '@console/contract/http/terms';
import { signingFixture, signOnPage, type SigningFixture } from '../../fixtures/lease-signing.ts';
import { eventually } from '../../fixtures/server-process.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import { contractRow, lessorIds, listedStock, seededIn, storeOf, userOf } from '../lease/helpers.ts';
import { orgOf } from '../lease-billing/helpers.ts';

// The PDFs pdftotext reads, written to a folder of this file's own.
const dir = mkdtempSync(join(tmpdir(), 'terms-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What poppler's pdftotext reads from a PDF, as a person copying its text would (lines run together). */
function pdfText(base64: string): string {
  const file = join(dir, `c${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, Buffer.from(base64, 'base64'));
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
}
const squeeze = (text: string) => text.replace(/\s+/g, '');

/**
 * Contract terms and conditions (decision 078) through the API, as the lessor's administrator and a contract's people
 * use it: versions published per language, a contract fixing the version in force when it is sent for signature and
 * keeping it (and its PDF's text) after a newer one is published, with the refusals by role, organisation and input.
 */
describe('contract terms, versioned per language and carried by the contracts sent with them', () => {
  let f: SigningFixture;
  let t: TestApp;
  let huadong: number;
  let northwind: number;
  beforeAll(async () => {
    f = await signingFixture();
    t = f.t;
    [huadong, , northwind] = (await lessorIds(t)) as [number, number, number];
  });
  afterAll(() => f.close());
  const admin = () => t.tokenFor(ROLE.lessorAdmin);
  const tokenOf = async (orgId: number, roleId: (typeof ROLE)[keyof typeof ROLE]) =>
    t.tokenForAccount((await userOf(t, orgId, roleId)).mobile);

  const list = async (token: string, lang?: 'zh-CN' | 'en-US') => {
    const answer = await t.call(api.list, { token, query: lang ? { lang } : {} });
    expect(answer.status, answer.message).toBe('200');
    return answer.data;
  };
  const publishNew = async (token: string, lang: 'zh-CN' | 'en-US', title: string, body: string) => {
    const made = await t.call(api.create, { token, body: { lang, title, body } });
    expect(made.status, made.message).toBe('200');
    const published = await t.call(api.publish, { token, body: { id: made.data.id } });
    expect(published.status, published.message).toBe('200');
    return published.data;
  };
  const carried = async (contractId: number, token?: string) => {
    const answer = await t.call(api.contract, { token: token ?? (await admin()), query: { contractId } });
    expect(answer.status, answer.message).toBe('200');
    return answer.data;
  };
  /** The contract's PDF as a reader downloads it: a link of minutes, then the file. */
  const pdfOf = async (contractId: number, reader?: string) => {
    const token = reader ?? (await admin());
    const link = await t.call(contractApi.pdfLink, { token, body: { id: contractId } });
    expect(link.status, link.message).toBe('200');
    const file = await t.call(contractApi.exportPdf, { query: { token: link.data.token } });
    expect(file.status, file.message).toBe('200');
    return pdfText(file.data.content);
  };
  /**
   * A new Chinese contract of Huadong's with the demo customer (whose user reads it), written, submitted and approved
   * by its administrator over the API.
   */
  const approvedContract = async () => {
    const token = await admin();
    const [machine] = await listedStock(t, huadong, 1);
    const created = await t.call(contractApi.create, {
      token,
      body: {
        renterId: await orgOf(t, ROLE.other),
        storeId: await storeOf(t, huadong),
        startOn: '2027-06-01',
        endOn: '2027-06-10',
        siteAddress: '张江路1号',
        lines: [{ deviceId: machine!.id, businessModel: 23, dayCents: machine!.dayCents }],
      },
    });
    expect(created.status, created.message).toBe('200');
    const id = created.data.id;
    const submitted = await t.call(contractApi.move, { token, loose: { body: { id, action: 'submit' } } });
    expect(submitted.status, submitted.message).toBe('200');
    if (submitted.data.status === 1) {
      const approved = await t.call(contractApi.move, { token, loose: { body: { id, action: 'approve' } } });
      expect(approved.status, approved.message).toBe('200');
    }
    expect((await contractRow(t, id)).status).toBe(3);
    return id;
  };
  const signBoth = async (id: number) => {
    const pages = await f.startSigning(id);
    await signOnPage(pages.lesseeUrl, '王建国');
    await eventually(
      `contract ${id} signed by the lessee`,
      async () => (await contractRow(t, id)).status === 6 || undefined,
    );
    await signOnPage(pages.lessorUrl, '李华');
    await eventually(`contract ${id} in execution`, async () => (await contractRow(t, id)).status === 7 || undefined);
  };

  it('seeds each lessor with a published version in its brand’s language, carried by its signed contracts', async () => {
    const seeded = (await list(await admin())).list;
    expect(seeded.map((v) => [v.lang, v.version, v.state, v.current])).toEqual([['zh-CN', 1, 'published', true]]);
    expect(seeded[0]!.contracts).toBeGreaterThan(0);
    const running = await seededIn(t, huadong, 7);
    expect(await carried(running.id)).toMatchObject({
      state: 'fixed',
      version: 1,
      lang: 'zh-CN',
      title: '设备租赁通用条款',
    });
    expect(await pdfOf(running.id)).toContain(squeeze('合同条款（第 1 版）设备租赁通用条款'));
    // The global brand's Australian business keeps its terms in English, and its documents print them in English.
    const northwindAdmin = await tokenOf(northwind, ROLE.lessorAdmin);
    const english = (await list(northwindAdmin)).list;
    expect(english.map((v) => [v.lang, v.version])).toEqual([['en-US', 1]]);
    const ended = await seededIn(t, northwind, 8);
    const text = await pdfOf(ended.id, northwindAdmin);
    expect(text).toContain(squeeze('Terms and conditions (version 1)'));
    expect(text).toContain(squeeze('General Terms of Equipment Hire'));
    expect(text).not.toMatch(/[\u4e00-\u9fff]/);
  }, 60_000);

  it('keeps a draft editable and a published version read-only, numbering versions per language', async () => {
    const token = await admin();
    const made = await t.call(api.create, { token, body: { lang: 'en-US', title: 'Draft', body: 'First words.' } });
    expect(made.status, made.message).toBe('200');
    const edited = await t.call(api.edit, {
      token,
      body: { id: made.data.id, title: 'English terms', body: 'Clause 1. The lessee returns the machines clean.' },
    });
    expect(edited.status, edited.message).toBe('200');
    const draft = await t.call(api.detail, { token, query: { id: made.data.id } });
    expect(draft.data).toMatchObject({ state: 'draft', version: null, title: 'English terms', mayEdit: true });
    const published = await t.call(api.publish, { token, body: { id: made.data.id } });
    expect(published.status, published.message).toBe('200');
    // English numbers from 1 apart from Chinese.
    expect(published.data.version).toBe(1);
    const again = await t.call(api.edit, {
      token,
      lang: 'en_US',
      body: { id: made.data.id, title: 'Changed', body: 'x' },
    });
    expect(again.status).toBe('409');
    expect(again.message).toBe('Version 1 is published and can no longer be changed: create a new draft version');
    expect((await t.call(api.publish, { token, body: { id: made.data.id } })).status).toBe('409');
    const kept = await t.call(api.detail, { token, query: { id: made.data.id } });
    expect(kept.data).toMatchObject({ state: 'published', version: 1, title: 'English terms', mayEdit: false });
    expect(kept.data.body).toBe('Clause 1. The lessee returns the machines clean.');
  });

  it('fixes the version in force when a contract is sent for signature; a newer version never changes it', async () => {
    const token = await admin();
    const v2 = await publishNew(token, 'zh-CN', '设备租赁条款第二版', '第一条 承租方应于每日作业结束后锁好机械。');
    expect(v2.version).toBe(2);
    const id = await approvedContract();
    // Not sent yet: it would take the version in force.
    expect(await carried(id)).toMatchObject({ state: 'pending', version: 2 });
    await signBoth(id);
    const fixed = await carried(id);
    expect(fixed).toMatchObject({ state: 'fixed', version: 2, versionId: v2.id, title: '设备租赁条款第二版' });
    expect(fixed.fixedAt).not.toBeNull();
    const before = await pdfOf(id);
    expect(before).toContain(squeeze('合同条款（第 2 版）'));
    expect(before).toContain(squeeze('第一条 承租方应于每日作业结束后锁好机械。'));

    const v3 = await publishNew(token, 'zh-CN', '设备租赁条款第三版', '第一条 承租方应为机械投保。');
    expect(v3.version).toBe(3);
    expect(await carried(id)).toEqual(fixed);
    const after = await pdfOf(id);
    expect(after).toContain(squeeze('第一条 承租方应于每日作业结束后锁好机械。'));
    expect(after).not.toContain(squeeze('承租方应为机械投保'));
    // The seeded contracts keep version 1; a new contract would take version 3.
    expect((await carried((await seededIn(t, huadong, 7)).id)).version).toBe(1);
    expect(await carried(await approvedContract())).toMatchObject({ state: 'pending', version: 3 });
    const versions = (await list(token, 'zh-CN')).list;
    expect(versions.map((v) => [v.version, v.current])).toEqual([
      [3, true],
      [2, false],
      [1, false],
    ]);
    expect(versions.find((v) => v.version === 2)!.contracts).toBe(1);
    // The renter's user reads which terms its contract carries.
    expect(await carried(id, await t.tokenFor(ROLE.other))).toMatchObject({ state: 'fixed', version: 2 });
  }, 120_000);

  it('lets only the lessor’s administrator write, and only its own lessor’s terms', async () => {
    const draft = await t.call(api.create, {
      token: await admin(),
      body: { lang: 'zh-CN', title: '草稿', body: '草稿正文' },
    });
    expect(draft.status, draft.message).toBe('200');
    for (const role of [ROLE.lessorStaff, ROLE.lessorSales, ROLE.companyAdmin]) {
      const token = await t.tokenFor(role);
      const body = { lang: 'zh-CN' as const, title: '条款', body: '正文' };
      expect((await t.call(api.create, { token, body })).status, `role ${role} creates`).toBe('403');
      expect((await t.call(api.publish, { token, body: { id: draft.data.id } })).status, `role ${role}`).toBe('403');
    }
    // Staff read the versions; the operator's staff read every lessor's; a renter's user reads none.
    expect((await list(await t.tokenFor(ROLE.lessorStaff))).mayWrite).toBe(false);
    const operator = await list(await t.tokenFor(ROLE.companyAdmin));
    expect(new Set(operator.list.map((v) => v.orgId))).toEqual(new Set(await lessorIds(t)));
    expect((await t.call(api.list, { token: await t.tokenFor(ROLE.other) })).status).toBe('403');
    // Another lessor's administrator neither sees nor changes Huadong's draft.
    const other = await tokenOf(northwind, ROLE.lessorAdmin);
    expect((await t.call(api.detail, { token: other, query: { id: draft.data.id } })).status).toBe('404');
    const edit = await t.call(api.edit, { token: other, body: { id: draft.data.id, title: '改', body: '改' } });
    expect(edit.status).toBe('404');
    expect((await t.call(api.publish, { token: other, body: { id: draft.data.id } })).status).toBe('404');
    expect((await list(other)).list.every((v) => v.orgId === northwind)).toBe(true);
  });

  it('refuses empty or missing text with messages in the reader’s language', async () => {
    const token = await admin();
    const en = await t.call(api.create, {
      token,
      lang: 'en_US',
      loose: { body: { lang: 'en-US', title: ' ', body: '' } },
    });
    expect(en.status).toBe('400');
    expect(en.data.issues?.map((i) => i.path)).toEqual(expect.arrayContaining(['title', 'body']));
    expect(en.message).toMatch(/Enter the (title|text) of the terms/);
    const zh = await t.call(api.create, {
      token,
      lang: 'zh_CN',
      loose: { body: { lang: 'fr-FR', title: '条款', body: '正文' } },
    });
    expect(zh.status).toBe('400');
    expect(zh.message).toContain('请选择条款的语言');
    const long = await t.call(api.create, {
      token,
      lang: 'en_US',
      body: { lang: 'en-US', title: 'Long', body: 'x'.repeat(20_001) },
    });
    expect(long.message).toContain('The text of the terms holds at most 20,000 characters');
  });
});
