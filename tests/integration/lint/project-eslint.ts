import { ESLint } from 'eslint';

/**
 * The repository's lint config for code written at a path no project holds (a file a test makes up): the rules under
 * test read no types, and the type-aware ones (eslint.config.js) refuse a file the TypeScript projects do not list.
 */
export function eslintForMadeUpFiles(root: string): ESLint {
  return new ESLint({
    cwd: root,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: {
        '@typescript-eslint/no-floating-promises': 'off',
        '@typescript-eslint/no-misused-promises': 'off',
        '@typescript-eslint/return-await': 'off',
      },
    },
  });
}
