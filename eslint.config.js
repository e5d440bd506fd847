import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules', '**/dist', 'data', 'bench/out', 'test-results', 'playwright-report', 'db/migrations'] },
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
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features never import each other; what two areas share lives in lib/ or components/.
      'no-restricted-imports': ['error', { patterns: [{ group: ['../../features/*', '../features/*'], message: 'A feature never imports another feature; move shared code to web/src/lib or web/src/components.' }] }],
    },
  },
  {
    // The simulator shares only the protocol with the server, never its code.
    files: ['simulator/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['@console/server/*', '@console/db/*'], message: 'The simulator speaks only the contract.' }] }] },
  },
);
