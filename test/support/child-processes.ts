/**
 * Every process a test starts goes through here. Each child leads its own process group (`detached`), so ending it
 * ends whatever it started too: `npx tsx x.ts` is npx -> sh -> node, and killing only npx would orphan the node that
 * actually serves. Groups still running when a test file ends are SIGKILLed by `endAllGroups` (registered for every
 * file in test/support/end-child-groups.ts), which also covers a test that failed or timed out before its own cleanup.
 */
import { spawn, type ChildProcess, type ChildProcessByStdio, type SpawnOptions } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';

/** The default stdio: no stdin, stdout and stderr piped. A caller passing another `stdio` names its shape as `P`. */
type Piped = ChildProcessByStdio<null, Readable, Readable>;

const started = new Set<ChildProcess>();

/** Spawns `command` as the leader of a new process group (its own session), registered to be ended with the file. */
export function spawnGroup<P extends ChildProcess = Piped>(
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
): P {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options, detached: true });
  started.add(child);
  return child as P;
}

/** What a short-lived child said and how it ended. */
export interface Finished {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `command` to its end (in its own group, like every child here): its exit status and everything it wrote. */
export async function runToEnd(command: string, args: readonly string[]): Promise<Finished> {
  const child = spawnGroup(command, args);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const status = await new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { status, stdout, stderr };
}

/** `node --import tsx <script>`: node itself is the child, no npx or shell in between. */
export function spawnTsx<P extends ChildProcess = Piped>(
  script: string,
  args: readonly string[],
  options: SpawnOptions = {},
): P {
  return spawnGroup<P>(process.execPath, ['--import', 'tsx', script, ...args], options);
}

/** Sends `signal` to every process in the child's group. False when the group is already gone. */
function signalGroup(child: { readonly pid?: number | undefined }, signal: NodeJS.Signals): boolean {
  if (child.pid === undefined) return false;
  try {
    process.kill(-child.pid, signal);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

/** State and process group of a process from /proc/<pid>/stat ("pid (comm) state ppid pgrp ..."), null if gone. */
function procStat(pid: string): { state: string; pgrp: number } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // comm may hold spaces and parentheses: the fields start after the last ')'.
  const [state = '', , pgrp = ''] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state, pgrp: Number(pgrp) };
}

/** True while the process runs. A zombie (dead, not yet reaped by its new parent) does not count. */
export function isRunning(pid: number): boolean {
  const stat = procStat(String(pid));
  return stat !== null && stat.state !== 'Z';
}

/** True while a process of the group runs; zombies waiting for init to reap them do not count. */
function groupRunning(pgid: number): boolean {
  return readdirSync('/proc').some((name) => {
    if (!/^\d+$/.test(name)) return false;
    const stat = procStat(name);
    return stat !== null && stat.pgrp === pgid && stat.state !== 'Z';
  });
}

const exitedAlready = (child: ChildProcess): boolean => child.exitCode !== null || child.signalCode !== null;

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 10));

/** SIGKILLs the child's whole group and resolves once no process of it is left. */
export async function endGroup(child: ChildProcess): Promise<void> {
  started.delete(child);
  const pid = child.pid;
  if (pid === undefined) return;
  const exited = exitedAlready(child) ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));
  // An empty group's id may already belong to another test's new group (pids wrap): signal only a live group.
  if (!exitedAlready(child) || groupRunning(pid)) signalGroup(child, 'SIGKILL');
  // The leader is ours to reap (node does it on its 'exit'); the rest are reaped by init once orphaned, which may
  // take a while here: a dead process counts as ended.
  while (groupRunning(pid)) {
    signalGroup(child, 'SIGKILL');
    await tick();
  }
  await exited;
}

/** Ends every group started in this worker that is still running. */
export async function endAllGroups(): Promise<void> {
  await Promise.all([...started].map(endGroup));
}
