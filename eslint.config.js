import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Imports go one way, shared (lib, components) -> features -> app: a feature never imports another
      // feature or the app; what two areas share lives in lib/ or components/.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**'],
              message:
                'Imports go lib/components -> features -> app; move shared code to web/src/lib or web/src/components.',
            },
          ],
        },
      ],
    },
  },
  {
    // The app assembles the features (their route tables): imports go shared -> features -> app.
    files: ['web/src/app/**/*.{ts,tsx}', 'web/src/main.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The simulator shares only the protocol with the server, never its code.
    files: ['simulator/**/*.ts'],
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
