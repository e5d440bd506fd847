/**
 * A renter's identity (spec section 3, "Identity document type 1 or 2 selects different labels"): 1 a person, who
 * shows an ID card; 2 a company, which shows its unified social credit code. Abroad (a phone area code other than
 * 86) each is a registration number of that country, checked only for its form.
 */
export const IDENTITY_TYPE = { person: 1, company: 2 } as const;
export const IDENTITY_TYPE_IDS = Object.values(IDENTITY_TYPE);
export type IdentityType = (typeof IDENTITY_TYPE)[keyof typeof IDENTITY_TYPE];

/** The labels each type selects (keys of the console's lease catalog). */
export const IDENTITY_LABELS: Record<IdentityType, { name: string; idNumber: string }> = {
  1: { name: 'renter.personName', idNumber: 'renter.idCard' },
  2: { name: 'renter.companyName', idNumber: 'renter.creditCode' },
};

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

const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** A unified social credit code (GB 32100): 18 characters of its alphabet with a check character. */
export function isCreditCode(value: string): boolean {
  if (!/^[0-9A-HJ-NP-RTUWXY]{18}$/.test(value)) return false;
  const sum = CREDIT_WEIGHTS.reduce((s, w, i) => s + w * CREDIT_CHARS.indexOf(value[i]!), 0);
  return CREDIT_CHARS[(31 - (sum % 31)) % 31] === value[17];
}

/** Whether the number fits the identity type (areaCode '86': mainland formats with their check characters). */
export function isIdNumber(type: IdentityType, value: string, areaCode = '86'): boolean {
  if (areaCode !== '86') return /^[A-Z0-9][A-Z0-9 -]{3,28}[A-Z0-9]$/.test(value);
  return type === IDENTITY_TYPE.person ? isIdCard(value) : isCreditCode(value);
}

/** The check character that completes 17 characters of an ID card or a credit code (for the seed and tests). */
export function completeIdNumber(type: IdentityType, first17: string): string {
  if (type === IDENTITY_TYPE.person) {
    const sum = ID_WEIGHTS.reduce((s, w, i) => s + w * Number(first17[i]), 0);
    return first17 + ID_CHECK[sum % 11];
  }
  const sum = CREDIT_WEIGHTS.reduce((s, w, i) => s + w * CREDIT_CHARS.indexOf(first17[i]!), 0);
  return first17 + CREDIT_CHARS[(31 - (sum % 31)) % 31];
}
