import { creditCodeCheck, isAbn, isCreditCode, normaliseTaxId, type TaxRegime } from '../codes/tax-regimes.ts';
import { isAustralianRegion } from '../formats/address.ts';

/**
 * A renter's identity (spec section 3, "Identity document type 1 or 2 selects different labels"): 1 a person, who
 * shows an ID card; 2 a company, which shows its unified social credit code. The documents are those of the country
 * of the rental company's brand (decision 064, its tax regime): under an Australian brand a person shows a driver
 * licence and a company its ABN. The contract's form rule (isIdNumber) checks a shape any country's has; the server
 * checks the brand's own rule (idNumberIssue).
 */
export const IDENTITY_TYPE = { person: 1, company: 2 } as const;
export const IDENTITY_TYPE_IDS = Object.values(IDENTITY_TYPE);
export type IdentityType = (typeof IDENTITY_TYPE)[keyof typeof IDENTITY_TYPE];

/** The label keys of an identity (keys of the console's lease catalog's `renter` section). */
export interface IdentityLabels {
  name: 'renter.personName' | 'renter.companyName';
  idNumber:
    | 'renter.idCard'
    | 'renter.creditCode'
    | 'renter.driverLicence'
    | 'renter.abn'
    | 'renter.passport'
    | 'renter.registrationNumber';
}

/** The labels each type selects, under a Chinese brand. */
export const IDENTITY_LABELS: Record<IdentityType, IdentityLabels> = {
  1: { name: 'renter.personName', idNumber: 'renter.idCard' },
  2: { name: 'renter.companyName', idNumber: 'renter.creditCode' },
};
/**
 * The labels under a brand's tax regime, for a party (its region as typed so far): an Australian company's ABN and a
 * person's driver licence; a party abroad of the Australian brand its country's registration number or passport.
 */
export function identityLabels(
  regime: TaxRegime,
  type: IdentityType,
  party: { areaCode?: string | undefined; province?: string | null | undefined } = {},
): IdentityLabels {
  const labels = IDENTITY_LABELS[type] ?? IDENTITY_LABELS[2];
  if (regime !== 'auGst') return labels;
  const person = type === IDENTITY_TYPE.person;
  if (!ofBrandCountry(regime, party)) {
    return { ...labels, idNumber: person ? 'renter.passport' : 'renter.registrationNumber' };
  }
  return { ...labels, idNumber: person ? 'renter.driverLicence' : 'renter.abn' };
}
/**
 * The document a party's identity number is, by the party's own country, where no brand's form asks for it (a contract
 * PDF read beyond the console, an account's real-name data): a party of an Australian state, or at +61 when it gives no
 * address, shows a driver licence or an ABN; a mainland one (its province written in Chinese, or at +86) an ID card or
 * a unified social credit code; a party elsewhere its passport or its company registration number.
 */
export function partyDocumentLabel(
  type: number,
  party: { areaCode?: string | undefined; province?: string | null | undefined },
): IdentityLabels['idNumber'] {
  const person = type === IDENTITY_TYPE.person;
  const province = party.province?.trim() ?? '';
  const areaCode = party.areaCode || '86';
  const australian = province ? isAustralianRegion(province) : areaCode === '61';
  const mainland = province ? /\p{Script=Han}/u.test(province) : areaCode === '86';
  if (australian) return person ? 'renter.driverLicence' : 'renter.abn';
  if (mainland) return person ? 'renter.idCard' : 'renter.creditCode';
  return person ? 'renter.passport' : 'renter.registrationNumber';
}

/** The list column naming both numbers, under a brand's tax regime (a key of the catalog's section). */
export const idNumberColumn = (regime: TaxRegime): 'idNumber' | 'idNumberAu' =>
  regime === 'auGst' ? 'idNumberAu' : 'idNumber';

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** A mainland resident ID card number (GB 11643): 17 digits, a birth date, and its check character. */
export function isIdCard(value: string): boolean {
  if (!/^\d{17}[\dX]$/.test(value)) return false;
  const birth = value.slice(6, 14);
  const date = new Date(`${birth.slice(0, 4)}-${birth.slice(4, 6)}-${birth.slice(6, 8)}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10).replaceAll('-', '') !== birth) return false;
  const sum = ID_WEIGHTS.reduce((s, w, i) => s + w * Number(value[i]), 0);
  return ID_CHECK[sum % 11] === value[17];
}

/** A unified social credit code (GB 32100) with its check character: the tax regimes' rule, kept with them. */
export { isCreditCode };

/** The form any country's identity number has: 5 to 30 letters, digits, spaces and hyphens. */
export const hasIdNumberForm = (value: string): boolean => /^[A-Z0-9][A-Z0-9 -]{3,28}[A-Z0-9]$/.test(value);

/** Whether the number fits the identity type (areaCode '86': mainland formats with their check characters). */
export function isIdNumber(type: IdentityType, value: string, areaCode = '86'): boolean {
  if (areaCode !== '86') return hasIdNumberForm(value);
  return type === IDENTITY_TYPE.person ? isIdCard(value) : isCreditCode(value);
}

/** An Australian driver licence number: each state's has 4 to 10 letters and digits (spaces dropped). */
const isDriverLicence = (value: string): boolean => /^[A-Z0-9]{4,10}$/.test(value) && /\d/.test(value);

export type IdNumberIssue =
  'lease.idNumberPerson' | 'lease.idNumberCompany' | 'lease.idNumberLicence' | 'validation.abn';

/**
 * Whether a party is of the country of its rental company's brand, so that it shows that country's documents: in
 * China a phone at +86 (the form's rule, isIdNumber); under the Australian brand an address in an Australian state,
 * or none given (Northwind's customers in Singapore or Dubai keep their own countries' numbers).
 */
export function ofBrandCountry(
  regime: TaxRegime,
  party: { areaCode?: string | undefined; province?: string | null | undefined },
): boolean {
  // A party whose region is not given yet is taken to be of the brand's country.
  return regime === 'auGst' ? !party.province || isAustralianRegion(party.province) : (party.areaCode || '86') === '86';
}

/**
 * What is wrong with an identity number of a party of the brand's country (its tax regime), or null when it is one
 * of that country's: a mainland ID card or credit code with its check character; an Australian driver licence, or an
 * ABN by its checksum. A party abroad (ofBrandCountry) is checked for its form only (isIdNumber).
 */
export function idNumberIssue(regime: TaxRegime, type: IdentityType, value: string): IdNumberIssue | null {
  if (regime === 'auGst') {
    const kept = normaliseTaxId(value);
    if (type === IDENTITY_TYPE.person) return isDriverLicence(kept) ? null : 'lease.idNumberLicence';
    return isAbn(kept) ? null : 'validation.abn';
  }
  if (type === IDENTITY_TYPE.person) return isIdCard(value) ? null : 'lease.idNumberPerson';
  return isCreditCode(value) ? null : 'lease.idNumberCompany';
}

/**
 * What is wrong with a renter's or sub-lessor's identity number under its rental company's brand (its tax regime), as
 * the server refuses it (server/src/lib/identity-numbers.ts) and the console's forms check it before sending: a party
 * of the brand's country (ofBrandCountry: in China a contact at +86, under the Australian brand an address in an
 * Australian state) shows that country's document; a party abroad a number of its own country's form. A contact at
 * +86 of an Australian company makes no Chinese document of its ABN.
 */
export function partyIdNumberIssue(
  regime: TaxRegime,
  party: {
    identityType: number;
    idNumber?: string | undefined;
    areaCode?: string | undefined;
    province?: string | null | undefined;
  },
): IdNumberIssue | 'lease.idNumberForm' | null {
  if (!party.idNumber) return null;
  if (ofBrandCountry(regime, party)) return idNumberIssue(regime, party.identityType as IdentityType, party.idNumber);
  return hasIdNumberForm(party.idNumber) ? null : 'lease.idNumberForm';
}

/** An ABN as the Australian Business Register prints it: "51 824 753 556". */
export const formatAbn = (abn: string): string => abn.replace(/^(\d{2})(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4');

/**
 * An identity number of the brand's country as it is kept, however it was typed: an ABN as the register prints it, a
 * licence without spaces, so one company or person is one number (the renters' uniqueness check).
 */
export function keptIdNumber(regime: TaxRegime, type: IdentityType, value: string): string {
  if (regime !== 'auGst') return value;
  const kept = normaliseTaxId(value);
  return type === IDENTITY_TYPE.company ? formatAbn(kept) : kept;
}

/** The check character that completes 17 characters of an ID card or a credit code (for the seed and tests). */
export function completeIdNumber(type: IdentityType, first17: string): string {
  if (type === IDENTITY_TYPE.person) {
    const sum = ID_WEIGHTS.reduce((s, w, i) => s + w * Number(first17[i]), 0);
    return first17 + ID_CHECK[sum % 11];
  }
  return first17 + creditCodeCheck(first17);
}
