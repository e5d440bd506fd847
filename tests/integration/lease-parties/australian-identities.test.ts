import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints } from '@console/contract/http/auth';
import { partyEndpoints } from '@console/contract/http/lease-parties';
import { subleaseEndpoints } from '@console/contract/http/lease-sublease';
import { verificationEndpoints } from '@console/contract/http/approvals';
import { ROLE } from '@console/contract/codes/roles';
import { isAbn } from '@console/contract/codes/tax-regimes';
import { completeIdNumber, identityLabels, idNumberIssue } from '@console/contract/lease/renter-identity';
import { DEMO_PASSWORD, globalDemoAccount } from '@console/db/seed/accounts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

/** 51 824 753 556 is a valid ABN (the register's own example); one digit changed breaks its checksum. */
const ABN = '51 824 753 556';
const WRONG_ABN = '51 824 753 557';

/** A company of Parramatta, as Northwind's renter form sends it (+61, an Australian state). */
const sydneyCompany = {
  name: 'Cumberland Scaffolding Pty Ltd',
  identityType: 2,
  idNumber: ABN,
  contactName: 'Sarah Nguyen',
  areaCode: '61',
  contactPhone: '412345678',
  province: 'New South Wales',
  city: 'Sydney',
  district: 'Parramatta',
  address: '120 Church Street',
  realNameState: 'none' as const,
};

/**
 * Identity numbers follow the country of the rental company's brand (decision 064): under the Australian brand a
 * company shows its ABN, checked by its checksum on the server, and a person a driver licence; a party abroad keeps its
 * own country's number; the Chinese brands keep the ID card and the credit code.
 */
describe("Northwind's renters and sub-lessors are identified as Australian parties are", () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    const login = await t.call(authEndpoints.login, {
      query: { ...globalDemoAccount(ROLE.lessorAdmin), password: DEMO_PASSWORD },
    });
    token = login.data.token as string;
  });
  afterAll(() => t?.dbh.close());

  it('labels the numbers by the brand: ABN and driver licence abroad, ID card and credit code in China', () => {
    expect(identityLabels('auGst', 2).idNumber).toBe('renter.abn');
    expect(identityLabels('auGst', 1).idNumber).toBe('renter.driverLicence');
    expect(identityLabels('cnVat', 2).idNumber).toBe('renter.creditCode');
    expect(identityLabels('cnVat', 1).idNumber).toBe('renter.idCard');
    expect(idNumberIssue('auGst', 2, WRONG_ABN)).toBe('validation.abn');
    expect(idNumberIssue('auGst', 1, '18452967')).toBeNull();
    expect(idNumberIssue('cnVat', 2, completeIdNumber(2, '91310115MA1K4ABCD'))).toBeNull();
  });

  it.each([
    ['en_US', 'Please enter a valid ABN: 11 digits, as the Australian Business Register shows it'],
    ['zh_CN', '请输入正确的澳大利亚商业编号（ABN，11 位数字）'],
  ] as const)('refuses an ABN with a wrong checksum on the server, in the %s reader’s words', async (lang, text) => {
    for (const endpoint of [partyEndpoints.renterCreate, subleaseEndpoints.sublessorCreate]) {
      const refused = await t.call(endpoint, { token, lang, body: { ...sydneyCompany, idNumber: WRONG_ABN } });
      expect(refused.status).toBe('400');
      expect(refused.data.issues).toContainEqual({ path: 'idNumber', message: 'validation.abn' });
      expect(refused.message).toContain(text);
    }
  });

  it('asks an Australian person verifying their real name for a driver licence or an ABN', async () => {
    const company = await t.call(verificationEndpoints.submitRealName, {
      token,
      body: { idType: 2, name: 'Northwind Equipment Hire Pty Ltd', idNumber: WRONG_ABN },
    });
    expect(company.data.issues).toContainEqual({ path: 'idNumber', message: 'validation.abn' });
    const person = await t.call(verificationEndpoints.submitRealName, {
      token,
      body: { idType: 1, name: 'Megan Edwards', idNumber: '12345678901' },
    });
    expect(person.data.issues).toContainEqual({ path: 'idNumber', message: 'lease.idNumberLicence' });
  });

  it('keeps a valid ABN as the register prints it, however it was typed, and refuses it twice', async () => {
    const made = await t.call(partyEndpoints.renterCreate, {
      token,
      body: { ...sydneyCompany, idNumber: '51824753556' },
    });
    expect(made.status).toBe('200');
    const list = await t.call(partyEndpoints.renterList, { token, query: { keyword: 'Cumberland' } });
    expect(list.data.list.map((r) => r.idNumber)).toEqual([ABN]);
    const twice = await t.call(partyEndpoints.renterCreate, {
      token,
      body: { ...sydneyCompany, name: 'Other Pty Ltd' },
    });
    expect(twice.data.issues).toContainEqual({ path: 'idNumber', message: 'lease.idNumberTaken' });
  });

  it('asks an Australian person for a driver licence, and lets a party abroad keep its own number', async () => {
    const person = { ...sydneyCompany, name: 'Sam Walker', identityType: 1 };
    // Of the form of a number, but no state issues such a licence (eleven digits).
    const noLicence = await t.call(partyEndpoints.renterCreate, {
      token,
      body: { ...person, idNumber: '12345678901' },
    });
    expect(noLicence.data.issues).toContainEqual({ path: 'idNumber', message: 'lease.idNumberLicence' });
    // Not even of a number's form: the contract's rule names no Chinese document to an Australian.
    const short = await t.call(partyEndpoints.renterCreate, { token, body: { ...person, idNumber: 'X' } });
    expect(short.data.issues).toContainEqual({ path: 'idNumber', message: 'lease.idNumberForm' });
    const licensed = await t.call(partyEndpoints.renterCreate, { token, body: { ...person, idNumber: '2754 1190' } });
    expect(licensed.status).toBe('200');
    // A Singapore company of Northwind keeps its UEN.
    const singapore = await t.call(partyEndpoints.renterCreate, {
      token,
      body: {
        ...sydneyCompany,
        name: 'Tuas Marine Services Pte Ltd',
        idNumber: 'UEN 201912345K',
        areaCode: '65',
        contactPhone: '81234567',
        province: 'Singapore',
        city: 'Singapore',
        district: 'Tuas',
      },
    });
    expect(singapore.status).toBe('200');
  });

  it("takes an Australian company's ABN when its contact is a mainland mobile (+86)", async () => {
    const withChineseContact = { ...sydneyCompany, name: 'Harbour Formwork Pty Ltd', idNumber: '53 004 085 616' };
    const made = await t.call(partyEndpoints.renterCreate, {
      token,
      body: { ...withChineseContact, areaCode: '86', contactPhone: '13912345678' },
    });
    expect(made.status, made.message).toBe('200');
    const creditCode = await t.call(partyEndpoints.renterCreate, {
      token,
      body: { ...withChineseContact, idNumber: '91310115MA1K4ABC1X', areaCode: '86', contactPhone: '13912345678' },
    });
    expect(creditCode.data.issues).toContainEqual({ path: 'idNumber', message: 'validation.abn' });
  });

  it('opens a sub-lessor account on an Australian mobile (+61), which its holder signs in with', async () => {
    const mobile = '412000777';
    const sublessor = { ...sydneyCompany, name: 'Blacktown Lift Hire Pty Ltd', idNumber: '53 004 085 616' };
    const short = await t.call(subleaseEndpoints.sublessorCreate, {
      token,
      body: { ...sublessor, accountMobile: '41', accountAreaCode: '61' },
    });
    expect(short.data.issues).toContainEqual({ path: 'accountMobile', message: 'validation.phone' });
    const made = await t.call(subleaseEndpoints.sublessorCreate, {
      token,
      body: { ...sublessor, accountMobile: mobile, accountAreaCode: '61' },
    });
    expect(made.status, made.message).toBe('200');
    const detail = await t.call(subleaseEndpoints.sublessorDetail, { token, query: { id: made.data.id } });
    expect(detail.data.accounts.map((a) => [a.areaCode, a.mobile])).toEqual([['61', mobile]]);
    // The same number once more is taken, under its own area code.
    const twice = await t.call(subleaseEndpoints.sublessorCreate, {
      token,
      body: {
        ...sublessor,
        name: 'Other Lift Hire Pty Ltd',
        idNumber: ABN,
        accountMobile: mobile,
        accountAreaCode: '61',
      },
    });
    expect(twice.data.issues).toContainEqual({ path: 'accountMobile', message: 'sublease.mobileTaken' });

    // Its holder chooses a password with "forgot password" and signs in under +61.
    expect((await t.call(authEndpoints.code, { query: { mobile, areaCode: '61', type: 'reset' } })).status).toBe('200');
    const reset = await t.call(authEndpoints.reset, {
      query: { mobile, areaCode: '61', code: await t.latestCode(mobile), password: 'Westlink2026' },
    });
    expect(reset.status, reset.message).toBe('200');
    // A first sign-in from this address asks for a code too (one code a minute to a number).
    t.advance(61_000);
    expect((await t.call(authEndpoints.code, { query: { mobile, areaCode: '61', type: 'login' } })).status).toBe('200');
    const login = await t.call(authEndpoints.login, {
      query: { account: mobile, areaCode: '61', password: 'Westlink2026', code: await t.latestCode(mobile) },
    });
    expect(login.status, login.message).toBe('200');
    expect(login.data).toMatchObject({ roleId: ROLE.other, orgKind: 'sublessor' });
  });

  it('saves every seeded renter and sub-lessor of Northwind unchanged: no dead end in its own forms', async () => {
    const renters = await t.call(partyEndpoints.renterList, { token, query: { pageSize: 100 } });
    expect(renters.data.total).toBeGreaterThan(0);
    for (const r of renters.data.list) {
      const body = {
        id: r.id,
        name: r.name,
        identityType: r.identityType,
        idNumber: r.idNumber,
        contactName: r.contactName,
        areaCode: r.areaCode || '61',
        contactPhone: r.contactPhone.replace(/^0/, ''),
        province: r.province,
        city: r.city,
        district: r.district,
        address: r.address,
        realNameState: r.realNameState,
      };
      const saved = await t.call(partyEndpoints.renterUpdate, { token, body });
      expect(saved.status, `${r.name} ${r.idNumber}: ${saved.message}`).toBe('200');
    }
    const sublessors = await t.call(subleaseEndpoints.sublessorList, { token, query: { pageSize: 100 } });
    expect(sublessors.data.list.length).toBeGreaterThan(0);
    for (const s of sublessors.data.list) expect(isAbn(s.idNumber.replaceAll(' ', '')), s.name).toBe(true);
  });
});
