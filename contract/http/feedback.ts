import { z } from 'zod';
import { FEEDBACK_STATUS } from '../codes/service.ts';
import { isDay } from './devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { idParam, isValidPhone, optionalText, pageQuery, paged } from './fields.ts';
import { fileRef } from './uploads.ts';
import { FEEDBACK_HANDLERS, FEEDBACK_READERS, FEEDBACK_SUBMITTERS } from '../access/feedback.ts';

/**
 * Customer feedback (spec /warning/feedback, /warning/feedbackDetail): a customer reports a problem with a machine
 * they lease; the staff of the company that owns it ignore it, resolve it or turn it into a work order, whose
 * state it then follows (docs/decisions/019-maintenance-records.md).
 */

/** Spec section 5: jpg/png images, at most 500 kb each (checked on upload), at most 10. */
export const MAX_FEEDBACK_IMAGES = 10;

type Status = (typeof FEEDBACK_STATUS.values)[number];
export const FEEDBACK_STATUSES = FEEDBACK_STATUS.values as unknown as [Status, ...Status[]];

export const feedbackForm = z.object({
  /** Spec section 5: information and device serial number must not be empty. */
  serialNumber: z
    .string({ error: 'feedback.serialRequired' })
    .trim()
    .min(1, { error: 'feedback.serialRequired' })
    .max(40, { error: 'validation.tooLong' }),
  info: z
    .string({ error: 'feedback.infoRequired' })
    .trim()
    .min(1, { error: 'feedback.infoRequired' })
    .max(2000, { error: 'validation.tooLong' }),
  reporterName: optionalText(40).default(''),
  phone: z
    .string()
    .trim()
    .max(15, { error: 'validation.phone' })
    .refine((v) => v === '' || isValidPhone(v), { error: 'validation.phone' })
    .default(''),
  images: z.array(fileRef).max(MAX_FEEDBACK_IMAGES, { error: 'feedback.tooManyImages' }).default([]),
});
export type FeedbackForm = z.infer<typeof feedbackForm>;

export const feedbackRow = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  serialNumber: z.string(),
  info: z.string(),
  reporterName: z.string(),
  phone: z.string(),
  images: z.array(z.string()),
  /** FEEDBACK_STATUS: pending, resolved, ignored, repaired, paid. */
  status: z.number().int(),
  customerName: z.string(),
  remark: z.string(),
  handlerName: z.string(),
  handledAt: z.string().nullable(),
  workOrderId: z.number().int().nullable(),
  createdAt: z.string(),
  /** The user may ignore, resolve or turn it into a work order (a handler of the owner, still pending). */
  handleable: z.boolean(),
});
export type FeedbackRow = z.infer<typeof feedbackRow>;

const optionalDay = z
  .string()
  .trim()
  .refine((v) => v === '' || isDay(v), { error: 'devices.invalidDate' })
  .optional();
const action = z.object({ id: idParam, remark: optionalText(500).default('') });

export const feedbackEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/feedback/list.do',
    summary: 'Feedback the user sent (customers) or may handle (the owning company), newest first',
    access: { roles: FEEDBACK_READERS },
    scope: 'machines',
    query: pageQuery.extend({
      /** Serial number, information or reporter. */
      keyword: z.string().trim().max(40).optional(),
      status: z.coerce.number().pipe(z.literal(FEEDBACK_STATUSES)).optional(),
      from: optionalDay,
      to: optionalDay,
    }),
    body: noInput,
    response: paged(feedbackRow),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/feedback/detail.do',
    summary: 'One feedback',
    access: { roles: FEEDBACK_READERS },
    scope: 'machines',
    query: z.object({ id: idParam }),
    body: noInput,
    response: feedbackRow,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/feedback/create.do',
    summary: 'Send feedback on a machine the user leases (customers) or keeps, with up to 10 photos',
    access: { roles: FEEDBACK_SUBMITTERS },
    scope: 'machines',
    query: noInput,
    body: feedbackForm,
    response: z.object({ id: z.number().int() }),
  }),
  ignore: defineEndpoint({
    method: 'POST',
    path: '/feedback/ignore.do',
    summary: 'Ignore a pending feedback',
    access: { roles: FEEDBACK_HANDLERS },
    scope: 'machines',
    query: noInput,
    body: action,
    response: z.object({ id: z.number().int() }),
  }),
  resolve: defineEndpoint({
    method: 'POST',
    path: '/feedback/resolve.do',
    summary: 'Resolve a pending feedback without a work order',
    access: { roles: FEEDBACK_HANDLERS },
    scope: 'machines',
    query: noInput,
    body: action,
    response: z.object({ id: z.number().int() }),
  }),
  raiseWorkOrder: defineEndpoint({
    method: 'POST',
    path: '/feedback/workOrder.do',
    summary: 'Turn a pending feedback into a repair work order; its state then follows the work order',
    access: { roles: FEEDBACK_HANDLERS },
    scope: 'machines',
    query: noInput,
    body: z.object({ id: idParam }),
    response: z.object({ workOrderId: z.number().int() }),
  }),
} as const;
