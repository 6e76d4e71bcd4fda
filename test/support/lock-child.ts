/**
 * A process that takes one data-folder lock and holds it until killed: `lock-child.ts <path> <flavor>`. Prints
 * "held" once it owns the lock, or "locked" (exit 3) when another process does.
 */
import { acquireLock, JournalLockedError, type LockFlavor } from '../../main/core/cashier/lock';

const [path, flavor] = process.argv.slice(2) as [string, LockFlavor];
acquireLock(path, { flavor }).then(
  () => {
    process.stdout.write('held\n');
    // The lock's socket is unref'd: something else has to keep this process alive until it is killed.
    setInterval(() => undefined, 60_000);
  },
  (error: unknown) => {
    process.stdout.write(error instanceof JournalLockedError ? 'locked\n' : `error ${String(error)}\n`);
    process.exit(3);
  },
);
