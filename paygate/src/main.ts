import { serve } from '@hono/node-server';
import { followClock } from '@console/contract/clock/follow';
import { createPaygateApp } from './app.ts';
import { readPaygateEnv } from './env.ts';
import { Paygate } from './provider.ts';

/**
 * The simulated mobile payment provider (docs/decisions/050-shop-orders-and-payments.md): its API for the server,
 * pay pages with the QR code for payers, and a control API for tests and demos. It owns nothing durable.
 */
const env = readPaygateEnv();
const log = (message: string) => console.log(`[${new Date().toISOString()}] ${message}`);
let port = env.port;
const clock = followClock(env.clockUrl, (_level, message, detail) => log(detail ? `${message}: ${detail}` : message));
const paygate = new Paygate(
  { id: env.merchant, secret: env.secret },
  () => env.publicUrl ?? `http://localhost:${port}`,
  fetch,
  clock.now,
);
const app = createPaygateApp(paygate, clock.now);
const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
  port = info.port;
  log(`payment provider on http://localhost:${info.port} (/health, /control/payments, pay pages /pay/...)`);
});
server.on('error', (error) => {
  log(`payment provider cannot listen on port ${env.port}: ${error.message}`);
  process.exit(1);
});
const stop = () => {
  paygate.stop();
  clock.stop();
  server.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
