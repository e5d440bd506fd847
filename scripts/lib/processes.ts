import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

/** The repository root: every script runs from here, whatever the caller's directory. */
export const ROOT = resolve(import.meta.dirname, '../..');

const require = createRequire(join(ROOT, 'package.json'));
/** The CLIs are run with this same Node (24, from the `node` devDependency), never the machine's. */
export const TSX_CLI = require.resolve('tsx/cli');
/** `node --import <this> file.ts` runs TypeScript without a watcher. */
export const TSX_LOADER = pathToFileURL(require.resolve('tsx')).href;
export const VITE_CLI = join(dirname(require.resolve('vite/package.json')), 'bin/vite.js');

export interface ChildSpec {
  name: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

const COLOURS = ['\x1b[36m', '\x1b[35m', '\x1b[33m', '\x1b[32m'];
const RESET = '\x1b[0m';

function prefixLines(stream: NodeJS.ReadableStream, prefix: string, out: NodeJS.WriteStream) {
  createInterface({ input: stream }).on('line', (line) => out.write(`${prefix} ${line}\n`));
}

/**
 * Run processes side by side with prefixed output. Ctrl-C (or SIGTERM) stops them all; when one of them
 * dies the others are stopped too and this process exits with its code. Each child leads its own process
 * group so that what it starts in turn (tsx watch, vite's workers) is stopped with it.
 */
export function runTogether(specs: ChildSpec[]): { children: Map<string, ChildProcess> } {
  const width = Math.max(...specs.map((s) => s.name.length));
  const children = new Map<string, ChildProcess>();
  let stopping = false;
  let exitCode = 0;

  // Stopped in the reverse order of starting: the simulator's machines say goodbye while the server still
  // listens, so the database does not keep them online.
  const stopNext = () => {
    const next = [...specs].reverse().find((spec) => children.has(spec.name));
    if (next) signalGroup(children.get(next.name)!, 'SIGTERM');
  };
  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    stopNext();
    // Whatever is slow to stop gets SIGTERM anyway, and whatever ignores it is killed after a grace period.
    setTimeout(() => children.forEach((child) => signalGroup(child, 'SIGTERM')), 4000).unref();
    setTimeout(() => children.forEach((child) => signalGroup(child, 'SIGKILL')), 8000).unref();
  };

  specs.forEach((spec, i) => {
    const colour = process.stdout.isTTY ? COLOURS[i % COLOURS.length]! : '';
    const prefix = `${colour}[${spec.name.padEnd(width)}]${colour ? RESET : ''}`;
    const child = spawn(process.execPath, spec.args, {
      cwd: spec.cwd ?? ROOT,
      env: { ...process.env, ...spec.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.set(spec.name, child);
    prefixLines(child.stdout!, prefix, process.stdout);
    prefixLines(child.stderr!, prefix, process.stderr);
    // 'close' comes after the child's output is drained, so its last lines are printed before we exit.
    child.on('close', (code, signal) => {
      children.delete(spec.name);
      if (!stopping) {
        process.stderr.write(`${prefix} exited (${signal ?? `code ${code}`}); stopping the others\n`);
        stopAll(code || 1);
      } else {
        stopNext();
      }
      if (children.size === 0) process.exit(exitCode);
    });
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      // A terminal's Ctrl-C reaches this process twice (directly and relayed by tsx): say it once.
      if (stopping) return;
      process.stderr.write(
        `\n${signal === 'SIGINT' ? 'Ctrl-C' : signal}: stopping ${[...children.keys()].join(', ')}\n`,
      );
      stopAll(0);
    });
  }
  return { children };
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** Resolve once `url` answers 200, polling; reject after `timeoutMs`. */
export async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * The server's way to the simulated video platform, which the simulator serves under its control API
 * (docs/decisions/057): its API and the origin its play addresses come from follow SIM_PORT unless set.
 */
export function videoPlatformEnv(simPort: number | string): Record<string, string> {
  return {
    VIDEO_URL: process.env.VIDEO_URL ?? `http://127.0.0.1:${simPort}/video`,
    VIDEO_PLAY_ORIGIN: process.env.VIDEO_PLAY_ORIGIN ?? `http://localhost:${simPort}`,
  };
}
