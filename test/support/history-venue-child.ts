/**
 * Runs a demo venue in its own process (so a benchmark's event-loop probe measures the client alone) and prints
 * `{baseUrl, key}` as one JSON line once it listens. Options come as one JSON argument. Ends on SIGTERM.
 *   node --import tsx test/support/history-venue-child.ts '{"historyHands":100000}'
 */
import { startDemoVenue } from '../../main/demo/index';

const options = JSON.parse(process.argv[2] ?? '{}') as Parameters<typeof startDemoVenue>[0];
const venue = await startDemoVenue(options);
process.stdout.write(`${JSON.stringify({ baseUrl: venue.baseUrl, key: venue.key })}\n`);
process.on('SIGTERM', () => {
  void venue.close().then(() => process.exit(0));
});
