/**
 * UI latency in real Chromium, as ratios to baselines measured in the same run:
 * - event-to-DOM: a table change in main until the page's DOM shows it (reported back over a plain socket),
 *   against a bare WebSocket echo between the same two processes;
 * - a 5,000-event burst: React commits per animation frame and long tasks (Long Tasks API);
 * - opening a printed link until the table shows (data already known) against a blank page, and until the app has
 *   taken over the server-drawn table (when its controls work); and the floor under that: a static, script-free
 *   copy of the drawn page (first-paint-floor.ts), with the app's headers and without COOP.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { startWebServer } from '../../main/web/server';
import { securityHeaders } from '../../main/web/static-files';
import { formatMoney } from '../../renderer/shared/money';
import { capturePaintedPage, floorServer, scriptFreeStyledPage } from './first-paint-floor';
import { waitForApp } from '../support/app-ready';
import { launchChromium } from '../support/chromium';
import { startFakeFeedSession } from '../support/fake-feed-session';
import { tableFrame } from '../support/web-fake-feed';
import { median, percentile, round3 } from './stats';

const ROUNDS = 400;
const BURST = 5000;
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The plain socket the page reports on: a text message arrives, its Node receive time is kept. */
async function reportServer() {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((done) => server.once('listening', done));
  const arrivals: Array<(text: string) => void> = [];
  let page: WebSocket | null = null;
  const connected = new Promise<void>((done) =>
    server.once('connection', (socket) => {
      page = socket;
      socket.on('message', (data) => arrivals.shift()?.(data.toString()));
      done();
    }),
  );
  return {
    port: (server.address() as AddressInfo).port,
    connected,
    /** Resolves with the next message the page sends. */
    next: () => new Promise<string>((done) => arrivals.push(done)),
    send: (text: string) => (page as WebSocket | null)?.send(text),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/**
 * A blank page, plain at `/` and at `/as-the-app` with the app's own security headers: COOP and COEP make the page
 * cross-origin isolated, and Chromium then opens it in a new process (about 30 ms here), which the app pays too.
 */
async function blankServer() {
  let port = 0;
  const server = createServer((request, response) => {
    const asTheApp = request.url === '/as-the-app' ? securityHeaders(port) : {};
    response.writeHead(200, { ...asTheApp, 'content-type': 'text/html' });
    response.end('<!doctype html><title>blank</title><p>blank</p>');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    asTheAppUrl: `http://127.0.0.1:${port}/as-the-app`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** Echo, report pot changes, count DOM commits per animation frame, watch long tasks. */
function instrumentation(port: number): string {
  return `(() => {
    const state = { commitsThisFrame: 0, maxCommitsPerFrame: 0, longTasks: 0, longestTaskMs: 0 };
    window.benchState = state;
    const socket = new WebSocket('ws://127.0.0.1:${port}');
    socket.onmessage = (event) => socket.send('echo:' + String(event.data));
    const pot = document.querySelector('[data-testid="pot"]');
    new MutationObserver(() => {
      state.commitsThisFrame += 1;
      if (socket.readyState === WebSocket.OPEN) socket.send('pot:' + pot.textContent);
    }).observe(pot, { characterData: true, childList: true, subtree: true });
    const frame = () => {
      state.maxCommitsPerFrame = Math.max(state.maxCommitsPerFrame, state.commitsThisFrame);
      state.commitsThisFrame = 0;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.duration > 50) state.longTasks += 1;
        state.longestTaskMs = Math.max(state.longestTaskMs, entry.duration);
      }
    }).observe({ type: 'longtask' });
  })()`;
}

const readBurst = `(() => window.benchState)()`;
const resetBurst =
  `(() => { window.benchState.maxCommitsPerFrame = 0; window.benchState.longTasks ` +
  `= 0; window.benchState.longestTaskMs = 0; })()`;

interface BurstState {
  readonly maxCommitsPerFrame: number;
  readonly longTasks: number;
  readonly longestTaskMs: number;
}

export default async function uiLatency(): Promise<Record<string, unknown>> {
  const running = await startFakeFeedSession(tableFrame(2), 'bench-key-0123456789');
  const { session, feed } = running;
  const web = await startWebServer({ session, rendererDir: resolve('dist/renderer') });
  const reports = await reportServer();
  const blank = await blankServer();
  const captureLink = await startWebServer({ session, rendererDir: resolve('dist/renderer') });
  const floorPage = await scriptFreeStyledPage(await capturePaintedPage(captureLink.url), resolve('dist/renderer'));
  await captureLink.close();
  const floor = await floorServer(floorPage.html, floorPage.css);
  // The page reports to this benchmark over its own socket, which the app's CSP (its own port only) would block.
  const browser = await launchChromium({ bypassCSP: true });
  try {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());

    // Start-up: a blank page vs opening a printed link until the table shows, interleaved. Each round opens a new
    // runtime server's link (a link works once, and its page is the one the server draws the table into:
    // main/web/first-paint.ts), so the browser meets a new origin with a cold cache, as a cashier does. Two readings:
    // from navigation until the content is visible (`commit`, then wait for it), and Playwright's default wait for
    // the load event (which also waits for the app's scripts, not only for what is on screen). The app's takeover of
    // the drawing (when its controls work) is reported too.
    const blankMs: number[] = [];
    const appMs: number[] = [];
    const takenOverMs: number[] = [];
    const blankLoadMs: number[] = [];
    const blankAsTheAppMs: number[] = [];
    const appLoadMs: number[] = [];
    const openLink = async (waitUntil: 'commit' | 'load', shown: number[], takenOver: number[] | null) => {
      const opened = await startWebServer({ session, rendererDir: resolve('dist/renderer') });
      const start = performance.now();
      await page.goto(opened.url, { waitUntil });
      await page.getByRole('group', { name: 'Seat 6' }).waitFor();
      shown.push(performance.now() - start);
      await waitForApp(page, 6);
      takenOver?.push(performance.now() - start);
      await page.goto('about:blank');
      await opened.close();
    };
    const openBlank = async (waitUntil: 'commit' | 'load', shown: number[], url = blank.url) => {
      const start = performance.now();
      await page.goto(url, { waitUntil });
      await page.getByText('blank').waitFor();
      shown.push(performance.now() - start);
    };
    // The floor's copy shows the drawn table (Seat 6), styled: its inline stylesheet must not be refused.
    const floorMs: number[] = [];
    const floorWithoutCoopMs: number[] = [];
    const openFloor = async (url: string, shown: number[]) => {
      const start = performance.now();
      await page.goto(url, { waitUntil: 'commit' });
      await page.getByRole('group', { name: 'Seat 6' }).waitFor();
      shown.push(performance.now() - start);
      const styled = await page.evaluate(`getComputedStyle(document.querySelector('.table-oval')).position`);
      if (styled !== 'relative') throw new Error('the floor page is not styled (its CSP refused the inline style)');
      await page.goto('about:blank');
    };
    for (let round = 0; round < 7; round += 1) {
      await openBlank('commit', blankMs);
      await openLink('commit', appMs, takenOverMs);
      await openFloor(floor.url, floorMs);
      await openFloor(floor.withoutCoopUrl, floorWithoutCoopMs);
      await openBlank('commit', blankAsTheAppMs, blank.asTheAppUrl);
      await openBlank('load', blankLoadMs);
      await openLink('load', appLoadMs, null);
    }

    // The printed link works once: it sets the session cookie, and the rest runs on that page.
    await page.goto(web.url);
    await waitForApp(page, 6);

    // Instrument the page: echo, report pot changes, count commits per frame, watch long tasks.
    // Plain script text: tsx would wrap inline functions with helpers the page does not have.
    await page.evaluate(instrumentation(reports.port));
    await reports.connected;

    const echoMs: number[] = [];
    const eventMs: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const echoStart = performance.now();
      const echoed = reports.next();
      reports.send(String(round));
      await echoed;
      echoMs.push(performance.now() - echoStart);
      await pause(20);
      const pot = 2 * (round + 10);
      const expected = `pot:Pot ${formatMoney(pot, 'bb', 2) ?? ''}`;
      const shown = reports.next();
      const eventStart = performance.now();
      feed.frame(tableFrame(pot));
      const text = await shown;
      if (text !== expected) throw new Error(`page showed ${text}, expected ${expected}`);
      eventMs.push(performance.now() - eventStart);
      await pause(20);
    }

    // 5,000-event catch-up: frames arrive in quick batches; the page must stay smooth.
    await page.evaluate(resetBurst);
    const burstStart = performance.now();
    for (let index = 0; index < BURST; index += 1) {
      feed.frame(tableFrame(2 * (1000 + index)));
      if (index % 50 === 49) await new Promise((done) => setImmediate(done));
    }
    const burstFeedMs = performance.now() - burstStart;
    await pause(300);
    const burst = (await page.evaluate(readBurst)) as BurstState;
    const finalPot = await page.getByTestId('pot').textContent();

    const echoP50 = median(echoMs);
    const echoP99 = percentile(echoMs, 99);
    const eventP50 = median(eventMs);
    const eventP99 = percentile(eventMs, 99);
    return {
      eventToDom: {
        rounds: ROUNDS,
        echoP50Ms: round3(echoP50),
        echoP99Ms: round3(echoP99),
        eventP50Ms: round3(eventP50),
        eventP99Ms: round3(eventP99),
        p50OverEchoMs: round3(eventP50 - echoP50),
        p99OverEchoMs: round3(eventP99 - echoP99),
        p50Ratio: round3(eventP50 / echoP50),
      },
      catchUp: {
        events: BURST,
        feedMs: round3(burstFeedMs),
        maxCommitsPerFrame: burst.maxCommitsPerFrame,
        longTasksOver50Ms: burst.longTasks,
        longestTaskMs: round3(burst.longestTaskMs),
        finalPotShown: finalPot,
      },
      startUp: {
        blankMedianMs: round3(median(blankMs)),
        firstTableMedianMs: round3(median(appMs)),
        ratio: round3(median(appMs) / median(blankMs)),
        appTakenOverMedianMs: round3(median(takenOverMs)),
        takenOverRatio: round3(median(takenOverMs) / median(blankMs)),
        // The same, against a blank page with the app's security headers (the process swap they cost is in both).
        blankWithAppHeadersMedianMs: round3(median(blankAsTheAppMs)),
        ratioToBlankWithAppHeaders: round3(median(appMs) / median(blankAsTheAppMs)),
        // A static, script-free, styled copy of the drawn page: no first paint of this table can be sooner. With
        // the app's headers, and with the same headers less COOP (its new browsing context group and process).
        floor: {
          withAppHeadersMedianMs: round3(median(floorMs)),
          ratio: round3(median(floorMs) / median(blankMs)),
          withoutCoopMedianMs: round3(median(floorWithoutCoopMs)),
          ratioWithoutCoop: round3(median(floorWithoutCoopMs) / median(blankMs)),
        },
        untilLoadEvent: {
          blankMedianMs: round3(median(blankLoadMs)),
          firstTableMedianMs: round3(median(appLoadMs)),
          ratio: round3(median(appLoadMs) / median(blankLoadMs)),
        },
      },
    };
  } finally {
    await browser.close();
    await blank.close();
    await floor.close();
    await reports.close();
    await web.close();
    await running.close();
  }
}
