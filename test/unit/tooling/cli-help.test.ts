/**
 * Every command the README documents answers `--help` (and `-h`) with its usage on stdout and exit code 0, as a real
 * process, before it starts anything: no "Unknown option", no venue, no build, no data folder touched.
 */
import { describe, expect, it } from 'vitest';
import { runToEnd } from '../../support/child-processes';

const TSX = ['--import', 'tsx'];

/** The script behind each README command (npm adds nothing but the script's own arguments). */
const COMMANDS: readonly { readonly name: string; readonly args: readonly string[]; readonly usage: string }[] = [
  { name: 'npm start', args: ['scripts/start.mjs'], usage: 'usage: npm start' },
  { name: 'npm run web', args: [...TSX, 'main/web/cli.ts'], usage: 'usage: npm run web' },
  { name: 'npm run demo-venue', args: [...TSX, 'main/demo/cli.ts'], usage: 'usage: npm run demo-venue' },
  { name: 'npm run bench', args: [...TSX, 'test/bench/run.ts'], usage: 'usage: npm run bench' },
  { name: 'npm run verify', args: [...TSX, 'main/web/verify-cli.ts'], usage: 'usage: npm run verify' },
];

describe('every command answers --help', () => {
  for (const command of COMMANDS) {
    for (const flag of ['--help', '-h']) {
      it(`${command.name} -- ${flag} prints its usage and exits 0`, async () => {
        const run = await runToEnd(process.execPath, [...command.args, flag]);
        expect(run.status).toBe(0);
        expect(run.stdout.startsWith(command.usage)).toBe(true);
        expect(run.stderr).not.toMatch(/unknown/i);
      });
    }
  }
});
