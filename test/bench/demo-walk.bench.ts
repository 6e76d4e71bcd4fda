/**
 * The demo venue serving a full walk of a 100,000-hand published history, the way a client fetches it: one cursor
 * request from the beginning (`?since=0`, which answers complete: false past the walk cap) and then every newest-first
 * page (`?page=1..pages`) to collect the older hands. Reported:
 * - serveVsParse: time for the venue to serve every response of the walk over loopback HTTP, as a ratio to
 *   JSON.parse of the same response texts held in memory (measured interleaved in the same run);
 * - peakRssMiB against bundleMiB, the sum of the response bytes of one walk (the client's copies of the walk are in
 *   this process too), and startupPeakRssMiB, the peak right after the venue started (its own footprint).
 */
import { startDemoVenue } from '../../main/demo/index';
import { interleaved, peakRssMiB, round3 } from './stats';

const HISTORY_HANDS = 100_000;

export default async function demoWalkBench(): Promise<Record<string, unknown>> {
  const startedAt = performance.now();
  const venue = await startDemoVenue({
    historyHands: HISTORY_HANDS,
    autoplay: false,
    rateLimits: { requestsPerMinute: 1_000_000 },
  });
  const startupMs = performance.now() - startedAt;
  const startupPeakRssMiB = peakRssMiB();
  const headers = { Authorization: `Bearer ${venue.key}` };
  const get = async (path: string): Promise<string> => {
    const response = await fetch(`${venue.baseUrl}${path}`, { headers });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    return response.text();
  };
  try {
    const index = JSON.parse(await get('/hands')) as { count: number; pages: number };
    const paths = [
      '/hands?since=0',
      ...Array.from({ length: index.pages }, (_, offset) => `/hands?page=${offset + 1}`),
    ];
    const walk = async (): Promise<string[]> => {
      const texts: string[] = [];
      for (const path of paths) texts.push(await get(path));
      return texts;
    };
    const texts = await walk();
    const bytes = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
    const seen = new Set<string>();
    for (const text of texts)
      for (const hand of (JSON.parse(text) as { hands: { hand_id: string }[] }).hands) seen.add(hand.hand_id);
    if (seen.size !== index.count) throw new Error(`the walk saw ${seen.size} of ${index.count} hands`);
    let sink = 0;
    const timing = await interleaved(
      () => {
        for (const text of texts) sink += (JSON.parse(text) as { hands: unknown[] }).hands.length;
      },
      () => walk(),
      5,
    );
    return {
      hands: index.count,
      requests: paths.length,
      startupMs: round3(startupMs),
      parseMedianMs: timing.baselineMedianMs,
      serveMedianMs: timing.subjectMedianMs,
      serveVsParse: timing.ratio,
      bundleMiB: round3(bytes / 1024 / 1024),
      startupPeakRssMiB,
      peakRssMiB: peakRssMiB(),
      peakRssPerBundleMiB: round3(peakRssMiB() / (bytes / 1024 / 1024)),
      sink: sink > 0,
    };
  } finally {
    await venue.close();
  }
}
