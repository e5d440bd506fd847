import { defineConfig } from 'vitest/config';

// Unit tests beside the code and integration tests in tests/integration; Playwright flows run separately.
export default defineConfig({
  test: {
    include: ['{contract,db,server,simulator,web,tests}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'tests/e2e/**'],
    environment: 'node',
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});
