import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit tests beside the code and integration tests in tests/integration; Playwright flows run separately.
export default defineConfig({
  test: {
    include: ['{contract,db,server,simulator,web,tests}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'tests/e2e/**'],
    environment: 'node',
    // Vitest's default leaves a core idle (one worker on two cores), while many files mostly wait on sockets,
    // servers and child processes: one file per core halves the suite on a two-core host.
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});
