import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAustralianRegion } from '@console/contract/formats/address';
import { ROLE } from '@console/contract/codes/roles';
import { verificationEndpoints } from '@console/contract/http/approvals';
import { settingsEndpoints } from '@console/contract/http/settings';
import { organisations, users } from '@console/db/schema/accounts';
import { verifications } from '@console/db/schema/approvals';
import { createUser } from '@console/db/seed/accounts';
import { BUSINESSES } from '@console/db/seed/business';
import { createSession } from '@console/server/src/lib/session';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { PNG, upload } from '../settings/helpers.ts';

/**
 * A company's registration number follows its brand's tax regime (decision 064), whoever's phone submits it: a
 * unified social credit code with its check character under a Chinese brand, an ABN by its checksum for the global
 * brand's Australian companies; refused on its field with a message naming the format, changing nothing.
 */
describe("a company's registration number by its brand's tax regime", () => {
  let t: TestApp;
  const db = () => t.dbh.db;
  const VALID_CODE = '91310115MA1K4PQR2G';
  const WRONG_CHECK = '91310115MA1K4PQR2H';
  const ABN = '51 824 753 556';
  const BAD_ABN = '51 824 753 557';
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.dbh.close());

  const lessorOf = async (lang: 'zh' | 'en') =>
    (await db()
      .select()
      .from(organisations)
      .where(eq(organisations.name, BUSINESSES.find((b) => b.lang === lang)!.lessor))
      .get())!;
  /** A new person of one of the company's customers (an Australian one abroad), with a phone of the country given. */
  const personOf = async (lang: 'zh' | 'en', areaCode: string, mobile: string) => {
    const lessor = await lessorOf(lang);
    const customers = await db()
      .select()
      .from(organisations)
      .where(and(eq(organisations.parentId, lessor.id), eq(organisations.kind, 'customer')))
      .orderBy(asc(organisations.id))
      .all();
    const org = customers.find((o) => lang === 'zh' || isAustralianRegion(o.province))!;
    const user = await createUser(db(), { orgId: org.id, mobile, areaCode, roleId: ROLE.other });
    return { org, token: await createSession(db(), user.id, 'console', '127.0.0.1', t.deps.now() + 3600_000) };
  };
  const submitRealName = (token: string, idNumber: string, lang: 'zh_CN' | 'en_US' = 'en_US') =>
    t.call(verificationEndpoints.submitRealName, { token, lang, body: { idType: 2, name: 'Acme', idNumber } });
  const queued = async () => (await db().select().from(verifications).all()).length;

  it("checks a Chinese rental company's credit code by its check character; a wrong one changes nothing", async () => {
    const admin = await t.tokenFor(ROLE.lessorAdmin);
    const licence = (await upload(t, admin, { bytes: PNG, name: 'licence.png' }, 'image')).data.url as string;
    const submit = (creditCode: string, lang: 'zh_CN' | 'en_US') =>
      t.call(settingsEndpoints.submitVerification, {
        token: admin,
        lang,
        body: { creditCode, legalPerson: '张伟', licenseImage: licence },
      });
    const before = await queued();
    const wrong = await submit(WRONG_CHECK, 'en_US');
    expect(wrong).toMatchObject({ status: '400', data: { field: 'creditCode' } });
    expect(wrong.message).toContain('18 characters ending in its check character');
    expect((await submit(WRONG_CHECK, 'zh_CN')).message).toContain('末位为校验码');
    expect((await submit(ABN, 'zh_CN')).data).toMatchObject({ field: 'creditCode' });
    expect((await t.call(settingsEndpoints.companyProfile, { token: admin })).data.verification.status).toBe('none');
    expect(await queued()).toBe(before);
    const valid = await submit(VALID_CODE, 'zh_CN');
    expect(valid.status, valid.message).toBe('200');
    expect(valid.data.verification).toMatchObject({ status: 'pending', creditCode: VALID_CODE });
  });

  it("takes an Australian company's ABN under the global brand from a contact with a Chinese phone", async () => {
    const { token, org } = await personOf('en', '86', '13877770001');
    const mine = await t.call(verificationEndpoints.mine, { token });
    expect(mine.data.company).toEqual({ taxRegime: 'auGst', province: org.province });
    const before = await queued();
    const bad = await submitRealName(token, BAD_ABN);
    expect(bad).toMatchObject({ status: '400', data: { field: 'idNumber' } });
    expect(bad.message).toContain('valid ABN: 11 digits');
    expect((await submitRealName(token, VALID_CODE, 'zh_CN')).message).toContain('澳大利亚商业编号');
    expect((await t.call(verificationEndpoints.mine, { token })).data.state).toBe('none');
    expect(await queued()).toBe(before);
    const made = await submitRealName(token, ABN);
    expect(made.status, made.message).toBe('200');
    // The reviewer's drawer names the number by the company's brand.
    const detail = await t.call(verificationEndpoints.detail, {
      token: await t.tokenFor(ROLE.companyAdmin),
      query: { id: made.data.id },
    });
    expect(detail.data).toMatchObject({ kind: 'realName', idType: 2, areaCode: '86', taxRegime: 'auGst' });
  });

  it("takes a Chinese company's credit code under a Chinese brand from a contact with an Australian phone", async () => {
    const { token } = await personOf('zh', '61', '412777002');
    const before = await queued();
    const abn = await submitRealName(token, ABN, 'zh_CN');
    expect(abn).toMatchObject({ status: '400', data: { field: 'idNumber' } });
    expect(abn.message).toContain('统一社会信用代码');
    const wrong = await submitRealName(token, WRONG_CHECK);
    expect(wrong.message).toContain('18 characters ending in its check character');
    const kept = await db().select().from(users).where(eq(users.mobile, '412777002')).get();
    expect([kept!.idNumber, kept!.realNameVerified]).toEqual(['', false]);
    expect(await queued()).toBe(before);
    const made = await submitRealName(token, VALID_CODE);
    expect(made.status, made.message).toBe('200');
  });
});
