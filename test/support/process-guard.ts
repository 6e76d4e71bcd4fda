/**
 * A Vitest global setup: fails the run, naming them, when processes started under it outlive it.
 *
 * The run gets a fresh id in VENUE_TEST_RUN before any worker starts; every process started under the run inherits it
 * (workers, the children tests spawn, their children, the browsers playwright starts). At teardown, /proc is scanned
 * for processes whose environment carries this id. Vitest's own workers (direct children of this process) are still
 * up then and are not counted; anything else is a leak. Other runs on the same machine carry other ids.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

export const RUN_MARKER = 'VENUE_TEST_RUN';

export interface MarkedProcess {
  readonly pid: number;
  readonly ppid: number;
  readonly command: string;
}

function readProc(pid: string, file: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null; // gone meanwhile, or another user's process
  }
}

/**
 * Processes other than this one whose environment holds RUN_MARKER=runId, leaving out the children of `skipChildrenOf`.
 */
export function processesMarked(runId: string, skipChildrenOf: number | null): MarkedProcess[] {
  const wanted = `${RUN_MARKER}=${runId}`;
  const found: MarkedProcess[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    if (Number(pid) === process.pid) continue;
    const environ = readProc(pid, 'environ');
    if (environ === null || !environ.split('\0').includes(wanted)) continue;
    // stat is "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
    const stat = readProc(pid, 'stat') ?? '';
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === skipChildrenOf) continue;
    const command = (readProc(pid, 'cmdline') ?? '').split('\0').filter(Boolean).join(' ');
    found.push({ pid: Number(pid), ppid, command });
  }
  return found;
}

export const describeLeaks = (leaks: readonly MarkedProcess[]): string =>
  `${leaks.length} process(es) started by the tests outlived the run:\n` +
  leaks.map((leak) => `  pid ${leak.pid} (parent ${leak.ppid}): ${leak.command}`).join('\n') +
  '\nEnd every process a test starts, with its whole group (test/support/child-processes.ts).';

/** A SIGKILLed child may take a moment to be reaped; a leak is what is still there after this many looks. */
const LOOKS = 50;
const LOOK_INTERVAL_MS = 20;

export function setup(): () => Promise<void> {
  const runId = randomUUID();
  process.env[RUN_MARKER] = runId;
  return async () => {
    let leaks = processesMarked(runId, process.pid);
    for (let look = 1; look < LOOKS && leaks.length > 0; look++) {
      await new Promise((resolve) => setTimeout(resolve, LOOK_INTERVAL_MS));
      leaks = processesMarked(runId, process.pid);
    }
    if (leaks.length > 0) throw new Error(describeLeaks(leaks));
  };
}
