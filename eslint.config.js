// Lint with zero warnings. The layering rules below keep the boundaries of ARCHITECTURE.md honest:
// core never sees Electron or React, the demo venue and the client never share protocol code,
// and the renderer reaches main only through the preload contract (type imports).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const electronAndUi = [
  { name: 'electron', message: 'main/core runs under plain Node: no electron here.' },
  { name: 'electron-store', message: 'main/core runs under plain Node: no electron-store here.' },
  { name: 'react', message: 'main/core decides; the renderer displays.' },
  { name: 'react-dom', message: 'main/core decides; the renderer displays.' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'test-output/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['main/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: electronAndUi,
          patterns: [{ group: ['**/demo/**', '**/demo'], message: 'The client and the demo venue share no protocol code.' }],
        },
      ],
    },
  },
  {
    files: ['main/demo/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: electronAndUi,
          patterns: [{ group: ['**/core/**', '**/core'], message: 'The demo venue and the client share no protocol code.' }],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The renderer talks to main through the preload bridge only.' }],
          patterns: [
            { group: ['**/main/**', 'node:*'], message: 'The renderer imports only the contract (as types) and its own code.' },
          ],
        },
      ],
    },
  },
);
