import { Hono } from 'hono';
import { z } from 'zod';
import type { Mailbox } from './mailbox.ts';
import { outboxPage } from './pages.ts';

const steerBody = z.object({ refuseNext: z.number().int().min(0).max(100).optional() });

/**
 * The mailbox's two faces besides SMTP: the outbox page developers read the mail on, and the control API tests and
 * demos read and steer it with (/control, /health).
 */
export function createMailboxApp(mailbox: Mailbox): Hono {
  const app = new Hono();
  const lang = (header: string | undefined, query: string | undefined) =>
    (query ?? header ?? '').startsWith('zh') ? 'zh' : 'en';
  app.get('/', (c) =>
    c.html(outboxPage(lang(c.req.header('accept-language'), c.req.query('lang')), mailbox.messages, c.req.query('to'))),
  );
  app.get('/health', (c) => c.json({ status: 'ok', messages: mailbox.messages.length, steering: mailbox.steering }));
  /** The messages, oldest first; `to` keeps those to one address. */
  app.get('/control/messages', (c) => {
    const to = c.req.query('to');
    return c.json(to ? mailbox.messages.filter((m) => m.to.includes(to)) : mailbox.messages);
  });
  app.post('/control/steer', async (c) => {
    const parsed = steerBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success)
      return c.json({ error: 'invalid input', issues: parsed.error.issues.map((i) => i.message) }, 400);
    mailbox.steering = { ...mailbox.steering, ...parsed.data };
    return c.json(mailbox.steering);
  });
  app.post('/control/reset', (c) => {
    mailbox.reset();
    return c.json({ status: 'ok' });
  });
  return app;
}
