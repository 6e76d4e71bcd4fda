/**
 * What a refused socket upgrade says: its status and, for a 429, how long the venue asked us to wait
 * (`retry_after_sec` in the `{error}` body, or a `Retry-After` header in seconds). Reads at most a few KB of the
 * body and never waits long for it: the refusal itself is the news.
 */
import type { IncomingMessage } from 'node:http';

export interface UpgradeRefusal {
  readonly status: number;
  /** Seconds the venue asked us to wait before the next upgrade, or null when it named no time. */
  readonly retryAfterSec: number | null;
}

const MAX_BODY_CHARS = 4_096;
const BODY_WAIT_MS = 2_000;

function positiveSeconds(value: unknown): number | null {
  const seconds = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

function retryAfterFromBody(text: string): number | null {
  try {
    const body: unknown = JSON.parse(text);
    return body !== null && typeof body === 'object'
      ? positiveSeconds((body as { retry_after_sec?: unknown }).retry_after_sec)
      : null;
  } catch {
    return null;
  }
}

/** Reads the refusal; resolves once the body ended, failed, grew too long or took too long. */
export function readUpgradeRefusal(response: IncomingMessage): Promise<UpgradeRefusal> {
  const status = response.statusCode ?? 0;
  const header = positiveSeconds(response.headers['retry-after']);
  if (status !== 429) {
    response.resume();
    return Promise.resolve({ status, retryAfterSec: null });
  }
  return new Promise((resolve) => {
    let text = '';
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      response.destroy();
      resolve({ status, retryAfterSec: retryAfterFromBody(text) ?? header });
    };
    const timer = setTimeout(finish, BODY_WAIT_MS);
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > MAX_BODY_CHARS) finish();
    });
    response.on('end', finish);
    response.on('error', finish);
    response.on('close', finish);
  });
}
