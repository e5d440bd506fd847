import { z } from 'zod';
import { codeTable } from '../codes/code-table.ts';
import { BANNER_EDITORS } from '../access/banners.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { appid, idParam, paged, pageQuery, requiredText, savedId } from './fields.ts';

/**
 * App settings (spec /systemSetting/appSetting, docs/decisions/053-app-releases.md): the releases of a brand's mobile
 * app per platform, which the app checks at start to offer an update, or to require one.
 */

export const APP_PLATFORM = codeTable('app-releases:platforms', [
  ['android', 'android', 'green'],
  ['ios', 'ios', 'blue'],
]);
export type AppPlatform = (typeof APP_PLATFORM.values)[number];
export const APP_PLATFORMS = APP_PLATFORM.values as unknown as [AppPlatform, ...AppPlatform[]];

/** `major.minor.patch`, each at most 4 digits. */
const VERSION = /^\d{1,4}\.\d{1,4}\.\d{1,4}$/;
export const versionText = z
  .string({ error: 'appReleases.version' })
  .trim()
  .regex(VERSION, { error: 'appReleases.version' });

/** Negative, zero or positive as `a` is older, the same or newer than `b` (numbers, not text: 1.10.0 > 1.9.0). */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) if (x![i] !== y![i]) return x![i]! - y![i]!;
  return 0;
}

const details = z.object({
  notes: requiredText(1000),
  /** An https address: the store page (iOS) or the package (Android). */
  downloadUrl: z
    .string({ error: 'appReleases.downloadUrl' })
    .trim()
    .max(300, { error: 'validation.tooLong' })
    .regex(/^https:\/\/\S+$/, { error: 'appReleases.downloadUrl' }),
  /** Every older version must update to this one before it is used again. */
  mandatory: z.boolean().default(false),
});
export const releaseForm = details.extend({ platform: z.enum(APP_PLATFORMS), version: versionText });

export const releaseRow = z.object({
  id: z.number().int(),
  platform: z.enum(APP_PLATFORMS),
  version: z.string(),
  notes: z.string(),
  downloadUrl: z.string(),
  mandatory: z.boolean(),
  /** The newest release of its platform: the one the app offers. */
  latest: z.boolean(),
  publishedByName: z.string(),
  publishedAt: z.string(),
  editable: z.boolean(),
});
export type ReleaseRow = z.infer<typeof releaseRow>;

const editors = { roles: BANNER_EDITORS };

/**
 * The app's own settings (decision 053, addendum): its customer service, the agreements its sign-up links and its
 * "about" text. The agreements are https pages; the phone is what the app dials.
 */
const https = (error: 'appReleases.agreementUrl' | 'appReleases.privacyUrl') =>
  z
    .string({ error })
    .trim()
    .max(300, { error: 'validation.tooLong' })
    .regex(/^https:\/\/\S+$/, { error });
export const appSettingsForm = z.object({
  servicePhone: z
    .string({ error: 'appReleases.servicePhone' })
    .trim()
    .regex(/^\+?\d[\d\s-]{3,18}\d$/, { error: 'appReleases.servicePhone' }),
  serviceHours: z.string().trim().max(60, { error: 'validation.tooLong' }).default(''),
  serviceEmail: z
    .string()
    .trim()
    .max(100, { error: 'validation.tooLong' })
    .regex(/^([^\s@]+@[^\s@]+\.[^\s@]+)?$/, { error: 'appReleases.serviceEmail' })
    .default(''),
  agreementUrl: https('appReleases.agreementUrl'),
  privacyUrl: https('appReleases.privacyUrl'),
  about: z.string().trim().max(500, { error: 'validation.tooLong' }).default(''),
});
const appSettingsShape = appSettingsForm.extend({
  servicePhone: z.string(),
  agreementUrl: z.string(),
  privacyUrl: z.string(),
});

export const appReleaseEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/appRelease/list.do',
    summary: "The releases of the console's brand's app, newest first",
    access: editors,
    scope: 'organisation',
    query: pageQuery.extend({ platform: z.enum(APP_PLATFORMS).optional() }),
    body: noInput,
    response: paged(releaseRow),
  }),
  publish: defineEndpoint({
    method: 'POST',
    path: '/appRelease/publish.do',
    summary: 'Publish a release newer than every one of its platform',
    access: editors,
    scope: 'organisation',
    query: noInput,
    body: releaseForm,
    response: savedId,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/appRelease/update.do',
    summary: "Change a release's notes, address or whether it is required",
    access: editors,
    scope: 'organisation',
    query: noInput,
    body: details.extend({ id: idParam }),
    response: savedId,
  }),
  withdraw: defineEndpoint({
    method: 'POST',
    path: '/appRelease/withdraw.do',
    summary: 'Withdraw a release (the one before it is offered again)',
    access: editors,
    scope: 'organisation',
    query: noInput,
    body: z.object({ id: idParam }),
    response: savedId,
  }),
  check: defineEndpoint({
    method: 'GET',
    path: '/appRelease/check.do',
    summary: 'What a running app is told at start: the newest release, and whether it must update (no session)',
    access: 'public',
    scope: 'public',
    query: z.object({ appid, platform: z.enum(APP_PLATFORMS), version: versionText }),
    body: noInput,
    response: z.object({
      latest: z.string().nullable(),
      updateAvailable: z.boolean(),
      mustUpdate: z.boolean(),
      downloadUrl: z.string(),
      notes: z.string(),
    }),
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/appSetting/settings.do',
    summary: "The app's own settings of the console's brand (null until first saved), who saved them and when",
    access: editors,
    scope: 'organisation',
    query: noInput,
    body: noInput,
    response: appSettingsShape.extend({ updatedByName: z.string(), updatedAt: z.string() }).nullable(),
  }),
  saveSettings: defineEndpoint({
    method: 'POST',
    path: '/appSetting/saveSettings.do',
    summary: "Save the app's own settings of the console's brand: the app reads them at once",
    access: editors,
    scope: 'organisation',
    query: noInput,
    body: appSettingsForm,
    response: z.object({ appid: z.string() }),
  }),
  appSettings: defineEndpoint({
    method: 'GET',
    path: '/appSetting/app.do',
    summary: "A brand's app settings as its app reads them at start, without a session (null until saved)",
    access: 'public',
    scope: 'public',
    query: z.object({ appid }),
    body: noInput,
    response: appSettingsShape.nullable(),
  }),
} as const;
