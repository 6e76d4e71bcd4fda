/**
 * Every process a test starts goes through here. Each child leads its own process group (`detached`), so ending it
 * ends whatever it started too: `npx tsx x.ts` is npx -> sh -> node, and killing only npx would orphan the node that
 * actually serves. Groups still running when a test file ends are SIGKILLed by `endAllGroups` (registered for every
 * file in test/support/end-child-groups.ts), which also covers a test that failed or timed out before its own cleanup.
 */
import { spawn, type ChildProcess, type ChildProcessByStdio, type SpawnOptions } from 'node:child_process';
import type { Readable } from 'node:stream';

/** The default stdio: no stdin, stdout and stderr piped. A caller passing another `stdio` names its shape as `P`. */
type Piped = ChildProcessByStdio<null, Readable, Readable>;

const started = new Set<ChildProcess>();

/** Spawns `command` as the leader of a new process group (its own session), registered to be ended with the file. */
export function spawnGroup<P extends ChildProcess = Piped>(command: string, args: readonly string[], options: SpawnOptions = {}): P {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options, detached: true });
  started.add(child);
  return child as P;
}

/** `node --import tsx <script>`: node itself is the child, no npx or shell in between. */
export function spawnTsx<P extends ChildProcess = Piped>(script: string, args: readonly string[], options: SpawnOptions = {}): P {
  return spawnGroup<P>(process.execPath, ['--import', 'tsx', script, ...args], options);
}

/** Sends `signal` to every process in the child's group. False when the group is already gone. */
export function signalGroup(child: { readonly pid?: number | undefined }, signal: NodeJS.Signals): boolean {
  if (child.pid === undefined) return false;
  try {
    process.kill(-child.pid, signal);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

const groupAlive = (pid: number): boolean => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 10));

/** SIGKILLs the child's whole group and resolves once no process of it is left. */
export async function endGroup(child: ChildProcess): Promise<void> {
  started.delete(child);
  const pid = child.pid;
  if (pid === undefined) return;
  signalGroup(child, 'SIGKILL');
  // The leader is ours to reap (node does it on its 'exit'); the rest are reaped by init once orphaned.
  while (groupAlive(pid)) {
    signalGroup(child, 'SIGKILL');
    await tick();
  }
}

/** Ends every group started in this worker that is still running. */
export async function endAllGroups(): Promise<void> {
  await Promise.all([...started].map(endGroup));
}
