import { eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { html } from 'hono/html';
import { ACK_LINK_PATH } from '@console/contract/http/notifications';
import { translate, type Lang } from '@console/contract/messages/translate';
import { notifications } from '@console/db/schema/notifications';
import type { AppDeps } from '../lib/deps.ts';
import { acknowledge } from './notifier.ts';

/**
 * The acknowledgement link in a message (docs/decisions/071-notifications.md): its secret token names one
 * notification. Opening it shows the notification and a button; only the button acknowledges, so a mail scanner that
 * opens every link acknowledges nothing. Not an envelope endpoint: a person opens it from a phone or a mailbox.
 */
export function registerAckLink(app: Hono, deps: AppDeps): void {
  const lang = (c: Context): Lang => ((c.req.header('accept-language') ?? '').startsWith('zh') ? 'zh_CN' : 'en_US');
  const find = async (c: Context) => {
    const token = c.req.query('t') ?? '';
    if (!/^[\w-]{10,64}$/.test(token)) return undefined;
    return await deps.dbh.db.select().from(notifications).where(eq(notifications.ackToken, token)).get();
  };
  const page = (c: Context, body: { title: string; text: string; state: string; form: boolean }, status: 200 | 404) => {
    const l = lang(c);
    return c.html(
      html`<!doctype html>
        <html lang="${l === 'zh_CN' ? 'zh-CN' : 'en'}">
          <head>
            <meta charset="utf-8" />
            <meta name="viewport" content="width=device-width,initial-scale=1" />
            <title>${translate(l, 'notify.ackPage')}</title>
          </head>
          <body style="font-family:system-ui,sans-serif;max-width:560px;margin:40px auto;padding:0 16px">
            <h1>${body.title}</h1>
            <p style="white-space:pre-line">${body.text}</p>
            <p role="status">${body.state}</p>
            ${
              body.form
                ? html`<form method="post"><button type="submit">${translate(l, 'notify.ackButton')}</button></form>`
                : ''
            }
          </body>
        </html>`,
      status,
    );
  };
  app.get(ACK_LINK_PATH, async (c) => {
    const n = await find(c);
    const l = lang(c);
    if (!n || n.ruleId === null)
      return page(
        c,
        { title: translate(l, 'notify.ackPage'), text: '', state: translate(l, 'error.notFound'), form: false },
        404,
      );
    const open = !n.acknowledgedAt && !n.clearedAt;
    const state = n.acknowledgedAt
      ? translate(l, 'notify.ackDone', { by: n.acknowledgedBy })
      : n.clearedAt
        ? translate(l, 'notify.ackCleared')
        : '';
    return page(c, { title: n.title, text: n.text, state, form: open }, 200);
  });
  app.post(ACK_LINK_PATH, async (c) => {
    const n = await find(c);
    const l = lang(c);
    if (!n || n.ruleId === null)
      return page(
        c,
        { title: translate(l, 'notify.ackPage'), text: '', state: translate(l, 'error.notFound'), form: false },
        404,
      );
    await acknowledge(deps, n, translate(l, 'notify.ackByLink'));
    const after = (await find(c)) ?? n;
    return page(
      c,
      {
        title: n.title,
        text: n.text,
        state: translate(l, 'notify.ackDone', { by: after.acknowledgedBy }),
        form: false,
      },
      200,
    );
  });
}
