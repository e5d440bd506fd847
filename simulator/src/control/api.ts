import { z } from 'zod';
import { MACHINE_KINDS } from '@console/contract/codes/machine-kinds';
import { MAX_SPEED, MIN_SPEED } from '../clock.ts';
import { ACTION_NAMES, actionSchemas, type ActionName } from '../fleet/actions.ts';
import { CONNECTIONS, machineView } from '../fleet/view.ts';

/**
 * The control API's declarations: the Hono app serves them, the OpenAPI document and the typed test client
 * (tests/fixtures/simulator-client.ts) are made from them. Plain JSON; errors are `{ error, issues? }` with
 * HTTP 400 (bad input), 404 (no such machine) or 409 (the action does not apply to the machine).
 */
export const errorBody = z.object({ error: z.string(), issues: z.array(z.string()).optional() });

export const clockView = z.object({
  /** Simulated time (ISO 8601). */
  now: z.string(),
  speed: z.number(),
  paused: z.boolean(),
  /** Simulated time ahead of the wall clock; a server refuses reports 25 h ahead unless it follows this clock. */
  aheadMs: z.number(),
});
export type ClockView = z.infer<typeof clockView>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  source: z.object({
    kind: z.enum(['manifest', 'scenario']),
    state: z.enum(['waiting', 'loaded']),
    detail: z.string(),
    loadedAt: z.string().nullable(),
    /** Machines the source gives now (the fleet). */
    machines: z.number().int(),
    /** The manifest's last successful read (ISO; it is read again every refreshEveryS seconds while running). */
    refreshedAt: z.string().nullable(),
    refreshEveryS: z.number().nullable(),
    /** Why the last read failed (the fleet stays as it was), until one succeeds. */
    refreshError: z.string().nullable(),
  }),
  seed: z.number().int(),
  clock: clockView,
  /** Machines by connection: online ones are on line to the broker (the server shows them online). */
  machines: z.object({
    total: z.number().int(),
    online: z.number().int(),
    connecting: z.number().int(),
    offline: z.number().int(),
    waking: z.number().int(),
    asleep: z.number().int(),
  }),
  mqtt: z.object({
    broker: z.string(),
    open: z.number().int(),
    connecting: z.number().int(),
    resident: z.number().int(),
    visitors: z.number().int(),
    connects: z.number().int(),
    failures: z.number().int(),
    lastError: z.string().nullable(),
    published: z.number().int(),
    /** Reports the broker acknowledged; reports units hold (stored or unacknowledged); reports dropped. */
    acked: z.number().int(),
    held: z.number().int(),
    dropped: z.number().int(),
  }),
  counters: z.object({
    reports: z.number().int(),
    thinned: z.number().int(),
    acks: z.number().int(),
    commands: z.number().int(),
    refused: z.number().int(),
    expired: z.number().int(),
  }),
  uptimeSeconds: z.number().int(),
});
export type Health = z.infer<typeof healthSchema>;

export const listQuery = z.object({
  kind: z.enum(MACHINE_KINDS).optional(),
  connection: z.enum(CONNECTIONS).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export const machineList = z.object({
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  machines: z.array(machineView),
});
export const speedBody = z.object({ speed: z.number().min(MIN_SPEED).max(MAX_SPEED) });
/** Up to 400 days at once: a lease's billing month and its lock days. */
export const skipBody = z.object({
  hours: z
    .number()
    .positive()
    .max(400 * 24),
});
export const scenarioResult = z.object({
  machines: z.number().int(),
  timeline: z.number().int(),
  seed: z.number().int(),
  clock: clockView,
});

export interface ControlRoute {
  method: 'get' | 'post';
  /** OpenAPI style: `{serial}` is a path parameter. */
  path: string;
  summary: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body is a JSON or YAML document, sent as text. */
  document?: boolean;
  response: z.ZodType;
}

const actionSummaries: Record<ActionName, string> = {
  offline: 'Take the machine off the network (the broker publishes its last will), for durationS or until online',
  online: 'Bring the machine back on the network',
  sleep: 'Put the machine to sleep: it says so, disconnects, and wakes every 12 hours of simulated time',
  wake: 'Wake the machine for good',
  fault: 'Raise a fault flag (CTRL_OFFLINE silences the machine controller), for durationS or until cleared',
  clear: 'Clear faults, a silent controller and injected alarm conditions',
  alarm: 'Hold an alarm condition (overload, tilt, overspeed, lowBattery) for durationS (default 600)',
  move: 'Drive to a point (`to`) or along a route; the machine then works there',
};

const actionRoutes = Object.fromEntries(
  ACTION_NAMES.map((name) => [
    name,
    {
      method: 'post',
      path: `/machines/{serial}/${name}`,
      summary: actionSummaries[name],
      body: actionSchemas[name],
      response: machineView,
    } satisfies ControlRoute,
  ]),
) as unknown as { [N in ActionName]: ControlRoute & { body: (typeof actionSchemas)[N]; response: typeof machineView } };

export const controlRoutes = {
  health: {
    method: 'get',
    path: '/health',
    summary: 'Source, clock, machines by connection, broker link',
    response: healthSchema,
  },
  machines: {
    method: 'get',
    path: '/machines',
    summary: 'Machines and their simulated state',
    query: listQuery,
    response: machineList,
  },
  machine: { method: 'get', path: '/machines/{serial}', summary: 'One machine', response: machineView },
  ...actionRoutes,
  clock: { method: 'get', path: '/clock', summary: 'The simulated clock', response: clockView },
  speed: {
    method: 'post',
    path: '/clock/speed',
    summary: 'Set the clock speed (1 to 3600)',
    body: speedBody,
    response: clockView,
  },
  skip: {
    method: 'post',
    path: '/clock/skip',
    summary: 'Skip simulated time forward by some hours, the machines parked meanwhile (nothing skipped runs)',
    body: skipBody,
    response: clockView,
  },
  pause: { method: 'post', path: '/clock/pause', summary: 'Pause simulated time', response: clockView },
  resume: { method: 'post', path: '/clock/resume', summary: 'Resume simulated time', response: clockView },
  scenario: {
    method: 'post',
    path: '/scenario',
    summary: 'Load a scenario (JSON or YAML): it replaces the fleet and starts its timeline',
    document: true,
    response: scenarioResult,
  },
} satisfies Record<string, ControlRoute>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output') {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, target: 'openapi-3.0', unrepresentable: 'any' });
  return rest;
}

/** The control API's OpenAPI 3 document. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  const json = (schema: z.ZodType) => ({ 'application/json': { schema: schemaOf(schema, 'output') } });
  for (const route of Object.values(controlRoutes) as ControlRoute[]) {
    const query = route.query ? (schemaOf(route.query, 'input') as { properties?: Record<string, unknown> }) : null;
    const parameters = [
      ...(route.path.includes('{serial}')
        ? [{ name: 'serial', in: 'path', required: true, schema: { type: 'string' } }]
        : []),
      ...Object.entries(query?.properties ?? {}).map(([name, schema]) => ({ name, in: 'query', schema })),
    ];
    const body = route.document
      ? {
          content: {
            'application/yaml': { schema: { type: 'string' } },
            'application/json': { schema: { type: 'object' } },
          },
        }
      : route.body
        ? { content: { 'application/json': { schema: schemaOf(route.body, 'input') } } }
        : undefined;
    (paths[route.path] ??= {})[route.method] = {
      summary: route.summary,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(body ? { requestBody: { required: true, ...body } } : {}),
      responses: {
        200: { description: 'OK', content: json(route.response) },
        400: { description: 'Invalid input', content: json(errorBody) },
        ...(route.path.includes('{serial}')
          ? { 404: { description: 'No such machine', content: json(errorBody) } }
          : {}),
        ...(route.path.includes('{serial}/')
          ? { 409: { description: 'Not for this machine', content: json(errorBody) } }
          : {}),
      },
    };
  }
  paths['/openapi.json'] = {
    get: { summary: 'This document', responses: { 200: { description: 'OpenAPI 3 document' } } },
  };
  return { openapi: '3.0.3', info: { title: 'Machinery simulator control API', version: '1.0.0' }, paths };
}
