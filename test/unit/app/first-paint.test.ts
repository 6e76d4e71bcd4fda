/**
 * The web runtime's first paint: index.html with the table drawn in, for a request carrying its view's page cookie
 * only; drawn from the monitor projection (no tray, no ledger, no amounts in `hidden` mode), escaped, key-free.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session } from '../../../main/core/session';
import { monitorProjection } from '../../../main/core/session/monitor-projection';
import { paintedPage } from '../../../main/web/first-paint';
import { startWebServer, type WebServer } from '../../../main/web/server';
import { PAGE_COOKIE_SECONDS, WebSessions } from '../../../main/web/web-sessions';
import { type SessionSnapshot } from '../../../preload/contract';
import { renderFirstPaint } from '../../../renderer/first-paint/render';
import { tableFrame } from '../../support/web-fake-feed';
import { startFakeFeedSession, type FakeFeedSession } from '../../support/fake-feed-session';
import { exchangeLink, openBridgeSocket, type WonSession } from '../../support/web-session';

const KEY = 'first-paint-key-0123456789';
const HOSTILE = '<img src=x onerror=alert(1)>';
const BUILT = '<!doctype html><html><head><title>Venue Cashier</title></head><body><div id="root"></div></body></html>';

let running: FakeFeedSession;
let rendererDir: string;
let session: Session;
let server: WebServer;
let cashier: WonSession;
let monitor: WonSession;

/** Polls `read` until `done` holds (each try 50 ms apart); throws after `tries`. */
async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, tries = 400): Promise<T> {
  for (let attempt = 0; attempt < tries; attempt += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('gave up waiting');
}

/** GET a page with the given Cookie header; its body. */
async function page(path: string, cookie: string | null): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${server.port}${path}`, {
    headers: cookie === null ? {} : { cookie },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  expect(response.headers.get('cache-control')).toBe('no-store');
  return response.text();
}

beforeAll(async () => {
  rendererDir = await mkdtemp(join(tmpdir(), 'venue-first-paint-renderer-'));
  await writeFile(join(rendererDir, 'index.html'), BUILT);
  const frame = tableFrame(40);
  running = await startFakeFeedSession(
    {
      ...frame,
      seats: (frame.seats ?? []).map((seat) => (seat.seat_id === 3 ? { ...seat, name: HOSTILE, stack: 4321.5 } : seat)),
    },
    KEY,
  );
  session = running.session;
  await until(
    () => session.snapshot().table?.seats.length ?? 0,
    (seats) => seats === 6,
  );
  await renew();
});

/** A new server on the session, with new links: each link's page cookie draws one page. */
async function renew(): Promise<void> {
  await server?.close();
  server = await startWebServer({ session, rendererDir });
  cashier = await exchangeLink(server.url);
  monitor = await exchangeLink(server.monitorUrl);
}

afterAll(async () => {
  await server?.close();
  await running?.close();
  await rm(rendererDir, { recursive: true, force: true });
});

describe('the first paint', () => {
  it('draws the table for the cashier page cookie: seats and names escaped, no tray, no ledger, no key', async () => {
    await renew();
    const html = await page('/', cashier.pageCookie);
    expect(html).toContain('<div id="root" data-first-paint="cashier">');
    for (const seat of [1, 2, 4, 5, 6]) expect(html).toContain(`Player ${seat}`);
    expect(html).toContain('aria-label="Seat 6"');
    expect(html).not.toContain(HOSTILE);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Loading the cashier');
    expect(html).not.toMatch(/Shift ledger|Unsettled tray|IN DOUBT/);
    expect(html).not.toContain(KEY);
    expect(html).not.toContain(session.snapshot().table?.seats[0]?.playerId ?? 'no player id');
    // One page per cookie: the reload is served as built.
    expect(await page('/', cashier.pageCookie)).toBe(BUILT);
    await renew();
    expect(await page('/index.html', cashier.pageCookie)).toContain('data-first-paint="cashier"');
  });

  it('draws nothing without the page cookie of the view asked for', async () => {
    await renew();
    expect(await page('/', null)).toBe(BUILT);
    // The socket's cookie (Path=/bridge) is not the page's, and a page cookie of the other view does not count.
    expect(await page('/', cashier.cookie)).toBe(BUILT);
    expect(await page('/', monitor.pageCookie)).toBe(BUILT);
    expect(await page('/?view=monitor', cashier.pageCookie)).toBe(BUILT);
    expect(await page('/', 'vc_cashier_page=forged')).toBe(BUILT);
    expect(await page('/', cashier.pageCookie)).toContain('data-first-paint="cashier"');
    const monitorPage = await page('/?view=monitor', monitor.pageCookie);
    expect(monitorPage).toContain('data-first-paint="monitor"');
    expect(monitorPage).toContain('aria-label="Table monitor"');
    expect(monitorPage).not.toContain('Loading the cashier');
  });

  it('opens no socket: the page cookie is not a session', async () => {
    await renew();
    await expect(openBridgeSocket(server.port, '/bridge', cashier.pageCookie)).rejects.toThrow(/401/);
    await expect(openBridgeSocket(server.port, '/monitor-bridge', monitor.pageCookie)).rejects.toThrow(/401/);
  });

  it('shows no amounts when the venue hides them', () => {
    // The fake venue never answers GET /venue: its mode is unknown, and the room's drawing hides amounts for it.
    const unknown = session.snapshot();
    const live: SessionSnapshot = { ...unknown, venue: { ...unknown.venue, moneyMode: 'bb', roomMoneyMode: 'bb' } };
    const hidden: SessionSnapshot = { ...live, venue: { ...live.venue, moneyMode: 'hidden', roomMoneyMode: 'hidden' } };
    const shown = renderFirstPaint(monitorProjection(live), 'cashier');
    const drawn = renderFirstPaint(monitorProjection(hidden), 'cashier');
    expect(shown).toMatch(/seat-stack/);
    expect(drawn).toContain('Player 1');
    expect(drawn).not.toMatch(/seat-stack[^>]*>[^<]*\d/);
    expect(drawn).not.toMatch(/2,160|4,321|2160/);
    const whileUnknown = renderFirstPaint(monitorProjection(unknown), 'cashier');
    expect(unknown.venue.roomMoneyMode).toBe('hidden');
    expect(whileUnknown).toContain('Player 1');
    expect(whileUnknown).not.toMatch(/seat-stack[^>]*>[^<]*\d/);
  });
});

describe('the page cookie', () => {
  it('dies 10 s after the exchange if no page spent it', () => {
    let now = 1_000_000;
    const sessions = new WebSessions({ cashier: 'c'.repeat(43), monitor: 'm'.repeat(43) }, () => now);
    const early = sessions.exchange('c'.repeat(43));
    const late = sessions.exchange('m'.repeat(43));
    if (early === null || late === null) throw new Error('the links were refused');
    const cookieOf = (header: string) => header.split(';')[0] ?? '';
    expect(early.pageCookie).toContain(`Max-Age=${PAGE_COOKIE_SECONDS}`);
    now += PAGE_COOKIE_SECONDS * 1000 - 1;
    expect(sessions.takePageCookie(cookieOf(early.pageCookie), 'cashier')).toBe(true);
    expect(sessions.takePageCookie(cookieOf(early.pageCookie), 'cashier')).toBe(false);
    now += 1;
    expect(sessions.takePageCookie(cookieOf(late.pageCookie), 'monitor')).toBe(false);
  });
});

describe('paintedPage', () => {
  it('draws into the one empty root, and refuses a page without exactly one', () => {
    expect(paintedPage(BUILT, '<p>t</p>', 'monitor')).toBe(
      BUILT.replace('<div id="root"></div>', '<div id="root" data-first-paint="monitor"><p>t</p></div>'),
    );
    expect(paintedPage('<html><body></body></html>', '<p>t</p>', 'cashier')).toBeNull();
    expect(paintedPage(`${BUILT}<div id="root"></div>`, '<p>t</p>', 'cashier')).toBeNull();
  });
});
