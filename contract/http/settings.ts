import { z } from 'zod';
import { INVOICE_TYPE, TAX_RATES, VERIFY_STATUS, type InvoiceType } from '../codes/accounts.ts';
import { COMPANY_ID_SHAPE, companyIdIssue, normaliseTaxId, type TaxRegime } from '../codes/tax-regimes.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { acrossFields, areaCode, mobile, newPassword, password, requiredText, smsCode } from './fields.ts';
import { fileRef } from './uploads.ts';
import { CORPORATE_EDITORS, CORPORATE_READERS } from '../access/settings.ts';

/** Free text that may be left empty (an untouched form field arrives as undefined). */
const text = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' }).default('');
/**
 * Linear in the input's length: no two parts of the pattern can take the same characters, so nothing backtracks.
 * The length check aborts first, so a long input is refused without the pattern ever running.
 */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
const email = z
  .string()
  .trim()
  .max(100, { error: 'validation.tooLong', abort: true })
  .refine((v) => v === '' || EMAIL.test(v), { error: 'validation.email' })
  .default('');
/** A company telephone: mobile or landline, digits with the usual separators. */
const telephone = z
  .string({ error: 'validation.phoneRequired' })
  .trim()
  .regex(/^\+?[\d\- ()]{5,20}$/, { error: 'validation.phone' });
/**
 * A company's registration number as forms take it (decision 064): the regime's shape only (spaces and dashes people
 * type for reading dropped); the server checks it against the company's brand (a credit code, an ABN).
 */
export const companyIdInput = z
  .string({ error: 'validation.required' })
  .overwrite(normaliseTaxId)
  .min(1, { error: 'validation.required' })
  .regex(COMPANY_ID_SHAPE, { error: 'validation.companyId' });

export const profile = z.object({
  uid: z.number().int(),
  mobile: z.string(),
  areaCode: z.string(),
  nickname: z.string(),
  name: z.string(),
  introduction: z.string(),
  email: z.string(),
  avatar: z.string(),
  roleId: z.number().int(),
  orgName: z.string(),
});
export type Profile = z.infer<typeof profile>;

export const profileForm = z.object({
  nickname: requiredText(40),
  name: text(40),
  introduction: text(500),
  email,
  avatar: fileRef.default(''),
});

export const CODE_TARGETS = ['changePassword', 'changePhoneOld', 'changePhoneNew'] as const;

export const companyProfile = z.object({
  orgId: z.number().int(),
  canEdit: z.boolean(),
  name: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  address: z.string(),
  verification: z.object({
    status: z.enum(VERIFY_STATUS.values),
    creditCode: z.string(),
    legalPerson: z.string(),
    licenseImage: z.string(),
  }),
  invoice: z.object({
    type: z.enum(INVOICE_TYPE.values),
    taxRate: z.number(),
    title: z.string(),
    taxNumber: z.string(),
    bank: z.string(),
    account: z.string(),
    address: z.string(),
    phone: z.string(),
  }),
  rental: z.object({ domestic: z.boolean(), foreign: z.boolean() }),
});
export type CompanyProfile = z.infer<typeof companyProfile>;

export const companyDetailsForm = z.object({
  name: requiredText(100),
  contactName: requiredText(40),
  contactPhone: telephone,
  province: text(40),
  city: text(40),
  district: text(40),
  address: requiredText(200),
});

export const verificationForm = z.object({
  creditCode: companyIdInput,
  legalPerson: requiredText(40),
  licenseImage: fileRef.refine((v) => v !== '', { error: 'validation.required' }),
});

/**
 * The form with the registration number of the company's brand (decision 064), as the server checks it: a unified
 * social credit code with its check character under a Chinese brand, an ABN by its checksum under the global one.
 */
export const verificationFormFor = (regime: TaxRegime) =>
  verificationForm.superRefine((v, ctx) => {
    const issue = v.creditCode ? companyIdIssue(regime, v.creditCode) : null;
    if (issue) ctx.addIssue({ code: 'custom', path: ['creditCode'], message: issue });
  });

// The refinements run on what was sent even where its fields are invalid: nothing about their types is known.
type InvoiceInput = Record<string, unknown>;
const isInvoiceType = (value: unknown): value is InvoiceType =>
  typeof value === 'string' && Object.hasOwn(TAX_RATES, value);
const SPECIAL_FIELDS = ['bank', 'account', 'address', 'phone'] as const;

/** The invoice information's fields, before the rules across them (invoiceRules). */
export const invoiceFields = z.object({
  type: z.enum(INVOICE_TYPE.values, { error: 'validation.required' }),
  taxRate: z.coerce.number({ error: 'validation.taxRate' }),
  title: requiredText(100),
  taxNumber: z
    .string({ error: 'validation.required' })
    .trim()
    .toUpperCase()
    .min(1, { error: 'validation.required' })
    // Any country's shape here (spaces allowed, as an ABN is written); the brand's tax regime checks the rest.
    .regex(/^[0-9A-Z][0-9A-Z -]{7,24}$/, { error: 'validation.taxNumber' }),
  bank: text(100),
  account: text(40),
  address: text(200),
  phone: text(20),
});

/**
 * Special VAT invoices need the bank, account, address and phone of the buyer; ordinary ones do not; each type
 * allows its own tax rates. Applied to the fields alone here and with the account's id on the user detail.
 */
export function invoiceRules<S extends z.ZodType<z.infer<typeof invoiceFields>>>(fields: S) {
  return SPECIAL_FIELDS.reduce(
    (schema, field) =>
      schema.refine((v: InvoiceInput) => v.type !== 'special' || (typeof v[field] === 'string' && !!v[field].trim()), {
        path: [field],
        error: 'validation.required',
        ...acrossFields,
      }),
    // A missing rate is already refused by the field itself.
    fields.refine(
      (v: InvoiceInput) =>
        !isInvoiceType(v.type) ||
        typeof v.taxRate !== 'number' ||
        !Number.isFinite(v.taxRate) ||
        TAX_RATES[v.type].includes(v.taxRate),
      {
        path: ['taxRate'],
        error: 'validation.taxRate',
        ...acrossFields,
      },
    ),
  );
}

export const invoiceForm = invoiceRules(invoiceFields);

export const settingsEndpoints = {
  profile: defineEndpoint({
    method: 'GET',
    path: '/user/profile.do',
    summary: 'The signed-in user’s own profile',
    access: 'signedIn',
    scope: 'self',
    query: noInput,
    body: noInput,
    response: profile,
  }),
  updateProfile: defineEndpoint({
    method: 'POST',
    path: '/user/updateProfile.do',
    summary: 'Change the own nickname, name, introduction, e-mail and avatar (an uploaded public image)',
    access: 'signedIn',
    scope: 'self',
    query: noInput,
    body: profileForm,
    response: profile,
  }),
  sendCode: defineEndpoint({
    method: 'POST',
    path: '/user/sendCode.do',
    summary:
      'Send an SMS code for a security change: to the own number (changePassword, changePhoneOld) or to a free new number (changePhoneNew)',
    access: 'signedIn',
    scope: 'self',
    query: noInput,
    body: z.object({ target: z.enum(CODE_TARGETS), mobile: mobile.optional(), areaCode }).superRefine((v, ctx) => {
      if (v.target === 'changePhoneNew' && !v.mobile) {
        ctx.addIssue({ code: 'custom', path: ['mobile'], message: 'validation.phoneRequired' });
      }
    }),
    response: z.object({ expiresInSeconds: z.number().int() }),
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/user/changePassword.do',
    summary: 'Change the own password with the old password and an SMS code; every other session ends',
    access: 'signedIn',
    scope: 'self',
    query: noInput,
    body: z
      .object({ oldPassword: password, password: newPassword, code: smsCode })
      .refine((v) => v.password !== v.oldPassword, { path: ['password'], error: 'auth.samePassword', ...acrossFields }),
    response: z.null(),
  }),
  verifyOldPhone: defineEndpoint({
    method: 'POST',
    path: '/user/changePhone/verifyOld.do',
    summary: 'First step of a phone change: the code sent to the current number; answers a ticket for the second step',
    access: 'signedIn',
    scope: 'self',
    query: noInput,
    body: z.object({ code: smsCode }),
    response: z.object({ ticket: z.string(), expiresInSeconds: z.number().int() }),
  }),
  changePhone: defineEndpoint({
    method: 'POST',
    path: '/user/changePhone.do',
    summary: 'Second step of a phone change: the new number (which must be free) and the code sent to it',
    access: 'signedIn',
    scope: 'self',
    query: noInput,
    body: z.object({ ticket: z.string().trim().max(64), mobile, areaCode, code: smsCode }),
    response: profile,
  }),
  companyProfile: defineEndpoint({
    method: 'GET',
    path: '/company/profile.do',
    summary: 'The own rental company: details, enterprise verification, invoice information, rental permissions',
    access: { roles: CORPORATE_READERS },
    scope: 'organisation',
    query: noInput,
    body: noInput,
    response: companyProfile,
  }),
  updateCompanyDetails: defineEndpoint({
    method: 'POST',
    path: '/company/updateDetails.do',
    summary: 'Change the company details',
    access: { roles: CORPORATE_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: companyDetailsForm,
    response: companyProfile,
  }),
  submitVerification: defineEndpoint({
    method: 'POST',
    path: '/company/submitVerification.do',
    summary: 'Submit enterprise verification (credit code, legal person, licence image); it becomes pending',
    access: { roles: CORPORATE_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: verificationForm,
    response: companyProfile,
  }),
  updateInvoice: defineEndpoint({
    method: 'POST',
    path: '/company/updateInvoice.do',
    summary: 'Change the invoice information (special or ordinary invoice and its tax rate)',
    access: { roles: CORPORATE_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: invoiceForm,
    response: companyProfile,
  }),
  setRentalPermission: defineEndpoint({
    method: 'POST',
    path: '/company/setRentalPermission.do',
    summary: 'Switch on the domestic or foreign rental business permission; once on it cannot be switched off',
    access: { roles: CORPORATE_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ kind: z.enum(['domestic', 'foreign']), enabled: z.boolean({ error: 'validation.invalid' }) }),
    response: companyProfile,
  }),
} as const;
