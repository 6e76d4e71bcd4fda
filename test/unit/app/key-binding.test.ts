/**
 * The venue key only goes to the origin it was checked against. A session on a real (demo) venue with the real
 * live feed; an "attacker" server on another port counts every request and socket upgrade it receives and whether
 * it carried the key (Authorization header or `key=` in the URL). Changing the address must not send it there.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Session } from '../../../main/core/session';
import { keyOrigin } from '../../../main/core/session/key-origin';
import { MemoryKeyStore } from '../../../main/core/session/key-store';
import { startDemoVenue, type RunningDemoVenue } from '../../../main/demo';
import { venueAddressSchema } from '../../../preload/contract/settings';
import { startWebRuntime } from '../../../main/web/runtime';
import { openLiveVenueSession } from '../../support/live-venue-session';
import { FAST_DEMO } from '../../support/web-app';

/** A host that should never see the key: it answers 404 to everything and remembers what came. */
class CountingHost {
  requests = 0;
  withKey = 0;
  private constructor(private readonly server: Server) {}

  static async start(key: string): Promise<CountingHost> {
    const server = createServer();
    const host = new CountingHost(server);
    const note = (request: IncomingMessage) => {
      host.requests += 1;
      const url = request.url ?? '';
      const auth = request.headers.authorization ?? '';
      if (auth.includes(key) || url.includes(key) || url.includes(encodeURIComponent(key))) host.withKey += 1;
    };
    server.on('request', (request: IncomingMessage, response) => {
      note(request);
      response.writeHead(404).end();
    });
    server.on('upgrade', (request: IncomingMessage, socket) => {
      note(request);
      socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return host;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let venue: RunningDemoVenue;
let attacker: CountingHost;
let dataDir: string;
let session: Session | null = null;

beforeEach(async () => {
  venue = await startDemoVenue(FAST_DEMO);
  attacker = await CountingHost.start(venue.key);
  dataDir = await mkdtemp(join(tmpdir(), 'venue-key-binding-'));
});
afterEach(async () => {
  await session?.close();
  session = null;
  await attacker.close();
  await venue.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function open(keyStore: MemoryKeyStore): Promise<Session> {
  session = await openLiveVenueSession({
    dataDir,
    venueBaseUrl: venue.baseUrl,
    venueWsUrl: venue.wsUrl,
    keyStore,
  });
  return session;
}

describe('the key bound to its venue', () => {
  it('is dropped, not sent, when the address changes to another host', async () => {
    const running = await open(new MemoryKeyStore());
    expect(await running.invoke('settings:set-key', [venue.key])).toMatchObject({ ok: true });
    expect(running.snapshot().key.hasKey).toBe(true);

    expect(await running.invoke('settings:set-venue-address', [{ baseUrl: attacker.baseUrl, wsUrl: null }])).toEqual({
      ok: true,
      value: null,
    });
    // With no key there is no link: commands that would talk to the venue are refused, not sent.
    expect(await running.invoke('settings:check-key', [])).toMatchObject({ ok: false, error: { code: 'no_venue' } });
    expect(await running.invoke('webhooks:list', [])).toMatchObject({ ok: false, error: { code: 'no_venue' } });
    expect(running.snapshot()).toMatchObject({ connection: { kind: 'no-key' }, key: { hasKey: false } });
    expect(attacker.withKey).toBe(0);
    expect(attacker.requests).toBe(0);
  });

  it(
    'refuses address changes and the demo venue while the key is fixed, and ' + 'keeps talking only to its venue',
    async () => {
      const running = await open(new MemoryKeyStore(venue.key, true, keyOrigin(venue.baseUrl, venue.wsUrl)));
      expect(
        await running.invoke('settings:set-venue-address', [{ baseUrl: attacker.baseUrl, wsUrl: null }]),
      ).toMatchObject({
        ok: false,
        error: { code: 'key_fixed', message: expect.stringMatching(/address cannot be changed/) },
      });
      expect(await running.invoke('settings:use-demo-venue', [])).toMatchObject({
        ok: false,
        error: { code: 'key_fixed' },
      });
      expect(running.snapshot().settings.venueBaseUrl).toBe(venue.baseUrl);
      expect(await running.invoke('settings:check-key', [])).toMatchObject({
        ok: true,
        value: { venue: venue.venueId },
      });
      expect(attacker.requests).toBe(0);
    },
  );

  it(
    'stays with its --venue on the web runtime: address changes and the demo ' + 'refused, the key used only there',
    async () => {
      const runtime = await startWebRuntime({
        dataDir,
        venue: venue.baseUrl,
        wsUrl: venue.wsUrl,
        key: venue.key,
        rendererDir: dataDir,
        log: () => undefined,
      });
      try {
        expect(
          await runtime.session.invoke('settings:set-venue-address', [{ baseUrl: attacker.baseUrl, wsUrl: null }]),
        ).toMatchObject({ ok: false, error: { code: 'key_fixed' } });
        expect(await runtime.session.invoke('settings:use-demo-venue', [])).toMatchObject({
          ok: false,
          error: { code: 'key_fixed' },
        });
        expect(await runtime.session.invoke('settings:check-key', [])).toMatchObject({
          ok: true,
          value: { venue: venue.venueId },
        });
        expect(attacker.requests).toBe(0);
      } finally {
        await runtime.close();
      }
    },
  );

  it('is not sent when the saved address no longer matches the origin it was checked against', async () => {
    // A key bound to the attacker's origin is never used for the venue, and the reverse.
    const running = await open(new MemoryKeyStore(venue.key, false, keyOrigin(attacker.baseUrl, null)));
    expect(running.snapshot()).toMatchObject({
      connection: { kind: 'no-key' },
      cashier: { notReadyReason: expect.stringMatching(/another venue address/) },
    });
    expect(await running.invoke('settings:check-key', [])).toMatchObject({ ok: false, error: { code: 'no_venue' } });
  });

  it('accepts only https/wss addresses, plain http for this machine only', () => {
    expect(venueAddressSchema.safeParse({ baseUrl: 'http://venue.example/v1' }).success).toBe(false);
    expect(
      venueAddressSchema.safeParse({ baseUrl: 'https://venue.example/v1', wsUrl: 'ws://venue.example/v1' }).success,
    ).toBe(false);
    expect(
      venueAddressSchema.safeParse({ baseUrl: 'https://venue.example/v1', wsUrl: 'wss://venue.example/v1' }).success,
    ).toBe(true);
    for (const loopback of ['http://127.0.0.1:8080/v1', 'http://localhost:8080/v1', 'http://[::1]:8080/v1']) {
      expect(venueAddressSchema.safeParse({ baseUrl: loopback }).success).toBe(true);
    }
  });

  it('refuses an address that reads as one host and is another, or carries more than an origin and a path', () => {
    // `venue.example@evil.example` is evil.example; a query or fragment would end up in front of `/key` or
    // `/live/events?key=` (a fragment makes the socket refuse to open at all).
    for (const baseUrl of [
      'https://venue.example@evil.example/v1',
      'https://user:pass@venue.example/v1',
      'https://venue.example/v1?x=1',
      'https://venue.example/v1#x',
    ]) {
      expect(venueAddressSchema.safeParse({ baseUrl }).success, baseUrl).toBe(false);
      expect(
        venueAddressSchema.safeParse({ baseUrl: 'https://venue.example/v1', wsUrl: baseUrl.replace('https', 'wss') })
          .success,
        baseUrl,
      ).toBe(false);
    }
    for (const spelling of [
      'http://127.0.0.1.evil.example/v1',
      'http://localhost./v1',
      'http://127.0.0.2/v1',
      'http://0.0.0.0/v1',
    ]) {
      expect(venueAddressSchema.safeParse({ baseUrl: spelling }).success, spelling).toBe(false);
    }
  });
});
