import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { fileRef } from './uploads.ts';
import { THEME_EDITORS } from '../access/themes.ts';

const colour = z
  .string({ error: 'themes.colour' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'themes.colour' })
  .transform((v) => v.toLowerCase());
const title = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.tooLong' });

export const themeForm = z.object({
  appid: z.string().trim().min(1).max(32),
  color: colour,
  header: colour,
  sidebar: colour,
  sidebarText: colour,
  versionBg: colour,
  versionText: colour,
  titleZh: title(40),
  titleEn: title(60),
  region: z.enum(['zh', 'global'], { error: 'validation.required' }),
  /** A new logo: an uploaded public JPG or PNG; empty keeps the current one. */
  logo: fileRef.default(''),
});

export const themeRow = z.object({
  appid: z.string(),
  brand: z.string(),
  color: z.string(),
  header: z.string(),
  sidebar: z.string(),
  sidebarText: z.string(),
  versionBg: z.string(),
  versionText: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  region: z.enum(['zh', 'global']),
  /** Where the current logo is served. */
  logoUrl: z.string(),
});
export type ThemeRow = z.infer<typeof themeRow>;

export const themeEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/theme/list.do',
    summary: "Every brand's theme as its pack holds it now: colours, title, region and logo",
    access: { roles: THEME_EDITORS },
    scope: 'platform',
    query: z.object({}),
    body: z.object({}),
    response: z.object({ list: z.array(themeRow) }),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/theme/save.do',
    summary: "Save a brand's colours, title, region and logo into its pack; consoles at its address show it at once",
    access: { roles: THEME_EDITORS },
    scope: 'platform',
    query: z.object({}),
    body: themeForm,
    response: z.object({ appid: z.string() }),
  }),
} as const;
