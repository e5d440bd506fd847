import { z } from 'zod';
import { ALARM_ACTION, ALARM_TYPES } from '../codes/alarms.ts';
import { MACHINE_KINDS } from '../codes/machine-kinds.ts';
import { isDay } from './devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { idParam, pageQuery, paged } from './fields.ts';
import { ALARM_HANDLERS, ALARM_READERS } from '../access/warning.ts';

/** An alarm as the shell's bell lists it (spec: wid, nid, pname, zoneName, alarmType, alarmInfo, alarmTime). */
export const alarmEntry = z.object({
  wid: z.number().int(),
  nid: z.number().int(),
  pname: z.string(),
  zoneName: z.string(),
  alarmType: z.string(),
  alarmInfo: z.string(),
  alarmTime: z.string(),
});
export type AlarmEntry = z.infer<typeof alarmEntry>;

const day = z
  .string({ error: 'devices.invalidDate' })
  .trim()
  .refine((v) => v === '' || isDay(v), { error: 'devices.invalidDate' })
  .optional();

export const alarmRow = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  serialNumber: z.string(),
  deviceName: z.string(),
  kind: z.enum(MACHINE_KINDS),
  type: z.enum(ALARM_TYPES),
  /** 1 notice, 2 warning, 3 critical. */
  level: z.number().int(),
  /** The measured value and the threshold it crossed (load %, tilt degrees, km/h, battery %), if any. */
  value: z.number().nullable(),
  threshold: z.number().nullable(),
  /** One line in the request's language, as the bell shows it. */
  info: z.string(),
  detail: z.string(),
  projectName: z.string(),
  zoneName: z.string(),
  ownerName: z.string(),
  /** Times as the user reads them (`YYYY-MM-DD HH:mm:ss` in the request's time zone). */
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.string(),
  handledAt: z.string().nullable(),
  handledBy: z.string(),
  remark: z.string(),
  /** The user may acknowledge and handle it. */
  actionable: z.boolean(),
});
export type AlarmRow = z.infer<typeof alarmRow>;

export const alarmDetail = alarmRow.extend({
  /** The machine's last report at or before the alarm started: its device time and readings. */
  snapshot: z
    .object({
      at: z.string(),
      // Faults are codes; a concrete pump reports its two pump currents as a pair of numbers.
      data: z.record(
        z.string(),
        z.union([z.number(), z.string(), z.boolean(), z.array(z.union([z.string(), z.number()]))]),
      ),
    })
    .nullable(),
  /** Where the machine was then (the last position at or before the start). */
  position: z.object({ lat: z.number(), lng: z.number(), speed: z.number(), at: z.string() }).nullable(),
  history: z.array(
    z.object({ action: z.enum(ALARM_ACTION.values), by: z.string(), remark: z.string(), at: z.string() }),
  ),
});
export type AlarmDetail = z.infer<typeof alarmDetail>;

/** Single and batch actions take the same list of ids. */
const alarmIds = z
  .array(z.number({ error: 'validation.invalid' }).int().positive({ error: 'validation.invalid' }), {
    error: 'warning.selectAlarms',
  })
  .min(1, { error: 'warning.selectAlarms' })
  .max(200, { error: 'warning.tooManyAlarms' });

export const handleForm = z.object({
  ids: alarmIds,
  remark: z
    .string({ error: 'warning.remarkRequired' })
    .trim()
    .min(1, { error: 'warning.remarkRequired' })
    .max(500, { error: 'validation.tooLong' }),
});

export const warningEndpoints = {
  bell: defineEndpoint({
    method: 'GET',
    path: '/warning/bell.do',
    summary: "The shell's alarm bell: count of open unhandled alarms in the user's scope and the latest of them",
    access: 'signedIn',
    scope: 'machines',
    query: noInput,
    body: noInput,
    response: z.object({ count: z.number().int(), list: z.array(alarmEntry) }),
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/warning/list.do',
    summary:
      'Alarms of the machines in scope, real-time (open) or history (ended), by machine, kind, type, level, day ' +
      'range, handled or not and organisation; sortable by start, end and level',
    access: { roles: ALARM_READERS },
    scope: 'machines',
    query: pageQuery.extend({
      state: z.enum(['open', 'ended'], { error: 'validation.invalid' }).optional(),
      handled: z.enum(['0', '1'], { error: 'validation.invalid' }).optional(),
      serialNumber: z.string().trim().max(40).optional(),
      deviceId: idParam.optional(),
      kind: z.enum(MACHINE_KINDS, { error: 'validation.invalid' }).optional(),
      type: z.enum(ALARM_TYPES, { error: 'validation.invalid' }).optional(),
      level: z.coerce
        .number()
        .pipe(z.literal([1, 2, 3], { error: 'validation.invalid' }))
        .optional(),
      /** Started on or after this day and on or before that one, in the request's time zone. */
      from: day,
      to: day,
      /** A machine of this organisation (owner, customer or distributor). */
      orgId: idParam.optional(),
    }),
    body: noInput,
    response: paged(alarmRow),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/warning/detail.do',
    summary: "One alarm with the machine's state when it started, value against threshold and handling history",
    access: { roles: ALARM_READERS },
    scope: 'machines',
    query: z.object({ id: idParam }),
    body: noInput,
    response: alarmDetail,
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/warning/options.do',
    summary: "The organisations the alarm centre's filter offers (those whose machines the user sees)",
    access: { roles: ALARM_READERS },
    scope: 'machines',
    query: noInput,
    body: noInput,
    response: z.object({ orgs: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
  }),
  acknowledge: defineEndpoint({
    method: 'POST',
    path: '/warning/acknowledge.do',
    summary: 'Acknowledge alarms (one or a batch): someone has seen them; they stay open until handled or ended',
    access: { roles: ALARM_HANDLERS },
    scope: 'machines',
    query: noInput,
    body: z.object({ ids: alarmIds }),
    response: z.object({ count: z.number().int() }),
  }),
  handle: defineEndpoint({
    method: 'POST',
    path: '/warning/handle.do',
    summary: 'Handle alarms (one or a batch) with a remark: they leave the bell and the open count',
    access: { roles: ALARM_HANDLERS },
    scope: 'machines',
    query: noInput,
    body: handleForm,
    response: z.object({ count: z.number().int() }),
  }),
} as const;
