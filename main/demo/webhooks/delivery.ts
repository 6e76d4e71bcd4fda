/**
 * Sending signed deliveries: one POST per delivery, in order per hook (each waits for the previous one), with a
 * timeout. A non-2xx answer, a network error or a timeout is a failure; 20 in a row disable the hook, and any success
 * resets the count.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';

export const FAILURES_BEFORE_DISABLE = 20;

export interface HookRecord {
  readonly id: string;
  readonly url: string;
  readonly kinds: readonly string[] | null;
  readonly secret: string;
  disabled: boolean;
  fails: number;
  removed: boolean;
  /** The tail of this hook's delivery chain. */
  chain: Promise<void>;
}

/** base64url(HMAC-SHA256(raw body, secret)), the X-Service-Signature header. */
export const signBody = (rawBody: string, secret: string): string =>
  createHmac('sha256', secret).update(rawBody).digest('base64url');

/** Resolves true on a 2xx answer, false on anything else (never rejects). */
function post(
  url: string,
  kind: string,
  rawBody: string,
  signature: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<boolean> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        agent: false,
        signal,
        timeout: timeoutMs,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(rawBody),
          'x-service-event': kind,
          'x-service-signature': signature,
        },
      },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        response.on('end', () => resolve(status >= 200 && status < 300));
        response.on('error', () => resolve(false));
      },
    );
    request.on('timeout', () => request.destroy(new Error('webhook delivery timed out')));
    request.on('error', () => resolve(false));
    request.end(rawBody);
  });
}

export interface Sender {
  /** Queues one delivery behind the hook's earlier ones. */
  enqueue(hook: HookRecord, kind: string, rawBody: string): void;
  /** Aborts what is in flight and resolves when every chain has settled. */
  close(): Promise<void>;
}

export function createSender(timeoutMs: number): Sender {
  const abort = new AbortController();
  const chains = new Set<Promise<void>>();
  const sendOne = async (hook: HookRecord, kind: string, rawBody: string): Promise<void> => {
    if (hook.disabled || hook.removed || abort.signal.aborted) return;
    const delivered = await post(hook.url, kind, rawBody, signBody(rawBody, hook.secret), timeoutMs, abort.signal);
    if (abort.signal.aborted) return;
    if (delivered) {
      hook.fails = 0;
      return;
    }
    hook.fails += 1;
    if (hook.fails >= FAILURES_BEFORE_DISABLE) hook.disabled = true;
  };
  return {
    enqueue(hook, kind, rawBody) {
      const next = hook.chain.then(() => sendOne(hook, kind, rawBody));
      hook.chain = next;
      chains.add(next);
      void next.finally(() => chains.delete(next));
    },
    async close() {
      abort.abort();
      await Promise.all([...chains]);
    },
  };
}
