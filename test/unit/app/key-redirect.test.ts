/**
 * A venue (or whatever answers at its address) that replies 30x to another host: the key is bound to the venue's
 * origin, so nothing of ours follows the redirect. fetch strips Authorization on a cross-origin redirect, but the
 * request itself (a movement's body and idempotency key included) would still reach the other host, and its
 * answer would be read as the venue's. Here the other host counts every request it receives: none may arrive.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveKeeper } from '../../../main/core/venue/live-keeper';
import type { KeeperStatus } from '../../../main/core/venue/live-keeper-types';
import { VenueClient } from '../../../main/core/venue/rest-client';

const KEY = 'vk_redirect_test_key_0123456789';
const servers: Server[] = [];

async function listen(
  handler: Parameters<typeof createServer>[1],
  onUpgrade?: (request: IncomingMessage, socket: Duplex) => void,
): Promise<string> {
  const server = createServer(handler);
  if (onUpgrade !== undefined) server.on('upgrade', onUpgrade);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/** The other host (reached as `localhost`, another origin) and a venue that redirects every request there. */
async function redirectingVenue(status: number): Promise<{ baseUrl: string; reached: () => number }> {
  let reached = 0;
  const other = await listen((_request, response) => {
    reached += 1;
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end('{"venue":"v-evil","kid":"k","live":true,"ok":true}');
  });
  const otherPort = other.split(':')[1];
  const venue = await listen((request, response) => {
    response.writeHead(status, { location: `http://localhost:${otherPort}${request.url ?? '/'}` }).end();
  });
  return { baseUrl: `http://${venue}/v1`, reached: () => reached };
}

describe('the key does not follow a redirect', () => {
  for (const status of [301, 302, 307, 308]) {
    it(`GET /key answered ${status} to another host: refused, nothing reaches that host`, async () => {
      const { baseUrl, reached } = await redirectingVenue(status);
      const client = new VenueClient({ baseUrl, key: KEY });
      await expect(client.keyInfo()).rejects.toThrow();
      expect(reached()).toBe(0);
    });
  }

  it(
    'a money movement answered 307 to another host: not sent there, reported ' +
      'as unknown (resolved at the venue later)',
    async () => {
      const { baseUrl, reached } = await redirectingVenue(307);
      const client = new VenueClient({ baseUrl, key: KEY });
      const attempt = await client.postTransaction('buy-in', {
        player_name: 'Alice',
        amount: 100,
        idempotency_key: 'idem-1',
      });
      expect(reached()).toBe(0);
      expect(attempt).toMatchObject({ kind: 'no-response', phase: 'unknown' });
    },
  );

  it('the live socket answered 302 to another host: not followed, the key goes nowhere else', async () => {
    let reached = 0;
    const count = () => (reached += 1);
    const other = await listen(
      (_request, response) => {
        count();
        response.writeHead(404).end();
      },
      (_request, socket) => {
        count();
        socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
      },
    );
    const otherPort = other.split(':')[1];
    const venue = await listen(
      (_request, response) => response.writeHead(404).end(),
      (request, socket) =>
        socket.end(
          `HTTP/1.1 302 Found\r\nLocation: ws://localhost:${otherPort}${request.url ?? '/'}\r\nContent-Length: 0\r\n\r\n`,
        ),
    );
    const keeper = new LiveKeeper({ wsUrl: `ws://${venue}/v1`, key: KEY, persistence: null });
    const refused = new Promise<KeeperStatus>((resolve) =>
      keeper.subscribe(({ update }) => {
        if (update.type === 'status' && update.status.phase === 'reconnecting') resolve(update.status);
      }),
    );
    await keeper.start();
    expect(await refused).toMatchObject({ reason: expect.stringMatching(/302/) });
    await keeper.stop();
    expect(reached).toBe(0);
  });
});
