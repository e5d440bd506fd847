import { z } from 'zod';
import type { LOCK_EXECUTION } from '../codes/lock.ts';
import { LOCK_LEVEL, LOCK_MODE, LOCK_TASK_TYPE } from '../codes/lock.ts';
import { COMMAND_STATES, MAX_COMMAND_DEVICES } from './commands.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { pageQuery, paged, password } from './fields.ts';
import { RISK_LOCKERS, RISK_READERS } from '../access/risk.ts';

/**
 * Risk control: lock and unlock tasks, risk records and the lock day settings (spec sections 3, 4, 8 and 9;
 * docs/decisions/013-risk-control.md). Tasks reach the machines through the command queue (commands.ts).
 */

/** Risk permission holds for these device status codes (spec section 4): offline, standby, unlocked, alarm. */
export const RISK_PERMISSION_STATUSES = [2, 3, 5, 8] as const;
export const hasRiskPermission = (status: number) => (RISK_PERMISSION_STATUSES as readonly number[]).includes(status);

/**
 * Where a task's machine is: `scheduled` until the task's time comes, then the command's state; `refused` when
 * the command could not be created (the machine was carrying out another lock command).
 */
export const RISK_STAGES = ['scheduled', ...COMMAND_STATES, 'refused'] as const;
export type RiskStage = (typeof RISK_STAGES)[number];

export const RISK_KINDS = ['lock', 'unlock'] as const;
/** The longest delay of an offline task, in hours (30 days). */
export const MAX_DELAY_HOURS = 720;
/** How far ahead a task may be scheduled (one year). */
export const MAX_SCHEDULE_MS = 366 * 24 * 3600 * 1000;

/** Whole tenths: 2.5 is fine, 2.55 is not (floating point tolerance). */
export const isTenth = (v: number) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9;

const code = <T extends readonly number[]>(values: T, key: 'validation.required' | 'validation.invalid') =>
  z.coerce.number({ error: key }).pipe(z.literal(values, { error: key }));

export const createTaskForm = z
  .object({
    deviceIds: z
      .array(z.number().int().positive(), { error: 'command.selectDevice' })
      .min(1, { error: 'command.selectDevice' })
      .max(MAX_COMMAND_DEVICES, { error: 'validation.tooLong' }),
    kind: z.enum(RISK_KINDS, { error: 'validation.required' }),
    /** LOCK_TASK_TYPE: 1 offline task (now, or after its delay), 2 scheduled task (at its time). */
    taskType: code(LOCK_TASK_TYPE.values, 'validation.required'),
    /** LOCK_LEVEL 1-4 for a lock; an unlock sets 0 (unlocked) and needs none. */
    level: code(LOCK_LEVEL.values, 'validation.invalid').optional(),
    /** LOCK_MODE: 1 unconditional, 2 on stop, 3 on receiving position. */
    mode: code(LOCK_MODE.values, 'validation.required'),
    /** Scheduled task: when it runs, milliseconds since the epoch; must be later than now. */
    scheduledAt: z.number({ error: 'risk.scheduleRequired' }).int().positive().optional(),
    /** Offline task: hours to wait before it runs, to one decimal place. */
    delayHours: z
      .number({ error: 'risk.delayInvalid' })
      .min(0, { error: 'risk.delayInvalid' })
      .max(MAX_DELAY_HOURS, { error: 'risk.delayInvalid' })
      .refine(isTenth, { error: 'risk.delayPrecision' })
      .optional(),
    /** The signed-in user's own login password, entered again. */
    password: password,
    /** The user has been told that offline machines get it when they come online, and goes on. */
    confirmOffline: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'lock' && !v.level) {
      ctx.addIssue({ code: 'custom', path: ['level'], message: 'risk.levelRequired' });
    }
    if (v.taskType === 2 && v.scheduledAt === undefined) {
      ctx.addIssue({ code: 'custom', path: ['scheduledAt'], message: 'risk.scheduleRequired' });
    }
  });
export type CreateTaskForm = z.infer<typeof createTaskForm>;

const counts = z.object({
  executing: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
});

export const riskTask = z.object({
  id: z.number().int(),
  kind: z.enum(RISK_KINDS),
  taskType: z.number().int(),
  /** LOCK_LEVEL; 0 for an unlock. */
  level: z.number().int(),
  mode: z.number().int(),
  /** Created by a lock day setting rather than a person. */
  automatic: z.boolean(),
  operatorName: z.string(),
  createdAt: z.string(),
  /** When it runs (or ran): now, after its delay, or at its scheduled time. */
  dueAt: z.string(),
  delayHours: z.number().nullable(),
  /** LOCK_EXECUTION of the whole task. */
  execution: z.number().int(),
  /** The least advanced stage of its machines while it runs; its outcome once it has finished. */
  stage: z.enum(RISK_STAGES),
  deviceCount: z.number().int(),
  counts,
  /** The first machines' serial numbers, for the list. */
  serials: z.array(z.string()),
  /** Something of it can still be cancelled (not yet delivered to the machine). */
  cancellable: z.boolean(),
  /** Why an automatic task was made (arrears: the contract and the days overdue), '' for others. */
  reason: z.string(),
});
export type RiskTask = z.infer<typeof riskTask>;

export const riskTaskItem = z.object({
  deviceId: z.number().int(),
  serialNumber: z.string(),
  hostName: z.string(),
  online: z.boolean(),
  commandId: z.string().nullable(),
  stage: z.enum(RISK_STAGES),
  execution: z.number().int(),
  /** Why it did not succeed, in the request's language ('' while it runs or after success). */
  resultText: z.string(),
  /** LOCK_LEVEL the machine confirmed, null until it did. */
  confirmedLevel: z.number().int().nullable(),
  finishedAt: z.string().nullable(),
});
export type RiskTaskItem = z.infer<typeof riskTaskItem>;

export const riskCandidate = z.object({
  id: z.number().int(),
  serialNumber: z.string(),
  hostName: z.string(),
  online: z.boolean(),
  sleeping: z.boolean(),
  /** DEVICE_STATUS code the list shows. */
  status: z.number().int(),
  lockLevel: z.number().int(),
  serviceExpiresAt: z.string().nullable(),
  /** Risk permission (status 2, 3, 5 or 8): automatic locking touches only such machines. */
  riskPermission: z.boolean(),
});
export type RiskCandidate = z.infer<typeof riskCandidate>;

export const riskRecord = z.object({
  commandId: z.string(),
  deviceId: z.number().int(),
  serialNumber: z.string(),
  hostName: z.string(),
  kind: z.enum(RISK_KINDS),
  level: z.number().int(),
  mode: z.number().int().nullable(),
  operatorName: z.string(),
  automatic: z.boolean(),
  /** The lock task it belongs to, null for a command sent from elsewhere (the device pages). */
  taskId: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  execution: z.number().int(),
  stage: z.enum(RISK_STAGES),
  resultText: z.string(),
  /** LOCK_LEVEL the machine confirmed with this command, null if it did not. */
  confirmedLevel: z.number().int().nullable(),
  /** LOCK_LEVEL the machine reports now. */
  currentLevel: z.number().int(),
  /** Why an automatic command was sent (arrears: the contract and the days overdue), '' for others. */
  reason: z.string(),
});
export type RiskRecord = z.infer<typeof riskRecord>;

/**
 * Automatic locking of one organisation's machines around their connectivity service expiry: a pre-lock
 * `preLockDays` days after the expiry (negative: before it) and a lock `intervalDays` later.
 */
/** Days overdue of one arrears step: a whole number of days, 0 to 3,650. */
/** A company's arrears steps before it saves its own (decision 039): off. */
export const ARREARS_DEFAULTS = {
  arrearsEnabled: false,
  arrearsReminderDays: 1,
  arrearsPreLock1Days: 7,
  arrearsLock1Days: 15,
  arrearsPreLock2Days: 30,
  arrearsLock2Days: 45,
  arrearsUnlockOnPayment: true,
} as const;

const stepDays = () =>
  z
    .number({ error: 'risk.arrearsDaysInvalid' })
    .int({ error: 'risk.arrearsDaysInvalid' })
    .min(0, { error: 'risk.arrearsDaysInvalid' })
    .max(3650, { error: 'risk.arrearsDaysInvalid' });

/**
 * The arrears steps in order (decision 039): 0 the reminder text, then LOCK_LEVEL 1-4. The settings name each by
 * the days a contract's oldest unpaid bill is overdue when it happens.
 */
export const ARREARS_STEP_FIELDS = [
  'arrearsReminderDays',
  'arrearsPreLock1Days',
  'arrearsLock1Days',
  'arrearsPreLock2Days',
  'arrearsLock2Days',
] as const;
export type ArrearsStepField = (typeof ARREARS_STEP_FIELDS)[number];

/** The steps' days of a setting, in step order (index = step). */
export const arrearsStepDays = (s: Record<ArrearsStepField, number>): number[] => ARREARS_STEP_FIELDS.map((f) => s[f]);

/** The step `days` overdue reach: -1 none yet, 0 reminder, 1-4 the lock level. */
export function arrearsStepFor(days: number, stepDays: readonly number[]): number {
  let step = -1;
  stepDays.forEach((d, i) => {
    if (days >= d) step = i;
  });
  return step;
}

export const lockDaySettingsForm = z
  .object({
    orgId: z.number({ error: 'validation.required' }).int().positive(),
    enabled: z.boolean(),
    preLockDays: z
      .number({ error: 'risk.daysInvalid' })
      .int({ error: 'risk.daysInvalid' })
      .min(-90, { error: 'risk.daysInvalid' })
      .max(90, { error: 'risk.daysInvalid' }),
    intervalDays: z
      .number({ error: 'risk.intervalInvalid' })
      .int({ error: 'risk.intervalInvalid' })
      .min(0, { error: 'risk.intervalInvalid' })
      .max(90, { error: 'risk.intervalInvalid' }),
    /** LOCK_MODE of the automatic commands. */
    mode: code(LOCK_MODE.values, 'validation.required'),
    /**
     * Arrears drive the graded lock (decision 039). Required, as the rest: a save that left them out would reset
     * what the company saved (the console sends the settings it read).
     */
    arrearsEnabled: z.boolean(),
    arrearsReminderDays: stepDays(),
    arrearsPreLock1Days: stepDays(),
    arrearsLock1Days: stepDays(),
    arrearsPreLock2Days: stepDays(),
    arrearsLock2Days: stepDays(),
    /** The payment that clears a contract's arrears unlocks its machines at once. */
    arrearsUnlockOnPayment: z.boolean(),
  })
  .superRefine((v, ctx) => {
    // Each step comes later than the one before it.
    ARREARS_STEP_FIELDS.forEach((field, i) => {
      if (i > 0 && v[field] <= v[ARREARS_STEP_FIELDS[i - 1]!]) {
        ctx.addIssue({ code: 'custom', path: [field], message: 'risk.arrearsDaysOrder' });
      }
    });
  });
export type LockDaySettingsForm = z.infer<typeof lockDaySettingsForm>;

export const lockDayPreviewRow = z.object({
  deviceId: z.number().int(),
  serialNumber: z.string(),
  serviceExpiresAt: z.string(),
  preLockAt: z.string(),
  lockAt: z.string(),
  /** LOCK_LEVEL the setting would set at its next pass (1 pre-lock, 2 lock), 0 for not yet. */
  dueLevel: z.number().int(),
  riskPermission: z.boolean(),
});

/** At most this many rows of each part of the lock day preview. */
export const PREVIEW_ROWS = 200;

/** A machine that arrears would move to a step on a day (the preview's arrears part). */
export const arrearsPreviewRow = z.object({
  contractId: z.number().int(),
  contractNumber: z.string(),
  renterName: z.string(),
  /** 0 for the reminder text (the contract's, not a machine's). */
  deviceId: z.number().int(),
  serialNumber: z.string(),
  /** 0 reminder text, 1-4 LOCK_LEVEL. */
  step: z.number().int(),
  /** The day it happens (`YYYY-MM-DD`, the rental company's billing calendar) and the days overdue then. */
  day: z.string(),
  daysOverdue: z.number().int(),
  /** The day has come: the next pass takes the step. */
  dueNow: z.boolean(),
  /** The machine is not working now: it takes the step on the day, or waits until it stops (server/src/risk/arrears.ts). */
  movesNow: z.boolean(),
});
export type ArrearsPreviewRow = z.infer<typeof arrearsPreviewRow>;

const taskId = z.object({ id: z.coerce.number({ error: 'validation.invalid' }).int().positive() });
const orgQuery = z.object({ orgId: z.coerce.number().int().positive().optional() });

export const riskEndpoints = {
  candidates: defineEndpoint({
    method: 'GET',
    path: '/risk/candidates.do',
    summary: 'Machines the user may lock or unlock (owned by their organisations), with their risk permission',
    access: { roles: RISK_LOCKERS },
    scope: 'machines',
    query: pageQuery.extend({
      keyword: z.string().trim().max(40).optional(),
      /** Only this machine (the device detail page links with `?deviceId=`). */
      deviceId: z.coerce.number().int().positive().optional(),
    }),
    body: noInput,
    response: paged(riskCandidate),
  }),
  createTask: defineEndpoint({
    method: 'POST',
    path: '/risk/task/create.do',
    summary:
      'Create a lock or unlock task for machines the user’s organisations own, after the user’s password. A task ' +
      'that runs now for machines that are offline answers 409 with data.offline until confirmOffline is true',
    access: { roles: RISK_LOCKERS },
    scope: 'machines',
    query: noInput,
    body: createTaskForm,
    response: z.object({ id: z.number().int(), waiting: z.number().int() }),
  }),
  listTasks: defineEndpoint({
    method: 'GET',
    path: '/risk/task/list.do',
    summary: 'Lock tasks on the machines in the user’s scope, newest first',
    access: { roles: RISK_READERS },
    scope: 'machines',
    query: pageQuery.extend({
      keyword: z.string().trim().max(40).optional(),
      /** Tasks of one machine (the device detail page links here with it). */
      deviceId: z.coerce.number().int().positive().optional(),
      kind: z.enum(RISK_KINDS).optional(),
      taskType: z.coerce.number().int().min(1).max(2).optional(),
      execution: z.coerce.number().int().min(1).max(4).optional(),
      /** 1 automatic (lock day settings), 0 created by a person. */
      automatic: z.coerce.number().int().min(0).max(1).optional(),
    }),
    body: noInput,
    response: paged(riskTask),
  }),
  taskDetail: defineEndpoint({
    method: 'GET',
    path: '/risk/task/detail.do',
    summary: 'One lock task with a row per machine',
    access: { roles: RISK_READERS },
    scope: 'machines',
    query: taskId,
    body: noInput,
    response: riskTask.extend({ items: z.array(riskTaskItem) }),
  }),
  cancelTask: defineEndpoint({
    method: 'POST',
    path: '/risk/task/cancel.do',
    summary: 'Cancel what of a task has not reached its machines yet (waiting for its time, queued or sent)',
    access: { roles: RISK_LOCKERS },
    scope: 'machines',
    query: noInput,
    body: z.object({ id: z.number({ error: 'validation.invalid' }).int().positive() }),
    response: z.object({ cancelled: z.number().int() }),
  }),
  records: defineEndpoint({
    method: 'GET',
    path: '/risk/record/list.do',
    summary: 'Every lock and unlock command on the machines in the user’s scope, with its result',
    access: { roles: RISK_READERS },
    scope: 'machines',
    query: pageQuery.extend({
      keyword: z.string().trim().max(40).optional(),
      kind: z.enum(RISK_KINDS).optional(),
      level: z.coerce.number().int().min(0).max(4).optional(),
      execution: z.coerce.number().int().min(1).max(4).optional(),
      automatic: z.coerce.number().int().min(0).max(1).optional(),
      /** `YYYY-MM-DD` in the user's zone, both included. */
      from: z.string().trim().max(10).optional(),
      to: z.string().trim().max(10).optional(),
    }),
    body: noInput,
    response: paged(riskRecord),
  }),
  lockDays: defineEndpoint({
    method: 'GET',
    path: '/risk/lockDays/get.do',
    summary: 'The lock day settings of one of the user’s machine-owning organisations (default: their own)',
    access: { roles: RISK_LOCKERS },
    scope: 'organisation',
    query: orgQuery,
    body: noInput,
    response: z.object({
      settings: lockDaySettingsForm,
      organisations: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  }),
  previewLockDays: defineEndpoint({
    method: 'POST',
    path: '/risk/lockDays/preview.do',
    summary: 'Machines a lock day setting would pre-lock or lock within the next 30 days, before it is saved',
    access: { roles: RISK_LOCKERS },
    scope: 'machines',
    query: noInput,
    body: lockDaySettingsForm.safeExtend({
      /** Only machines whose serial number (or, for arrears, contract or renter) contains this text. */
      keyword: z.string().trim().max(50).optional(),
    }),
    response: z.object({
      total: z.number().int(),
      dueNow: z.number().int(),
      /** The first PREVIEW_ROWS of `total` (the keyword finds the others). */
      list: z.array(lockDayPreviewRow),
      /** Machines arrears would move within the next 30 days (empty while arrears locking is off). */
      arrears: z.array(arrearsPreviewRow),
      arrearsTotal: z.number().int(),
      arrearsDueNow: z.number().int(),
    }),
  }),
  saveLockDays: defineEndpoint({
    method: 'POST',
    path: '/risk/lockDays/save.do',
    summary: 'Save the lock day settings of one of the user’s machine-owning organisations',
    access: { roles: RISK_LOCKERS },
    scope: 'organisation',
    query: noInput,
    body: lockDaySettingsForm,
    response: lockDaySettingsForm,
  }),
} as const;

/** LOCK_EXECUTION of a stage (executing while it may still reach or change the machine). */
export function executionOfStage(stage: RiskStage): (typeof LOCK_EXECUTION.values)[number] {
  if (stage === 'succeeded') return 2;
  if (stage === 'failed' || stage === 'expired' || stage === 'refused') return 3;
  if (stage === 'cancelled') return 4;
  return 1;
}
