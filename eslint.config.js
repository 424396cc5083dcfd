// The linter's settings: typescript-eslint's recommended rules on every TypeScript and JavaScript
// file of the project; Prettier owns the form, so no rule here is about layout.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.embedkit/**', 'bench/dist/**'] },
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
    },
  },
  {
    // Tests read answers' JSON as they come, field by field.
    files: ['**/test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
