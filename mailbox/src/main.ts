import { serve } from '@hono/node-server';
import { followClock } from '@console/contract/clock/follow';
import { createMailboxApp } from './app.ts';
import { readMailboxEnv } from './env.ts';
import { Mailbox } from './mailbox.ts';

/**
 * The simulated mail server (docs/decisions/071-notifications.md): SMTP for the server's notification e-mail, an
 * outbox page for developers, and a control API for tests. It owns nothing durable.
 */
const env = readMailboxEnv();
const log = (message: string) => console.log(`[${new Date().toISOString()}] ${message}`);
const clock = followClock(env.clockUrl, (_level, message, detail) => log(detail ? `${message}: ${detail}` : message));
const mailbox = new Mailbox(clock.now);
const smtp = mailbox.smtpServer(log);
smtp.on('error', (error) => log(`mailbox SMTP: ${error.message}`));
smtp.listen(env.smtpPort, env.host, () => log(`mailbox SMTP on ${env.host}:${env.smtpPort}`));
const server = serve({ fetch: createMailboxApp(mailbox).fetch, port: env.port, hostname: env.host }, (info) =>
  log(`mailbox outbox on http://localhost:${info.port} (/control/messages, /health)`),
);
server.on('error', (error) => {
  log(`mailbox cannot listen on port ${env.port}: ${error.message}`);
  process.exit(1);
});
const stop = () => {
  clock.stop();
  smtp.close(() => undefined);
  server.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
