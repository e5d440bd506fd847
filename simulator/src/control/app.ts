import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { ACTION_NAMES, ActionError, actionSchemas } from '../fleet/actions.ts';
import { connectionOf, viewOf } from '../fleet/view.ts';
import type { Simulator } from '../simulator.ts';
import { parseScenario, ScenarioError } from '../sources/scenario.ts';
import { createVideoApp } from '../video/platform.ts';
import { controlRoutes, listQuery, openApiDocument, skipBody, speedBody, type ClockView, type Health } from './api.ts';

/** Largest scenario document accepted (a 20,000-machine fleet in JSON is about 3 MB). */
const MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 413,
    message: string,
    readonly issues?: string[],
  ) {
    super(message);
  }
}

const issuesOf = (error: z.ZodError) => error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`);

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, 'invalid input', issuesOf(result.error));
  return result.data;
}

async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'the body is not JSON');
  }
}

const hono = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** The control API for QA and demos (its OpenAPI document is at /openapi.json). */
export function createControlApp(sim: Simulator): Hono {
  const app = new Hono();
  const document = openApiDocument();
  const clock = (): ClockView => {
    const s = sim.clock.state();
    return { ...s, now: new Date(s.now).toISOString() };
  };
  const machine = (serial: string) => {
    const m = sim.fleet.get(serial);
    if (!m) throw new HttpError(404, `no machine ${serial}`);
    return m;
  };

  app.get(controlRoutes.health.path, (c) => {
    const { broker, open, connecting, resident, visitors, connects, failures, lastError, published } =
      sim.transport.stats();
    const { acked, held, dropped } = sim.transport.stats();
    const health: Health = {
      status: 'ok',
      source: sim.source,
      seed: sim.fleet.seed,
      clock: clock(),
      machines: sim.fleet.summary(),
      mqtt: {
        ...{ broker, open, connecting, resident, visitors, connects, failures, lastError, published },
        ...{ acked, held, dropped },
      },
      counters: { ...sim.fleet.counters },
      uptimeSeconds: Math.floor((Date.now() - sim.startedAt) / 1000),
    };
    return c.json(health);
  });
  app.get('/openapi.json', (c) => c.json(document));

  app.get(controlRoutes.machines.path, (c) => {
    const q = parse(listQuery, c.req.query());
    const matching = sim.fleet
      .all()
      .filter((m) => (!q.kind || m.kind === q.kind) && (!q.connection || connectionOf(m) === q.connection));
    const machines = matching.slice(q.offset, q.offset + q.limit).map(viewOf);
    return c.json({ total: matching.length, offset: q.offset, limit: q.limit, machines });
  });
  app.get(hono(controlRoutes.machine.path), (c) => c.json(viewOf(machine(c.req.param('serial')!))));

  for (const name of ACTION_NAMES) {
    app.post(hono(controlRoutes[name].path), async (c) => {
      const m = machine(c.req.param('serial')!);
      const body = parse(actionSchemas[name], await jsonBody(c));
      try {
        sim.fleet.act(m.serial, name, body as never);
      } catch (error) {
        if (error instanceof ActionError) throw new HttpError(409, error.message);
        throw error;
      }
      return c.json(viewOf(m));
    });
  }

  app.get(controlRoutes.clock.path, (c) => c.json(clock()));
  app.post(controlRoutes.speed.path, async (c) => {
    sim.clock.setSpeed(parse(speedBody, await jsonBody(c)).speed);
    return c.json(clock());
  });
  app.post(controlRoutes.skip.path, async (c) => {
    sim.clock.skip(Math.round(parse(skipBody, await jsonBody(c)).hours * 3_600_000));
    return c.json(clock());
  });
  app.post(controlRoutes.pause.path, (c) => {
    sim.clock.pause();
    return c.json(clock());
  });
  app.post(controlRoutes.resume.path, (c) => {
    sim.clock.resume();
    return c.json(clock());
  });

  app.post(controlRoutes.scenario.path, async (c) => {
    if (Number(c.req.header('content-length') ?? 0) > MAX_DOCUMENT_BYTES)
      throw new HttpError(413, 'scenario too large');
    const text = await c.req.text();
    if (text.length > MAX_DOCUMENT_BYTES) throw new HttpError(413, 'scenario too large');
    let scenario;
    try {
      scenario = parseScenario(text);
    } catch (error) {
      if (error instanceof ScenarioError) throw new HttpError(400, 'invalid scenario', error.issues);
      throw error;
    }
    sim.applyScenario(scenario, 'uploaded');
    return c.json({
      machines: scenario.machines.length,
      timeline: scenario.timeline.length,
      seed: sim.fleet.seed,
      clock: clock(),
    });
  });

  // The simulated video platform: its signed API, play addresses and control (docs/decisions/057).
  app.route('/video', createVideoApp(sim.video));

  app.notFound((c) => c.json({ error: `no ${c.req.method} ${c.req.path}; see /openapi.json` }, 404));
  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json({ error: error.message, issues: error.issues }, error.status);
    console.error(`control API: ${c.req.method} ${c.req.path} failed`, error);
    return c.json({ error: 'internal error' }, 500);
  });
  return app;
}
