/**
 * How much of a venue's answer is read, per endpoint: bodies are read as a stream and cut at their endpoint's cap,
 * so a hostile or broken venue (a 450 MB answer to GET /key) costs at most the cap in memory, never the whole body.
 * The caps are generous for what the spec lets each endpoint answer (a GET /key answer is a few hundred bytes; a
 * /hands page holds one page of hand summaries, whose size the venue reports as `page_size` but the spec does not
 * bound); past one, the request fails with a clear error and the connection is dropped. The live socket's frames are
 * capped here too (MAX_LIVE_FRAME_BYTES).
 */

/** Largest body read of any answer whose endpoint has no cap of its own. */
export const DEFAULT_BODY_CAP = 1024 * 1024;

const KIB = 1024;
const MIB = 1024 * 1024;

/**
 * Each endpoint's cap, first match wins (paths relative to the base URL, without the query). The lists (roster,
 * leaderboard, sessions, hand pages and cursor walks) allow thousands of entries of about 1 KiB each.
 */
const CAPS: ReadonlyArray<readonly [RegExp, number]> = [
  [/^\/key$/, 16 * KIB],
  [/^\/venue$/, 64 * KIB],
  [/^\/webhooks(\/[^/]+)?$/, 64 * KIB],
  [/^\/transactions\/[^/]+$/, 64 * KIB],
  [/^\/$/, 256 * KIB],
  [/^\/live\/state$/, 256 * KIB],
  [/^\/players\/[^/]+$/, 256 * KIB],
  [/^\/players$/, 8 * MIB],
  [/^\/leaderboard$/, 8 * MIB],
  [/^\/sessions\/[^/]+$/, 2 * MIB],
  [/^\/sessions$/, 8 * MIB],
  [/^\/hands\/[^/]+$/, 2 * MIB],
  [/^\/hands$/, 16 * MIB],
];

/** The cap of the answer to `path` (query ignored). */
export function bodyCapFor(path: string): number {
  const bare = path.split('?')[0] ?? path;
  for (const [pattern, cap] of CAPS) if (pattern.test(bare)) return cap;
  return DEFAULT_BODY_CAP;
}

/** An answer larger than its endpoint's cap: read up to the cap, then dropped. */
export class BodyTooLargeError extends Error {
  constructor(
    readonly path: string,
    readonly cap: number,
  ) {
    super(`the answer to ${path} is larger than ${cap.toLocaleString('en-US')} bytes; it was cut there and dropped`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * The body of `response` as text, read as a stream and never more than `cap` bytes: a longer one (by its declared
 * length or as it streams) cancels the stream and throws BodyTooLargeError.
 */
export async function readCappedText(response: Response, path: string, cap: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > cap) {
    await response.body?.cancel().catch(() => undefined);
    throw new BodyTooLargeError(path, cap);
  }
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > cap) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(path, cap);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

/**
 * Largest live socket frame read. The spec's largest frames are a state frame and an `end_hand` event, one entry per
 * seat of one table: a 10-seat `end_hand` with 64-character names is about 4 KiB. 1 MiB leaves a margin of some 250
 * times for venues' extra fields (v1 grows additively) without letting a frame take the process's memory (the `ws`
 * default is 100 MiB).
 */
export const MAX_LIVE_FRAME_BYTES = 1024 * 1024;
