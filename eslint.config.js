import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import compat from 'eslint-plugin-compat';

export default tseslint.config(
  { ignores: ['dist*/**', '**/.*.building-*/**', 'node_modules/**', 'bench/results*', 'src/config/schemas.gen.ts', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-control-regex': 'off',
    },
  },
  {
    // scripts run by plain node before any loader (scripts/bundled.mjs)
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    // the tests', the bench's and the scripts' browser driving
    files: ['tests/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='waitForFunction'] > :matches(ArrowFunctionExpression, FunctionExpression)[async=true]",
          message: "Playwright's waitForFunction does not await an async predicate: its Promise is truthy, so the wait returns at once. Poll with page.evaluate (untilInPage of tests/e2e/worker.ts).",
        },
        {
          selector: "CallExpression[callee.property.name='waitForLoadState'] > Literal[value='networkidle']",
          message: "One way to wait for a page: await settled(page) (scripts/settle.ts). networkidle waits half a second of silence after a load, and nothing at all after a navigation inside the app.",
        },
      ],
    },
  },
  {
    // the browser's code: a call that an engine of the floor (package.json browserslist) lacks fails
    // the lint, unless src/polyfills.ts fills it on the engines that lack it (src/boot.ts loads it
    // there first; the same list in all three places)
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.gen.ts'],
    plugins: { compat },
    settings: {
      polyfills: ['Object.fromEntries', 'String.prototype.matchAll', 'Array.prototype.flat', 'Array.prototype.flatMap', 'globalThis', 'AbortController'],
    },
    rules: {
      'compat/compat': 'error',
      // a BigInt literal (10n) does not even parse before Chrome 67 and Safari 14: the whole chunk fails
      'no-restricted-syntax': ['error', { selector: 'Literal[bigint]', message: 'BigInt literals do not parse on the floor (package.json browserslist): call BigInt() where it exists (src/engine/money.ts)' }],
    },
  },
);
