import { z } from 'zod';
import { DEVICE_FILE_CATEGORY, DEVICE_LOG_EVENT, EXPENSE_TYPE, OPERATION_CATEGORY } from '../codes/device-records.ts';
import { commandItem } from './commands.ts';
import { COMMAND_ROLES } from '../access/commands.ts';
import { isDay } from './devices.ts';
import { DEVICE_EDITORS, DEVICE_READERS } from '../access/devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { cents, MAX_CENTS, pageQuery, paged, smsCode } from './fields.ts';
import { EXPENSE_READERS } from '../access/device-records.ts';
import { moneyFormat } from '../codes/money.ts';

/** Device history query: by month, never across months, at most this many records per query (spec 5, 9). */
export const MAX_LOG_RECORDS = 1000;
/** A sleeping machine wakes this often to report status and location (spec sections 4, 9). */
export const WAKE_EVERY_HOURS = 12;

/** Per machine: up to 10 images (jpg/png, 500kb each) and up to 10 pdf files (5M each), spec section 5. */
export const MAX_DEVICE_IMAGES = 10;
export const MAX_DEVICE_PDFS = 10;

const deviceId = z.coerce.number({ error: 'validation.invalid' }).int().positive({ error: 'validation.invalid' });
const bodyId = z.number({ error: 'validation.invalid' }).int().positive({ error: 'validation.invalid' });

/** `YYYY-MM`, a real month up to 9998-12 (its end is still a date), read in the request's time zone. */
export const MONTH = /^(?!9999)\d{4}-(0[1-9]|1[0-2])$/;
const month = z
  .string({ error: 'deviceRecords.monthRequired' })
  .trim()
  .regex(MONTH, { error: 'deviceRecords.monthRequired' });

const logQuery = z.object({ deviceId, month });

/** At most MAX_LOG_RECORDS records, newest first; `total` counts all of the month, so the console can say so. */
const logAnswer = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), limit: z.number().int() });

export const deviceLogItem = z.object({
  id: z.number().int(),
  event: z.enum(DEVICE_LOG_EVENT.values),
  /** The reason of an offline (lost, silent, shutdown), the fault code, the lock level. */
  detail: z.string(),
  at: z.string(),
});
export type DeviceLogItem = z.infer<typeof deviceLogItem>;

export const operationLogItem = z.object({
  id: z.number().int(),
  category: z.enum(OPERATION_CATEGORY.values),
  /** e.g. `command.succeeded`, `registry.edit`, `file.upload`, `expense.create`. */
  action: z.string(),
  /** For commands: lock, unlock, sleep, wake, params. */
  commandType: z.string().nullable(),
  /** For lock commands: the level asked for (LOCK_LEVEL). */
  lockLevel: z.string().nullable(),
  commandId: z.string().nullable(),
  /** Who did it; '' for the machine or the server (delivery, acknowledgement, expiry). */
  userName: z.string(),
  /** The changed fields, the file name, the expense, the lock level or the reason, as plain values. */
  detail: z.string(),
  at: z.string(),
});
export type OperationLogItem = z.infer<typeof operationLogItem>;

export const sleepState = z.object({
  online: z.boolean(),
  sleeping: z.boolean(),
  lastWakeAt: z.string().nullable(),
  lastSleepAt: z.string().nullable(),
  /** While asleep: the last sleep plus 12 hours (it may be overdue if the machine is also offline). */
  nextWakeAt: z.string().nullable(),
  /** The user may send sleep and wake and delete wake tasks. */
  canCommand: z.boolean(),
  /** Sleep and wake commands of the machine, newest first (the latest 20). */
  tasks: z.array(commandItem),
});
export type SleepState = z.infer<typeof sleepState>;

export const deviceFileItem = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.enum(DEVICE_FILE_CATEGORY.values),
  type: z.enum(['jpg', 'png', 'pdf']),
  size: z.number().int(),
  url: z.string(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
});
export type DeviceFileItem = z.infer<typeof deviceFileItem>;

/** Amount in cents, more than zero; missing or not a number reads as missing. */
const amountCents = z
  .number({ error: 'deviceRecords.expenseRequired' })
  .pipe(cents('deviceRecords.expenseAmount', { min: 1, max: MAX_CENTS }));

export const expenseForm = z.object({
  /** The host id ('Expense: host id, amount and type required'). */
  deviceId: z.number({ error: 'deviceRecords.expenseRequired' }).int().positive({ error: 'validation.invalid' }),
  type: z.enum(EXPENSE_TYPE.values, { error: 'deviceRecords.expenseRequired' }),
  amountCents,
  /** `YYYY-MM-DD`: the day the cost arose. */
  date: z.string({ error: 'deviceRecords.expenseDate' }).trim().refine(isDay, { error: 'deviceRecords.expenseDate' }),
  remark: z.string().trim().max(200, { error: 'validation.tooLong' }).default(''),
});
export type ExpenseForm = z.input<typeof expenseForm>;

export const expenseItem = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  serialNumber: z.string(),
  hostName: z.string(),
  type: z.enum(EXPENSE_TYPE.values),
  amountCents: z.number().int(),
  date: z.string(),
  remark: z.string(),
  createdBy: z.string(),
  /** The company that owns the machine (and paid). */
  ownerName: z.string(),
  editable: z.boolean(),
  /** The currency of its amount: its owner's brand's money (decision 064). */
  money: moneyFormat,
});
export type ExpenseItem = z.infer<typeof expenseItem>;

/** Cents. */
const expenseTotals = z.object({
  maintenance: z.number().int(),
  violation: z.number().int(),
  insurance: z.number().int(),
  all: z.number().int(),
});

const optionalDay = z
  .string()
  .trim()
  .refine((v) => v === '' || isDay(v), { error: 'devices.invalidDate' })
  .optional();

/** The expenses' filter, shared by the list and its totals by month (the fleet's expense ledger). */
const expenseFilter = z.object({
  deviceId: deviceId.optional(),
  /** Part of the serial number or host name. */
  keyword: z.string().trim().max(40).optional(),
  type: z.enum(EXPENSE_TYPE.values, { error: 'validation.invalid' }).optional(),
  from: optionalDay,
  to: optionalDay,
  /** The company that owns the machines (the operator's staff see every company's). */
  orgId: z.coerce.number().int().positive({ error: 'validation.invalid' }).optional(),
  /**
   * The currency whose owners' expenses the totals add up (ISO 4217; decision 064): two currencies are never added
   * up. None or one not present: the user's company's when present, else the first present.
   */
  currency: z.union([z.string().regex(/^[A-Z]{3}$/), z.literal('')]).optional(),
});

export const expenseListQuery = pageQuery.extend(expenseFilter.shape);

/** Cents per type in one month (`YYYY-MM`) of the expense ledger. */
export const expenseMonth = expenseTotals.extend({ month: z.string() });
export type ExpenseMonth = z.infer<typeof expenseMonth>;

export const deviceRecordEndpoints = {
  deviceLog: defineEndpoint({
    method: 'GET',
    path: '/deviceLog/list.do',
    summary:
      'What a machine did and reported in one month (connections, sleep and wake, faults), newest first, ' +
      `at most ${MAX_LOG_RECORDS} records, by event`,
    access: { roles: DEVICE_READERS },
    scope: 'machines',
    query: logQuery.extend({ event: z.enum(DEVICE_LOG_EVENT.values, { error: 'validation.invalid' }).optional() }),
    body: noInput,
    response: logAnswer(deviceLogItem),
  }),
  operationLog: defineEndpoint({
    method: 'GET',
    path: '/operationLog/list.do',
    summary:
      'What people did to a machine in one month (commands, sleep and wake, edits, files, expenses), newest ' +
      `first, at most ${MAX_LOG_RECORDS} records, by category`,
    access: { roles: DEVICE_READERS },
    scope: 'machines',
    query: logQuery.extend({
      category: z.enum(OPERATION_CATEGORY.values, { error: 'validation.invalid' }).optional(),
    }),
    body: noInput,
    response: logAnswer(operationLogItem),
  }),
  sleepState: defineEndpoint({
    method: 'GET',
    path: '/deviceSleep/state.do',
    summary: 'A machine’s sleep state, its 12-hour wake cycle and its sleep and wake tasks',
    access: { roles: DEVICE_READERS },
    scope: 'machines',
    query: z.object({ deviceId }),
    body: noInput,
    response: sleepState,
  }),
  sleepCode: defineEndpoint({
    method: 'POST',
    path: '/deviceSleep/code.do',
    summary: 'Send the verification code that putting a machine to sleep needs to the signed-in user’s phone',
    access: { roles: COMMAND_ROLES },
    scope: 'machines',
    query: noInput,
    body: z.object({ deviceId: bodyId }),
    response: z.object({ expiresInSeconds: z.number().int() }),
  }),
  sleep: defineEndpoint({
    method: 'POST',
    path: '/deviceSleep/sleep.do',
    summary:
      'Put a machine to sleep with the verification code; it waits in the command queue while the machine is away',
    access: { roles: COMMAND_ROLES },
    scope: 'machines',
    query: noInput,
    body: z.object({ deviceId: bodyId, code: smsCode }),
    response: commandItem,
  }),
  wake: defineEndpoint({
    method: 'POST',
    path: '/deviceSleep/wake.do',
    summary:
      'Wake a machine; for a sleeping or offline machine it is an offline wake task, carried out at its next ' +
      'wake and deletable until then (/command/cancel.do)',
    access: { roles: COMMAND_ROLES },
    scope: 'machines',
    query: noInput,
    body: z.object({ deviceId: bodyId }),
    response: commandItem,
  }),
  files: defineEndpoint({
    method: 'GET',
    path: '/deviceFile/list.do',
    summary: 'The files of a machine (manuals, certificates, photos), newest first',
    access: { roles: DEVICE_READERS },
    scope: 'machines',
    query: z.object({ deviceId }),
    body: noInput,
    response: z.object({ list: z.array(deviceFileItem), editable: z.boolean() }),
  }),
  uploadFile: defineEndpoint({
    method: 'POST',
    path: '/deviceFile/upload.do',
    summary:
      'Add a file to a machine (multipart `file`): jpg/png up to 500kb (10 per machine) or pdf up to 5M ' +
      '(10 per machine), recognised by its content',
    access: { roles: DEVICE_EDITORS },
    scope: 'machines',
    multipart: true,
    query: noInput,
    body: z.object({
      file: z.file({ error: 'validation.required' }),
      deviceId,
      category: z.enum(DEVICE_FILE_CATEGORY.values, { error: 'validation.invalid' }).default('other'),
    }),
    response: deviceFileItem,
  }),
  deleteFile: defineEndpoint({
    method: 'POST',
    path: '/deviceFile/delete.do',
    summary: 'Remove a file from a machine',
    access: { roles: DEVICE_EDITORS },
    scope: 'machines',
    query: noInput,
    body: z.object({ id: bodyId }),
    response: z.object({ id: z.number().int() }),
  }),
  expenses: defineEndpoint({
    method: 'GET',
    path: '/deviceExpense/list.do',
    summary:
      'Expenses of the machines the user’s organisations own, of one machine or all, by type and date range, ' +
      'with totals per type over the whole filter',
    access: { roles: EXPENSE_READERS },
    scope: 'machines',
    query: expenseListQuery,
    body: noInput,
    response: paged(expenseItem).extend({
      /** Of the owners billing in `money`, the currency chosen as the summary's. */
      totals: expenseTotals,
      money: moneyFormat,
      editable: z.boolean(),
    }),
  }),
  expenseSummary: defineEndpoint({
    method: 'GET',
    path: '/deviceExpense/summary.do',
    summary:
      'The expense ledger’s totals: the same expenses as the list under the same filter, by month and type, ' +
      'newest month first',
    access: { roles: EXPENSE_READERS },
    scope: 'machines',
    query: expenseFilter,
    body: noInput,
    response: z.object({
      /** The currency of the figures, and the currencies of the owners under the filter (a choice when several). */
      money: moneyFormat,
      currencies: z.array(moneyFormat),
      months: z.array(expenseMonth),
      totals: expenseTotals,
    }),
  }),
  createExpense: defineEndpoint({
    method: 'POST',
    path: '/deviceExpense/create.do',
    summary: 'Record an expense of a machine: host, type, amount and date',
    access: { roles: DEVICE_EDITORS },
    scope: 'machines',
    query: noInput,
    body: expenseForm,
    response: z.object({ id: z.number().int() }),
  }),
  updateExpense: defineEndpoint({
    method: 'POST',
    path: '/deviceExpense/update.do',
    summary: 'Change an expense',
    access: { roles: DEVICE_EDITORS },
    scope: 'machines',
    query: noInput,
    body: expenseForm.extend({ id: bodyId }),
    response: z.object({ id: z.number().int() }),
  }),
  deleteExpense: defineEndpoint({
    method: 'POST',
    path: '/deviceExpense/delete.do',
    summary: 'Delete an expense',
    access: { roles: DEVICE_EDITORS },
    scope: 'machines',
    query: noInput,
    body: z.object({ id: bodyId }),
    response: z.object({ id: z.number().int() }),
  }),
} as const;
