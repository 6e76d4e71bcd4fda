/**
 * History sync cost: a fresh sync of 100,000 published summaries (validated by the venue client, their open field
 * types narrowed by the history adapter, durably stored with fdatasync per batch, indexed) against the bare
 * `fetch` + `json()` of the same requests in the same order, interleaved round by round; ratio of medians. The demo
 * venue runs in a child
 * process so the event-loop probe sees only this process: the longest stall during a sync is reported (an
 * interval probe and perf_hooks' delay histogram), as is the peak RSS.
 *
 * Reopen: opening the synced 100,000-hand store (History.open: read, checksum, index; summaries stay raw text until
 * shown) against an eager decode of the same file (read, checksum, JSON.parse of every record line), interleaved;
 * plus the event-loop probe during an open.
 */
import type { ChildProcessByStdio } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { History, venueHistorySource } from '../../main/core/history/index';
import { scanFramedRecords } from '../../main/core/storage/framed-record';
import { VenueClient } from '../../main/core/venue/rest-client';
import { endGroup, spawnTsx } from '../support/child-processes';
import { interleaved, peakRssMiB, round3 } from './stats';
import { handListQuery } from '../support/history-args';

const HANDS = 100_000;
/** The walk cap and page size keep each answer near 2,000 summaries, so no single parse stalls the loop. */
const CURSOR_WALK_CAP = 2_000;
const PAGE_SIZE = 2_000;

interface Venue {
  readonly baseUrl: string;
  readonly key: string;
  readonly child: ChildProcessByStdio<null, Readable, null>;
}

function startVenueProcess(): Promise<Venue> {
  const options = {
    historyHands: HANDS,
    cursorWalkCap: CURSOR_WALK_CAP,
    pageSize: PAGE_SIZE,
    autoplay: false,
    seed: 5,
    rateLimits: { requestsPerMinute: 1_000_000 },
  };
  const child = spawnTsx<Venue['child']>('test/support/history-venue-child.ts', [JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`demo venue exited early (${code})`)));
    createInterface({ input: child.stdout }).once('line', (line) => {
      const { baseUrl, key } = JSON.parse(line) as { baseUrl: string; key: string };
      resolve({ baseUrl, key, child });
    });
  });
}

/** Records every URL the sync requests, so the baseline fetches exactly the same ones. */
function recordingFetch(urls: string[]): typeof fetch {
  return (input, init) => {
    urls.push(String(input));
    return fetch(input, init);
  };
}

async function syncOnce(
  venue: Venue,
  urls?: string[],
  keepIn?: string,
): Promise<{ fetched: number; requests: number }> {
  const dir = keepIn ?? (await mkdtemp(join(tmpdir(), 'vc-history-bench-')));
  try {
    const client = new VenueClient({
      baseUrl: venue.baseUrl,
      key: venue.key,
      requestsPerMinute: 1_000_000,
      timeoutMs: 60_000,
      ...(urls === undefined ? {} : { fetchImpl: recordingFetch(urls) }),
    });
    // The detail backfill is background work after the sync: not part of what is timed here.
    const history = await History.open({ dir, source: venueHistorySource(client), backfill: { hands: 0 } });
    const outcome = await history.requestSync('start');
    await history.close();
    if (outcome.status !== 'synced') throw new Error(`sync ended ${outcome.status}`);
    return { fetched: outcome.fetched, requests: outcome.requests };
  } finally {
    if (keepIn === undefined) await rm(dir, { recursive: true, force: true });
  }
}

/** Opens the stored history and closes it again. */
async function reopen(dir: string): Promise<number> {
  const history = await History.open({
    dir,
    source: venueHistorySource(new VenueClient({ baseUrl: 'http://127.0.0.1:9', key: 'unused-key' })),
    backfill: { hands: 0 },
  });
  const stored = history.listHands(handListQuery({ offset: 0, limit: 1 })).data?.total ?? 0;
  await history.close();
  return stored;
}

/** What a store that parses everything at open pays at least: read, checksum and JSON.parse every record line. */
async function eagerDecode(dir: string): Promise<number> {
  const scan = scanFramedRecords(await readFile(join(dir, 'history.log')));
  let lines = 0;
  for (const record of scan.records) {
    for (const line of record.toString('utf8').split('\n')) {
      JSON.parse(line);
      lines += 1;
    }
  }
  return lines;
}

async function bareFetch(venue: Venue, urls: readonly string[]): Promise<number> {
  let hands = 0;
  for (const url of urls) {
    const response = await fetch(url, { headers: { authorization: `Bearer ${venue.key}` } });
    const body = (await response.json()) as { hands?: unknown[] };
    hands += body.hands?.length ?? 0;
  }
  return hands;
}

interface LoopProbe {
  readonly maxIntervalGapMs: number;
  readonly maxDelayMs: number;
  /** On a shared, loaded machine the max is mostly scheduler noise; p99 shows the typical worst turn. */
  readonly p99DelayMs: number;
  readonly turnsOver50Ms: number;
}

/** Gaps between ticks of a 1 ms interval while `run` runs, and perf_hooks' event-loop delay histogram. */
async function probeEventLoop(run: () => Promise<unknown>): Promise<LoopProbe> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  let last = performance.now();
  let maxGap = 0;
  let over50 = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last);
    if (now - last > 50) over50 += 1;
    last = now;
  }, 1);
  histogram.enable();
  try {
    await run();
  } finally {
    histogram.disable();
    clearInterval(timer);
  }
  return {
    maxIntervalGapMs: round3(maxGap),
    maxDelayMs: round3(histogram.max / 1e6),
    p99DelayMs: round3(histogram.percentile(99) / 1e6),
    turnsOver50Ms: over50,
  };
}

export default async function historySyncBench(): Promise<Record<string, unknown>> {
  const venue = await startVenueProcess();
  try {
    const urls: string[] = [];
    const first = await syncOnce(venue, urls);
    const baselineHands = await bareFetch(venue, urls);
    const timing = await interleaved(
      () => bareFetch(venue, urls),
      () => syncOnce(venue),
      5,
    );
    const syncLoop = await probeEventLoop(() => syncOnce(venue));
    const baselineLoop = await probeEventLoop(() => bareFetch(venue, urls));
    const kept = await mkdtemp(join(tmpdir(), 'vc-history-bench-'));
    let reopenResult: Record<string, unknown>;
    try {
      await syncOnce(venue, undefined, kept);
      const handsReopened = await reopen(kept);
      const reopenTiming = await interleaved(
        () => eagerDecode(kept),
        () => reopen(kept),
        5,
      );
      const reopenLoop = await probeEventLoop(() => reopen(kept));
      reopenResult = { handsReopened, eagerDecodeVsOpen: reopenTiming, openEventLoop: reopenLoop };
    } finally {
      await rm(kept, { recursive: true, force: true });
    }
    return {
      hands: HANDS,
      storedBySync: first.fetched,
      requestsPerSync: first.requests,
      handsInBaselineAnswers: baselineHands,
      ...timing,
      syncEventLoop: syncLoop,
      baselineEventLoop: baselineLoop,
      reopen: reopenResult,
      peakRssMiB: peakRssMiB(),
    };
  } finally {
    await endGroup(venue.child);
  }
}
