import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  ACCOUNT_STATES,
  APP_ID_HEADER,
  checkSignature,
  createFlowRequest,
  PROVIDER_PATHS,
  SIGNATURE_HEADER,
  SIGNER_ROLES,
  TIMESTAMP_HEADER,
  type SignerRole,
} from '@console/contract/lease/esign-protocol';
import { signingPage } from './pages.ts';
import type { Flow, Provider } from './provider.ts';

/** Largest request: a contract PDF of 5 MB in base64, with room to spare. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

const steerBody = z.object({
  callbackDelayMs: z.number().int().min(0).max(600_000).optional(),
  refuseNext: z.enum(SIGNER_ROLES).nullable().optional(),
  failNext: z.boolean().optional(),
  deliveries: z.number().int().min(1).max(5).optional(),
});
const signBody = z.object({
  role: z.enum(SIGNER_ROLES),
  action: z.enum(['sign', 'refuse']).default('sign'),
  name: z.string().min(1).max(100),
  reason: z.string().max(200).default(''),
});
const accountBody = z.object({
  kind: z.enum(['org', 'user']),
  ref: z.string().min(1).max(64),
  state: z.enum(ACCOUNT_STATES),
  expiresOn: z.string().nullable().default(null),
});

const jsonError = (c: Context, status: 400 | 401 | 404 | 409 | 413, error: string, issues?: string[]) =>
  c.json({ error, ...(issues ? { issues } : {}) }, status);

/**
 * The provider's three faces: the open API the server calls (signed with the app secret, as a real provider's is),
 * the signing pages where people sign, and the control API tests and demos steer it with (/control, /health).
 */
export function createProviderApp(provider: Provider, now: () => number = Date.now): Hono {
  const app = new Hono();

  /** The API's caller must be the app, proven by the signature over the body (or the path of a GET). */
  const authorised = async (c: Context): Promise<string | Response> => {
    const length = Number(c.req.header('content-length') ?? 0);
    if (length > MAX_BODY_BYTES) return jsonError(c, 413, 'body too large');
    const body = c.req.method === 'GET' ? new URL(c.req.url).pathname : await c.req.text();
    if (c.req.header(APP_ID_HEADER) !== provider.app.id) return jsonError(c, 401, 'unknown app');
    const check = checkSignature(
      provider.app.secret,
      { timestamp: c.req.header(TIMESTAMP_HEADER), signature: c.req.header(SIGNATURE_HEADER) },
      body,
      now(),
    );
    return check === 'ok' ? body : jsonError(c, 401, `signature ${check}`);
  };
  const flowOf = (c: Context): Flow | undefined => provider.flows.get(c.req.param('id') ?? '');

  app.post(PROVIDER_PATHS.flows, async (c) => {
    const body = await authorised(c);
    if (typeof body !== 'string') return body;
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return jsonError(c, 400, 'the body is not JSON');
    }
    const parsed = createFlowRequest.safeParse(json);
    if (!parsed.success)
      return jsonError(
        c,
        400,
        'invalid input',
        parsed.error.issues.map((i) => i.message),
      );
    const roles = parsed.data.signers.map((s) => s.role).sort();
    if (roles.join() !== 'lessee,lessor') return jsonError(c, 400, 'one lessee and one lessor sign');
    if (!parsed.data.document || Buffer.from(parsed.data.document, 'base64').subarray(0, 5).toString() !== '%PDF-') {
      return jsonError(c, 400, 'the document is not a PDF');
    }
    return c.json(provider.view(provider.create(parsed.data, now())));
  });
  app.get('/v1/flows/:id', async (c) => {
    const body = await authorised(c);
    if (typeof body !== 'string') return body;
    const flow = flowOf(c);
    return flow ? c.json(provider.view(flow)) : jsonError(c, 404, 'no such flow');
  });
  app.post('/v1/flows/:id/cancel', async (c) => {
    const body = await authorised(c);
    if (typeof body !== 'string') return body;
    const flow = flowOf(c);
    if (!flow) return jsonError(c, 404, 'no such flow');
    if (!provider.cancel(flow)) return jsonError(c, 409, `the flow is ${flow.state}`);
    return c.json(provider.view(flow));
  });
  app.get('/v1/accounts/:kind/:ref', async (c) => {
    const body = await authorised(c);
    if (typeof body !== 'string') return body;
    const kind = c.req.param('kind');
    if (kind !== 'org' && kind !== 'user') return jsonError(c, 404, 'no such account kind');
    return c.json(provider.account(kind, c.req.param('ref')));
  });

  // The signing pages: the address holds the party's secret token, as a provider's SMS link does.
  const pageFlow = (c: Context): { flow: Flow; role: SignerRole } | null => {
    const flow = flowOf(c);
    const role = c.req.param('role') as SignerRole;
    if (!flow || !SIGNER_ROLES.includes(role) || c.req.query('t') !== flow.tokens[role]) return null;
    return { flow, role };
  };
  const lang = (c: Context) =>
    (c.req.query('lang') ?? c.req.header('accept-language') ?? '').startsWith('zh') ? 'zh' : 'en';
  app.get('/sign/:id/:role', (c) => {
    const found = pageFlow(c);
    if (!found) return c.html(signingPage(lang(c), null), 404);
    return c.html(signingPage(lang(c), { ...found, provider, message: null }));
  });
  app.get('/sign/:id/:role/document.pdf', (c) => {
    const found = pageFlow(c);
    if (!found) return c.text('not found', 404);
    return c.body(new Uint8Array(found.flow.document), 200, { 'content-type': 'application/pdf' });
  });
  app.post('/sign/:id/:role', async (c) => {
    const found = pageFlow(c);
    if (!found) return c.html(signingPage(lang(c), null), 404);
    const form = await c.req.parseBody();
    const name = String(form.name ?? '')
      .trim()
      .slice(0, 100);
    const action = form.action === 'refuse' ? 'refuse' : 'sign';
    const message =
      name === '' && action === 'sign'
        ? 'nameRequired'
        : provider.sign(found.flow, found.role, action, name, String(form.reason ?? '').slice(0, 200), now());
    return c.html(signingPage(lang(c), { ...found, provider, message }), message ? 409 : 200);
  });

  // The control API.
  app.get('/health', (c) =>
    c.json({
      status: 'ok',
      flows: provider.flows.size,
      outstandingCallbacks: provider.outstanding(),
      steering: provider.steering,
    }),
  );
  app.get('/control/flows', (c) =>
    c.json(
      [...provider.flows.values()].map((f) => ({
        ...provider.view(f),
        title: f.title,
        signed: f.signed,
        reason: f.reason,
        events: f.events,
      })),
    ),
  );
  app.get('/control/deliveries', (c) => c.json(provider.deliveries));
  app.post('/control/steer', async (c) => {
    const parsed = steerBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success)
      return jsonError(
        c,
        400,
        'invalid input',
        parsed.error.issues.map((i) => i.message),
      );
    provider.steering = { ...provider.steering, ...parsed.data };
    return c.json(provider.steering);
  });
  app.post('/control/flows/:id/sign', async (c) => {
    const flow = flowOf(c);
    if (!flow) return jsonError(c, 404, 'no such flow');
    const parsed = signBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success)
      return jsonError(
        c,
        400,
        'invalid input',
        parsed.error.issues.map((i) => i.message),
      );
    const { role, action, name, reason } = parsed.data;
    const refusal = provider.sign(flow, role, action, name, reason, now());
    return refusal ? jsonError(c, 409, refusal) : c.json(provider.view(flow));
  });
  app.post('/control/flows/:id/repeat', async (c) => {
    const flow = flowOf(c);
    if (!flow) return jsonError(c, 404, 'no such flow');
    const index = Number(c.req.query('event') ?? -1);
    const event = provider.repeat(flow, Number.isInteger(index) ? index : -1);
    return event ? c.json(event) : jsonError(c, 409, 'no such event');
  });
  // Lose the flow, as a restarted provider does: its API then answers 404 for it, its pages "not found".
  app.post('/control/flows/:id/forget', (c) => {
    const flow = flowOf(c);
    if (!flow) return jsonError(c, 404, 'no such flow');
    provider.forget(flow);
    return c.json({ status: 'ok', flowId: flow.id });
  });
  app.post('/control/accounts', async (c) => {
    const parsed = accountBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success)
      return jsonError(
        c,
        400,
        'invalid input',
        parsed.error.issues.map((i) => i.message),
      );
    const { kind, ref, state, expiresOn } = parsed.data;
    provider.setAccount(kind, ref, state, expiresOn);
    return c.json(provider.account(kind, ref));
  });
  app.post('/control/reset', (c) => {
    provider.reset();
    return c.json({ status: 'ok' });
  });
  return app;
}
