import { Hono } from 'hono';
import { z } from 'zod';
import type { LinkState } from '../mqtt/link.ts';

/** GET /health: whether the simulator reaches its broker and how many machines it runs. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  mqtt: z.object({
    connected: z.boolean(),
    broker: z.string(),
    since: z.string().describe('When the link last went up or down (ISO 8601)'),
    lastError: z.string().nullable(),
  }),
  machines: z.number().int().min(0).describe('Machines simulated (none until the device registry exists)'),
  uptimeSeconds: z.number().int().min(0),
});
export type Health = z.infer<typeof healthSchema>;

export interface ControlDeps {
  link: () => LinkState;
  machines: () => number;
  startedAt: number;
  now?: () => number;
}

function openApi() {
  const { $schema: _ignored, ...health } = z.toJSONSchema(healthSchema, { target: 'openapi-3.0' });
  return {
    openapi: '3.0.3',
    info: { title: 'Machinery simulator control API', version: '0.0.0' },
    paths: {
      '/health': {
        get: {
          summary: 'Broker link and fleet size',
          responses: {
            200: { description: 'The simulator is running', content: { 'application/json': { schema: health } } },
          },
        },
      },
      '/openapi.json': {
        get: { summary: 'This document', responses: { 200: { description: 'OpenAPI 3 document' } } },
      },
    },
  };
}

/** The control API: for now its health; the data-plane work adds the fleet controls here. */
export function createControlApp(deps: ControlDeps): Hono {
  const app = new Hono();
  const document = openApi();
  const now = deps.now ?? Date.now;
  app.get('/health', (c) =>
    c.json(
      healthSchema.parse({
        status: 'ok',
        mqtt: deps.link(),
        machines: deps.machines(),
        uptimeSeconds: Math.floor((now() - deps.startedAt) / 1000),
      }),
    ),
  );
  app.get('/openapi.json', (c) => c.json(document));
  app.notFound((c) => c.json({ error: `no ${c.req.method} ${c.req.path}; see /openapi.json` }, 404));
  return app;
}
