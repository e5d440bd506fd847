import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  checkSignature,
  createPaymentRequest,
  MERCHANT_HEADER,
  PAY_SIGNATURE_HEADER,
  PAY_TIMESTAMP_HEADER,
  PAYGATE_PATHS,
  refundRequest,
} from '@console/contract/shop/paygate-protocol';
import { payPage } from './pages.ts';
import type { Paygate, Payment } from './provider.ts';

const MAX_BODY_BYTES = 64 * 1024;

const steerBody = z.object({
  notifyDelayMs: z.number().int().min(0).max(600_000).optional(),
  refuseNext: z.boolean().optional(),
  deliveries: z.number().int().min(1).max(5).optional(),
  hold: z.boolean().optional(),
});
const actBody = z.object({ action: z.enum(['pay', 'cancel', 'payLate']) });
const notifyBody = z.object({
  state: z.enum(['paid', 'cancelled', 'refused', 'closed']),
  amountCents: z.number().int().nonnegative().optional(),
  forged: z.boolean().default(false),
});
const releaseBody = z.object({ order: z.enum(['sent', 'reverse']).default('sent') });

const jsonError = (c: Context, status: 400 | 401 | 404 | 409 | 413, error: string, issues?: string[]) =>
  c.json({ error, ...(issues ? { issues } : {}) }, status);

async function parsed<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S> | Response> {
  const result = schema.safeParse(await c.req.json().catch(() => ({})));
  if (result.success) return result.data;
  return jsonError(
    c,
    400,
    'invalid input',
    result.error.issues.map((i) => i.message),
  );
}

/**
 * The provider's three faces: the API the merchant (the server) calls, signed with the merchant secret; the pay
 * pages where payers pay; and the control API tests and demos steer it with (/control, /health).
 */
export function createPaygateApp(paygate: Paygate, now: () => number = Date.now): Hono {
  const app = new Hono();

  const authorised = async (c: Context): Promise<string | Response> => {
    if (Number(c.req.header('content-length') ?? 0) > MAX_BODY_BYTES) return jsonError(c, 413, 'body too large');
    const body = c.req.method === 'GET' ? new URL(c.req.url).pathname : await c.req.text();
    if (c.req.header(MERCHANT_HEADER) !== paygate.merchant.id) return jsonError(c, 401, 'unknown merchant');
    const check = checkSignature(
      paygate.merchant.secret,
      { timestamp: c.req.header(PAY_TIMESTAMP_HEADER), signature: c.req.header(PAY_SIGNATURE_HEADER) },
      body,
      now(),
    );
    return check === 'ok' ? body : jsonError(c, 401, `signature ${check}`);
  };
  const paymentOf = (c: Context): Payment | undefined => paygate.payments.get(c.req.param('id') ?? '');

  app.post(PAYGATE_PATHS.payments, async (c) => {
    const body = await authorised(c);
    if (typeof body !== 'string') return body;
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return jsonError(c, 400, 'the body is not JSON');
    }
    const request = createPaymentRequest.safeParse(json);
    if (!request.success)
      return jsonError(
        c,
        400,
        'invalid input',
        request.error.issues.map((i) => i.message),
      );
    return c.json(paygate.view(paygate.create(request.data, now())));
  });
  app.get('/v1/payments/:id', async (c) => {
    const body = await authorised(c);
    if (typeof body !== 'string') return body;
    const payment = paymentOf(c);
    return payment ? c.json(paygate.view(payment)) : jsonError(c, 404, 'no such payment');
  });
  app.post('/v1/payments/:id/close', async (c) => {
    const body = await authorised(c);
    if (typeof body !== 'string') return body;
    const payment = paymentOf(c);
    if (!payment) return jsonError(c, 404, 'no such payment');
    if (!paygate.close(payment, now())) return jsonError(c, 409, `the payment is ${payment.state}`);
    return c.json(paygate.view(payment));
  });

  app.post('/v1/payments/:id/refund', async (c) => {
    const body = await authorised(c);
    if (typeof body !== 'string') return body;
    const payment = paymentOf(c);
    if (!payment) return jsonError(c, 404, 'no such payment');
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return jsonError(c, 400, 'the body is not JSON');
    }
    const request = refundRequest.safeParse(json);
    if (!request.success || request.data.amountCents !== payment.amountCents)
      return jsonError(c, 400, 'invalid input', ['a refund is of the whole amount paid']);
    if (!paygate.refund(payment)) return jsonError(c, 409, `the payment is ${payment.state}`);
    return c.json(paygate.view(payment));
  });

  // The pay page: its address holds the payment's secret token, as the QR code of a real provider does.
  const pagePayment = (c: Context) => {
    const payment = paymentOf(c);
    return payment && c.req.query('t') === payment.token ? payment : null;
  };
  const lang = (c: Context) =>
    (c.req.query('lang') ?? c.req.header('accept-language') ?? '').startsWith('zh') ? 'zh' : 'en';
  app.get('/pay/:id', async (c) => {
    const payment = pagePayment(c);
    return c.html(await payPage(lang(c), payment, c.req.url, null), payment ? 200 : 404);
  });
  app.post('/pay/:id', async (c) => {
    const payment = pagePayment(c);
    if (!payment) return c.html(await payPage(lang(c), null, c.req.url, null), 404);
    const form = await c.req.parseBody();
    const refusal = paygate.act(payment, form.action === 'cancel' ? 'cancel' : 'pay', now());
    return c.html(await payPage(lang(c), payment, c.req.url, refusal), refusal ? 409 : 200);
  });

  // The control API.
  app.get('/health', (c) =>
    c.json({
      status: 'ok',
      payments: paygate.payments.size,
      outstandingNotifications: paygate.outstanding(),
      steering: paygate.steering,
    }),
  );
  app.get('/control/payments', (c) =>
    c.json([...paygate.payments.values()].map((p) => ({ ...paygate.view(p), subject: p.subject, events: p.events }))),
  );
  app.get('/control/deliveries', (c) => c.json(paygate.deliveries));
  app.post('/control/steer', async (c) => {
    const body = await parsed(c, steerBody);
    if (body instanceof Response) return body;
    paygate.steering = { ...paygate.steering, ...body };
    return c.json(paygate.steering);
  });
  app.post('/control/release', async (c) => {
    const body = await parsed(c, releaseBody);
    if (body instanceof Response) return body;
    return c.json({ released: paygate.release(body.order) });
  });
  app.post('/control/payments/:id/act', async (c) => {
    const payment = paymentOf(c);
    if (!payment) return jsonError(c, 404, 'no such payment');
    const body = await parsed(c, actBody);
    if (body instanceof Response) return body;
    const refusal =
      body.action === 'payLate' ? paygate.payLate(payment, now()) : paygate.act(payment, body.action, now());
    return refusal ? jsonError(c, 409, `the payment is ${refusal}`) : c.json(paygate.view(payment));
  });
  app.post('/control/payments/:id/notify', async (c) => {
    const payment = paymentOf(c);
    if (!payment) return jsonError(c, 404, 'no such payment');
    const body = await parsed(c, notifyBody);
    if (body instanceof Response) return body;
    return c.json(paygate.emit(payment, body, now()));
  });
  app.post('/control/payments/:id/repeat', (c) => {
    const payment = paymentOf(c);
    if (!payment) return jsonError(c, 404, 'no such payment');
    const index = Number(c.req.query('event') ?? -1);
    const event = paygate.repeat(payment, Number.isInteger(index) ? index : -1);
    return event ? c.json(event) : jsonError(c, 409, 'no such event');
  });
  app.post('/control/reset', (c) => {
    paygate.reset();
    return c.json({ status: 'ok' });
  });
  return app;
}
