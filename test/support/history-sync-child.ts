/**
 * Child process for the history crash test: syncs the demo venue into a store and prints one JSON line per
 * progress change, so the parent can SIGKILL it mid-sync. Usage:
 *   node --import tsx test/support/history-sync-child.ts <baseUrl> <key> <dir>
 */
import { openVenueHistory } from './history-venue';

const [baseUrl, key, dir] = process.argv.slice(2);
if (baseUrl === undefined || key === undefined || dir === undefined) {
  console.error('usage: history-sync-child.ts <baseUrl> <key> <dir>');
  process.exit(2);
}
const history = await openVenueHistory({ baseUrl, key }, dir);
history.subscribe((progress) => {
  process.stdout.write(
    `${JSON.stringify({ state: progress.state, stored: progress.stored, phase: progress.phase })}\n`,
  );
});
const outcome = await history.requestSync('start');
process.stdout.write(`${JSON.stringify({ done: outcome.status })}\n`);
await history.close();
