/**
 * A webhook receiver for tests: an HTTP server on 127.0.0.1:0 that records every delivery (headers and the raw
 * body) and answers with a status the test chooses, or never answers (to provoke timeouts). It verifies signatures
 * with its own HMAC, written from the spec, so a test can fail when the venue signs wrongly.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  readonly event: string | undefined;
  readonly signature: string | undefined;
  readonly contentType: string | undefined;
  readonly rawBody: string;
  readonly body: unknown;
}

export interface WebhookReceiver {
  /** http://127.0.0.1:N/hook */
  readonly url: string;
  readonly deliveries: readonly ReceivedDelivery[];
  /** What the receiver answers from now on: a status code, or 'hang' to never answer. */
  respondWith(answer: number | 'hang'): void;
  /** Resolves once `count` deliveries in total have arrived (rejects after timeoutMs). */
  waitForDeliveries(count: number, timeoutMs?: number): Promise<readonly ReceivedDelivery[]>;
  close(): Promise<void>;
}

/** True when `signature` is base64url(HMAC-SHA256(rawBody, secret)). */
export function signatureMatches(rawBody: string, signature: string | undefined, secret: string): boolean {
  if (signature === undefined) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(rawBody, 'utf8').digest('base64url'));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const header = (request: IncomingMessage, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const deliveries: ReceivedDelivery[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const hanging = new Set<ServerResponse>();
  let answer: number | 'hang' = 200;

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = undefined;
      }
      deliveries.push({
        event: header(request, 'x-service-event'),
        signature: header(request, 'x-service-signature'),
        contentType: header(request, 'content-type'),
        rawBody,
        body,
      });
      for (const waiter of waiters.filter((candidate) => deliveries.length >= candidate.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      if (answer === 'hang') {
        hanging.add(response);
        return;
      }
      response.writeHead(answer, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/hook`,
    deliveries,
    respondWith(next) {
      answer = next;
    },
    waitForDeliveries(count, timeoutMs = 10_000) {
      if (deliveries.length >= count) return Promise.resolve(deliveries);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${deliveries.length} of ${count} deliveries arrived`)),
          timeoutMs,
        );
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve(deliveries)) });
      });
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
