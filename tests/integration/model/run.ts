import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

/**
 * `npm run test:model -- --runs 2000 [--seed N] [--commands N] [--shrinks N]`: the lease model test with more runs
 * (and `--path P --replay R --ignore A,B` to run a reported finding again). Vitest refuses flags it does not know, so
 * this passes them on as the test's environment (MODEL_RUNS, MODEL_SEED, MODEL_COMMANDS, MODEL_SHRINKS, MODEL_PATH,
 * MODEL_REPLAY, MODEL_IGNORE); any other argument goes to vitest.
 */
const root = resolve(import.meta.dirname, '../../..');
const env: Record<string, string> = {};
const rest: string[] = [];
const flags: Record<string, string> = {
  '--runs': 'MODEL_RUNS',
  '--seed': 'MODEL_SEED',
  '--commands': 'MODEL_COMMANDS',
  '--shrinks': 'MODEL_SHRINKS',
  '--path': 'MODEL_PATH',
  '--ignore': 'MODEL_IGNORE',
  '--replay': 'MODEL_REPLAY',
};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
  const name = flags[flag];
  if (!name) {
    rest.push(argv[i]!);
    continue;
  }
  const value = inline ?? argv[++i];
  if (value === undefined) throw new Error(`${flag} needs a value`);
  env[name] = value;
}
const vitest = join(createRequire(join(root, 'package.json')).resolve('vitest/package.json'), '..', 'vitest.mjs');
const run = spawnSync(process.execPath, [vitest, 'run', 'tests/integration/model', ...rest], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ...env },
});
process.exit(run.status ?? 1);
