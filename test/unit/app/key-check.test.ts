import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkKeyAt } from '../../../main/core/session/key-check';

const GOOD = 'vk_good_key_123456';
const NO_FIELDS = 'vk_no_fields_12345';
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const auth = request.headers.authorization;
    response.setHeader('content-type', 'application/json');
    if (request.url !== '/v1/key') {
      response.writeHead(404).end(JSON.stringify({ error: 'not_found' }));
    } else if (auth === `Bearer ${GOOD}`) {
      response.end(JSON.stringify({ kid: 'k_1', venue: 'venue_a', scopes: [], iat: null, live: true, extra: 1 }));
    } else if (auth === `Bearer ${NO_FIELDS}`) {
      response.end(JSON.stringify({ live: false }));
    } else {
      response.writeHead(401).end(JSON.stringify({ error: 'unauthorized' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('checkKeyAt: the one GET /key of an entered key', () => {
  it('returns the venue and kid of an accepted key, and the origins it was asked at', async () => {
    const origin = new URL(baseUrl).origin;
    const { checked } = await checkKeyAt(baseUrl, null, GOOD);
    expect(checked).toEqual({
      venue: 'venue_a',
      kid: 'k_1',
      live: true,
      origin: `${origin} ${origin.replace(/^http/, 'ws')}`,
    });
  });

  it('hands back the client that asked, beside the answer: its key proven working', async () => {
    const { checked, client } = await checkKeyAt(baseUrl, null, GOOD);
    expect(client.access).toBe('working');
    // The answer kept with the key holds no client.
    expect(Object.keys(checked).sort()).toEqual(['kid', 'live', 'origin', 'venue']);
  });

  it('throws on 401 and on an answer without venue or kid', async () => {
    await expect(checkKeyAt(baseUrl, null, 'vk_wrong_key_1234')).rejects.toThrow();
    await expect(checkKeyAt(baseUrl, null, NO_FIELDS)).rejects.toThrow(/did not name the venue and kid/);
  });
});
