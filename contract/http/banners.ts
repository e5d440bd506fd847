import { z } from 'zod';
import { codeTable } from '../codes/code-table.ts';
import { isBuiltInModelImage } from './device-models.ts';
import { isDay } from './devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { acrossFields, appid, requiredText } from './fields.ts';
import { recordEndpoints } from './records.ts';
import { fileRef } from './uploads.ts';
import { BANNER_EDITORS } from '../access/banners.ts';

/**
 * Banner maintenance (spec /systemSetting/bannerSetting, docs/decisions/052-banners.md): the pictures the mobile
 * app of a brand shows on its home page, each shown from one day to another, in order.
 */

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

/**
 * Where the app shows a banner, each place with the picture size its layout draws (spec: "image size must match");
 * an uploaded picture must have exactly these pixels. The built-in machine pictures are drawings that fit any size.
 */
export const BANNER_CATEGORY = codeTable('banners:categories', [
  ['home', 'home', 'blue'],
  ['shop', 'shop', 'green'],
  ['splash', 'splash', 'purple'],
]);
export type BannerCategory = (typeof BANNER_CATEGORY.values)[number];
export const BANNER_CATEGORIES = BANNER_CATEGORY.values as unknown as [BannerCategory, ...BannerCategory[]];
export const BANNER_SIZES: Record<BannerCategory, { width: number; height: number }> = {
  home: { width: 750, height: 300 },
  shop: { width: 750, height: 350 },
  splash: { width: 750, height: 1334 },
};

/** What a tap on a banner does: open an H5 page or run one of the app's actions. */
export const BANNER_MODE = codeTable('banners:modes', [
  ['h5', 'h5', 'geekblue'],
  ['app', 'app', 'cyan'],
]);
export type BannerMode = (typeof BANNER_MODE.values)[number];
export const BANNER_MODES = BANNER_MODE.values as unknown as [BannerMode, ...BannerMode[]];
const H5_LINK = /^https:\/\/\S+$/;
/** An action key is a page of the app with its parameters: `/product/list?category=terminal`. */
const ACTION_KEY = /^\/[\w\-./]*(\?\S*)?$/;

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
    category: z.enum(BANNER_CATEGORIES, { error: 'banners.categoryRequired' }),
    /** What a tap does (spec: operation mode): open an H5 page, or run an action of the app. */
    mode: z.enum(BANNER_MODES, { error: 'banners.modeRequired' }),
    /** The H5 page (https) or the app's action key (a page of the app, `/...`), by `mode`. */
    link: z
      .string({ error: 'banners.linkRequired' })
      .trim()
      .min(1, { error: 'banners.linkRequired' })
      .max(200, { error: 'validation.tooLong' }),
    sortOrder: z.number({ error: 'banners.sortOrder' }).int({ error: 'banners.sortOrder' }).min(0).max(999),
    shownFrom: day,
    shownTo: day,
    enabled: z.boolean().default(true),
  })
  .refine((f) => typeof f.shownFrom !== 'string' || typeof f.shownTo !== 'string' || f.shownTo >= f.shownFrom, {
    path: ['shownTo'],
    error: 'banners.periodOrder',
    ...acrossFields,
  })
  .refine((f) => typeof f.link !== 'string' || !f.link || f.mode !== 'h5' || H5_LINK.test(f.link), {
    path: ['link'],
    error: 'banners.link',
    ...acrossFields,
  })
  .refine((f) => typeof f.link !== 'string' || !f.link || f.mode !== 'app' || ACTION_KEY.test(f.link), {
    path: ['link'],
    error: 'banners.actionKey',
    ...acrossFields,
  });

export const bannerRow = z.object({
  id: z.number().int(),
  appid: z.string(),
  title: z.string(),
  category: z.enum(BANNER_CATEGORIES),
  image: z.string(),
  mode: z.enum(BANNER_MODES),
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
    filters: {
      state: z.enum(BANNER_STATES).optional(),
      category: z.enum(BANNER_CATEGORIES).optional(),
      keyword: z.string().trim().max(40).optional(),
    },
    row: bannerRow,
    form: bannerForm,
  }),
  live: defineEndpoint({
    method: 'GET',
    path: '/banner/live.do',
    summary: "What a brand's app shows today, in order, of one category or all (the app calls it without a session)",
    access: 'public',
    scope: 'public',
    query: z.object({ appid, category: z.enum(BANNER_CATEGORIES).optional() }),
    body: noInput,
    response: z.object({
      list: z.array(bannerRow.pick({ id: true, title: true, category: true, image: true, mode: true, link: true })),
    }),
  }),
} as const;
