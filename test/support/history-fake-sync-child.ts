/**
 * Child process for the cursor-phase crash test: syncs a deterministic fake venue of `hands` hands (one uncapped
 * cursor answer, committed in batches) into `dir`, printing one JSON progress line per change so the parent can
 * SIGKILL it mid-commit. Usage: node --import tsx test/support/history-fake-sync-child.ts <dir> <hands>
 */
import { History } from '../../main/core/history/index';
import { fakeVenue } from './history-fake-source';

const [dir, count] = process.argv.slice(2);
if (dir === undefined || count === undefined) {
  console.error('usage: history-fake-sync-child.ts <dir> <hands>');
  process.exit(2);
}
const history = await History.open({ dir, source: fakeVenue(Number(count)), commitBatch: 500 });
history.subscribe((progress) =>
  process.stdout.write(`${JSON.stringify({ stored: progress.stored, phase: progress.phase })}\n`),
);
await history.requestSync('start');
await history.close();
