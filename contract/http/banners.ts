import { z } from 'zod';
import { codeTable } from '../codes/code-table.ts';
import { ROLE } from '../codes/roles.ts';
import { isBuiltInModelImage } from './device-models.ts';
import { isDay } from './devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { acrossFields, appid, requiredText } from './fields.ts';
import { recordEndpoints } from './records.ts';
import { fileRef } from './uploads.ts';

/**
 * Banner maintenance (spec /systemSetting/bannerSetting, docs/decisions/052-banners.md): the pictures the mobile
 * app of a brand shows on its home page, each shown from one day to another, in order.
 */

/** The platform's staff keep the apps' banners; nobody else sees this page. */
export const BANNER_EDITORS = [ROLE.companyEmployee, ROLE.companyAdmin] as const;

/** Whether the app shows a banner today: not yet, now, no longer, or switched off. */
export const BANNER_STATE = codeTable('banners:states', [
  ['scheduled', 'scheduled', 'gold'],
  ['live', 'live', 'green'],
  ['ended', 'ended', 'default'],
  ['off', 'off', 'red'],
]);
export type BannerState = (typeof BANNER_STATE.values)[number];
export const BANNER_STATES = BANNER_STATE.values as unknown as [BannerState, ...BannerState[]];

export function bannerState(banner: { enabled: boolean; shownFrom: string; shownTo: string }, today: string) {
  if (!banner.enabled) return 'off';
  if (today < banner.shownFrom) return 'scheduled';
  return today > banner.shownTo ? 'ended' : 'live';
}

const day = z
  .string({ error: 'banners.periodRequired' })
  .trim()
  .refine((v) => isDay(v), { error: 'banners.periodRequired' });

export const bannerForm = z
  .object({
    title: requiredText(40),
    /** An uploaded public image, or one of the built-in machine pictures. */
    image: z
      .string({ error: 'banners.imageRequired' })
      .trim()
      .min(1, { error: 'banners.imageRequired' })
      .refine((url) => isBuiltInModelImage(url) || fileRef.safeParse(url).success, { error: 'upload.invalidRef' }),
    /** Where a tap leads: a web page (https) or a page of the app (a path); none stays on the home page. */
    link: z
      .string()
      .trim()
      .max(200, { error: 'validation.tooLong' })
      .regex(/^(https:\/\/\S+|\/\S*)?$/, { error: 'banners.link' })
      .default(''),
    sortOrder: z.number({ error: 'banners.sortOrder' }).int({ error: 'banners.sortOrder' }).min(0).max(999),
    shownFrom: day,
    shownTo: day,
    enabled: z.boolean().default(true),
  })
  .refine((f) => typeof f.shownFrom !== 'string' || typeof f.shownTo !== 'string' || f.shownTo >= f.shownFrom, {
    path: ['shownTo'],
    error: 'banners.periodOrder',
    ...acrossFields,
  });

export const bannerRow = z.object({
  id: z.number().int(),
  appid: z.string(),
  title: z.string(),
  image: z.string(),
  link: z.string(),
  sortOrder: z.number().int(),
  shownFrom: z.string(),
  shownTo: z.string(),
  enabled: z.boolean(),
  state: z.enum(BANNER_STATES),
  updatedByName: z.string(),
  updatedAt: z.string(),
  /** Always true: only editors read the list (the registry page offers edit and delete by it). */
  editable: z.boolean(),
});
export type BannerRow = z.infer<typeof bannerRow>;

const editors = { roles: BANNER_EDITORS };

export const bannerEndpoints = {
  ...recordEndpoints({
    base: '/banner',
    names: { one: "a banner of the console's brand", many: "banners of the console's brand" },
    read: editors,
    scope: 'organisation',
    filters: { state: z.enum(BANNER_STATES).optional(), keyword: z.string().trim().max(40).optional() },
    row: bannerRow,
    form: bannerForm,
  }),
  live: defineEndpoint({
    method: 'GET',
    path: '/banner/live.do',
    summary: "What a brand's app shows on its home page today, in order (the app calls it without a session)",
    access: 'public',
    scope: 'public',
    query: z.object({ appid }),
    body: noInput,
    response: z.object({ list: z.array(bannerRow.pick({ id: true, title: true, image: true, link: true })) }),
  }),
} as const;
