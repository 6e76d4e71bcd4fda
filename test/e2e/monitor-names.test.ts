/**
 * The room-facing monitor must show every player's whole name (up to 20 characters) at any common screen width:
 * each name box shows all of its text (nothing clipped or cut with an ellipsis) and no two seats overlap.
 */
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../main/core/session';
import type { LiveState } from '../../main/core/venue/schemas-live';
import { startWebServer, type WebServer } from '../../main/web/server';
import { launchChromium, type LaunchedChromium } from '../support/chromium';
import { startFakeFeedSession, type FakeFeedSession } from '../support/fake-feed-session';
import { tableFrame } from '../support/web-fake-feed';
import { BROWSER_RETRY } from '../support/browser-retry';
import { waitForApp } from '../support/app-ready';

/** Twenty characters each: spaces, hyphens, one unbroken word, and wide capitals. */
const NAMES = [
  'Keiko Eriksson-Baker',
  'Rosa Quintanilla Paz',
  'Wolfeschlegelsteinha',
  'MMMMMMMMMM WWWWWWWWW',
  'Maximiliano Fuentes',
  'Anastasia Vorontsova',
  'Oluwaseun Adeyemi-Ok',
  'Jean-Baptiste Moreau',
  'Siobhan O’Callaghan',
  'Thandiwe Nkosinathii',
] as const;

function tenSeatFrame(): LiveState {
  const base = tableFrame(40);
  return {
    ...base,
    num_seats: 10,
    seats: NAMES.map((name, index) => ({
      seat_id: index + 1,
      name,
      player_id: `00000000-0000-4000-8000-0000000000${String(index + 10)}`,
      stack: 123_456.75,
      in_hand: false,
      present: true,
    })),
  };
}

interface NameBox {
  readonly text: string;
  readonly clipped: boolean;
  readonly rect: { left: number; top: number; right: number; bottom: number };
}

let running: FakeFeedSession;
let session: Session;
let web: WebServer;
let browser: LaunchedChromium;
/** One monitor page for every width: the printed link works once (it is traded for the monitor's cookie). */
let page: Page;

beforeAll(async () => {
  running = await startFakeFeedSession(tenSeatFrame(), 'monitor-key-0123456789');
  session = running.session;
  web = await startWebServer({ session, rendererDir: resolve('dist/renderer') });
  browser = await launchChromium();
  page = await browser.context.newPage();
  await page.goto(web.monitorUrl);
  await waitForApp(page, 10);
});

afterAll(async () => {
  await browser?.close();
  await web?.close();
  await running?.close();
});

describe('table monitor names', BROWSER_RETRY, () => {
  for (const [width, height] of [
    [1280, 720],
    [1920, 1080],
    [3840, 2160],
  ] as const) {
    it(`shows all ten 20-character names whole at ${width}x${height}`, async () => {
      await page.setViewportSize({ width, height });
      await page.waitForFunction(([w, h]) => window.innerWidth === w && window.innerHeight === h, [width, height]);
      const boxes = (await page.$$eval('.seat', (seats) =>
        seats.map((seat) => {
          const name = seat.querySelector('.seat-name') as HTMLElement;
          const box = seat.getBoundingClientRect();
          return {
            text: name.textContent ?? '',
            clipped: name.scrollWidth > name.clientWidth + 1 || name.scrollHeight > name.clientHeight + 1,
            rect: { left: box.left, top: box.top, right: box.right, bottom: box.bottom },
          };
        }),
      )) as NameBox[];
      expect(boxes.map((box) => box.text)).toEqual([...NAMES]);
      for (const box of boxes) expect(box.clipped, `"${box.text}" is cut at ${width}px`).toBe(false);
      for (const box of boxes) {
        expect(
          box.rect.left >= 0 && box.rect.right <= width && box.rect.top >= 0 && box.rect.bottom <= height,
          `"${box.text}" leaves the screen`,
        ).toBe(true);
      }
      for (let a = 0; a < boxes.length; a += 1) {
        for (let b = a + 1; b < boxes.length; b += 1) {
          const [one, two] = [boxes[a]!.rect, boxes[b]!.rect];
          const overlap = one.left < two.right && two.left < one.right && one.top < two.bottom && two.top < one.bottom;
          expect(overlap, `"${boxes[a]!.text}" overlaps "${boxes[b]!.text}" at ${width}px`).toBe(false);
        }
      }
    });
  }
});
