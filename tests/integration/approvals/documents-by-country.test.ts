import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { realNameNumberError, verificationEndpoints } from '@console/contract/http/approvals';
import { userEndpoints } from '@console/contract/http/users';
import { completeIdNumber, partyDocumentLabel } from '@console/contract/lease/renter-identity';
import { users } from '@console/db/schema/accounts';
import { createUser, demoAccount, globalDemoAccount } from '@console/db/seed/accounts';
import { createSession } from '@console/server/src/lib/session';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

/**
 * A person's real-name document is the one of their own country, by their mobile's area code, whatever their brand
 * (decision 064): the settings page names it (partyDocumentLabel), the server checks it (realNameNumberError, by
 * partyIdNumberIssue), and the reviewer's drawer names it by the submitter's area code, which the queue's row carries.
 */
describe('real-name documents by the person’s country', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.dbh.close());

  /** A new salesperson of the rental company of a demo account, at this area code, signed in. */
  const salesperson = async (of: string, mobile: string, areaCode: string) => {
    const { db } = t.dbh;
    const colleague = (await db.select().from(users).where(eq(users.mobile, of)).get())!;
    const user = await createUser(db, { orgId: colleague.orgId, mobile, areaCode, roleId: ROLE.lessorSales });
    return { user, token: await createSession(db, user.id, 'console', '127.0.0.1', t.deps.now() + 3600_000) };
  };

  it('checks the document the label names, for each area code', () => {
    const idCard = completeIdNumber(1, '11010519491231002');
    const cases = [
      // +86 (under any brand): an ID card with its check character; a licence is no ID card.
      ['86', 1, idCard, 'renter.idCard', null],
      ['86', 1, '18452967', 'renter.idCard', 'lease.idNumberPerson'],
      // +61: a driver licence of a state, or an ABN by its checksum.
      ['61', 1, '18452967', 'renter.driverLicence', null],
      ['61', 1, '12345678901', 'renter.driverLicence', 'lease.idNumberLicence'],
      ['61', 2, '51824753556', 'renter.abn', null],
      ['61', 2, '51824753557', 'renter.abn', 'validation.abn'],
      // Elsewhere: a passport or a company register's number, of a number's form.
      ['65', 1, 'K1234567N', 'renter.passport', null],
      ['65', 1, 'K1', 'renter.passport', 'lease.idNumberForm'],
      ['65', 2, '201912345K', 'renter.registrationNumber', null],
    ] as const;
    for (const [areaCode, idType, idNumber, label, issue] of cases) {
      expect(partyDocumentLabel(idType, { areaCode }), `${areaCode} ${idNumber}`).toBe(label);
      // A company's number follows its brand and region (company-numbers.test.ts): here the global brand's company in
      // the country of the phone, an Australian one at +61, one in Singapore at +65.
      const company = { taxRegime: 'auGst' as const, province: areaCode === '61' ? 'New South Wales' : 'Singapore' };
      expect(realNameNumberError({ idType, idNumber }, areaCode, company), `${areaCode} ${idNumber}`).toBe(issue);
    }
  });

  it('asks a +61 person under a Chinese brand for their licence, and one abroad for a number of its form', async () => {
    const australian = await salesperson(demoAccount(ROLE.lessorAdmin), '412000301', '61');
    const refused = await t.call(verificationEndpoints.submitRealName, {
      token: australian.token,
      lang: 'en_US',
      body: { idType: 1, name: 'Megan Edwards', idNumber: '12345678901' },
    });
    expect(refused.data.issues).toContainEqual({ path: 'idNumber', message: 'lease.idNumberLicence' });
    expect(refused.message).toContain('driver licence');

    const abroad = await salesperson(demoAccount(ROLE.lessorAdmin), '81230301', '65');
    const short = await t.call(verificationEndpoints.submitRealName, {
      token: abroad.token,
      lang: 'en_US',
      body: { idType: 1, name: 'Tan Wei Ming', idNumber: 'K1' },
    });
    expect(short.data.issues).toContainEqual({ path: 'idNumber', message: 'lease.idNumberForm' });
    expect(short.message).not.toContain('ID card');
  });

  it('takes a mainland ID card from a +86 person under the Australian brand, and shows the reviewer their +86', async () => {
    const mainland = await salesperson(globalDemoAccount(ROLE.lessorAdmin).account, '13700000301', '86');
    const licence = await t.call(verificationEndpoints.submitRealName, {
      token: mainland.token,
      body: { idType: 1, name: '王小明', idNumber: '18452967' },
    });
    expect(licence.data.issues).toContainEqual({ path: 'idNumber', message: 'lease.idNumberPerson' });
    const sent = await t.call(verificationEndpoints.submitRealName, {
      token: mainland.token,
      body: { idType: 1, name: '王小明', idNumber: completeIdNumber(1, '11010519491231002') },
    });
    expect(sent.status).toBe('200');

    const reviewer = await t.tokenFor(ROLE.companyAdmin);
    const row = await t.call(verificationEndpoints.detail, { token: reviewer, query: { id: sent.data.id } });
    expect(row.data).toMatchObject({ uid: mainland.user.id, mobile: '13700000301', areaCode: '86' });
    const list = await t.call(verificationEndpoints.list, { token: reviewer, query: { keyword: '13700000301' } });
    expect(list.data.list.map((v) => v.areaCode)).toEqual(['86']);
  });

  it.each([
    ['en_US', "A sub-lessor's account can only hold the sub-lessor role"],
    ['zh_CN', '转租方的账号只能授予转租方角色'],
  ] as const)(
    'gives a sub-lessor’s account role 11 alone, refused otherwise in the %s reader’s words',
    async (lang, text) => {
      const token = await t.tokenFor(ROLE.companyAdmin);
      const listed = await t.call(userEndpoints.list, { token, query: { orgKind: 'sublessor', pageSize: 100 } });
      expect(listed.data.list.length).toBeGreaterThan(0);
      for (const row of listed.data.list) expect(row.roles).toEqual([ROLE.other]);

      const uid = listed.data.list[0]!.uid;
      for (const roleId of [ROLE.lessorAdmin, ROLE.lessorSales, ROLE.technician, ROLE.lessorStaff]) {
        const refused = await t.call(userEndpoints.setRole, { token, lang, body: { uid, roleId } });
        expect(refused.status).toBe('400');
        expect(refused.message).toContain(text);
      }
      const kept = await t.call(userEndpoints.setRole, { token, lang, body: { uid, roleId: ROLE.other } });
      expect(kept.status).toBe('200');
      expect(kept.data.roleId).toBe(ROLE.other);
    },
  );
});
