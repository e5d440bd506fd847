import type { InvoiceType } from './accounts.ts';

/**
 * A brand's tax regime (docs/decisions/064-brand-money-and-languages.md): which invoice kinds its companies may ask
 * for, at which rates, and what a buyer's tax identifier looks like. A company is billed under its rental company's
 * brand: an Australian business gets GST tax invoices with an ABN, never Chinese VAT invoices.
 */
export const TAX_REGIMES = ['cnVat', 'auGst'] as const;
export type TaxRegime = (typeof TAX_REGIMES)[number];

interface RegimeRules {
  /** The invoice kinds it offers, the first being the one a new company starts with, and each kind's rates. */
  rates: Partial<Record<InvoiceType, readonly number[]>>;
  /** Whether a tax identifier, as typed (spaces allowed), is one of this regime. */
  taxId: (normalised: string) => boolean;
  /** Whether a company's registration number (what verification and joining name it by) is one of this regime. */
  companyId: (normalised: string) => boolean;
  /** The message for a registration number that is not. */
  companyIdMessage: 'validation.creditCode' | 'validation.abn';
}

/** Unified social credit code: 18 characters of digits and the letters the standard allows. */
export const CREDIT_CODE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character of a unified social credit code's first 17 characters (GB 32100). */
export function creditCodeCheck(first17: string): string {
  const sum = CREDIT_WEIGHTS.reduce((s, w, i) => s + w * CREDIT_CHARS.indexOf(first17[i]!), 0);
  return CREDIT_CHARS[(31 - (sum % 31)) % 31]!;
}

/** A unified social credit code (GB 32100): 18 characters of its alphabet, the last its check character. */
export function isCreditCode(value: string): boolean {
  return /^[0-9A-HJ-NP-RTUWXY]{18}$/.test(value) && creditCodeCheck(value) === value[17];
}

/** A unified social credit code (18) or an older taxpayer number (15 or 20): digits and capitals. */
const chineseTaxNumber = (id: string) => /^[0-9A-Z]{15}$|^[0-9A-Z]{18}$|^[0-9A-Z]{20}$/.test(id);

/** An Australian Business Number: 11 digits whose weighted sum, first digit less one, divides by 89. */
export function isAbn(id: string): boolean {
  if (!/^\d{11}$/.test(id)) return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const sum = [...id].reduce((acc, d, i) => acc + (Number(d) - (i === 0 ? 1 : 0)) * weights[i]!, 0);
  return sum % 89 === 0;
}

const RULES: Record<TaxRegime, RegimeRules> = {
  // Mainland VAT: special invoices (deductible, with bank details) and ordinary ones (decision 051).
  // A mainland company registers under its unified social credit code, its check character checked.
  cnVat: {
    rates: { ordinary: [13, 9, 6, 3, 1], special: [13, 9, 6] },
    taxId: chineseTaxNumber,
    companyId: isCreditCode,
    companyIdMessage: 'validation.creditCode',
  },
  // Australian GST: one tax invoice at 10 %, the buyer identified by its ABN.
  // An Australian company is registered, and identified for GST, by its ABN.
  auGst: { rates: { taxInvoice: [10] }, taxId: isAbn, companyId: isAbn, companyIdMessage: 'validation.abn' },
};

/** A tax identifier as it is kept: spaces and dashes people type for reading dropped, letters in capitals. */
export const normaliseTaxId = (id: string): string => id.replace(/[\s-]+/g, '').toUpperCase();

/** The invoice kinds a regime offers, the default first. */
export const invoiceTypesOf = (regime: TaxRegime): InvoiceType[] => Object.keys(RULES[regime].rates) as InvoiceType[];

/** The rates (percent) an invoice kind carries under a regime; none for a kind the regime does not offer. */
export const taxRatesOf = (regime: TaxRegime, type: InvoiceType): readonly number[] => RULES[regime].rates[type] ?? [];

export const isTaxIdOf = (regime: TaxRegime, id: string): boolean => RULES[regime].taxId(normaliseTaxId(id));

/**
 * What a company registration number needs, whatever the regime, as forms check it before the server knows the brand:
 * digits and capitals once spaces and dashes are dropped, 9 to 20 of them. The regime's own rule follows on the server.
 */
export const COMPANY_ID_SHAPE = /^[0-9A-Z]{9,20}$/;

/** The message for a registration number that is not of the regime, or null when it is. */
export const companyIdIssue = (regime: TaxRegime, id: string): 'validation.creditCode' | 'validation.abn' | null =>
  RULES[regime].companyId(normaliseTaxId(id)) ? null : RULES[regime].companyIdMessage;

/**
 * What is wrong with invoice information under a regime, as the field and its message, or null when it fits:
 * a kind the regime does not offer, a rate the kind does not carry, a tax identifier of another country.
 */
export function taxRegimeIssue(
  regime: TaxRegime,
  invoice: { type: InvoiceType; taxRate: number; taxNumber: string },
): {
  field: 'type' | 'taxRate' | 'taxNumber';
  key: 'validation.invoiceType' | 'validation.taxRate' | 'validation.taxNumber';
} | null {
  if (!invoiceTypesOf(regime).includes(invoice.type)) return { field: 'type', key: 'validation.invoiceType' };
  if (!taxRatesOf(regime, invoice.type).includes(invoice.taxRate))
    return { field: 'taxRate', key: 'validation.taxRate' };
  if (!isTaxIdOf(regime, invoice.taxNumber)) return { field: 'taxNumber', key: 'validation.taxNumber' };
  return null;
}
