import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { API_STATUS, LOGOUT_MESSAGE } from '@console/contract/http/envelope';
import { liveEndpoints, type LiveEvent } from '@console/contract/http/live';
import { ROLE } from '@console/contract/codes/roles';
import type { AppDeps } from '../lib/deps.ts';
import { requestToken } from '../lib/route.ts';
import { visibleOrgIds } from '../lib/scope.ts';
import { findSessionUser } from '../lib/session.ts';

const HEARTBEAT_MS = 25_000;
/** How often a stream re-reads the user's scope (organisations created since) and checks the session is alive. */
const RECHECK_MS = 60_000;

/** GET /api/live/events.do: the signed-in user's live events as Server-Sent Events. */
export function registerLiveRoute(app: Hono, deps: AppDeps): void {
  app.get(`/api${liveEndpoints.events.path}`, (c) => {
    const token = requestToken(c);
    const user = token ? findSessionUser(deps.dbh.db, token, deps.now()) : null;
    if (!user || user.roleId === ROLE.registeredUser) {
      return c.json({ status: API_STATUS.unauthorized, message: LOGOUT_MESSAGE, data: null });
    }
    return streamSSE(c, async (stream) => {
      let visible = new Set(visibleOrgIds(deps.dbh.db, user));
      const queue: LiveEvent[] = [];
      let wake: (() => void) | null = null;
      const unsubscribe = deps.live.subscribe({
        visible: () => visible,
        send: (event) => {
          queue.push(event);
          wake?.();
        },
      });
      let lastCheck = Date.now();
      stream.onAbort(() => {
        unsubscribe();
        wake?.();
      });
      await stream.writeSSE({ event: 'ready', data: '{}' });
      while (!stream.aborted) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, HEARTBEAT_MS);
        });
        wake = null;
        if (Date.now() - lastCheck > RECHECK_MS) {
          lastCheck = Date.now();
          if (!token || !findSessionUser(deps.dbh.db, token, deps.now())) break;
          visible = new Set(visibleOrgIds(deps.dbh.db, user));
        }
        if (queue.length === 0) await stream.writeSSE({ event: 'ping', data: '{}' });
        for (const event of queue.splice(0)) await stream.writeSSE({ event: event.type, data: JSON.stringify(event) });
      }
      unsubscribe();
    });
  });
}
