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

export default defineConfig({
  test: {
    environment: 'node',
    // Vitest's default leaves a core idle (one worker on two cores), while many files mostly wait on sockets,
    // servers and child processes: one file per core halves the suite on a two-core host.
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 30000,
    hookTimeout: 60000,
    projects: [
      { extends: true, test: { name: 'shared', include: [TESTS], exclude: [...EXCLUDE, ...mocking], isolate: false } },
      ...(mocking.length ? [{ extends: true, test: { name: 'isolated', include: mocking, exclude: EXCLUDE } }] : []),
    ],
  },
});
