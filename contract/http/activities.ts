import { z } from 'zod';
import { codeTable } from '../codes/code-table.ts';
import { APP_PLATFORMS, versionText } from './app-releases.ts';
import { isBuiltInModelImage } from './device-models.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { acrossFields, appid, LATEST_INSTANT, requiredText } from './fields.ts';
import { recordEndpoints } from './records.ts';
import { fileRef } from './uploads.ts';
import { ACTIVITY_EDITORS } from '../access/activities.ts';

/**
 * Activities and message push (spec /approvalManagement/activityManagement; docs/decisions/056-activities-and-push.md):
 * what a brand's app shows as a campaign from one moment to another, pushed to its users now or at a set time.
 */

/** Spec: "Activity and push: not expired, expired", computed from the end time, never stored. */
export const ACTIVITY_STATES = ['notExpired', 'expired'] as const;
export type ActivityState = (typeof ACTIVITY_STATES)[number];
export const ACTIVITY_STATE = codeTable('activities:states', [
  ['notExpired', 'notExpired', 'green'],
  ['expired', 'expired', 'default'],
]);
export const activityState = (endAt: number, now: number): ActivityState => (endAt < now ? 'expired' : 'notExpired');

/** The app platforms an activity targets: one of the releases' platforms, or both. */
export const ACTIVITY_PLATFORMS = ['all', ...APP_PLATFORMS] as const;
export type ActivityPlatform = (typeof ACTIVITY_PLATFORMS)[number];
export const ACTIVITY_PLATFORM = codeTable('activities:platforms', [
  ['all', 'all', 'purple'],
  ['android', 'android', 'green'],
  ['ios', 'ios', 'blue'],
]);

/** How the activity is pushed when saved: not (again), now, or at `pushAt`. */
export const PUSH_MODES = ['none', 'now', 'scheduled'] as const;
/** A push's state: waiting for its time, or handed to the app users' push outbox. */
export const PUSH_STATE = codeTable('activities:pushStates', [
  ['scheduled', 'scheduled', 'gold'],
  ['pushed', 'pushed', 'green'],
]);
export type PushState = 'scheduled' | 'pushed';

const instant = (error: string) =>
  z.number({ error }).int({ error }).positive({ error }).max(LATEST_INSTANT, { error });

export const activityForm = z
  .object({
    title: requiredText(60),
    /** The lowest app version that shows it; empty: every version. */
    version: z.union([z.literal(''), versionText]).default(''),
    platform: z.enum(ACTIVITY_PLATFORMS, { error: 'activities.platformRequired' }),
    image: z
      .string({ error: 'activities.imageRequired' })
      .trim()
      .min(1, { error: 'activities.imageRequired' })
      .refine((url) => isBuiltInModelImage(url) || fileRef.safeParse(url).success, { error: 'upload.invalidRef' }),
    /** The H5 page a tap opens: a web address (https) or a page of the app (a path). */
    h5Path: z
      .string()
      .trim()
      .max(200, { error: 'validation.tooLong' })
      .regex(/^(https:\/\/\S+|\/\S*)?$/, { error: 'activities.h5Path' })
      .default(''),
    content: requiredText(1000),
    startAt: instant('activities.startRequired'),
    endAt: instant('activities.endRequired'),
    push: z.enum(PUSH_MODES).default('none'),
    pushAt: instant('activities.pushAtRequired').nullable().default(null),
  })
  .refine((f) => typeof f.startAt !== 'number' || typeof f.endAt !== 'number' || f.endAt >= f.startAt, {
    path: ['endAt'],
    error: 'activities.endBeforeStart',
    ...acrossFields,
  })
  .refine((f) => f.push !== 'scheduled' || typeof f.pushAt === 'number', {
    path: ['pushAt'],
    error: 'activities.pushAtRequired',
    ...acrossFields,
  })
  .refine(
    (f) => f.push !== 'scheduled' || typeof f.pushAt !== 'number' || typeof f.endAt !== 'number' || f.pushAt <= f.endAt,
    { path: ['pushAt'], error: 'activities.pushAfterEnd', ...acrossFields },
  );

export const activityRow = z.object({
  id: z.number().int(),
  title: z.string(),
  version: z.string(),
  platform: z.enum(ACTIVITY_PLATFORMS),
  image: z.string(),
  h5Path: z.string(),
  content: z.string(),
  /** Moments in the reader's zone (`YYYY-MM-DD HH:mm:ss`) and as instants, for the edit form. */
  startAt: z.string(),
  endAt: z.string(),
  startMs: z.number().int(),
  endMs: z.number().int(),
  state: z.enum(ACTIVITY_STATES),
  /** The latest push: when it is (or was) due, and whether it went out. */
  pushAt: z.string(),
  pushState: z.enum(['scheduled', 'pushed']).nullable(),
  pushes: z.number().int(),
  createdAt: z.string(),
  updatedByName: z.string(),
});
export type ActivityRow = z.infer<typeof activityRow>;

const editors = { roles: ACTIVITY_EDITORS };

export const activityEndpoints = {
  ...recordEndpoints({
    base: '/activity',
    names: {
      one: "an activity of the console's brand (pushed now, at a set time or not)",
      many: "activities of the console's brand",
    },
    read: editors,
    scope: 'organisation',
    filters: {
      platform: z.enum(ACTIVITY_PLATFORMS).optional(),
      state: z.enum(ACTIVITY_STATES).optional(),
      keyword: z.string().trim().max(60).optional(),
    },
    row: activityRow,
    form: activityForm,
  }),
  live: defineEndpoint({
    method: 'GET',
    path: '/activity/live.do',
    summary:
      "The activities a brand's app shows now on a platform and version, newest first (the app calls it without a session)",
    access: 'public',
    scope: 'public',
    query: z.object({
      appid,
      platform: z.enum(APP_PLATFORMS).optional(),
      version: z.union([z.literal(''), versionText]).optional(),
    }),
    body: noInput,
    response: z.object({
      list: z.array(
        activityRow
          .pick({ id: true, title: true, image: true, h5Path: true, content: true, startAt: true, endAt: true })
          .extend({ pushedAt: z.string() }),
      ),
    }),
  }),
} as const;
