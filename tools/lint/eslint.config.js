// ESLint for the whole tree: typescript-eslint's strict and stylistic rules (syntax only, no type
// information: fast enough to run on every `npm test`) and the rules of React hooks on src/.
// Run from the repository root: `npm run lint`.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
      'contact-sheet/**',
      'server/db/migrations/**',
      '**/*.d.ts',
    ],
  },
  ...tseslint.configs.strict,
  ...tseslint.configs.stylistic,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names are deliberately unused (a parameter kept for its position).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // With noUncheckedIndexedAccess every indexed read is `T | undefined`; `!` after a read the
      // code has bounds-checked (pixel loops, fixed tuples) is the idiom, not a smell.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Empty callbacks are deliberate: a promise whose failure is reported elsewhere, a no-op listener.
      '@typescript-eslint/no-empty-function': 'off',
      // valtio state holds sets of ids as records (`hidden[id] = true`); deleting a key is how one leaves.
      '@typescript-eslint/no-dynamic-delete': 'off',
    },
  },
  {
    // CommonJS by necessity: preloaded with `node --require`.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/browser/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
