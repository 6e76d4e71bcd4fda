// Lint with zero warnings. The layer map (eslint-rules/layer-map.js) keeps the boundaries of ARCHITECTURE.md honest,
// for relative paths as well as package names: core never sees Electron or React and its layers build upward
// (storage <- venue <- cashier/history <- session), the demo venue and the client share no code, and the renderer
// reaches main only through the preload contract. It reads every import, export-from and import(); an import() of an
// expression is refused except where its DYNAMIC_IMPORTS list names the one module the file may load that way.
// Its tests: test/unit/tooling/layer-map.test.ts.
// Linting is type-aware (the project service reads tsconfig.json) so that a forgotten promise is caught; an
// intended fire-and-forget says so with `void`.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import prettierOff from 'eslint-config-prettier';
import layers from './eslint-rules/layer-map.js';
import testAsserts from './eslint-rules/test-asserts.js';

/** The project's own rules (eslint-rules/), under one plugin name. */
const local = { rules: { ...layers.rules, ...testAsserts.rules } };

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'test-output/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { local },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'local/layer-map': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }] },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // A process a test starts must lead its own group and end with the file, so that no test leaves a process running
    // after it (or kills another test's): one way to start it.
    files: ['test/**/*.{ts,tsx}'],
    ignores: ['test/support/child-processes.ts', 'test/support/process-guard-fixture/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        ...['node:child_process', 'child_process'].map((name) => ({
          name,
          importNames: ['spawn', 'fork', 'exec', 'execFile', 'spawnSync', 'execSync', 'execFileSync'],
          message: 'Start processes with test/support/child-processes.ts: its own process group, ended with the file.',
        })),
      ],
    },
  },
  {
    // A test that asserts nothing passes whatever the code does (eslint-rules/test-asserts.js, our own
    // vitest/expect-expect: it also refuses a skipped test and one handed over by a name that does not assert). Its
    // tests: test/unit/tooling/test-asserts.test.ts.
    files: ['test/**/*.{ts,tsx}'],
    rules: { 'local/test-asserts': 'error' },
  },
  {
    // A function the length of a screen or two can be read top to bottom and stepped into; a longer one grows into a
    // closure holding state in local variables (a server, a composition root) or a screen doing three jobs at once.
    // Comments and blank lines count: they are read too. Its tests: test/unit/tooling/function-length.test.ts.
    files: ['main/**/*.ts', 'preload/**/*.ts', 'renderer/**/*.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: false, skipComments: false, IIFEs: true }],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Layout is Prettier's job (npm run format): no lint rule may disagree with it.
  prettierOff,
  // Prettier lays the code out at 120 columns; this catches what it cannot break (long strings and comments).
  { rules: { 'max-len': ['error', { code: 120, ignoreRegExpLiterals: true, ignoreUrls: true }] } },
);
