import { z } from 'zod';
import { defineEndpoint, noInput } from './endpoint.ts';
import {
  acrossFields,
  areaCode,
  idParam,
  isValidPhone,
  mobile,
  newPassword,
  pageQuery,
  paged,
  savedId,
} from './fields.ts';
import { LESSOR_ONBOARDERS, LESSOR_READERS } from '../access/lessors.ts';

/**
 * Rental companies (lessors) the operator onboards (docs/decisions/065-operator-onboarding.md): the organisation,
 * its first administrator, the brand it works under and its settings, so a production installation with no demo
 * data gets its first customers' companies through the console.
 */

/** A time zone the runtime knows (IANA name), so the company's calendar days can be counted in it. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

const text = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' }).default('');
const required = (key: 'customers.nameRequired' | 'customers.addressRequired', max: number) =>
  z.string({ error: key }).trim().min(1, { error: key }).max(max, { error: 'validation.tooLong' });

/** What the operator keeps of a rental company and can change later. */
const companyFields = {
  name: required('customers.nameRequired', 100),
  /** Its registered names in each language it keeps ('' for none): a document in that language names it so (064). */
  nameZh: text(100),
  nameEn: text(100),
  contactName: text(50),
  areaCode,
  contactPhone: z.string({ error: 'validation.phoneRequired' }).trim().min(1, { error: 'validation.phoneRequired' }),
  province: text(50),
  city: text(50),
  district: text(50),
  address: required('customers.addressRequired', 200),
  creditCode: text(30),
  /** The brand pack it works under: its console address, app, banners and releases. */
  appid: z.string({ error: 'lessors.brandRequired' }).trim().min(1, { error: 'lessors.brandRequired' }).max(32),
  /** Where its calendar days (billing, due dates) are counted. */
  timeZone: z.string({ error: 'lessors.timeZone' }).trim().refine(isTimeZone, { error: 'lessors.timeZone' }),
  /** It runs the leasing business (contracts, billing, the revenue analysis shortcut). */
  leasing: z.boolean().default(true),
  /** Rental business permissions: once on they cannot be switched off (spec section 4). */
  rentalDomestic: z.boolean().default(false),
  rentalForeign: z.boolean().default(false),
};

const phoneOk = (phone: unknown, code: unknown) =>
  typeof phone !== 'string' || !phone || isValidPhone(phone, typeof code === 'string' ? code : '86');
const contactRule = { path: ['contactPhone'], error: 'validation.phone', ...acrossFields };

/**
 * A new rental company with its first administrator (role 5). `password`: the operator sets the first password and
 * passes it on; `message`: a text message asks the administrator to set their own, with the brand's address.
 */
export const lessorCreateForm = z
  .object({
    ...companyFields,
    adminName: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(40),
    adminMobile: mobile,
    adminAreaCode: areaCode,
    adminMode: z.enum(['password', 'message']).default('message'),
    adminPassword: newPassword.optional(),
  })
  .refine((v) => phoneOk(v.contactPhone, v.areaCode), contactRule)
  .refine((v) => phoneOk(v.adminMobile, v.adminAreaCode), {
    path: ['adminMobile'],
    error: 'validation.phone',
    ...acrossFields,
  })
  .refine((v) => v.adminMode !== 'password' || (typeof v.adminPassword === 'string' && v.adminPassword !== ''), {
    path: ['adminPassword'],
    error: 'validation.passwordRequired',
    ...acrossFields,
  });

export const lessorUpdateForm = z
  .object({ ...companyFields, id: idParam })
  .refine((v) => phoneOk(v.contactPhone, v.areaCode), contactRule);

export const lessorRow = z.object({
  id: z.number().int(),
  name: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  contactName: z.string(),
  areaCode: z.string(),
  contactPhone: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  address: z.string(),
  creditCode: z.string(),
  appid: z.string(),
  /** The brand's name; empty when its pack is no longer loaded. */
  brandName: z.string(),
  timeZone: z.string(),
  leasing: z.boolean(),
  rentalDomestic: z.boolean(),
  rentalForeign: z.boolean(),
  /** Its administrators (role 5), "name (phone)". */
  admins: z.array(z.string()),
  customerCount: z.number().int(),
  deviceCount: z.number().int(),
  createdAt: z.string(),
  editable: z.boolean(),
});
export type LessorRow = z.infer<typeof lessorRow>;

export const lessorEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/lessor/list.do',
    summary: 'The rental companies, by keyword and brand, with their brand, settings, administrators and counts',
    access: { roles: LESSOR_READERS },
    scope: 'organisation',
    query: pageQuery.extend({
      keyword: z.string().trim().max(40).optional(),
      appid: z.string().trim().max(32).optional(),
    }),
    body: noInput,
    response: paged(lessorRow),
  }),
  brands: defineEndpoint({
    method: 'GET',
    path: '/lessor/brands.do',
    summary: 'The brands a rental company can work under (the loaded brand packs)',
    access: { roles: LESSOR_READERS },
    scope: 'public',
    query: noInput,
    body: noInput,
    response: z.object({ list: z.array(z.object({ appid: z.string(), name: z.string(), region: z.string() })) }),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/lessor/create.do',
    summary:
      'Onboard a rental company: the organisation, its brand and settings, and its first administrator (a first ' +
      'password, or a text message asking them to set one)',
    access: { roles: LESSOR_ONBOARDERS },
    scope: 'organisation',
    query: noInput,
    body: lessorCreateForm,
    response: z.object({ id: z.number().int(), adminUid: z.number().int() }),
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/lessor/update.do',
    summary: "Change a rental company's details, brand and settings (rental permissions once on stay on)",
    access: { roles: LESSOR_ONBOARDERS },
    scope: 'organisation',
    query: noInput,
    body: lessorUpdateForm,
    response: savedId,
  }),
} as const;
