import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit tests beside the code and integration tests in tests/integration; Playwright flows run separately.
const TESTS = '{contract,db,server,simulator,web,tests}/**/*.test.{ts,tsx}';
const EXCLUDE = ['**/node_modules/**', 'tests/e2e/**'];

// A file that replaces a module (vi.mock) needs a module graph of its own: it runs in a fresh worker. Every other
// file shares its worker's modules with the files before it: importing the server's module graph again for each of
// 200 files took a third of the suite (9.6 min with isolation, 5.8 without, on two cores).
const mocking = globSync(TESTS, { exclude: (path) => path.includes('node_modules') }).filter((file) =>
  /\bvi\.(mock|doMock)\(/.test(readFileSync(file, 'utf8')),
);

// Every test app opens its own in-memory copy of the demo database (tests/fixtures/demo-image.ts), about 60 MB.
// glibc serves an allocation that large by mapping fresh pages each time and unmapping them on free, and touching
// them again cost 0.6-0.9 s per copy on this kind of host; from its heap, reused, the copy takes about 10 ms. The
// test processes (child processes, which inherit the environment) keep such allocations in the heap.
process.env.MALLOC_MMAP_THRESHOLD_ ??= String(256 * 1024 * 1024);
process.env.MALLOC_TRIM_THRESHOLD_ ??= String(1024 * 1024 * 1024);

export default defineConfig({
  test: {
    environment: 'node',
    // Vitest's default leaves a core idle (one worker on two cores), while many files mostly wait on sockets,
    // servers and child processes: one file per core halves the suite on a two-core host.
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 30000,
    hookTimeout: 60000,
    // With TEST_ENGINE=postgres, each file's demo clones are dropped when it ends (docs/decisions/067 step 4).
    setupFiles: ['tests/fixtures/pg-setup.ts'],
    projects: [
      { extends: true, test: { name: 'shared', include: [TESTS], exclude: [...EXCLUDE, ...mocking], isolate: false } },
      ...(mocking.length ? [{ extends: true, test: { name: 'isolated', include: mocking, exclude: EXCLUDE } }] : []),
    ],
  },
});
