/**
 * A venue host for venue-change tests whose GET /key accepts one key (naming its venue) and answers 404 to anything
 * else: the new venue a session is moved to, reduced to the one question asked before a change.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface KeyAcceptingVenue {
  readonly baseUrl: string;
  close(): Promise<void>;
}

export async function startKeyAcceptingVenue(key: string, venue: string): Promise<KeyAcceptingVenue> {
  const server = createServer((request, response) => {
    const known = (request.url ?? '').endsWith('/key') && request.headers.authorization === `Bearer ${key}`;
    response
      .writeHead(known ? 200 : 404, { 'content-type': 'application/json' })
      .end(JSON.stringify(known ? { venue, kid: `kid_${venue}`, live: true } : { error: 'not_found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
