// Starts a process in its own session (as a careless test would) and never ends it. Its pid goes to the file named by
// ORPHAN_PID_FILE, so the test driving this run can end it whatever the guard says.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';

it('leaves a sleeping process behind', () => {
  const orphan = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', 'left-behind-by-fixture'], {
    detached: true,
    stdio: 'ignore',
  });
  orphan.unref();
  // Without a pid there is nothing left behind, and the guard's test would pass for the wrong reason.
  expect(orphan.pid).toBeGreaterThan(0);
  writeFileSync(process.env.ORPHAN_PID_FILE ?? '', String(orphan.pid));
});
