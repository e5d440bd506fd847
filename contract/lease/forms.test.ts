import { describe, expect, it } from 'vitest';
import { approvalRuleInput, contractDraftInput, renterInput, withPartyIdRule } from './forms.ts';
import { completeIdNumber, isCreditCode, isIdCard, isIdNumber } from './renter-identity.ts';

const draft = {
  renterId: 1,
  storeId: 2,
  startOn: '2026-03-01',
  endOn: '2026-03-31',
  siteAddress: '张江路100号',
  lines: [{ deviceId: 5, businessModel: 23, dayCents: 30000 }],
};
const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('the contract form', () => {
  it('takes a complete draft and fills the defaults', () => {
    const parsed = contractDraftInput.parse(draft);
    expect(parsed).toMatchObject({ billingDay: 1, dueDays: 15, depositCents: 0, salespersonId: null });
    expect(parsed.lines[0]).toMatchObject({ deviceId: 5, modelId: null, count: 1, monthCents: null });
  });

  it("names every missing field with the spec's messages at once", () => {
    const result = contractDraftInput.safeParse({ startOn: '2026-03-31', endOn: '2026-03-01', lines: [] });
    expect(messagesOf(result)).toEqual(
      expect.arrayContaining([
        'renterId: lease.renterRequired',
        'storeId: lease.storeRequired',
        'siteAddress: lease.siteAddressRequired',
        'lines: lease.linesRequired',
        'endOn: lease.endBeforeStart',
      ]),
    );
  });

  it('asks each line for the prices its business model shows, and a machine or a model', () => {
    const result = contractDraftInput.safeParse({
      ...draft,
      lines: [
        { deviceId: 5, businessModel: 22, dayCents: 100 },
        { businessModel: 24, dayCents: 100 },
        { deviceId: 6, businessModel: 26, dayCents: 100 },
      ],
    });
    expect(messagesOf(result)).toEqual([
      'lines.0.monthCents: lease.monthPriceRequired',
      'lines.1.deviceId: lease.lineMachineRequired',
      'lines.1.monthCents: lease.monthPriceRequired',
      'lines.2.businessModel: lease.businessModelInvalid',
    ]);
  });

  it('refuses a machine twice, money that is not whole cents, and a billing day past the 28th', () => {
    const twice = { deviceId: 5, businessModel: 23, dayCents: 100 };
    expect(messagesOf(contractDraftInput.safeParse({ ...draft, lines: [twice, twice] }))).toEqual([
      'lines: lease.duplicateMachine',
    ]);
    expect(messagesOf(contractDraftInput.safeParse({ ...draft, depositCents: 10.5, billingDay: 29 }))).toEqual([
      'depositCents: lease.amountRange',
      'billingDay: lease.billingDayRange',
    ]);
    expect(messagesOf(contractDraftInput.safeParse({ ...draft, startOn: '2026-02-30' }))).toEqual([
      'startOn: lease.invalidDay',
    ]);
  });
});

describe('renters', () => {
  const person = completeIdNumber(1, '31011519900307123');
  const company = completeIdNumber(2, '91310115MA1K4ABCD');

  it('checks ID cards and credit codes by their check character', () => {
    expect(isIdCard(person)).toBe(true);
    expect(isIdCard(person.slice(0, 17) + (person[17] === '0' ? '1' : '0'))).toBe(false);
    expect(isIdCard('310115199002301234')).toBe(false);
    expect(isCreditCode(company)).toBe(true);
    expect(isCreditCode(company.replace(/^9/, '8'))).toBe(false);
    expect(isIdNumber(2, 'ABN 51 824 753 556', '61')).toBe(true);
  });

  it('labels the identity number by the type in its message', () => {
    const base = { name: '张伟', contactPhone: '13912345678', address: '张江路1号' };
    const chinese = withPartyIdRule(renterInput, 'cnVat');
    expect(messagesOf(chinese.safeParse({ ...base, identityType: 1, idNumber: company }))).toEqual([
      'idNumber: lease.idNumberPerson',
    ]);
    expect(messagesOf(chinese.safeParse({ ...base, identityType: 2, idNumber: person }))).toEqual([
      'idNumber: lease.idNumberCompany',
    ]);
    expect(chinese.safeParse({ ...base, identityType: 1, idNumber: person }).success).toBe(true);
    expect(messagesOf(renterInput.safeParse({ identityType: 3, contactPhone: '123' }))).toEqual(
      expect.arrayContaining(['name: lease.renterNameRequired', 'identityType: lease.identityTypeInvalid']),
    );
  });
});

describe("a party's identity number follows the brand and the party's country, not a contact's +86", () => {
  const abn = '51 824 753 556';
  const creditCode = completeIdNumber(2, '91310115MA1K4ABCD');
  const sydney = {
    name: 'Cumberland Scaffolding Pty Ltd',
    identityType: 2,
    contactPhone: '13912345678',
    province: 'New South Wales',
    address: '120 Church Street',
  };

  it("takes an Australian company's ABN under the Australian brand whatever its contact's area code", () => {
    const australian = withPartyIdRule(renterInput, 'auGst');
    for (const areaCode of ['86', '61']) {
      const contact = areaCode === '86' ? '13912345678' : '412345678';
      expect(australian.safeParse({ ...sydney, areaCode, contactPhone: contact, idNumber: abn }).success).toBe(true);
      expect(
        messagesOf(australian.safeParse({ ...sydney, areaCode, contactPhone: contact, idNumber: creditCode })),
      ).toEqual(['idNumber: validation.abn']);
    }
    // The contact at +86 is still a mainland mobile by the mainland's rule.
    expect(
      messagesOf(australian.safeParse({ ...sydney, areaCode: '86', contactPhone: '412345678', idNumber: abn })),
    ).toEqual(['contactPhone: validation.phone']);
  });

  it('asks a party at +86 of a Chinese brand for a mainland document, and one at +61 for its own number', () => {
    const chinese = withPartyIdRule(renterInput, 'cnVat');
    const party = { ...sydney, province: '' };
    expect(messagesOf(chinese.safeParse({ ...party, areaCode: '86', idNumber: abn }))).toEqual([
      'idNumber: lease.idNumberCompany',
    ]);
    expect(chinese.safeParse({ ...party, areaCode: '86', idNumber: creditCode }).success).toBe(true);
    expect(chinese.safeParse({ ...party, areaCode: '61', contactPhone: '412345678', idNumber: abn }).success).toBe(
      true,
    );
  });
});

describe('automatic approval rules', () => {
  it('need at least one condition', () => {
    expect(messagesOf(approvalRuleInput.safeParse({ name: 'x' }))).toEqual([': lease.ruleEmpty']);
    expect(approvalRuleInput.parse({ name: 'small', maxTotalCents: 5_000_000 }).enabled).toBe(true);
  });
});
