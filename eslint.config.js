// The linter's settings: typescript-eslint's recommended rules on every TypeScript and JavaScript
// file of the project; Prettier owns the form, so no rule here is about layout.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      '.embedkit/**',
      'bench/dist/**',
      '.cache/**',
      'e2e/fixtures/next-liff-app/**',
      'e2e/fixtures/create-liff-app/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `_`-prefixed names are deliberately unused (Express handlers' arity, destructured rest).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'smart'],
      // A `let` assigned once after closures that read it (components that refer to each other).
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      'no-console': 'off',
      // A relative import climbs at most three folders: deeper, two parts that far apart share a
      // name (`#contract/…`, a package's entry) or one of them sits in the wrong folder.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./){4,}',
              message:
                'A relative import climbs at most three folders (`../../../`): import through a name (`#contract/…`) or move the module nearer.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's SQL lives in its stores, where a reader finds every query a table gets and a
    // schema change finds every query it breaks. Stores are `store.ts`, `*-store.ts` and db/.
    files: ['server/src/**/*.ts'],
    ignores: ['**/store.ts', '**/*-store.ts', 'server/src/db/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // Kysely's `transaction()` takes no argument; a domain's `transaction(hash)` is no SQL.
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/], CallExpression[callee.property.name=/^(transaction|startTransaction|connection)$/][arguments.length=0]',
          message: 'SQL belongs in a store: add a store method (a `store.ts` or `*-store.ts` module, or server/src/db/).',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql'], CallExpression[callee.object.name='sql']",
          message: 'SQL belongs in a store: add a store method (a `store.ts` or `*-store.ts` module, or server/src/db/).',
        },
      ],
    },
  },
  {
    // Tests read answers' JSON as they come, field by field.
    files: ['**/test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
