import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, VITE_CLI } from './processes.ts';

/** What the console build is made from: its sources and the contract it imports. */
const SOURCES = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/package.json', 'contract'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** Why the built console must be rebuilt, or null when web/dist is newer than every source. */
export function webBuildReason(): string | null {
  const index = join(ROOT, 'web/dist/index.html');
  if (!existsSync(index)) return 'web/dist is missing';
  const built = statSync(index).mtimeMs;
  const newest = Math.max(...SOURCES.map((s) => newestMtime(join(ROOT, s))));
  return newest > built ? 'web sources changed since the last build' : null;
}

/** Build the console with vite into web/dist; throws when the build fails. */
export function buildWeb(): void {
  const result = spawnSync(process.execPath, [VITE_CLI, 'build', '--logLevel', 'warn'], {
    cwd: join(ROOT, 'web'),
    stdio: 'inherit',
  });
  if (result.status !== 0)
    throw new Error(`the console build failed (vite exited with ${result.status ?? result.signal})`);
}
