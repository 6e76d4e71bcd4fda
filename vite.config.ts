/// <reference types="vitest/config" />
import { builtinModules } from 'node:module';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';

// One config, three builds, chosen by --mode:
//   (default) renderer -> dist/renderer  (served by the custom protocol in Electron and by the web runtime)
//   main               -> dist/main      (Electron main process, ESM)
//   preload            -> dist/preload   (sandboxed preload: one CommonJS file, no imports at run time)
const nodeExternals = [
  'electron',
  'electron-store',
  'ws',
  'zod',
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
];

function mainBuild(): UserConfig {
  return {
    build: {
      outDir: 'dist/main',
      emptyOutDir: true,
      target: 'node22',
      ssr: true,
      sourcemap: true,
      rollupOptions: {
        input: { index: 'main/index.ts' },
        external: nodeExternals,
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  };
}

function preloadBuild(): UserConfig {
  return {
    build: {
      outDir: 'dist/preload',
      emptyOutDir: true,
      target: 'node22',
      ssr: true,
      rollupOptions: {
        input: { index: 'preload/index.ts' },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  };
}

function rendererBuild(): UserConfig {
  return {
    root: 'renderer',
    base: './',
    plugins: [react()],
    build: { outDir: '../dist/renderer', emptyOutDir: true, target: 'chrome130', sourcemap: true },
  };
}

export default defineConfig(({ mode }) => {
  if (mode === 'main') return mainBuild();
  if (mode === 'preload') return preloadBuild();
  return {
    ...rendererBuild(),
    test: {
      root: '.',
      include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
      exclude: ['node_modules/**', 'dist/**'],
      environment: 'node',
      testTimeout: 60_000,
      hookTimeout: 60_000,
      // A poll waits for something to become true; on a loaded machine (CI's is not quiet) a page or a restarted
      // process can take seconds, and Vitest's 1 s default failed tests for no reason of their own. A wait, not a
      // measure: a poll that passes returns as soon as it does.
      expect: { poll: { timeout: 10_000 } },
      pool: 'forks',
      // Every process a test starts ends with its file (setup file) and none may outlive the run (global setup).
      setupFiles: ['test/support/end-child-groups.ts'],
      globalSetup: ['test/support/process-guard.ts'],
    },
  };
});
