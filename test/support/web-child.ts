/** Runs `npm run web`'s entry point (main/web/cli.ts) as a child process and reads its one JSON line. */
import type { ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { spawnGroup } from './child-processes';

export interface WebChild {
  readonly child: ChildProcess;
  readonly url: string;
  /** Resolves with the exit code (or the signal name). */
  readonly exited: Promise<number | string>;
  readonly stderr: () => string;
}

/** Starts the CLI with `args` (and `env` added); resolves once it printed its URL line. */
export interface WebChildOptions {
  /** Runs before the child has loaded anything (a test plants files naming the new process's pid). */
  readonly onSpawn?: (pid: number) => void;
  /** A prebuilt bundle of the CLI (bundleWebCli) instead of compiling main/web/cli.ts with tsx on each start. */
  readonly entry?: string;
}

/**
 * Bundles main/web/cli.ts into one file (packages stay external, so it is written inside the project, where
 * node_modules resolves): a start then takes a fraction of tsx's, for tests that start the runtime many times.
 */
export async function bundleWebCli(): Promise<{ readonly entry: string; readonly remove: () => Promise<void> }> {
  const { build } = await import('esbuild');
  const entry = join('node_modules', '.cache', `web-cli-${process.pid}-${Date.now()}.mjs`);
  await build({
    entryPoints: ['main/web/cli.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile: entry,
    logLevel: 'error',
  });
  return { entry, remove: () => rm(entry, { force: true }) };
}

export async function startWebChild(
  args: readonly string[],
  env: Record<string, string> = {},
  options: WebChildOptions = {},
): Promise<WebChild> {
  const entry = options.entry === undefined ? ['--import', 'tsx', 'main/web/cli.ts'] : [options.entry];
  const child = spawnGroup(process.execPath, [...entry, ...args], { env: { ...process.env, ...env } });
  if (child.pid !== undefined) options.onSpawn?.(child.pid);
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', (line) => {
      const parsed = JSON.parse(line) as { url?: unknown };
      if (typeof parsed.url === 'string') resolve(parsed.url);
      else reject(new Error(`unexpected first line: ${line}`));
    });
    void exited.then((code) =>
      reject(new Error(`the web runtime exited (${code}) before printing its URL: ${errors}`)),
    );
  });
  return { child, url, exited, stderr: () => errors };
}
