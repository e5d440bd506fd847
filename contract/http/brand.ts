import { z } from 'zod';
import { moneyFormat } from '../codes/money.ts';
import { TAX_REGIMES } from '../codes/tax-regimes.ts';
import { defineEndpoint, noInput } from './endpoint.ts';

/** The spec's brand JSON string (color, logo, company, homepage, brand, region) plus what a brand pack adds. */
export const brandInfo = z.object({
  color: z.string(),
  logo: z.string(),
  company: z.string(),
  homepage: z.string(),
  brand: z.string(),
  /** 'zh' (regional: mainland China, regional map provider) or 'global'. */
  region: z.enum(['zh', 'global']),
  /** The title after the dash in every page title; default 'Engineering machinery' / 工程机械. */
  title: z.object({ zh: z.string(), en: z.string() }),
  theme: z.object({
    header: z.string(),
    sidebar: z.string(),
    sidebarText: z.string(),
    versionBg: z.string(),
    versionText: z.string(),
  }),
  /** Whether the language switch shows (spec: only for certain app ids). */
  languageSwitch: z.boolean(),
  /** The language a first visit gets when the browser's zone does not decide: 'zh-cn' or 'en'. */
  defaultLang: z.enum(['zh-cn', 'en']).optional(),
  /** The sign-in pages' copyright line in each language: the brand's company under the name it keeps in that language. */
  copyright: z.object({ zh: z.string(), en: z.string() }),
  /**
   * The calling code a phone field offers first (digits, no '+'): 86 for a regional brand; a global brand's own
   * region (brand.json `dialCode`), or, when its pack names none, the browser's country (decision 027).
   */
  dialCode: z.string().optional(),
  /** Its currency and number format: every amount its console and documents show (decision 064). */
  money: moneyFormat,
  /** The invoices its companies ask for and the tax identifiers they carry (contract/codes/tax-regimes.ts). */
  taxRegime: z.enum(TAX_REGIMES),
});
export type BrandInfo = z.infer<typeof brandInfo>;

export const brandEndpoints = {
  metadata: defineEndpoint({
    method: 'GET',
    path: '/host/metadata.do',
    summary: "The brand of the request's host name: data.data is the brand JSON string, data.appid the app id",
    access: 'public',
    scope: 'public',
    query: noInput,
    body: noInput,
    // Legacy: `data` is a JSON string of BrandInfo, parsed by the console.
    response: z.object({ data: z.string(), appid: z.string() }),
  }),
} as const;

/** The two app ids whose big-screen shortcut goes to /jdBigScreen (spec section 6). */
export const JD_APPIDS = ['jd', 'jdcloud'] as const;
