import { z } from 'zod';

/**
 * Field schemas shared by many endpoints. Error messages are message keys of contract/messages, so the
 * server answers in the request's language and the console shows the same text on the form field.
 */

/** Mainland mobile numbers. */
export const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
/** A subscriber number dialled with an area (country) code other than 86: E.164 allows 15 digits in all. */
export const INTERNATIONAL_NUMBER = /^\d{4,14}$/;
export const AREA_CODE = /^\d{1,4}$/;

/** Takes whatever a request held: a cross-field rule runs even when a field is of the wrong type. */
export function isValidPhone(mobile: unknown, areaCode: unknown = '86'): boolean {
  if (typeof mobile !== 'string' || typeof areaCode !== 'string' || !AREA_CODE.test(areaCode)) return false;
  if (areaCode === '86') return MAINLAND_MOBILE.test(mobile);
  return INTERNATIONAL_NUMBER.test(mobile) && areaCode.length + mobile.length <= 15;
}

export const requiredText = (max = 200) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.tooLong' });

export const optionalText = (max = 200) => z.string().trim().max(max, { error: 'validation.tooLong' }).optional();

/** The account is trimmed and must not be empty (spec section 5). */
export const account = z
  .string({ error: 'validation.accountRequired' })
  .trim()
  .min(1, { error: 'validation.accountRequired' })
  .max(32, { error: 'validation.phone' });

export const password = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, { error: 'validation.passwordRequired' })
  .max(64, { error: 'validation.tooLong' });

/** A password a user chooses: 8-64 characters with a letter and a digit. */
export const newPassword = z
  .string({ error: 'validation.passwordRequired' })
  .min(8, { error: 'validation.passwordWeak' })
  .max(64, { error: 'validation.passwordWeak' })
  .regex(/[A-Za-z]/, { error: 'validation.passwordWeak' })
  .regex(/\d/, { error: 'validation.passwordWeak' });

export const areaCode = z.string().trim().regex(AREA_CODE, { error: 'validation.areaCode' }).default('86');

export const mobile = z
  .string({ error: 'validation.phoneRequired' })
  .trim()
  .min(1, { error: 'validation.phoneRequired' })
  .max(15, { error: 'validation.phone' })
  .regex(/^\d+$/, { error: 'validation.phone' });

/** A six-digit SMS verification code. */
export const smsCode = z
  .string({ error: 'validation.codeRequired' })
  .trim()
  .regex(/^\d{6}$/, { error: 'validation.code' });

export const appid = z
  .string()
  .trim()
  .max(64)
  .regex(/^[\w-]*$/, { error: 'validation.invalid' })
  .default('');

/**
 * The latest moment a query may name (ms since the epoch): the end of the year 9998, so a day or a month after it
 * is still a date in every time zone (JavaScript dates end in the year 275760, the server's calendar maths before).
 */
export const LATEST_INSTANT = Date.UTC(9999, 0, 1) - 1;

export const idParam = z.coerce.number({ error: 'validation.invalid' }).int().positive({ error: 'validation.invalid' });

/** The query or body that names one record. */
export const byId = z.object({ id: idParam });

/** The answer of a write: which record it created or changed. */
export const savedId = z.object({ id: z.number().int() });

/** Paging and sorting for every server-side paginated list. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  sortField: z.string().max(40).regex(/^\w*$/).optional(),
  sortOrder: z.enum(['ascend', 'descend']).optional(),
});

export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/**
 * Makes a rule across fields run even while other fields are invalid, so a form shows every problem at once (zod
 * skips an object's refinements once a field has failed). Such a rule reads what was sent, unchecked: it must test
 * the type of every value it reads.
 */
export const acrossFields = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/** A field of a value read unchecked in a rule across fields (acrossFields): undefined unless it is an object. */
export const fieldOf = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

/** At most 100,000,000.00, in cents. */
export const MAX_CENTS = 10_000_000_000;

/**
 * Money: integer cents end to end (the console shows and takes yuan with two decimals, and converts at the edge).
 * `error` is the message for a missing or malformed amount; `min` 1 refuses zero.
 */
export const cents = (error: string, { min = 0, max = MAX_CENTS }: { min?: number; max?: number } = {}) =>
  z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
