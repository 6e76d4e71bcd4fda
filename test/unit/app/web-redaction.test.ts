/**
 * Nothing leaves with the key: the redactor knows every spelling the key travels in (including the
 * form-urlencoded one of the socket URL), the web runtime scrubs results before they reach a page, and an
 * unexpected error reaches the page as a generic message while its text goes to the log.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commandError, CommandRefusal, INTERNAL_ERROR_MESSAGE } from '../../../main/core/session/command-error';
import { dispatch, type CommandHandlers } from '../../../main/core/session/dispatch';
import { VenueApiError } from '../../../main/core/venue/errors';
import { startDemoVenue, type RunningDemoVenue } from '../../../main/demo';
import { REDACTED, redactSecret } from '../../../main/core/venue/redact';
import { startWebRuntime, type WebRuntime } from '../../../main/web/runtime';
import { FAST_DEMO } from '../../support/web-app';
import { exchangeLink, openBridgeSocket } from '../../support/web-session';

describe('the redactor', () => {
  const key = "vk_a~b!c'd(e)f*g h/+=";
  it('removes the key in every spelling it travels in', () => {
    const spellings = [
      key,
      encodeURIComponent(key),
      new URLSearchParams({ key }).toString().slice(4),
      encodeURIComponent(key).replace(/[!'()*~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`),
      encodeURIComponent(key).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
      Buffer.from(key).toString('base64'),
    ];
    for (const spelling of spellings) {
      expect(redactSecret(`wss://venue.example/v1/live/events?key=${spelling}&x=1`, key)).toBe(
        `wss://venue.example/v1/live/events?key=${REDACTED}&x=1`,
      );
    }
    // The socket URL exactly as a URL object writes it.
    const url = new URL('wss://venue.example/v1/live/events');
    url.searchParams.set('key', key);
    expect(redactSecret(url.href, key)).not.toMatch(/vk_a/);
  });

  it('removes the key as JSON writes it inside a string (a body or record in a log line)', () => {
    // A key may hold `"` and `\\` (it only refuses whitespace): JSON escapes both.
    const quoted = 'vk_q"u\\o/te1234';
    const line = `answer: ${JSON.stringify({ echoed: quoted })}`;
    expect(redactSecret(line, quoted)).toBe(`answer: {"echoed":"${REDACTED}"}`);
  });
});

describe('command errors', () => {
  it('keep the clear words of known refusals and venue answers', () => {
    expect(commandError(new CommandRefusal('no_venue', 'Set the venue address first.'))).toEqual({
      code: 'no_venue',
      message: 'Set the venue address first.',
    });
    expect(commandError(new VenueApiError(429, 'rate_limited', 3, null))).toEqual({
      code: 'rate_limited',
      message: 'Too many requests to the venue; wait a moment.',
    });
  });

  it('hide the text of an unexpected error from the page and log it instead', async () => {
    const leak = new Error(
      "ENOENT: no such file or directory, open '/home/cashier/.venue-data/venues/abc/cashier/journal'",
    );
    expect(commandError(leak)).toEqual({ code: 'internal', message: INTERNAL_ERROR_MESSAGE });
    const logged: string[] = [];
    const handlers = { 'session:get-snapshot': async () => Promise.reject(leak) } as unknown as CommandHandlers;
    const outcome = await dispatch(handlers, 'session:get-snapshot', [], (line) => logged.push(line));
    expect(JSON.stringify(outcome)).not.toContain('/home/cashier');
    expect(outcome).toEqual({ ok: false, error: { code: 'internal', message: INTERNAL_ERROR_MESSAGE } });
    expect(logged).toEqual([expect.stringContaining("open '/home/cashier/.venue-data")]);
  });
});

describe('the web runtime', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A demo venue and a web runtime on it in a fresh data folder, started with `keyOf(venue)`; gone after the test. */
  async function runtimeOnDemoVenue(
    keyOf: (venue: RunningDemoVenue) => string | null,
  ): Promise<{ readonly venue: RunningDemoVenue; readonly runtime: WebRuntime }> {
    const venue = await startDemoVenue(FAST_DEMO);
    cleanups.push(() => venue.close());
    const dataDir = await mkdtemp(join(tmpdir(), 'venue-redaction-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const runtime = await startWebRuntime({
      dataDir,
      venue: venue.baseUrl,
      wsUrl: venue.wsUrl,
      key: keyOf(venue),
      log: () => undefined,
      rendererDir: dataDir,
    });
    cleanups.push(() => runtime.close());
    return { venue, runtime };
  }

  it('redacts, for crash output, a key set in the UI after a start without one', async () => {
    const { venue, runtime } = await runtimeOnDemoVenue(() => null);
    expect(await runtime.session.invoke('settings:set-key', [venue.key])).toMatchObject({ ok: true });
    expect(runtime.redact(`TypeError: cannot read ${venue.key}`)).toBe(`TypeError: cannot read ${REDACTED}`);
  });

  it('scrubs the key from what a page receives, even when the venue echoes it back', async () => {
    const { venue, runtime } = await runtimeOnDemoVenue((venue) => venue.key);
    const { cookie } = await exchangeLink(runtime.url);
    const socket = await openBridgeSocket(runtime.server.port, '/bridge', cookie);
    const received: string[] = [];
    const answered = new Promise<void>((resolve) =>
      socket.on('message', (data) => {
        received.push(String(data));
        if (String(data).includes('"t":"result"')) resolve();
      }),
    );
    // The venue answers the created webhook with its URL: one that carries the key, as a careless operator might.
    socket.send(
      JSON.stringify({
        t: 'invoke',
        id: 7,
        channel: 'webhooks:add',
        args: [{ url: `https://hooks.example.com/${venue.key}`, kinds: [] }],
      }),
    );
    await answered;
    socket.close();
    const result = received.find((text) => text.includes('"t":"result"')) ?? '';
    expect(JSON.parse(result)).toMatchObject({
      t: 'result',
      id: 7,
      outcome: { ok: true, value: { url: `https://hooks.example.com/${REDACTED}` } },
    });
    expect(received.join('\n')).not.toContain(venue.key);
  });
});
