/** test/support/child-processes.ts: ending a child ends what it started too, and the file's leftovers are ended. */
import { describe, expect, it } from 'vitest';
import { endAllGroups, endGroup, isRunning, spawnGroup } from '../../support/child-processes';

/** A node child that starts a node grandchild (as npx starts the command it runs) and prints the grandchild's pid. */
const PARENT_OF_ONE = `
  const { spawn } = require('node:child_process');
  const grandchild = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  console.log(grandchild.pid);
  setInterval(() => {}, 1000);
`;

async function startFamily(): Promise<{ child: ReturnType<typeof spawnGroup>; grandchild: number }> {
  const child = spawnGroup(process.execPath, ['-e', PARENT_OF_ONE]);
  const grandchild = await new Promise<number>((resolve) =>
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString()))),
  );
  expect(isRunning(grandchild)).toBe(true);
  return { child, grandchild };
}

describe('child processes', () => {
  it('endGroup ends the grandchild with the child', async () => {
    const { child, grandchild } = await startFamily();
    await endGroup(child);
    expect(isRunning(grandchild)).toBe(false);
    expect(child.exitCode !== null || child.signalCode !== null).toBe(true);
  });

  it('endAllGroups ends every family still running', async () => {
    const families = [await startFamily(), await startFamily()];
    await endAllGroups();
    expect(families.map(({ grandchild }) => isRunning(grandchild))).toEqual([false, false]);
  });
});
