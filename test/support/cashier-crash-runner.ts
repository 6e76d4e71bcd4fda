/**
 * Runs the crash-matrix child (test/support/cashier-child.ts) as a real process: bundled once with esbuild so a
 * spawn costs a bare `node` start, started ahead of time (warm), then given its orders and kill plan and observed
 * until it exits or is SIGKILLed.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { CashierPhase } from '../../main/core/cashier/index';
import { spawnGroup } from './child-processes';

/** Where a run is killed: at a phase of its first attempt (the child kills itself), or at a random moment. */
export type KillPlan = CashierPhase | 'random' | 'none';

export interface ChildRun {
  readonly killed: boolean;
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const childSource = join(fileURLToPath(new URL('.', import.meta.url)), 'cashier-child.ts');

/** Bundles the child into `outDir`; returns the script path. */
export async function bundleChild(outDir: string): Promise<string> {
  const outfile = join(outDir, 'cashier-child.mjs');
  await build({
    entryPoints: [childSource],
    bundle: true,
    minify: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    outfile,
    logLevel: 'error',
  });
  return outfile;
}

export interface ChildEnv {
  readonly dataDir: string;
  readonly baseUrl: string;
  readonly key: string;
  readonly plan: readonly unknown[];
  /** Whose attempt a phase kill waits for (see cashier-child.ts); 'first' when absent. */
  readonly killTarget?: 'first' | 'resend' | 'requeued';
  /** Watch the table and press "send again" wherever it is offered. */
  readonly sendAgain?: boolean;
}

/** A child already started and loaded, waiting for its orders. */
export interface WarmChild {
  /** Sends the orders; a 'random' plan is SIGKILLed `randomDelayMs` after the child reports ready. */
  run(env: ChildEnv, kill: KillPlan, randomDelayMs: number): Promise<ChildRun>;
  /** Ends a child that was never given orders. */
  discard(): void;
}

/** Starts a child now so its start-up overlaps the previous run. */
export function warmChild(script: string): WarmChild {
  const child = spawnGroup<ChildProcessWithoutNullStreams>(process.execPath, [script], {
    // V8's compile cache next to the bundle: every spawn after the first skips parsing it.
    env: { ...process.env, NODE_COMPILE_CACHE: join(dirname(script), 'compile-cache') },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let onStdout = (): void => undefined;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    onStdout();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<ChildRun>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ killed: signal === 'SIGKILL', exitCode: code, stdout, stderr }));
  });
  return {
    run(env, kill, randomDelayMs) {
      let killTimerSet = false;
      onStdout = () => {
        if (kill === 'random' && stdout.startsWith('ready') && !killTimerSet) {
          killTimerSet = true;
          setTimeout(() => child.kill('SIGKILL'), randomDelayMs);
        }
      };
      const killAt = kill === 'random' || kill === 'none' ? null : kill;
      child.stdin.end(`${JSON.stringify({ ...env, killAt, killDelayMs: 2 })}\n`);
      return exited;
    },
    discard() {
      child.kill('SIGKILL');
    },
  };
}
