import { serve } from '@hono/node-server';
import { createControlApp } from './control/app.ts';
import { readSimulatorEnv } from './env.ts';
import { displayUrl } from './mqtt/mqtt-transport.ts';
import { Simulator } from './simulator.ts';

/**
 * The simulator process: the fleet (from the server's manifest or a scenario file) on the broker, and the
 * control API. It owns nothing durable: stopped, its machines say they shut down.
 */
async function main() {
  const env = readSimulatorEnv();
  const log = (message: string) => console.log(`[${new Date().toISOString()}] ${message}`);
  const sim = new Simulator({ env, log });
  const app = createControlApp(sim);
  const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
    sim.port = info.port;
    log(
      `control API on http://localhost:${info.port} (/health, /openapi.json, the video platform under /video); broker ${displayUrl(env.mqttUrl)}`,
    );
  });
  server.on('error', (error) => {
    log(`control API cannot listen on port ${env.port}: ${error.message}`);
    process.exit(1);
  });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    server.close();
    await sim.stop();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await sim.start();
}

main().catch((error) => {
  console.error(`simulator failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
