import { join } from 'node:path';
import { ROOT, runTogether, TSX_CLI, videoPlatformEnv, VITE_CLI } from './lib/processes.ts';

/**
 * `npm run dev`: the server restarted by `tsx watch` on every change, the console from vite's dev server
 * with hot reload (it proxies /api and /brands to the server; web/vite.config.ts), the simulator, also
 * restarted on change (with the simulated video platform, decision 057), and the simulated e-signature provider
 * (docs/decisions/030).
 */
process.chdir(ROOT);
const port = process.env.PORT ?? '8080';
const webPort = process.env.WEB_PORT ?? '5173';

runTogether([
  {
    name: 'server',
    args: [TSX_CLI, 'watch', '--clear-screen=false', 'server/src/main.ts'],
    env: videoPlatformEnv(process.env.SIM_PORT ?? '8090'),
  },
  { name: 'web', args: [VITE_CLI, '--port', webPort, '--strictPort'], cwd: join(ROOT, 'web'), env: { PORT: port } },
  { name: 'simulator', args: [TSX_CLI, 'watch', '--clear-screen=false', 'simulator/src/main.ts'] },
  { name: 'esign', args: [TSX_CLI, 'watch', '--clear-screen=false', 'esign/src/main.ts'] },
  { name: 'paygate', args: [TSX_CLI, 'watch', '--clear-screen=false', 'paygate/src/main.ts'] },
]);
console.log(`console with hot reload at http://localhost:${webPort} (API on port ${port}); Ctrl-C stops everything`);
