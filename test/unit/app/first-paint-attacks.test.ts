/**
 * Attacks on the web runtime's first paint (main/web/first-paint.ts, server.ts, web-sessions.ts): which requests
 * get the table drawn into index.html, what that drawing may contain (never the key in any spelling, player ids, the
 * tray, the ledger, the settings, amounts in `hidden` mode, unescaped text, inline style or script), and that no
 * request, however malformed, stops the runtime. The session is a fake whose snapshot the test writes, so the
 * hostile values reach every string the projection passes on (names, table name, venue name, ticker text).
 */
import { request as httpRequest } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionApi } from '../../../main/core/session/session-api';
import { scrubSecret } from '../../../main/core/venue/redact';
import { startWebServer, type WebServer } from '../../../main/web/server';
import { CLOSED_HISTORY_SYNC, defaultSettings, type SessionSnapshot } from '../../../preload/contract';
import { HARD_KEY, keySpellings } from '../../support/key-spellings';
import { exchangeLink, type WonSession } from '../../support/web-session';

const BUILT = '<!doctype html><html><head><title>Venue Cashier</title></head><body><div id="root"></div></body></html>';

const KEY = HARD_KEY;

/** The key as HTML would write it in text or an attribute (what a miss in the scrub would leave in the page). */
const htmlSpelling = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Every spelling of the key a value could carry into the snapshot. */
const KEY_SPELLINGS = keySpellings(KEY);

const HOSTILE_NAMES = [
  '<img src=x onerror=alert(1)>',
  'Ann"</div><!--',
  "Bo&amp;b' onmouseover='x",
  'Cy</script><script>alert(2)</script>',
  'Di\u2028\u2029',
];

const PLAYER_ID = 'player-uuid-5f0c8d2e';
const TRAY_TEXT = 'tray-entry-visible-only-to-the-cashier';
const LEDGER_TEXT = 'ledger-line-visible-only-to-the-cashier';
const SETTINGS_URL = 'https://settings-only.venue.example/v1';
/** Amounts no other number in the page could spell. */
const STACK = 98_765;
const POT = 43_219;
const BET = 31_877;
const TICKER_AMOUNT = 27_593;

function snapshot(moneyMode: 'dollars' | 'hidden', seatNames: readonly string[]): SessionSnapshot {
  return {
    version: 7,
    epoch: 'fp-attack',
    at: 1000,
    connection: { kind: 'live' },
    venue: {
      venueId: 'venue-id-secret',
      name: `Room ${KEY}`,
      moneyMode,
      roomMoneyMode: moneyMode,
      demo: false,
      drift: null,
    },
    key: {
      hasKey: true,
      venue: 'venue-id-secret',
      kid: 'kid-secret',
      fromEnvironment: true,
      storage: 'memory-only',
      persistRefused: null,
      problem: null,
    },
    table: {
      tableName: `Table ${encodeURIComponent(KEY)}`,
      handNumber: 12,
      street: 'flop',
      board: ['Ah', 'Kd', '2c'],
      button: 1,
      actionOn: 2,
      pot: POT,
      currentBet: BET,
      blinds: { smallBlind: 1, bigBlind: 2, ante: 0, straddle: 0 },
      numSeats: 6,
      betweenHands: false,
      seats: seatNames.map((name, index) => ({
        seatId: index + 1,
        name,
        playerId: `${PLAYER_ID}-${index}`,
        stack: STACK,
        inHand: true,
        present: true,
        folded: false,
      })),
      updatedAt: 990,
    },
    ticker: [
      {
        id: 't1',
        at: 1,
        kind: 'action',
        text: `raise by ${Buffer.from(KEY).toString('base64')}`,
        amount: TICKER_AMOUNT,
      },
      { id: 't2', at: 2, kind: 'money', text: `money ${LEDGER_TEXT}`, amount: TICKER_AMOUNT },
      { id: 't3', at: 3, kind: 'hand', text: `hand ${JSON.stringify(KEY).slice(1, -1)}`, amount: null },
    ],
    cashier: {
      ready: true,
      notReadyReason: null,
      tray: [{ id: TRAY_TEXT }],
      ledger: {
        totals: { buyIns: 500, cashOuts: 0, net: 500, count: 1, toConfirm: 0, doubles: 0 },
        entries: [{ id: LEDGER_TEXT }],
      },
      shifts: { current: null, past: [] },
    } as unknown as SessionSnapshot['cashier'],
    settings: { ...defaultSettings, venueBaseUrl: SETTINGS_URL },
    history: CLOSED_HISTORY_SYNC,
    disk: { full: false, message: null },
  };
}

const SEAT_NAMES = [...HOSTILE_NAMES, `Eve ${new URLSearchParams({ k: KEY }).toString().slice(2)}`];

/** The fake session: its snapshot is whatever the test set last (or a throw, when `current` is an Error). */
let current: SessionSnapshot | Error = snapshot('dollars', SEAT_NAMES);
const session: SessionApi = {
  snapshot() {
    if (current instanceof Error) throw current;
    return current;
  },
  subscribe: () => () => undefined,
  invoke: async () => ({ ok: false, error: { code: 'refused', message: 'not in this test' } }) as never,
  close: async () => undefined,
};

let rendererDir: string;
let server: WebServer;
let cashier: WonSession;
let monitor: WonSession;
const logged: string[] = [];

interface Answer {
  readonly status: number;
  readonly body: string;
  /** The Set-Cookie headers the answer carried. */
  readonly cookies: readonly string[];
}

/** A raw request: any target, Host and method (fetch would normalise them away). */
function raw(target: string, headers: Record<string, string>, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port: server.port, path: target, method, headers, setHost: false },
      (incoming) => {
        let body = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (body += chunk));
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, body, cookies: incoming.headers['set-cookie'] ?? [] }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const ownHost = () => `127.0.0.1:${server.port}`;

/** What a drawing's answer sends to drop its role's page cookie from the browser. */
const clearCashierPage = () => `vc_cashier_page${server.cookieTag}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict`;
const clearMonitorPage = () => `vc_monitor_page${server.cookieTag}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict`;

/** True when the body carries any table data (the drawing's mark, a seat, a name). */
const hasTable = (body: string) =>
  body.includes('data-first-paint') || body.includes('aria-label="Seat') || body.includes('Eve ');

/** A new server on the same session and log, with new links: each link's page cookie draws one page. */
async function renew(): Promise<void> {
  await server?.close();
  server = await startWebServer({
    session,
    rendererDir,
    scrub: (value) => scrubSecret(value, KEY),
    log: (message) => logged.push(message),
  });
  cashier = await exchangeLink(server.url);
  monitor = await exchangeLink(server.monitorUrl);
}

/** Whether the cashier's page cookie (unspent so far) draws the page now. */
async function cashierCookieDraws(): Promise<boolean> {
  return (await raw('/', { host: ownHost(), cookie: cashier.pageCookie })).body.includes('data-first-paint="cashier"');
}

/** The markup the runtime drew inside #root (between the root's opening tag and the page's `</body>`). */
function rootMarkup(html: string): string {
  const start = html.indexOf('<div id="root" data-first-paint=');
  const end = html.lastIndexOf('</div></body>');
  expect(start).toBeGreaterThanOrEqual(0);
  expect(end).toBeGreaterThan(start);
  return html.slice(start, end);
}

beforeAll(async () => {
  rendererDir = await mkdtemp(join(tmpdir(), 'venue-first-paint-attacks-'));
  await writeFile(join(rendererDir, 'index.html'), BUILT);
  await writeFile(join(rendererDir, 'app.js'), 'export {};');
  await renew();
});

afterAll(async () => {
  await server?.close();
  await rm(rendererDir, { recursive: true, force: true });
});

describe('who gets the table drawn', () => {
  it('nobody without the page cookie of the view asked for, whatever the path, method or cookie spelling', async () => {
    await renew();
    const [name, value] = cashier.pageCookie.split('=') as [string, string];
    const cookies = [
      null,
      `vc_cashier_page${server.cookieTag}=forged`,
      `vc_cashier_page${server.cookieTag}=forged; vc_cashier_page${server.cookieTag}=also-forged`,
      // The names of earlier versions, and of another runtime (port or instance), are not ours.
      `vc_cashier_page=${value}`,
      `vc_cashier_page_1_${server.cookieTag.slice(-12)}=${value}`,
      `VC_CASHIER_PAGE=${value}`,
      `vc_cashier_pag=${value}`,
      `${name}="${value}"`,
      `${name}=${value.slice(0, -1)}`,
      `${name}=${value}x`,
      `${name}=${encodeURIComponent(`${value}\0`)}`,
      `x=${name}=${value}`,
      cashier.cookie,
      monitor.cookie,
      monitor.pageCookie,
      `vc_monitor_page${server.cookieTag}=${value}`,
    ];
    for (const cookie of cookies) {
      for (const target of ['/', '/index.html', '/?view=cashier']) {
        const page = await raw(target, { host: ownHost(), ...(cookie === null ? {} : { cookie }) });
        expect(page.status, `${target} with ${String(cookie)}`).toBe(200);
        expect(hasTable(page.body), `${target} with ${String(cookie)}`).toBe(false);
      }
    }
    // The cashier's page cookie does not draw the monitor's view, however `view` is spelled or repeated.
    for (const target of ['/?view=monitor', '/?view=monitor&view=cashier', '/index.html?view=monitor']) {
      const page = await raw(target, { host: ownHost(), cookie: cashier.pageCookie });
      expect(hasTable(page.body), target).toBe(false);
    }
    // ... nor the monitor's the cashier's: the first `view` decides, on the server as in the page (renderer/main.tsx).
    for (const target of ['/', '/?view=cashier&view=monitor', '/?view=Monitor', '/?view=x&view=monitor']) {
      const page = await raw(target, { host: ownHost(), cookie: monitor.pageCookie });
      expect(hasTable(page.body), target).toBe(false);
    }
    // None of that spent the real cookie: it still draws its one page.
    expect(await cashierCookieDraws()).toBe(true);
  });

  it('draws one page per cookie: the drawing spends it and tells the browser to drop it', async () => {
    await renew();
    expect(cashier.setPageCookie).toMatch(
      new RegExp(`^vc_cashier_page${server.cookieTag}=[\\w-]{40,}; Path=/; Max-Age=10; HttpOnly; SameSite=Strict$`),
    );
    const first = await new Promise<{ body: string; cookies: string[] }>((resolve, reject) => {
      const outgoing = httpRequest(
        { host: '127.0.0.1', port: server.port, path: '/', headers: { cookie: cashier.pageCookie } },
        (incoming) => {
          let body = '';
          incoming.setEncoding('utf8');
          incoming.on('data', (chunk: string) => (body += chunk));
          incoming.on('end', () => resolve({ body, cookies: incoming.headers['set-cookie'] ?? [] }));
        },
      );
      outgoing.on('error', reject);
      outgoing.end();
    });
    expect(first.body).toContain('data-first-paint="cashier"');
    expect(first.cookies).toEqual([clearCashierPage()]);
    // Replayed (a program on another local port caught it, say): the page as built.
    expect(hasTable((await raw('/', { host: ownHost(), cookie: cashier.pageCookie })).body)).toBe(false);
    expect(hasTable((await raw('/', { host: ownHost(), cookie: cashier.pageCookie })).body)).toBe(false);
  });

  it('requests in flight together with one cookie: one drawing, and only its answer drops the cookie', async () => {
    await renew();
    const cookie = `${cashier.pageCookie}; ${monitor.pageCookie}`;
    const answers = await Promise.all(Array.from({ length: 4 }, () => raw('/', { host: ownHost(), cookie })));
    const drawn = answers.filter((answer) => hasTable(answer.body));
    expect(drawn).toHaveLength(1);
    expect(drawn[0]?.cookies).toEqual([clearCashierPage()]);
    // The others spent nothing, so they drop nothing: a clear there would drop a cookie another page still holds.
    for (const answer of answers.filter((each) => !hasTable(each.body))) {
      expect(answer.body).toBe(BUILT);
      expect(answer.cookies).toEqual([]);
    }
    // The monitor's page cookie rode along on every one of them and was not spent by the cashier's page.
    expect(hasTable((await raw('/?view=monitor', { host: ownHost(), cookie: monitor.pageCookie })).body)).toBe(true);
  });

  it('paths that are not the page itself are served as built (or refused), never drawn', async () => {
    await renew();
    const cookie = `${cashier.pageCookie}; ${monitor.pageCookie}`;
    for (const target of ['/%69ndex.html', '/index.html/', '/index%2ehtml', '/INDEX.HTML', '/app.js', '/nope']) {
      const page = await raw(target, { host: ownHost(), cookie });
      expect([200, 404], target).toContain(page.status);
      expect(hasTable(page.body), target).toBe(false);
    }
    // The link's exchange, with or without the page cookie: a 303 or a refusal, no table.
    for (const target of ['/?token=spent', `/?token=${server.token}`, '/?view=monitor&token=x']) {
      const page = await raw(target, { host: ownHost(), cookie });
      expect(hasTable(page.body), target).toBe(false);
    }
  });

  it('the 421 and 400 paths carry no table, and a good cookie does not get past them', async () => {
    await renew();
    const cookie = cashier.pageCookie;
    for (const hostHeader of [
      `evil.example:${server.port}`,
      `127.0.0.1.evil.example:${server.port}`,
      `127.0.0.1:${server.port + 1}`,
      '127.0.0.1',
      `127.0.0.1:${server.port}@evil.example`,
      `[::1]:${server.port}.evil`,
    ]) {
      const page = await raw('/', { host: hostHeader, cookie });
      expect(page.status, hostHeader).toBe(421);
      expect(hasTable(page.body), hostHeader).toBe(false);
    }
    // `/\\host/` and `/\t/host/` parse as `//host/` (a backslash is a slash, tabs are dropped): refused like it.
    for (const target of ['//', '//index.html', `http://127.0.0.1:${server.port}/`, '*', '/\\evil.example/', '/\\/']) {
      const page = await raw(target, { host: ownHost(), cookie });
      expect(page.status, target).toBe(400);
      expect(hasTable(page.body), target).toBe(false);
    }
    const posted = await raw('/', { host: ownHost(), cookie }, 'POST');
    expect(posted.status).toBe(405);
    expect(hasTable(posted.body)).toBe(false);
    // The refusals did not spend it.
    expect(await cashierCookieDraws()).toBe(true);
  });

  it('HEAD with the cookie answers the page headers with no body, and does not spend the cookie', async () => {
    await renew();
    const head = await raw('/', { host: ownHost(), cookie: cashier.pageCookie }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(await cashierCookieDraws()).toBe(true);
  });

  it('a cookie header with the real page cookie among junk still draws (the page cookie is what counts)', async () => {
    await renew();
    const junk = Array.from({ length: 300 }, (_, index) => `vc_cashier_page${server.cookieTag}=forged${index}`).join(
      '; ',
    );
    const page = await raw('/', { host: ownHost(), cookie: `${junk}; ${cashier.pageCookie}; =;;` });
    expect(page.body).toContain('data-first-paint="cashier"');
  });
});

describe('what the drawing holds', () => {
  it('never the key (in any spelling), player ids, the tray, the ledger, the settings or money lines', async () => {
    await renew();
    for (const [view, cookie] of [
      ['/', cashier.pageCookie],
      ['/?view=monitor', monitor.pageCookie],
    ] as const) {
      const html = (await raw(view, { host: ownHost(), cookie })).body;
      const markup = rootMarkup(html);
      // The drawing is there (a hostile-free name drawn in full shows the scrub ran on text next to it).
      expect(markup).toContain('Eve [redacted]');
      for (const spelling of KEY_SPELLINGS) {
        expect(html, spelling).not.toContain(spelling);
        expect(html, spelling).not.toContain(htmlSpelling(spelling));
      }
      for (const secret of [PLAYER_ID, TRAY_TEXT, LEDGER_TEXT, SETTINGS_URL, 'venue-id-secret', 'kid-secret'])
        expect(html, secret).not.toContain(secret);
    }
  });

  it('escapes every hostile name, and has no inline style, script or handler the CSP would block', async () => {
    await renew();
    const html = (await raw('/', { host: ownHost(), cookie: cashier.pageCookie })).body;
    const markup = rootMarkup(html);
    for (const name of HOSTILE_NAMES.slice(0, 4)) expect(markup, name).not.toContain(name);
    expect(markup).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(markup).toContain('Ann&quot;&lt;/div&gt;&lt;!--');
    expect(markup).toContain('Bo&amp;amp;b&#x27; onmouseover=&#x27;x');
    expect(markup).toContain('Cy&lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    // Inside tags (a name's escaped text may read `onmouseover=`: as text it is harmless).
    const tags = markup.match(/<[^>]*>/g) ?? [];
    for (const tag of tags) expect(tag).not.toMatch(/^<(script|style)|\sstyle=|\son[a-z]+=|javascript:/i);
    // Every element the drawing opens, it closes: no name ended the root early.
    const opened = (markup.match(/<div[\s>]/g) ?? []).length;
    const closed = (markup.match(/<\/div>/g) ?? []).length;
    expect(opened).toBe(closed + 1);
    expect(html.endsWith('</div></body></html>')).toBe(true);
  });

  it('shows no amounts in `hidden` money mode, for either view', async () => {
    current = snapshot('hidden', SEAT_NAMES);
    await renew();
    try {
      for (const [view, cookie] of [
        ['/', cashier.pageCookie],
        ['/?view=monitor', monitor.pageCookie],
      ] as const) {
        const markup = rootMarkup((await raw(view, { host: ownHost(), cookie })).body);
        expect(markup).toContain('Eve [redacted]');
        const digits = markup.replace(/[,.\s\u00a0\u202f']/g, '');
        for (const amount of [STACK, POT, BET, TICKER_AMOUNT])
          expect(digits, String(amount)).not.toContain(`${amount}`);
      }
    } finally {
      current = snapshot('dollars', SEAT_NAMES);
    }
    // The same amounts are drawn when the venue shows money: the check above can see them.
    await renew();
    const shown = rootMarkup((await raw('/', { host: ownHost(), cookie: cashier.pageCookie })).body);
    expect(shown.replace(/[,.\s\u00a0\u202f']/g, '')).toContain(`${STACK}`);
  });
});

describe('what cannot stop the runtime', () => {
  it('a drawing that throws serves the page as built, and is logged by error name only', async () => {
    const good = snapshot('dollars', SEAT_NAMES);
    const table = good.table as NonNullable<SessionSnapshot['table']>;
    current = { ...good, table: { ...table, board: null as unknown as string[] } };
    await renew();
    try {
      const page = await raw('/', { host: ownHost(), cookie: cashier.pageCookie });
      expect(page.status).toBe(200);
      expect(page.body).toBe(BUILT);
      expect(logged.some((line) => /first paint failed: TypeError$/.test(line))).toBe(true);
    } finally {
      current = good;
    }
    await renew();
    expect(await cashierCookieDraws()).toBe(true);
  });

  it('a snapshot that throws is a 500 for that page only; the runtime answers the next one', async () => {
    current = new Error(`boom ${KEY}`);
    await renew();
    try {
      const page = await raw('/', { host: ownHost(), cookie: cashier.pageCookie });
      expect(page.status).toBe(500);
      expect(page.body).not.toContain(KEY);
      // Without the page cookie no snapshot is read: the page is served as built.
      expect((await raw('/', { host: ownHost() })).body).toBe(BUILT);
    } finally {
      current = snapshot('dollars', SEAT_NAMES);
    }
    expect(logged.join('\n')).not.toContain('boom');
    await renew();
    expect(await cashierCookieDraws()).toBe(true);
  });

  it('a page cookie spent on a page that could not be drawn is dropped by the browser all the same', async () => {
    // It is dead on the server either way; left in the browser it would still travel to every local port.
    const good = snapshot('dollars', SEAT_NAMES);
    const table = good.table as NonNullable<SessionSnapshot['table']>;
    current = { ...good, table: { ...table, board: null as unknown as string[] } };
    await renew();
    try {
      const undrawn = await raw('/', { host: ownHost(), cookie: cashier.pageCookie });
      expect(undrawn.body).toBe(BUILT);
      expect(undrawn.cookies).toEqual([clearCashierPage()]);
      current = new Error('snapshot unavailable');
      const failed = await raw('/?view=monitor', { host: ownHost(), cookie: monitor.pageCookie });
      expect(failed.status).toBe(500);
      expect(failed.cookies).toEqual([clearMonitorPage()]);
    } finally {
      current = good;
    }
    // Spent, both: the next request with either cookie is served as built and drops nothing.
    const replayed = await raw('/', { host: ownHost(), cookie: cashier.pageCookie });
    expect(replayed.body).toBe(BUILT);
    expect(replayed.cookies).toEqual([]);
    expect(hasTable((await raw('/?view=monitor', { host: ownHost(), cookie: monitor.pageCookie })).body)).toBe(false);
  });

  it('a huge cookie header is refused, and the runtime stays up', async () => {
    await renew();
    const huge = `${cashier.pageCookie}; ${'x'.repeat(70_000)}`;
    const answer = await raw('/', { host: ownHost(), cookie: huge }).catch(() => ({
      status: 0,
      body: '',
      cookies: [],
    }));
    expect(hasTable(answer.body)).toBe(false);
    expect(answer.status === 0 || answer.status >= 400).toBe(true);
    expect(await cashierCookieDraws()).toBe(true);
  });
});
