import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/**
 * Lock and unlock tasks (spec "Lock task"). A task waits until `dueAt` (now, after its delay, or its scheduled
 * time); the scheduler (server/src/risk) then puts one command per machine in the command queue.
 */
export const riskTasks = sqliteTable(
  'risk_tasks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The organisation the task was made for (the creator's, or the lock day setting's). */
    orgId: integer('org_id').notNull(),
    kind: text('kind', { enum: ['lock', 'unlock'] }).notNull(),
    /** LOCK_TASK_TYPE: 1 offline task, 2 scheduled task. */
    taskType: integer('task_type').notNull(),
    /** LOCK_LEVEL; 0 for an unlock. */
    level: integer('level').notNull(),
    /** LOCK_MODE. */
    mode: integer('mode').notNull(),
    delayHours: real('delay_hours'),
    dueAt: integer('due_at', { mode: 'timestamp_ms' }).notNull(),
    /** When the scheduler put its commands in the queue; null while it waits. */
    firedAt: integer('fired_at', { mode: 'timestamp_ms' }),
    /** Created by a lock day setting. */
    automatic: integer('automatic', { mode: 'boolean' }).notNull().default(false),
    createdBy: integer('created_by'),
    /** Why an automatic task was made (arrears): a message key and its parameters, shown in the records. */
    reason: text('reason', { mode: 'json' }).$type<{ key: string; params: Record<string, string | number> }>(),
    createdAt: createdAt(),
  },
  (t) => [index('risk_tasks_due').on(t.firedAt, t.dueAt), index('risk_tasks_created').on(t.createdAt)],
);

/** One machine of a task, with the command made for it once the task ran. */
export const riskTaskItems = sqliteTable(
  'risk_task_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    taskId: integer('task_id').notNull(),
    deviceId: integer('device_id').notNull(),
    commandId: text('command_id'),
    /** Before the command exists: cancelled by a user, or refused when it could not be created. */
    outcome: text('outcome', { enum: ['cancelled', 'refused'] }),
    /** The refusal's message key, or who cancelled. */
    note: text('note').notNull().default(''),
  },
  (t) => [
    index('risk_task_items_task').on(t.taskId),
    index('risk_task_items_device').on(t.deviceId),
    uniqueIndex('risk_task_items_command').on(t.commandId),
  ],
);

/** Automatic locking of an organisation's machines around their connectivity service expiry. */
export const lockDaySettings = sqliteTable('lock_day_settings', {
  orgId: integer('org_id').primaryKey(),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(false),
  /** Days after the service expiry (negative: before it) of the first-level pre-lock. */
  preLockDays: integer('pre_lock_days').notNull().default(0),
  /** Days from the pre-lock to the first-level lock. */
  intervalDays: integer('interval_days').notNull().default(3),
  /** LOCK_MODE of the automatic commands. */
  mode: integer('mode').notNull().default(2),
  /**
   * The organisation's calendar for its expiry days: the zone of whoever last saved the setting (the request's
   * timeZone header), as fences keep theirs. A service runs to the end of its last day in this zone.
   */
  timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
  /**
   * Arrears drive the graded lock (docs/decisions/039-arrears-lock.md): days a contract's oldest unpaid bill is
   * overdue that lead to a reminder text to the renter, the first-level pre-lock and lock, the second-level
   * pre-lock and lock (ascending), and whether the payment that clears the arrears unlocks at once.
   */
  arrearsEnabled: integer('arrears_enabled', { mode: 'boolean' }).notNull().default(false),
  arrearsReminderDays: integer('arrears_reminder_days').notNull().default(1),
  arrearsPreLock1Days: integer('arrears_pre_lock1_days').notNull().default(7),
  arrearsLock1Days: integer('arrears_lock1_days').notNull().default(15),
  arrearsPreLock2Days: integer('arrears_pre_lock2_days').notNull().default(30),
  arrearsLock2Days: integer('arrears_lock2_days').notNull().default(45),
  arrearsUnlockOnPayment: integer('arrears_unlock_on_payment', { mode: 'boolean' }).notNull().default(true),
  updatedBy: integer('updated_by'),
  updatedAt: createdAt(),
});

/**
 * What a lock day setting has done to a machine for one service expiry, so each step happens once; a renewal
 * (a new expiry) arms it again.
 */
export const lockDayMarks = sqliteTable(
  'lock_day_marks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    deviceId: integer('device_id').notNull(),
    /** LOCK_LEVEL set: 1 pre-lock, 2 lock. */
    level: integer('level').notNull(),
    /** The machine's service expiry day (`YYYY-MM-DD`) the step was taken for. */
    serviceExpiresAt: text('service_expires_at').notNull(),
    taskId: integer('task_id').notNull(),
  },
  (t) => [uniqueIndex('lock_day_marks_step').on(t.deviceId, t.level, t.serviceExpiresAt)],
);

/**
 * The arrears steps taken for a contract (decision 039): step 0 the reminder text (no machine), steps 1-4 the lock
 * level set on one machine. Each step happens once while the arrears last; the payment that clears them closes
 * the steps (`clearedAt`), so arrears that come back (a voided receipt, a new bill) start again.
 */
export const arrearsSteps = sqliteTable(
  'arrears_steps',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    contractId: integer('contract_id').notNull(),
    /** The machine moved; null for the reminder text (the contract's, not a machine's). */
    deviceId: integer('device_id'),
    step: integer('step').notNull(),
    daysOverdue: integer('days_overdue').notNull(),
    taskId: integer('task_id'),
    createdAt: createdAt(),
    clearedAt: integer('cleared_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('arrears_steps_contract').on(t.contractId),
    uniqueIndex('arrears_steps_open')
      .on(t.contractId, t.deviceId, t.step)
      .where(sql`cleared_at is null`),
    uniqueIndex('arrears_steps_reminder')
      .on(t.contractId)
      .where(sql`device_id is null and cleared_at is null`),
  ],
);

/** A contract an administrator exempted from arrears locking, with the reason; lifting keeps the row. */
export const arrearsExemptions = sqliteTable(
  'arrears_exemptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    contractId: integer('contract_id').notNull(),
    reason: text('reason').notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    liftedBy: integer('lifted_by'),
    liftedAt: integer('lifted_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('arrears_exemptions_active')
      .on(t.contractId)
      .where(sql`lifted_at is null`),
  ],
);
