import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialModel, moveArbitrary } from './commands.ts';
import { INVARIANTS, type InvariantName } from './invariants.ts';
import { InvariantError, startOutside, SystemError, World, type Outside } from './world.ts';

/**
 * A model-based test of the whole lease business (fast-check's model runs): random sequences of real moves through
 * the API of an in-process server on a private copy of the demo business, across two rental companies and their
 * renters: contracts from draft to their end (signed through the simulated e-signature provider over real HTTP),
 * deliveries and returns, contract changes, billing, receipts, arrears and their locks, invoices, coupons at the
 * shop's checkout, and the server's clock moving on. Every answer must be a success or a business refusal, and
 * after every move the invariants (invariants.ts) must hold in the database.
 *
 * It runs on either engine (`npm run test:pg` runs it on PostgreSQL, each run on a clone of the demo template): the
 * moves and the invariants read the database only through fixtures/sql-rows.ts, in SQL valid on both.
 *
 * A failure shrinks to a short sequence and is printed as the moves (their toString) and the calls they made, to
 * replay. Distinct failures are collected: once an invariant (or a kind of system error) has failed, the next runs
 * go on past it and look for others, so one run of the test reports every defect it meets.
 *
 * Settings (environment): MODEL_RUNS (15), MODEL_COMMANDS (moves per sequence, 30), MODEL_SEED (fixed: CI is
 * repeatable), MODEL_SHRINKS (shrink attempts per failure, 30), MODEL_TIMEOUT_MS. A finding prints the line that runs
 * its shrunk sequence again, alone: MODEL_SEED, MODEL_PATH and MODEL_REPLAY (fast-check's replay of the run and of its
 * commands), MODEL_IGNORE (the findings before it, which that run went on past), MODEL_SHRINKS and MODEL_COMMANDS.
 * `npm run test:model -- --runs 2000` (tests/integration/model/run.ts) sets them from flags.
 */
const RUNS = Number(process.env.MODEL_RUNS ?? 15);
const COMMANDS = Number(process.env.MODEL_COMMANDS ?? 30);
const SEED = Number(process.env.MODEL_SEED ?? 20_261_202);
const SHRINKS = Number(process.env.MODEL_SHRINKS ?? 30);
const PATH = process.env.MODEL_PATH || undefined;
/** The commands' own replay hint of a reported failure (its moves' `replayPath` comment). */
const REPLAY = process.env.MODEL_REPLAY || undefined;
const IGNORE = (process.env.MODEL_IGNORE ?? '').split(',').filter(Boolean);
const TIMEOUT = Number(process.env.MODEL_TIMEOUT_MS ?? Math.max(600_000, RUNS * 15_000));

interface Finding {
  /** The invariants broken, or the system error met. */
  what: string[];
  seed: number;
  path: string;
  ignored: string[];
  moves: string;
  error: string;
}

describe('the lease business as a model', () => {
  let outside: Outside;
  beforeAll(async () => {
    outside = await startOutside();
  }, 60_000);
  afterAll(async () => {
    await outside?.stop();
  });

  it(
    `keeps its invariants over ${RUNS} random sequences of up to ${COMMANDS} moves`,
    async () => {
      const started = performance.now();
      console.log(
        `lease model: seed ${SEED}, ${RUNS} runs of up to ${COMMANDS} moves, ${SHRINKS} shrinks per failure` +
          (PATH ? `, replaying path ${PATH}` : '') +
          ` (replay: MODEL_SEED=${SEED} MODEL_RUNS=${RUNS})`,
      );
      const ignored = new Set<InvariantName>(IGNORE.filter((i): i is InvariantName => i in INVARIANTS));
      const ignoredSystem = new Set<string>(IGNORE.filter((i) => !(i in INVARIANTS)));
      const answers = new Map<string, number>();
      const timings = new Map<string, number>();
      const findings: Finding[] = [];
      let runs = 0;
      let left = RUNS;
      for (let round = 0; left > 0; round++) {
        const seed = SEED + round;
        const known = [...ignored, ...ignoredSystem];
        const property = fc.asyncProperty(
          fc.limitShrink(
            fc.commands([moveArbitrary()], { maxCommands: COMMANDS, size: 'max', replayPath: REPLAY }),
            SHRINKS,
          ),
          async (moves) => {
            runs += 1;
            const created = performance.now();
            const world = await World.create(outside, ignored, ignoredSystem);
            world.time('(a new test app)', performance.now() - created);
            try {
              world.log(`(${[...moves].length} moves generated)`);
              world.begin('(the demo business as seeded)');
              await world.check();
              await fc.asyncModelRun(() => ({ model: initialModel(), real: world }), moves);
            } catch (error) {
              throw explained(error, world);
            } finally {
              if (process.env.MODEL_TRANSCRIPTS) {
                mkdirSync(process.env.MODEL_TRANSCRIPTS, { recursive: true });
                writeFileSync(join(process.env.MODEL_TRANSCRIPTS, `run-${runs}.txt`), world.transcript.join('\n'));
              }
              for (const [k, v] of world.answers) answers.set(k, (answers.get(k) ?? 0) + v);
              for (const [k, v] of world.timings) timings.set(k, (timings.get(k) ?? 0) + v);
              world.close();
            }
          },
        );
        const result = await fc.check(property, { numRuns: left, seed, path: PATH, endOnFailure: SHRINKS === 0 });
        if (!result.failed) break;
        const cause = (result.errorInstance as { cause?: unknown } | undefined)?.cause;
        const what =
          cause instanceof InvariantError ? cause.invariants : cause instanceof SystemError ? [cause.what] : ['error'];
        findings.push({
          what,
          seed,
          path: result.counterexamplePath ?? '',
          ignored: known,
          moves: String(result.counterexample?.[0] ?? ''),
          error: (result.errorInstance as Error | undefined)?.message ?? String(result.errorInstance),
        });
        console.log(report(findings.at(-1)!, findings.length));
        if (PATH || what[0] === 'error') break;
        for (const w of what) {
          if (w in INVARIANTS) ignored.add(w as InvariantName);
          else ignoredSystem.add(w);
        }
        left -= Math.max(1, result.numRuns);
      }
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `lease model: ${runs} runs (with shrinking) in ${seconds} s, seed ${SEED}; answers:\n` +
          [...answers.entries()]
            .sort()
            .map(([k, v]) => `  ${String(v).padStart(5)}  ${k}`)
            .join('\n') +
          `\ntime spent (s):\n` +
          [...timings.entries()]
            .sort((a, b) => b[1] - a[1])
            .map(([k, v]) => `  ${(v / 1000).toFixed(1).padStart(6)}  ${k}`)
            .join('\n'),
      );
      expect(
        findings.map((f) => `${f.what.join(', ')}: ${replayOf(f)}`),
        findings.map((f, i) => report(f, i + 1)).join('\n\n'),
      ).toEqual([]);
    },
    TIMEOUT,
  );
});

/** The error with the run's calls, to replay. */
function explained(error: unknown, world: World): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(
    `${message}\n\nThe calls of this run, in order (on a fresh copy of the demo business):\n${world.transcript.join('\n')}`,
    { cause: error },
  );
}

/** The environment that runs a finding's shrunk sequence again, and only it. */
function replayOf(f: Finding): string {
  const replay = /replayPath="([^"]*)"/.exec(f.moves)?.[1] ?? '';
  return (
    `MODEL_SEED=${f.seed} MODEL_PATH=${f.path} MODEL_REPLAY='${replay}' MODEL_IGNORE=${f.ignored.join(',')} ` +
    `MODEL_SHRINKS=${SHRINKS} MODEL_COMMANDS=${COMMANDS}`
  );
}

function report(f: Finding, n: number): string {
  return [
    `── finding ${n}: ${f.what.map((w) => (w in INVARIANTS ? `${w} (${INVARIANTS[w as InvariantName]})` : `system error at ${w}`)).join('; ')}`,
    `replay: ${replayOf(f)} npm run test:model`,
    `moves: ${f.moves}`,
    f.error,
  ].join('\n');
}
