import { ROOT, runTogether, TSX_LOADER, waitForHttp } from './lib/processes.ts';
import { buildWeb, webBuildReason } from './lib/web-build.ts';

/**
 * `npm start`: build the console if it is missing or stale, then run the server (which migrates and, outside
 * production, seeds on first start, and serves the console) and the simulator, until Ctrl-C.
 */
const started = Date.now();
const port = Number(process.env.PORT ?? 8080);
process.chdir(ROOT);

const customDist = process.env.WEB_DIST && process.env.WEB_DIST !== 'web/dist';
const reason = customDist ? null : webBuildReason();
if (reason) {
  console.log(`building the console (${reason}) ...`);
  try {
    buildWeb();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

const { children } = runTogether([
  { name: 'server', args: ['--import', TSX_LOADER, 'server/src/main.ts'] },
  { name: 'simulator', args: ['--import', TSX_LOADER, 'simulator/src/main.ts'] },
]);

waitForHttp(`http://127.0.0.1:${port}/api/openapi.json`, 60_000).then(
  () => {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `\nready in ${seconds} s: open http://localhost:${port} (API reference http://localhost:${port}/api/docs)`,
    );
    console.log('brands: http://<appid>.localhost:' + port + ' (see brands/); Ctrl-C stops everything\n');
  },
  (error: Error) => {
    if (children.has('server')) console.error(`the server is not answering: ${error.message}`);
  },
);
