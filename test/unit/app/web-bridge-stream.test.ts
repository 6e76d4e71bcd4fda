/**
 * The web bridge's snapshot stream: the whole snapshot on subscribe and on every change after it, exactly the
 * session's; a reconnecting page gets the current one at once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionSnapshot } from '../../../preload/contract';
import type { SessionApi } from '../../../main/core/session/session-api';
import { monitorProjection } from '../../../main/core/session/monitor-projection';
import { startWebServer, type WebServer } from '../../../main/web/server';
import { exchangeLink, openBridgeSocket } from '../../support/web-session';
import { WebSocket } from 'ws';

type Message = { t: 'snapshot'; snapshot: SessionSnapshot };

/** A session whose snapshots the test sets. */
function fakeSession() {
  const listeners = new Set<(snapshot: SessionSnapshot) => void>();
  const invoked: string[] = [];
  let current = {
    version: 1,
    epoch: 'e',
    at: 1,
    venue: { venueId: 'v1', name: 'The Venue', moneyMode: 'dollars', demo: false },
    ticker: [],
    table: { pot: 0, seats: [] },
    cashier: { ledger: { entries: [{ id: 'm1', amount: 200 }] } },
  } as unknown as SessionSnapshot;
  const session: SessionApi = {
    snapshot: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    invoke: (channel) => {
      invoked.push(channel);
      return Promise.resolve({ ok: true, value: channel === 'session:get-snapshot' ? current : null });
    },
    close: () => Promise.resolve(),
  };
  const push = (change: Partial<SessionSnapshot>) => {
    current = { ...current, ...change, version: current.version + 1, at: current.at + 1 };
    for (const listener of listeners) listener(current);
  };
  return { session, push, invoked, current: () => current };
}

/** A page's socket: the cookie won with `link`, or one a page already holds (`cookie`). */
async function connect(server: WebServer, link = server.url, path = '/bridge', held: string | null = null) {
  const cookie = held ?? (await exchangeLink(link)).cookie;
  const socket = await openBridgeSocket(server.port, path, cookie);
  const messages: Array<Message | { t: 'result'; id: number; outcome: { ok: boolean; error?: { code: string } } }> = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as Message;
    // The runtime's heartbeat is the liveness test's; these tests follow the session's messages.
    if ((message as { t: string }).t === 'beat') return;
    messages.push(message);
    waiters.shift()?.();
  });
  socket.send(JSON.stringify({ t: 'subscribe' }));
  const received = async (count: number) => {
    while (messages.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    return messages;
  };
  return { socket, received, cookie };
}

let server: WebServer | null = null;
let rendererDir: string | null = null;
afterEach(async () => {
  await server?.close();
  if (rendererDir !== null) await rm(rendererDir, { recursive: true, force: true });
});

describe('the web bridge snapshot stream', () => {
  it('sends the whole snapshot on subscribe and after every change, exactly as the session has it', async () => {
    const fake = fakeSession();
    rendererDir = await mkdtemp(join(tmpdir(), 'venue-renderer-'));
    server = await startWebServer({ session: fake.session, rendererDir });
    const page = await connect(server);
    await page.received(1);
    fake.push({ table: { pot: 5, seats: [] } } as unknown as Partial<SessionSnapshot>);
    fake.push({ table: { pot: 9, seats: [] } } as unknown as Partial<SessionSnapshot>);
    const messages = await page.received(3);
    expect(messages.map((message) => message.t)).toEqual(['snapshot', 'snapshot', 'snapshot']);
    expect(messages.map((message) => (message as Message).snapshot.version)).toEqual([1, 2, 3]);
    expect(messages[2]).toEqual({ t: 'snapshot', snapshot: fake.current() });
    page.socket.close();

    // The page reconnects with the cookie it holds (the link itself is spent) and starts from a whole snapshot.
    const again = await connect(server, server.url, '/bridge', page.cookie);
    const [first] = await again.received(1);
    expect(first).toEqual({ t: 'snapshot', snapshot: fake.current() });
    again.socket.close();
  });
});

describe('the one-time link', () => {
  it(
    'is traded once for an HttpOnly SameSite=Strict cookie scoped to its socket, ' +
      'and redirects to a token-free page',
    async () => {
      rendererDir = await mkdtemp(join(tmpdir(), 'venue-renderer-'));
      server = await startWebServer({ session: fakeSession().session, rendererDir });
      const won = await exchangeLink(server.url);
      expect(won.location).toBe('/');
      expect(won.setCookie).toMatch(/^vc_cashier_\d+_[\w-]{12}=[\w-]{40,}; Path=\/bridge; HttpOnly; SameSite=Strict$/);
      expect(won.setCookie.startsWith(`vc_cashier${server.cookieTag}=`)).toBe(true);
      await expect(exchangeLink(server.url)).rejects.toThrow(/401/);
      const monitor = await exchangeLink(server.monitorUrl);
      expect(monitor.location).toBe('/?view=monitor');
      expect(monitor.setCookie).toMatch(/Path=\/monitor-bridge; HttpOnly; SameSite=Strict$/);
      await expect(exchangeLink(server.monitorUrl)).rejects.toThrow(/401/);
    },
  );

  it('opens each socket with its own cookie only, never with a token in the URL', async () => {
    rendererDir = await mkdtemp(join(tmpdir(), 'venue-renderer-'));
    server = await startWebServer({ session: fakeSession().session, rendererDir });
    const cashier = await exchangeLink(server.url);
    const monitor = await exchangeLink(server.monitorUrl);
    await expect(openBridgeSocket(server.port, `/bridge?token=${server.token}`, null)).rejects.toThrow(/401/);
    await expect(openBridgeSocket(server.port, '/bridge', monitor.cookie)).rejects.toThrow(/401/);
    await expect(openBridgeSocket(server.port, '/monitor-bridge', cashier.cookie)).rejects.toThrow(/401/);
    await expect(openBridgeSocket(server.port, '/bridge', 'vc_cashier=forged')).rejects.toThrow(/401/);
    await expect(openBridgeSocket(server.port, '/bridge', `vc_cashier${server.cookieTag}=forged`)).rejects.toThrow(
      /401/,
    );
    (await openBridgeSocket(server.port, '/bridge', `other=1; ${cashier.cookie}`)).close();
    (await openBridgeSocket(server.port, '/monitor-bridge', monitor.cookie)).close();
  });

  it('binds a session to the tab of its first socket: another tab with the same cookie is refused', async () => {
    rendererDir = await mkdtemp(join(tmpdir(), 'venue-renderer-'));
    server = await startWebServer({ session: fakeSession().session, rendererDir });
    const cashier = await exchangeLink(server.url);
    const monitor = await exchangeLink(server.monitorUrl);
    (await openBridgeSocket(server.port, '/bridge', cashier.cookie)).close();
    (await openBridgeSocket(server.port, '/monitor-bridge', monitor.cookie)).close();
    // The same cookie from another tab (no tab secret), or with a wrong one: refused, for both roles.
    await expect(openBridgeSocket(server.port, '/bridge', cashier.cookie, { newTab: true })).rejects.toThrow(/401/);
    await expect(openBridgeSocket(server.port, '/monitor-bridge', monitor.cookie, { newTab: true })).rejects.toThrow(
      /401/,
    );
    const forged = new WebSocket(`ws://127.0.0.1:${server.port}/bridge`, ['vc-tab.forged'], {
      origin: `http://127.0.0.1:${server.port}`,
      headers: { cookie: cashier.cookie },
    });
    await expect(new Promise((resolve, reject) => forged.once('open', resolve).once('error', reject))).rejects.toThrow(
      /401/,
    );
    // The tab that holds the secret reconnects.
    (await openBridgeSocket(server.port, '/bridge', cashier.cookie)).close();
  });
});

/** A socket with `cookie` and no tab secret, and the first message it got (caught before any await can miss it). */
function rawTabSocket(port: number, cookie: string): Promise<{ socket: WebSocket; first: Promise<string> }> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/bridge`, [], {
    origin: `http://127.0.0.1:${port}`,
    headers: { cookie },
  });
  const first = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))));
  return new Promise((resolve, reject) => socket.once('open', () => resolve({ socket, first })).once('error', reject));
}

describe('the tab binding', () => {
  it('is undone when the first socket ends before its page kept the secret: that tab is not locked out', async () => {
    rendererDir = await mkdtemp(join(tmpdir(), 'venue-renderer-'));
    server = await startWebServer({ session: fakeSession().session, rendererDir });
    const cashier = await exchangeLink(server.url);
    // The page is reloaded (or the socket drops) before it stored the secret it was handed: no 'tab-kept'.
    const dropped = await rawTabSocket(server.port, cashier.cookie);
    await dropped.first;
    await new Promise((resolve) => dropped.socket.once('close', resolve).terminate());
    // The reloaded tab, holding no secret, gets in and is bound (bounded attempts: the drop reaches the runtime
    // over another connection than this one).
    let again: { socket: WebSocket; first: Promise<string> } | null = null;
    for (let attempt = 0; again === null && attempt < 50; attempt += 1) {
      again = await rawTabSocket(server.port, cashier.cookie).catch(() => null);
    }
    if (again === null) throw new Error('the tab that opened the session is locked out');
    expect(JSON.parse(await again.first)).toMatchObject({ t: 'tab', secret: expect.any(String) as string });
    again.socket.send(JSON.stringify({ t: 'tab-kept' }));
    const kept = again.socket;
    await new Promise((resolve) => kept.once('close', resolve).close());
    // Once kept, the binding holds after the socket ends: another tab with the same cookie stays out.
    await expect(openBridgeSocket(server.port, '/bridge', cashier.cookie, { newTab: true })).rejects.toThrow(/401/);
  });
});

describe('the table monitor session', () => {
  it(
    'follows its projection of the snapshots but may invoke only the snapshot ' +
      'read; the host never sees anything else',
    async () => {
      const fake = fakeSession();
      rendererDir = await mkdtemp(join(tmpdir(), 'venue-renderer-'));
      server = await startWebServer({ session: fake.session, rendererDir });
      const monitorToken = new URL(server.monitorUrl).searchParams.get('token') ?? '';
      expect(monitorToken).not.toBe(server.token);
      expect(new URL(server.monitorUrl).searchParams.get('view')).toBe('monitor');
      const monitor = await connect(server, server.monitorUrl, '/monitor-bridge');
      const [whole] = await monitor.received(1);
      expect(whole).toEqual({ t: 'snapshot', snapshot: monitorProjection(fake.current()) });
      expect(JSON.stringify(whole)).not.toContain('m1');
      monitor.socket.send(
        JSON.stringify({
          t: 'invoke',
          id: 1,
          channel: 'cashier:request',
          args: [{ seatId: 1, kind: 'buy_in', amount: 200 }],
        }),
      );
      monitor.socket.send(JSON.stringify({ t: 'invoke', id: 2, channel: 'session:get-snapshot', args: [] }));
      const messages = await monitor.received(3);
      const results = messages.filter((message) => message.t === 'result');
      expect(results).toEqual([
        {
          t: 'result',
          id: 1,
          outcome: { ok: false, error: { code: 'read_only', message: expect.any(String) as string } },
        },
        { t: 'result', id: 2, outcome: { ok: true, value: monitorProjection(fake.current()) } },
      ]);
      expect(fake.invoked).toEqual(['session:get-snapshot']);
      fake.push({ table: { pot: 3, seats: [] } } as unknown as Partial<SessionSnapshot>);
      expect((await monitor.received(4))[3]).toEqual({ t: 'snapshot', snapshot: monitorProjection(fake.current()) });
      monitor.socket.close();
    },
  );

  it('is refused when the link is neither token', async () => {
    rendererDir = await mkdtemp(join(tmpdir(), 'venue-renderer-'));
    server = await startWebServer({ session: fakeSession().session, rendererDir });
    await expect(connect(server, `http://127.0.0.1:${server.port}/?token=not-a-token`)).rejects.toThrow(/401/);
  });
});
