/** Runs `npm run web`'s entry point (main/web/cli.ts) as a child process and reads its one JSON line. */
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { spawnTsx } from './child-processes';

export interface WebChild {
  readonly child: ChildProcess;
  readonly url: string;
  /** Resolves with the exit code (or the signal name). */
  readonly exited: Promise<number | string>;
  readonly stderr: () => string;
}

/** Starts the CLI with `args` (and `env` added); resolves once it printed its URL line. */
export async function startWebChild(args: readonly string[], env: Record<string, string> = {}): Promise<WebChild> {
  const child = spawnTsx('main/web/cli.ts', args, { env: { ...process.env, ...env } });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', (line) => {
      const parsed = JSON.parse(line) as { url?: unknown };
      if (typeof parsed.url === 'string') resolve(parsed.url);
      else reject(new Error(`unexpected first line: ${line}`));
    });
    void exited.then((code) => reject(new Error(`the web runtime exited (${code}) before printing its URL: ${errors}`)));
  });
  return { child, url, exited, stderr: () => errors };
}
