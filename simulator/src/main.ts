import { serve } from '@hono/node-server';
import { createControlApp } from './control/app.ts';
import { readSimulatorEnv } from './env.ts';
import { openLink } from './mqtt/link.ts';

/** The simulator process: one MQTT link to the broker and the control API. It owns nothing durable. */
function main() {
  const env = readSimulatorEnv();
  const log = (message: string) => console.log(`[${new Date().toISOString()}] ${message}`);
  const link = openLink(env.mqttUrl, log);
  const app = createControlApp({ link: () => link.state, machines: () => 0, startedAt: Date.now() });
  const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) =>
    log(`control API on http://localhost:${info.port} (/health, /openapi.json); broker ${link.state.broker}`),
  );
  server.on('error', (error) => {
    log(`control API cannot listen on port ${env.port}: ${error.message}`);
    process.exit(1);
  });
  const stop = async () => {
    server.close();
    await link.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main();
