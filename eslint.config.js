import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  // The CLI and scripts talk to a terminal.
  { files: ['cli/**', 'scripts/**', 'tests/**', '**/scripts/**'], rules: { 'no-console': 'off' } },
  // One application layer: state changes go through app-api's services. The CLI (its
  // commands, the seed) and the HTTP routers call those services; they never run a decider or the
  // command handler themselves, so no rule of the API is re-implemented beside it.
  {
    files: ['cli/src/**', 'app-api/src/**/*-router.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@stickwork/domain'],
              importNamePattern: '^(handleCommand|\\w+Decider|decide[A-Z]\\w*)$',
              message:
                'Change state through an app-api service (accounts, payments, practice, erasure, newsletter, teachers), not a decider or handleCommand.',
            },
          ],
        },
      ],
    },
  },
);
