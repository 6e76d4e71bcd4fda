/**
 * A child process for the input-cap tests: the venue client of the app, pointed at a hostile local venue (run by the
 * parent), reports on stdout one JSON line: what happened and how far its memory (RSS) rose above the baseline it
 * measured before asking. Args: `key <baseUrl>` (GET /key) or `frame <wsUrl>` (the live socket's first frame).
 */
import { LiveKeeper } from '../../main/core/venue/live-keeper';
import { VenueClient } from '../../main/core/venue/rest-client';

const [what, address] = process.argv.slice(2);

/** Peak RSS above `baseline` while `work` runs, sampled every 2 ms. */
async function peakWhile<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, peakMb: (peak - baseline) / (1024 * 1024) };
  } finally {
    clearInterval(sampler);
  }
}

async function askKey(baseUrl: string): Promise<string> {
  const client = new VenueClient({ baseUrl, key: 'vk_hostile_test_key_000', timeoutMs: 120_000 });
  try {
    await client.keyInfo();
    return 'accepted';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Opens the live socket; 'cut' when the connection ends (the keeper goes back to reconnecting) before any table
 * arrived, 'accepted' when a table did.
 */
async function readFrame(wsUrl: string): Promise<string> {
  const keeper = new LiveKeeper({
    wsUrl,
    key: 'vk_hostile_test_key_000',
    backoff: { baseMs: 60_000, capMs: 60_000, stableMs: 60_000 },
  });
  try {
    return await new Promise<string>((resolve) => {
      keeper.subscribe(({ update }) => {
        if (update.type === 'state') resolve('accepted');
        else if (update.type === 'status' && update.status.phase === 'reconnecting') resolve('cut');
      });
      void keeper.start();
    });
  } finally {
    await keeper.stop();
  }
}

async function main(): Promise<void> {
  if (address === undefined) throw new Error('usage: hostile-venue-child key|frame <address>');
  const measured = await peakWhile(() => (what === 'key' ? askKey(address) : readFrame(address)));
  process.stdout.write(`${JSON.stringify({ outcome: measured.result, peakMb: measured.peakMb })}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
