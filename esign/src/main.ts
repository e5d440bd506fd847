import { serve } from '@hono/node-server';
import { followClock } from '@console/contract/clock/follow';
import { createProviderApp } from './app.ts';
import { readProviderEnv } from './env.ts';
import { Provider } from './provider.ts';

/**
 * The simulated e-signature provider (docs/decisions/030-e-signature-provider.md): its open API for the server,
 * signing pages for people, and a control API for tests and demos. It owns nothing durable.
 */
const env = readProviderEnv();
const log = (message: string) => console.log(`[${new Date().toISOString()}] ${message}`);
let port = env.port;
const clock = followClock(env.clockUrl, (_level, message, detail) => log(detail ? `${message}: ${detail}` : message));
const provider = new Provider(
  { id: env.appId, secret: env.appSecret },
  () => env.publicUrl ?? `http://localhost:${port}`,
  fetch,
  clock.now,
);
const app = createProviderApp(provider, clock.now);
const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
  port = info.port;
  log(`e-signature provider on http://localhost:${info.port} (/health, /control/flows, signing pages /sign/...)`);
});
server.on('error', (error) => {
  log(`e-signature provider cannot listen on port ${env.port}: ${error.message}`);
  process.exit(1);
});
const stop = () => {
  provider.stop();
  clock.stop();
  server.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
