import { DEV_ESIGN_PORT } from '@console/contract/lease/esign-protocol';
import { DEV_PAYGATE_PORT } from '@console/contract/shop/paygate-protocol';
import { DEV_MAILBOX_PORT, DEV_MAILBOX_SMTP_PORT } from '@console/contract/notify/mailbox-protocol';
import { ROOT, runTogether, TSX_LOADER, videoPlatformEnv, waitForHttp } from './lib/processes.ts';
import { buildWeb, webBuildReason } from './lib/web-build.ts';

/**
 * `npm start`: build the console if it is missing or stale, then run the server (which migrates and, outside
 * production, seeds on first start, and serves the console) and the simulator, until Ctrl-C.
 */
const started = Date.now();
const port = Number(process.env.PORT ?? 8080);
const simPort = Number(process.env.SIM_PORT ?? 8090);
const esignPort = Number(process.env.ESIGN_PORT ?? DEV_ESIGN_PORT);
const paygatePort = Number(process.env.PAYGATE_PORT ?? DEV_PAYGATE_PORT);
const mailboxPort = Number(process.env.MAILBOX_PORT ?? DEV_MAILBOX_PORT);
const mailboxSmtpPort = Number(process.env.MAILBOX_SMTP_PORT ?? DEV_MAILBOX_SMTP_PORT);
/**
 * Both sides get the same provider ports: a simulated provider listens on its port and the server, unless ESIGN_URL
 * or PAYGATE_URL says otherwise, calls 127.0.0.1 on it (server/src/lib/env.ts providerUrls), so a second stack on
 * one machine (other ESIGN_PORT and PAYGATE_PORT) talks to its own providers.
 */
const providerPorts = {
  ESIGN_PORT: String(esignPort),
  PAYGATE_PORT: String(paygatePort),
  MAILBOX_SMTP_PORT: String(mailboxSmtpPort),
};
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
  {
    name: 'server',
    args: ['--import', TSX_LOADER, 'server/src/main.ts'],
    env: { ...videoPlatformEnv(simPort), ...providerPorts },
  },
  // The fleet, and the simulated video platform of the cameras on it (docs/decisions/057).
  { name: 'simulator', args: ['--import', TSX_LOADER, 'simulator/src/main.ts'] },
  // The simulated e-signature provider (docs/decisions/030): the server reaches it at ESIGN_URL, else at ESIGN_PORT.
  { name: 'esign', args: ['--import', TSX_LOADER, 'esign/src/main.ts'], env: { ESIGN_PORT: providerPorts.ESIGN_PORT } },
  // The simulated mobile payment provider (docs/decisions/050): the server reaches it at PAYGATE_URL, else PAYGATE_PORT.
  {
    name: 'paygate',
    args: ['--import', TSX_LOADER, 'paygate/src/main.ts'],
    env: { PAYGATE_PORT: providerPorts.PAYGATE_PORT },
  },
  // The simulated mail server (docs/decisions/071): the server sends to it at SMTP_URL, else at MAILBOX_SMTP_PORT.
  {
    name: 'mailbox',
    args: ['--import', TSX_LOADER, 'mailbox/src/main.ts'],
    env: { MAILBOX_SMTP_PORT: providerPorts.MAILBOX_SMTP_PORT, MAILBOX_PORT: String(mailboxPort) },
  },
]);

// The first start seeds the demo before it answers: about 20 s on SQLite, a few minutes on PostgreSQL (DATABASE_URL).
const answerWithinMs = process.env.DATABASE_URL ? 600_000 : 60_000;
waitForHttp(`http://127.0.0.1:${port}/api/openapi.json`, answerWithinMs).then(
  () => {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `\nready in ${seconds} s: open http://localhost:${port} (API reference http://localhost:${port}/api/docs)`,
    );
    console.log('brands: http://<appid>.localhost:' + port + ' (see brands/); Ctrl-C stops everything');
    console.log(`e-signature provider (simulated): http://localhost:${esignPort}/health, /control/flows`);
    console.log(`payment provider (simulated): http://localhost:${paygatePort}/health, /control/payments`);
    console.log(`mail server (simulated): outbox http://localhost:${mailboxPort}, SMTP port ${mailboxSmtpPort}\n`);
    return simulatorReady();
  },
  (error: Error) => {
    if (children.has('server')) console.error(`the server is not answering: ${error.message}`);
  },
);

/** Say when the simulator's machines are on line (its /health: the fleet loaded, none still connecting). */
async function simulatorReady() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && children.has('simulator')) {
    try {
      const health = (await (await fetch(`http://127.0.0.1:${simPort}/health`)).json()) as {
        source: { state: string };
        machines: { total: number; online: number; connecting: number; asleep: number };
      };
      const { total, online, connecting, asleep } = health.machines;
      if (health.source.state === 'loaded' && connecting === 0) {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        console.log(`simulator: ${online} of ${total} machines on line, ${asleep} asleep, ${seconds} s after start`);
        console.log(`simulator control API: http://localhost:${simPort}/openapi.json`);
        console.log(`video platform (simulated): http://localhost:${simPort}/video/control/health\n`);
        return;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}
