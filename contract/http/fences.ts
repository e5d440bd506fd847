import { z } from 'zod';
import { isDay } from './devices.ts';
import { defineEndpoint, noInput } from './endpoint.ts';
import { areaCode, idParam, isValidPhone, optionalText, pageQuery, paged } from './fields.ts';
import { FENCE_EDITORS, FENCE_READERS } from '../access/fences.ts';

/** Spec section 9: a circle fence's radius is at most 5000 m. */
export const MAX_CIRCLE_RADIUS_M = 5000;
/** Corners of a polygon; more is a drawing gone wrong, not a site. */
export const MAX_POLYGON_POINTS = 200;
/** The map the fence was drawn on: the global provider or the regional one (GCJ-02 on screen). */
export const FENCE_MAPS = ['global', 'regional'] as const;
export const FENCE_ALARM_TYPES = ['fenceEnter', 'fenceExit', 'fenceOvertime'] as const;

/** `HH:mm`, a minute of the day. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** [lat, lng] in WGS-84: shapes are stored as machines report, whatever map they were drawn on. */
const latLng = z.tuple([
  z.number({ error: 'fences.shapeInvalid' }).min(-90, { error: 'fences.shapeInvalid' }).max(90, {
    error: 'fences.shapeInvalid',
  }),
  z.number({ error: 'fences.shapeInvalid' }).min(-180, { error: 'fences.shapeInvalid' }).max(180, {
    error: 'fences.shapeInvalid',
  }),
]);

export const fenceShape = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('circle'),
      center: latLng,
      /** Metres. */
      radius: z
        .number({ error: 'fences.radiusRequired' })
        .positive({ error: 'fences.radiusRequired' })
        .max(MAX_CIRCLE_RADIUS_M, { error: 'fences.radiusMax' }),
    }),
    z.object({
      type: z.literal('rectangle'),
      /** [south-west, north-east]. */
      bounds: z
        .tuple([latLng, latLng])
        .refine(([sw, ne]) => sw[0] < ne[0] && sw[1] < ne[1], { error: 'fences.shapeInvalid' }),
    }),
    z.object({
      type: z.literal('polygon'),
      points: z
        .array(latLng, { error: 'fences.shapeInvalid' })
        .min(3, { error: 'fences.shapeInvalid' })
        .max(MAX_POLYGON_POINTS, { error: 'fences.shapeInvalid' }),
    }),
  ],
  // Nothing drawn (null, or no shape at all): spec section 5's 'a shape must be drawn'.
  { error: 'fences.shapeRequired' },
);
export type FenceShape = z.infer<typeof fenceShape>;

const day = (key: string) =>
  z
    .string({ error: key })
    .trim()
    .refine((v) => isDay(v), { error: key });
/** A time of the alarm window: both ends are required (spec section 5: 'alarm time window complete'). */
const timeOfDay = z
  .string({ error: 'fences.windowIncomplete' })
  .trim()
  .regex(TIME_OF_DAY, { error: 'fences.windowIncomplete' });

const fenceFields = z.object({
  name: z
    .string({ error: 'fences.nameRequired' })
    .trim()
    .min(1, { error: 'fences.nameRequired' })
    .max(60, { error: 'validation.tooLong' }),
  /** Monitoring dates, calendar days in the fence's time zone, both included. */
  startDate: day('fences.datesRequired'),
  endDate: day('fences.datesRequired'),
  /** The daily alarm window `HH:mm`-`HH:mm`; an end before the start runs over midnight. */
  alarmStart: timeOfDay,
  alarmEnd: timeOfDay,
  /**
   * Hours a bound machine may work a day (0-24, in the fence's zone, on its monitoring dates); working longer
   * raises the fence's overtime alarm until the day ends. Empty or 0: no limit (decision 015).
   */
  dailyLimitHours: z
    .number({ error: 'fences.dailyLimit' })
    .min(0, { error: 'fences.dailyLimit' })
    .max(24, { error: 'fences.dailyLimit' })
    .nullable()
    .optional(),
  /** The alarm contact or responsible person, and the phone that gets the alarm text messages. */
  contactName: optionalText(40),
  areaCode,
  contactPhone: z.string().trim().max(15, { error: 'validation.phone' }).optional(),
  location: optionalText(200),
  mapProvider: z.enum(FENCE_MAPS, { error: 'validation.invalid' }).default('global'),
  shape: fenceShape,
});

/** The rules across fields, on the field the user must change. */
function withFenceRules<S extends z.ZodType<z.output<typeof fenceFields>>>(schema: S) {
  return schema.superRefine((v, ctx) => {
    if (isDay(v.startDate) && isDay(v.endDate) && v.endDate < v.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'fences.datesOrder' });
    }
    if (v.alarmStart === v.alarmEnd) {
      ctx.addIssue({ code: 'custom', path: ['alarmEnd'], message: 'fences.windowEmpty' });
    }
    if (v.contactPhone && !isValidPhone(v.contactPhone, v.areaCode)) {
      ctx.addIssue({ code: 'custom', path: ['contactPhone'], message: 'validation.phone' });
    }
  });
}

export const fenceForm = withFenceRules(fenceFields);
const id = z.number({ error: 'validation.invalid' }).int().positive({ error: 'validation.invalid' });
export const fenceUpdate = withFenceRules(fenceFields.extend({ id }));

export const fenceRow = z.object({
  id: z.number().int(),
  name: z.string(),
  shapeType: z.enum(['circle', 'rectangle', 'polygon']),
  /** Machines bound to it (all of them, also those outside the reader's scope). */
  deviceCount: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  alarmStart: z.string(),
  alarmEnd: z.string(),
  /** Today is within the monitoring dates. */
  monitoring: z.boolean(),
  dailyLimitHours: z.number().nullable(),
  contactName: z.string(),
  areaCode: z.string(),
  contactPhone: z.string(),
  location: z.string(),
  ownerName: z.string(),
  updatedAt: z.string(),
  editable: z.boolean(),
});
export type FenceRow = z.infer<typeof fenceRow>;

export const fenceDetail = fenceRow.extend({
  mapProvider: z.enum(FENCE_MAPS),
  shape: fenceShape,
  /** The zone its dates and window are read in. */
  timeZone: z.string(),
});
export type FenceDetail = z.infer<typeof fenceDetail>;

export const fenceDevice = z.object({
  id: z.number().int(),
  serialNumber: z.string(),
  deviceName: z.string(),
  kind: z.string(),
  status: z.number().int(),
  online: z.boolean(),
  location: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  lastReportAt: z.string(),
  /** Inside the fence by its last position; null without one. */
  inside: z.boolean().nullable(),
});

export const fenceCandidate = z.object({
  id: z.number().int(),
  serialNumber: z.string(),
  deviceName: z.string(),
  /** The fence it is bound to now, if any: binding moves it here. */
  fenceId: z.number().int().nullable(),
  fenceName: z.string(),
});

export const fenceAlarm = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  serialNumber: z.string(),
  type: z.enum(FENCE_ALARM_TYPES),
  startedAt: z.string(),
  endedAt: z.string(),
  handled: z.boolean(),
});

const textFilter = (max: number) => z.string().trim().max(max).optional();
const deviceIds = z
  .array(id, { error: 'fences.selectMachines' })
  .min(1, { error: 'fences.selectMachines' })
  .max(500, { error: 'validation.invalid' });

export const fenceEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/fence/list.do',
    summary:
      'Fences in the user scope (own organisations, and those holding a machine the user sees), by name, contact, ' +
      'location and whether today is within their monitoring dates',
    access: { roles: FENCE_READERS },
    scope: 'organisation',
    query: pageQuery.extend({
      name: textFilter(60),
      contact: textFilter(40),
      location: textFilter(200),
      monitoring: z.enum(['yes', 'no'], { error: 'validation.invalid' }).optional(),
    }),
    body: noInput,
    response: paged(fenceRow),
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/fence/options.do',
    summary: 'Every fence in the user scope by id and name, for filters and pickers',
    access: { roles: FENCE_READERS },
    scope: 'organisation',
    query: noInput,
    body: noInput,
    response: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/fence/detail.do',
    summary: 'One fence with its shape',
    access: { roles: FENCE_READERS },
    scope: 'organisation',
    query: z.object({ id: idParam }),
    body: noInput,
    response: fenceDetail,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/fence/create.do',
    summary: 'Create a fence for the own organisation; dates and window are read in the request time zone',
    access: { roles: FENCE_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: fenceForm,
    response: z.object({ id: z.number().int() }),
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/fence/update.do',
    summary: 'Change a fence of the own organisations',
    access: { roles: FENCE_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: fenceUpdate,
    response: z.object({ id: z.number().int() }),
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: '/fence/delete.do',
    summary: 'Delete a fence of the own organisations; its machines are unbound',
    access: { roles: FENCE_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ id }),
    response: z.object({ id: z.number().int() }),
  }),
  devices: defineEndpoint({
    method: 'GET',
    path: '/fence/devices.do',
    summary: 'The machines bound to a fence that the user sees, with their status and whether they are inside',
    access: { roles: FENCE_READERS },
    scope: 'organisation',
    query: pageQuery.extend({ id: idParam, serialNumber: textFilter(40) }),
    body: noInput,
    response: paged(fenceDevice),
  }),
  candidates: defineEndpoint({
    method: 'GET',
    path: '/fence/candidates.do',
    summary: 'Machines of the fence owner that the user may bind, found by serial number or name',
    access: { roles: FENCE_EDITORS },
    scope: 'organisation',
    query: z.object({ id: idParam, search: textFilter(40) }),
    body: noInput,
    response: z.array(fenceCandidate),
  }),
  bind: defineEndpoint({
    method: 'POST',
    path: '/fence/bind.do',
    summary: 'Bind machines of the fence owner to the fence (a machine has one fence: it leaves its previous one)',
    access: { roles: FENCE_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ id, deviceIds }),
    response: z.object({ bound: z.number().int() }),
  }),
  unbind: defineEndpoint({
    method: 'POST',
    path: '/fence/unbind.do',
    summary: 'Unbind machines from the fence',
    access: { roles: FENCE_EDITORS },
    scope: 'organisation',
    query: noInput,
    body: z.object({ id, deviceIds }),
    response: z.object({ unbound: z.number().int() }),
  }),
  alarms: defineEndpoint({
    method: 'GET',
    path: '/fence/alarms.do',
    summary: 'Enter and exit alarms the fence raised on machines the user sees, newest first',
    access: { roles: FENCE_READERS },
    scope: 'organisation',
    query: pageQuery.extend({
      id: idParam,
      type: z.enum(FENCE_ALARM_TYPES, { error: 'validation.invalid' }).optional(),
    }),
    body: noInput,
    response: paged(fenceAlarm),
  }),
} as const;
