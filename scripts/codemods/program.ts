import { execSync } from 'node:child_process';
import ts from 'typescript';

/** The codemods run from the repository root, over the server, database, tests, scripts and bench code. */
export const ROOT = process.cwd();

/** The files the codemods read and may change (not the web console, generated migrations or the bench's pages). */
export function codeFiles(): string[] {
  return execSync(`git ls-files 'server/**.ts' 'db/**.ts' 'tests/**.ts' 'scripts/**.ts' 'bench/**.ts' '*.ts'`, {
    cwd: ROOT,
  })
    .toString()
    .split('\n')
    .filter((f) => /^(server|db|tests|scripts|bench)\//.test(f) || /^[^/]+\.ts$/.test(f))
    .filter(
      (f) =>
        !f.startsWith('db/migrations') &&
        !f.endsWith('.d.ts') &&
        !f.startsWith('bench/map-harness') &&
        !f.startsWith('bench/web-baseline'),
    )
    .map((f) => `${ROOT}/${f}`);
}

/** The asynchronous database's own machinery (decision 067): written by hand, never rewritten. */
const HAND_WRITTEN = ['/db/client.ts', '/db/gate.ts', '/db/in-order.ts'];

/** One whole-program type check of those files with the tests' compiler options (they reach every other part). */
export function codeProgram() {
  const roots = codeFiles();
  const config = ts.readConfigFile(`${ROOT}/tests/tsconfig.json`, ts.sys.readFile);
  const options = ts.parseJsonConfigFileContent(config.config, ts.sys, `${ROOT}/tests`).options;
  const program = ts.createProgram(roots, options);
  const rootSet = new Set(roots);
  return {
    program,
    checker: program.getTypeChecker(),
    /** The source files the codemods may change: not the asynchronous database itself, whose waits are deliberate. */
    sources: () =>
      program
        .getSourceFiles()
        .filter((sf) => rootSet.has(sf.fileName) && !HAND_WRITTEN.some((f) => sf.fileName.endsWith(f))),
  };
}
