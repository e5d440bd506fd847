import { z } from 'zod';
import { NOTIFY_EDITORS, NOTIFY_READERS } from '../access/notifications.ts';
import { ALARM_TYPES } from '../codes/alarms.ts';
import { codeTable } from '../codes/code-table.ts';
import { MACHINE_KINDS } from '../codes/machine-kinds.ts';
import { ROLE } from '../codes/roles.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { isWallTime } from './tracks.ts';
import { acrossFields, areaCode, fieldOf, byId, idParam, pageQuery, paged, requiredText, savedId } from './fields.ts';

/**
 * Notification rules, their deliveries and acknowledgements (docs/decisions/071-notifications.md): which events, for
 * which machines, at which level, reach whom through which channels; quiet hours, escalation steps, damping and
 * digests; and the log of every message sent.
 */

/** The business events a rule may hear of besides the alarms (each alarm type of the alarm rules is one too). */
export const BUSINESS_EVENTS = [
  'lockFailed',
  'arrearsStep',
  'contractToSign',
  'billOverdue',
  'workOrderAssigned',
] as const;
export const NOTIFY_EVENTS = [...ALARM_TYPES, ...BUSINESS_EVENTS] as const;
export type NotifyEvent = (typeof NOTIFY_EVENTS)[number];
/**
 * What the system itself sends through the same mechanism, without a rule: a fence contact's alarm text, an arrears
 * reminder, an invitation (to join a company, or to set the password of an account made for the person), the welcome
 * to a new rental company's administrator, and the answer to an account deletion request.
 */
export const SYSTEM_EVENTS = ['fenceContact', 'arrearsReminder', 'invitation', 'welcome', 'accountDeletion'] as const;
export type SystemEvent = (typeof SYSTEM_EVENTS)[number];

export const NOTIFY_CHANNEL = codeTable('notifications:channels', [
  ['sms', 'sms', 'blue'],
  ['email', 'email', 'cyan'],
  ['webhook', 'webhook', 'purple'],
  ['push', 'push', 'geekblue'],
]);
export const NOTIFY_CHANNELS = ['sms', 'email', 'webhook', 'push'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

export const NOTIFY_SELECTORS = ['all', 'kind', 'fence', 'customer', 'list'] as const;
export type NotifySelector = (typeof NOTIFY_SELECTORS)[number];

export const DELIVERY_STATE = codeTable('notifications:states', [
  ['pending', 'pending', 'gold'],
  ['sent', 'sent', 'green'],
  ['failed', 'failed', 'red'],
  ['suppressed', 'suppressed', 'default'],
]);
export const DELIVERY_STATES = ['pending', 'sent', 'failed', 'suppressed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** The roles a rule may name as recipients: the organisation's own people. */
export const RECIPIENT_ROLES = [
  ROLE.companyEmployee,
  ROLE.companyAdmin,
  ROLE.lessorAdmin,
  ROLE.lessorSales,
  ROLE.technician,
  ROLE.lessorStaff,
] as const;

export const MAX_STEPS = 5;
export const MAX_CONTACTS = 20;
export const MAX_RULE_MACHINES = 500;

const id = z.number({ error: 'validation.invalid' }).int().positive({ error: 'validation.invalid' });
const hhmm = z
  .string()
  .trim()
  .regex(/^(?:|([01]\d|2[0-3]):[0-5]\d)$/, { error: 'notifications.quietFormat' })
  .default('');

export const notifyContact = z.object({
  name: requiredText(40),
  mobile: z
    .string()
    .trim()
    .regex(/^(?:|\d{4,14})$/, { error: 'notifications.mobile' })
    .default(''),
  areaCode,
  email: z
    .union([z.literal(''), z.email({ error: 'notifications.email' }).max(100, { error: 'notifications.email' })])
    .default(''),
});
export type NotifyContact = z.infer<typeof notifyContact>;

export const notifyStep = z.object({
  /** Minutes after the notification (0 for the first step) when this step is reached if nobody acknowledged. */
  delayMinutes: z
    .number({ error: 'notifications.delay' })
    .int({ error: 'notifications.delay' })
    .min(0, { error: 'notifications.delay' })
    .max(24 * 60, { error: 'notifications.delay' }),
  roles: z.array(z.number().int()).max(10).default([]),
  userIds: z.array(id).max(50).default([]),
  contacts: z.array(notifyContact).max(MAX_CONTACTS).default([]),
  channels: z
    .array(z.enum(NOTIFY_CHANNELS, { error: 'notifications.channelRequired' }))
    .min(1, { error: 'notifications.channelRequired' })
    .max(NOTIFY_CHANNELS.length, { error: 'notifications.channelRequired' }),
});
export type NotifyStep = z.infer<typeof notifyStep>;

export const notifyRuleForm = z
  .object({
    id: id.optional(),
    name: requiredText(60),
    enabled: z.boolean().default(true),
    events: z
      .array(z.enum(NOTIFY_EVENTS, { error: 'notifications.eventRequired' }))
      .min(1, { error: 'notifications.eventRequired' })
      .max(NOTIFY_EVENTS.length, { error: 'notifications.eventRequired' }),
    minLevel: z.number().int().min(1).max(3).default(1),
    selector: z.enum(NOTIFY_SELECTORS, { error: 'validation.invalid' }).default('all'),
    kind: z.enum(MACHINE_KINDS).optional(),
    fenceId: id.optional(),
    customerOrgId: id.optional(),
    deviceIds: z.array(id).max(MAX_RULE_MACHINES).default([]),
    offlineMinutes: z
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 60)
      .default(0),
    steps: z
      .array(notifyStep)
      .min(1, { error: 'notifications.stepRequired' })
      .max(MAX_STEPS, { error: 'notifications.tooManySteps' }),
    webhookUrl: z
      .string()
      .trim()
      .max(500)
      .regex(/^(?:|https?:\/\/\S+)$/, { error: 'notifications.webhookUrl' })
      .default(''),
    quietStart: hhmm,
    quietEnd: hhmm,
    dampingMinutes: z
      .number({ error: 'notifications.damping' })
      .int()
      .min(0, { error: 'notifications.damping' })
      .max(24 * 60, { error: 'notifications.damping' })
      .default(10),
    digestThreshold: z
      .number({ error: 'notifications.digest' })
      .int()
      .min(1, { error: 'notifications.digest' })
      .max(10_000, { error: 'notifications.digest' })
      .default(20),
  })
  .refine((f) => f.selector !== 'kind' || typeof f.kind === 'string', {
    path: ['kind'],
    error: 'notifications.kindRequired',
    ...acrossFields,
  })
  .refine((f) => f.selector !== 'fence' || typeof f.fenceId === 'number', {
    path: ['fenceId'],
    error: 'notifications.fenceRequired',
    ...acrossFields,
  })
  .refine((f) => f.selector !== 'customer' || typeof f.customerOrgId === 'number', {
    path: ['customerOrgId'],
    error: 'notifications.customerRequired',
    ...acrossFields,
  })
  .refine((f) => f.selector !== 'list' || (Array.isArray(f.deviceIds) && f.deviceIds.length > 0), {
    path: ['deviceIds'],
    error: 'notifications.machinesRequired',
    ...acrossFields,
  })
  .refine((f) => (f.quietStart === '') === (f.quietEnd === ''), {
    path: ['quietEnd'],
    error: 'notifications.quietBoth',
    ...acrossFields,
  })
  .refine(
    (f) =>
      !Array.isArray(f.steps) ||
      !f.steps.some((s: unknown) => {
        const channels = fieldOf(s, 'channels');
        return Array.isArray(channels) && channels.includes('webhook');
      }) ||
      (typeof f.webhookUrl === 'string' && f.webhookUrl !== ''),
    { path: ['webhookUrl'], error: 'notifications.webhookRequired', ...acrossFields },
  )
  .refine(
    (f) =>
      !Array.isArray(f.steps) ||
      f.steps.every((s: unknown, i: number) => {
        const delay = fieldOf(s, 'delayMinutes');
        const before = fieldOf(f.steps[i - 1], 'delayMinutes');
        return i === 0 || (typeof delay === 'number' && delay > (typeof before === 'number' ? before : -1));
      }),
    { path: ['steps'], error: 'notifications.stepOrder', ...acrossFields },
  );
export type NotifyRuleForm = z.input<typeof notifyRuleForm>;

export const notifyRuleRow = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  events: z.array(z.string()),
  minLevel: z.number().int(),
  selector: z.enum(NOTIFY_SELECTORS),
  /** What the selector names: a kind, a fence's, a customer's name, or how many machines. */
  selects: z.string(),
  channels: z.array(z.enum(NOTIFY_CHANNELS)),
  steps: z.number().int(),
  quietHours: z.string(),
  /** Deliveries of the rule that failed (shown on the rule so nobody misses them). */
  failed: z.number().int(),
  sent: z.number().int(),
  updatedAt: z.string(),
  updatedByName: z.string(),
});
export type NotifyRuleRow = z.infer<typeof notifyRuleRow>;

export const notifyRuleDetail = z.object({
  rule: notifyRuleRow,
  /** The form's values (the webhook secret is never answered). */
  form: z.object({
    id: z.number().int(),
    name: z.string(),
    enabled: z.boolean(),
    events: z.array(z.enum(NOTIFY_EVENTS)),
    minLevel: z.number().int(),
    selector: z.enum(NOTIFY_SELECTORS),
    kind: z.enum(MACHINE_KINDS).optional(),
    fenceId: z.number().int().optional(),
    customerOrgId: z.number().int().optional(),
    deviceIds: z.array(z.number().int()),
    offlineMinutes: z.number().int(),
    steps: z.array(notifyStep),
    webhookUrl: z.string(),
    quietStart: z.string(),
    quietEnd: z.string(),
    dampingMinutes: z.number().int(),
    digestThreshold: z.number().int(),
  }),
  /** The start of the webhook secret, so a receiver's keeper can tell which one they hold. */
  webhookSecretHint: z.string(),
});

const wallTimeFilter = z.string().trim().refine(isWallTime, { error: 'validation.invalid' });

export const deliveryRow = z.object({
  id: z.number().int(),
  notificationId: z.number().int(),
  ruleId: z.number().int().nullable(),
  ruleName: z.string(),
  event: z.string(),
  title: z.string(),
  step: z.number().int(),
  channel: z.enum(NOTIFY_CHANNELS),
  recipient: z.string(),
  address: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  answer: z.string(),
  createdAt: z.string(),
  sentAt: z.string(),
  /** Seconds from the notification to this message going out, null while it has not. */
  secondsToDelivery: z.number().nullable(),
  acknowledgedAt: z.string(),
  acknowledgedBy: z.string(),
  /** The notification may still be acknowledged (not yet, and its alarm has not cleared). */
  acknowledgeable: z.boolean(),
});
export type DeliveryRow = z.infer<typeof deliveryRow>;

const readers = { roles: NOTIFY_READERS };
const editors = { roles: NOTIFY_EDITORS };

export const notificationEndpoints = {
  rules: defineEndpoint({
    method: 'GET',
    path: '/notify/rules.do',
    summary: "The organisation's notification rules, with their failed and sent deliveries",
    access: readers,
    scope: 'organisation',
    query: pageQuery.extend({ keyword: z.string().trim().max(40).optional() }),
    body: noInput,
    response: paged(notifyRuleRow).extend({ editable: z.boolean() }),
  }),
  rule: defineEndpoint({
    method: 'GET',
    path: '/notify/rule.do',
    summary: 'One notification rule, with its form values',
    access: readers,
    scope: 'organisation',
    query: z.object({ id: idParam }),
    body: noInput,
    response: notifyRuleDetail,
  }),
  choices: defineEndpoint({
    method: 'GET',
    path: '/notify/choices.do',
    summary: 'What a rule may name: the fences, customers and people of the organisation, machines by keyword',
    access: editors,
    scope: 'organisation',
    query: z.object({ keyword: z.string().trim().max(40).optional() }),
    body: noInput,
    response: z.object({
      fences: z.array(z.object({ id: z.number().int(), name: z.string() })),
      customers: z.array(z.object({ id: z.number().int(), name: z.string() })),
      users: z.array(z.object({ id: z.number().int(), name: z.string(), roleId: z.number().int() })),
      machines: z.array(z.object({ id: z.number().int(), serialNumber: z.string(), name: z.string() })),
    }),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/notify/saveRule.do',
    summary: 'Create a rule (no id) or change one; a new webhook address gets a new secret, answered once',
    access: editors,
    scope: 'organisation',
    query: noInput,
    body: notifyRuleForm,
    response: z.object({ id: z.number().int(), webhookSecret: z.string() }),
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/notify/deleteRule.do',
    summary: 'Delete a rule; its notifications stop escalating, its log stays',
    access: editors,
    scope: 'organisation',
    query: noInput,
    body: byId,
    response: savedId,
  }),
  deliveries: defineEndpoint({
    method: 'GET',
    path: '/notify/deliveries.do',
    summary: 'The delivery log, newest first, filtered by rule, channel, state, event and time',
    access: readers,
    scope: 'organisation',
    query: pageQuery.extend({
      ruleId: z.coerce.number().int().positive().optional(),
      channel: z.enum(NOTIFY_CHANNELS).optional(),
      state: z.enum(DELIVERY_STATES).optional(),
      event: z.string().max(40).optional(),
      keyword: z.string().trim().max(40).optional(),
      /** `YYYY-MM-DD HH:mm[:ss]` in the request's time zone. */
      from: wallTimeFilter.optional(),
      to: wallTimeFilter.optional(),
    }),
    body: noInput,
    response: paged(deliveryRow),
  }),
  acknowledge: defineEndpoint({
    method: 'POST',
    path: '/notify/acknowledge.do',
    summary: 'Acknowledge a notification: its escalation stops',
    access: readers,
    scope: 'organisation',
    query: noInput,
    body: z.object({ notificationId: id }),
    response: savedId,
  }),
} as const;

/** The acknowledgement link in a message (outside the envelope: a person opens it from their phone or mail). */
export const ACK_LINK_PATH = '/api/notify/ack';
/** The webhook's headers: when it was signed, and the HMAC-SHA256 of `<timestamp>.<body>` with the endpoint's secret. */
export const WEBHOOK_TIMESTAMP_HEADER = 'x-notify-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'x-notify-signature';

/** What a webhook receives. */
export interface WebhookBody {
  id: number;
  deliveryId: number;
  event: string;
  level: number;
  title: string;
  text: string;
  deviceId: number | null;
  alarmId: number | null;
  digestCount: number;
  at: string;
  ackUrl: string;
}
