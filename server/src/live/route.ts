import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { API_STATUS, LOGOUT_MESSAGE } from '@console/contract/http/envelope';
import { liveEndpoints, type LiveEvent } from '@console/contract/http/live';
import { ROLE } from '@console/contract/codes/roles';
import type { AppDeps } from '../lib/deps.ts';
import { requestToken } from '../lib/route.ts';
import { ScopedData } from '../lib/data.ts';
import { findSessionUser, onSessionsEnded } from '../lib/session.ts';

const HEARTBEAT_MS = 25_000;
/** How often a stream re-reads the user's scope (organisations created since) and checks the session is alive. */
const RECHECK_MS = 60_000;

/** GET /api/live/events.do: the signed-in user's live events as Server-Sent Events. */
export function registerLiveRoute(app: Hono, deps: AppDeps): void {
  app.get(`/api${liveEndpoints.events.path}`, async (c) => {
    const token = requestToken(c);
    const user = token ? await findSessionUser(deps.dbh.db, token, deps.now()) : null;
    if (!user || user.roleId === ROLE.registeredUser) {
      return c.json({ status: API_STATUS.unauthorized, message: LOGOUT_MESSAGE, data: null });
    }
    return streamSSE(c, async (stream) => {
      let visible = new Set((await ScopedData.of(deps.dbh.db, user)).orgIds());
      const queue: LiveEvent[] = [];
      let wake: (() => void) | null = null;
      const unsubscribe = deps.live.subscribe({
        userId: user.id,
        visible: () => visible,
        send: (event) => {
          queue.push(event);
          wake?.();
        },
      });
      let lastCheck = Date.now();
      // A sign-out (or a password change, a disabled account) ends the stream at once, not at the next check.
      let sessionsChanged = false;
      const stopListening = onSessionsEnded(() => {
        sessionsChanged = true;
        wake?.();
      });
      stream.onAbort(() => {
        unsubscribe();
        stopListening();
        wake?.();
      });
      await stream.writeSSE({ event: 'ready', data: '{}' });
      while (!stream.aborted) {
        await new Promise<void>((resolve) => {
          if (sessionsChanged || queue.length > 0) return resolve();
          // One heartbeat timer per wait, cleared when an event comes first: a fleet's thousands of events a
          // second would otherwise leave as many timers pending for 25 s each.
          const heartbeat = setTimeout(resolve, HEARTBEAT_MS);
          wake = () => {
            clearTimeout(heartbeat);
            resolve();
          };
        });
        wake = null;
        if (sessionsChanged || Date.now() - lastCheck > RECHECK_MS) {
          sessionsChanged = false;
          lastCheck = Date.now();
          if (!token || !(await findSessionUser(deps.dbh.db, token, deps.now()))) break;
          visible = new Set((await ScopedData.of(deps.dbh.db, user)).orgIds());
        }
        if (queue.length === 0) await stream.writeSSE({ event: 'ping', data: '{}' });
        // What came meanwhile goes out in one write (a big screen gets a fleet's reports: thousands a second).
        const events = queue.splice(0);
        if (events.length > 0)
          await stream.write(events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join(''));
      }
      unsubscribe();
      stopListening();
    });
  });
}
