import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { boundaries } from './eslint/boundaries.js';
import { noRawDb } from './eslint/no-raw-db.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules',
      '**/dist',
      'data',
      'bench/profiles',
      'test-results',
      'playwright-report',
      'db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Every query is a promise (decision 067): the product's code leaves none unawaited, hands none to a place that
    // expects a plain value, and awaits one it returns inside a try whose catch or finally must see it settle.
    // Read with the types (about a minute on two cores), so the tests, whose failures show a missed await, are left
    // out.
    files: ['{server,db,simulator,esign,paygate,scripts}/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/return-await': ['error', 'error-handling-correctness-only'],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Imports go one way, shared (lib, components) -> features -> app, and a feature or a server area reaches
    // another only through what that one exports on purpose (its index.ts): checked on the resolved path,
    // however the import is spelled. What two areas share moves down into lib/ or components/.
    files: ['web/src/**/*.{ts,tsx}', 'server/src/**/*.ts'],
    plugins: { local: { rules: { boundaries } } },
    rules: { 'local/boundaries': 'error' },
  },
  {
    // Route handlers get the data accessor limited to the signed-in person's organisations, never the raw
    // database (docs/decisions/028-data-scope.md).
    files: ['server/src/routes/**/*.ts'],
    ignores: ['server/src/routes/**/*.test.ts'],
    plugins: { scope: { rules: { 'no-raw-db': noRawDb } } },
    rules: { 'scope/no-raw-db': 'error' },
  },
  {
    // Domain code never imports a route module (issue 34's import circles): what a route and the domain share lives
    // in the domain's module; only the app's wiring (app.ts) assembles the routes.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/routes/**', 'server/src/app.ts', 'server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/routes/*', '**/routes/**'], message: 'Domain code does not import a route module.' },
          ],
        },
      ],
    },
  },
  {
    // One way to the server (decision 032): reads are endpointQuery, writes useEndpointMutation, both keyed by the
    // endpoint's declaration. Pages and components neither call the transport nor write a cache key by hand.
    files: ['web/src/{app,components,features}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lib/api-client.ts'],
              importNames: ['callApi'],
              message: 'Read with endpointQuery, write with useEndpointMutation (lib/endpoint-query.ts).',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: 'A query key comes from endpointQuery / endpointKey (lib/endpoint-query.ts).',
        },
      ],
    },
  },
  {
    // The simulators (machines, e-signature provider) share only the protocol with the server, never its code.
    files: ['simulator/**/*.ts', 'esign/**/*.ts', 'paygate/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@console/server/*', '@console/db/*'], message: 'The simulator speaks only the contract.' },
          ],
        },
      ],
    },
  },
);
