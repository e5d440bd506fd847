import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { NotifyStep } from '@console/contract/http/notifications';

/**
 * Who hears of what, how, and what happens when nobody answers (docs/decisions/071-notifications.md). A rule belongs
 * to one organisation; its escalation steps (recipients and channels each, with the delay after which they are
 * reached) are kept as JSON, read whole with the rule.
 */
export const notificationRules = sqliteTable(
  'notification_rules',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    name: text('name').notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    /** The events the rule hears of (NOTIFY_EVENTS). */
    events: text('events', { mode: 'json' }).$type<string[]>().notNull(),
    /** The lowest alarm level it hears of (1 notice, 2 warning, 3 critical). */
    minLevel: integer('min_level').notNull().default(1),
    /** Which machines: all, a machine kind, a fence's, a customer's, a list. */
    selector: text('selector', { enum: ['all', 'kind', 'fence', 'customer', 'list'] })
      .notNull()
      .default('all'),
    kind: text('kind'),
    fenceId: integer('fence_id'),
    customerOrgId: integer('customer_org_id'),
    deviceIds: text('device_ids', { mode: 'json' }).$type<number[]>().notNull().default([]),
    /** An offline alarm is told once the machine has been offline this long. */
    offlineMinutes: integer('offline_minutes').notNull().default(0),
    steps: text('steps', { mode: 'json' }).$type<NotifyStep[]>().notNull(),
    /** The rule's webhook: the address and the secret its bodies are signed with. */
    webhookUrl: text('webhook_url').notNull().default(''),
    webhookSecret: text('webhook_secret').notNull().default(''),
    /** Quiet hours in the organisation's zone ('HH:MM'), '' for none; urgent (critical) events override them. */
    quietStart: text('quiet_start').notNull().default(''),
    quietEnd: text('quiet_end').notNull().default(''),
    /** A flapping alarm of the same machine and type is told again only after this many minutes. */
    dampingMinutes: integer('damping_minutes').notNull().default(10),
    /** More than this many alarms of the rule within a minute are told as one digest. */
    digestThreshold: integer('digest_threshold').notNull().default(20),
    createdBy: integer('created_by').notNull(),
    updatedBy: integer('updated_by').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('notification_rules_org').on(t.orgId)],
);

/**
 * One thing told: an alarm (or a digest of many), or a business event, under one rule, or a system message (no
 * rule: a fence contact's, an arrears reminder's, an invitation's text). Escalation walks its rule's steps until it is
 * acknowledged or its alarm clears.
 */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    ruleId: integer('rule_id'),
    event: text('event').notNull(),
    level: integer('level').notNull().default(2),
    deviceId: integer('device_id'),
    alarmId: integer('alarm_id'),
    /**
     * The people an event is addressed to (a work order's technician): a step's role that one of them has reaches
     * them alone, not everyone of that role.
     */
    addressees: text('addressees', { mode: 'json' }).$type<number[]>().notNull().default([]),
    /** The alarms a digest stands for. */
    digestCount: integer('digest_count').notNull().default(0),
    title: text('title').notNull(),
    text: text('text').notNull(),
    /** The escalation step reached, and when the next one is due (null: none). */
    step: integer('step').notNull().default(0),
    nextStepAt: integer('next_step_at', { mode: 'timestamp_ms' }),
    /** The secret of the acknowledgement link in the message. */
    ackToken: text('ack_token').notNull(),
    acknowledgedAt: integer('acknowledged_at', { mode: 'timestamp_ms' }),
    acknowledgedBy: text('acknowledged_by').notNull().default(''),
    clearedAt: integer('cleared_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('notifications_ack_token').on(t.ackToken),
    index('notifications_org').on(t.orgId, t.createdAt),
    index('notifications_due').on(t.nextStepAt),
    index('notifications_alarm').on(t.alarmId),
    index('notifications_rule_device').on(t.ruleId, t.deviceId, t.event, t.createdAt),
  ],
);

/**
 * Each message of a notification to one recipient through one channel: its attempts, the provider's answer, and when
 * it went out. Webhook deliveries are retried with backoff by the scheduler until they succeed or their time is up.
 */
export const notificationDeliveries = sqliteTable(
  'notification_deliveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    notificationId: integer('notification_id').notNull(),
    ruleId: integer('rule_id'),
    step: integer('step').notNull().default(0),
    channel: text('channel', { enum: ['sms', 'email', 'webhook', 'push'] }).notNull(),
    /** Who: a user of the organisation, or an external contact by name. */
    userId: integer('user_id'),
    recipient: text('recipient').notNull(),
    /** Where: a mobile (+area code), an e-mail address, a URL, or the app's user. */
    address: text('address').notNull(),
    state: text('state', { enum: ['pending', 'sent', 'failed', 'suppressed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }),
    /** The provider's last answer (HTTP status, SMTP reply, or why it was not sent). */
    answer: text('answer').notNull().default(''),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('notification_deliveries_org').on(t.orgId, t.createdAt),
    index('notification_deliveries_notification').on(t.notificationId),
    index('notification_deliveries_due').on(t.state, t.nextAttemptAt),
    index('notification_deliveries_rule').on(t.ruleId, t.state),
    index('notification_deliveries_address').on(t.address, t.createdAt),
  ],
);

/**
 * Events without a moment of their own that the notifier raises once (a bill passing its due day): the subject is
 * marked when it is raised, whether or not a rule heard of it, so a later pass or a restart does not raise it again.
 */
export const notifyMarks = sqliteTable(
  'notify_marks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orgId: integer('org_id').notNull(),
    event: text('event').notNull(),
    /** What it is of, e.g. `bill:12`. */
    subject: text('subject').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('notify_marks_subject').on(t.event, t.subject)],
);
