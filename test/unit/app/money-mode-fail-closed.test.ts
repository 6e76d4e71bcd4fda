/**
 * `hidden` fails closed: while the venue's money mode is unknown (GET /venue not answered yet, failing, never seen),
 * everything a room screen or paper shows follows `hidden` (the monitor's frames, its first paint, the CSV, the slip);
 * the last mode the venue named is kept in its folder and holds after a restart with the venue unreachable.
 * A real session against a small REST venue on loopback whose GET /venue the test controls, and a fake live feed.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { movementSlip } from '../../../main/core/cashier';
import { createSession, type Session } from '../../../main/core/session';
import { MemoryKeyStore } from '../../../main/core/session/key-store';
import { readingFromVenue, roomMoneyMode, UNKNOWN_MONEY_MODE } from '../../../main/core/session/money-mode-record';
import { monitorProjection } from '../../../main/core/session/monitor-projection';
import { MemorySettingsStore } from '../../../main/core/session/settings-store';
import { defaultSettings, type MoneyMode, type SessionSnapshot } from '../../../preload/contract';
import { renderFirstPaint } from '../../../renderer/first-paint/render';
import { T0, movementFixture } from '../../support/cashier-fixtures';
import { FakeLiveFeed, fakeFeedFactory, tableFrame } from '../../support/web-fake-feed';

const KEY = 'vk_test_money_mode_0123456789';
const VENUE_ID = 'venue-mm-1';
/** Amounts nobody else prints: the table's pot and one seat's stack. */
const POT = 43_219;
const STACK = 98_765;

/** What GET /venue answers: a mode, no mode (not published), an error status, or nothing at all (it hangs). */
type VenueAnswer = { mode: MoneyMode | undefined } | { status: number } | 'hang';

interface FakeRest {
  readonly baseUrl: string;
  answer: VenueAnswer;
  /** GET /venue requests seen. */
  venueReads: number;
  close(): Promise<void>;
}

async function startFakeRest(answer: VenueAnswer, port = 0): Promise<FakeRest> {
  const hanging: ServerResponse[] = [];
  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const rest: FakeRest = {
    baseUrl: '',
    answer,
    venueReads: 0,
    close: async () => undefined,
  };
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '').replace(/\?.*$/, '');
    if (path === '/v1/key') return json(response, 200, { kid: 'kid-1', venue: VENUE_ID, scopes: [], live: true });
    if (path === '/v1/venue') {
      rest.venueReads += 1;
      const now = rest.answer;
      if (now === 'hang') return void hanging.push(response);
      if ('status' in now) return json(response, now.status, { error: 'host_offline' });
      return json(response, 200, {
        venue_id: VENUE_ID,
        name: 'Mode Room',
        live: true,
        ...(now.mode === undefined ? {} : { money_mode: now.mode }),
      });
    }
    return json(response, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const bound = (server.address() as AddressInfo).port;
  return Object.assign(rest, {
    baseUrl: `http://127.0.0.1:${bound}/v1`,
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

let dataDir: string;
let session: Session | null = null;
let rest: FakeRest | null = null;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'venue-money-mode-'));
});
afterEach(async () => {
  await session?.close();
  session = null;
  await rest?.close();
  rest = null;
  await rm(dataDir, { recursive: true, force: true });
});

async function open(baseUrl: string): Promise<Session> {
  const feed = new FakeLiveFeed();
  const frame = tableFrame(POT);
  feed.frame({
    ...frame,
    seats: (frame.seats ?? []).map((seat) => (seat.seat_id === 2 ? { ...seat, stack: STACK } : seat)),
  });
  session = await createSession({
    dataDir,
    settingsStore: new MemorySettingsStore({ ...defaultSettings, venueBaseUrl: baseUrl }),
    keyStore: new MemoryKeyStore(KEY, true),
    openLive: fakeFeedFactory(feed),
    hostProbeMs: 3_600_000,
    log: () => undefined,
  });
  await session.started;
  return session;
}

async function until<T>(read: () => T, done: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const value = read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('gave up waiting');
}

/** Waits until the session has read the venue's money mode as `mode`. */
async function modeSeen(running: Session, mode: string): Promise<void> {
  await until(
    () => running.snapshot().venue.moneyMode,
    (seen) => seen === mode,
  );
}

const AMOUNTS = new RegExp(`${POT}|${STACK}|43,219|98,765`);
/** A seat's stack drawn with a figure in it (chips, dollars or big blinds). */
const DRAWN_STACK = /seat-stack[^>]*>[^<]*\d/;

/** What the room and paper show now: the monitor's frame, its first paint, and the CSV's header. */
async function roomAndPaper(running: Session): Promise<{ frame: string; paint: string; csvHeader: string }> {
  const projected: SessionSnapshot = monitorProjection(running.snapshot());
  const csv = (await running.invoke('cashier:export-csv', [])) as { ok: true; value: { csv: string } };
  expect(csv.ok).toBe(true);
  return {
    frame: JSON.stringify(projected),
    paint: renderFirstPaint(projected, 'monitor'),
    csvHeader: csv.value.csv.split('\n')[0] ?? '',
  };
}

function expectHidden(shown: { frame: string; paint: string; csvHeader: string }): void {
  expect(shown.frame).not.toMatch(AMOUNTS);
  expect(shown.frame).toContain('"moneyMode":"hidden"');
  expect(shown.paint).toContain('Player 2');
  expect(shown.paint).not.toMatch(AMOUNTS);
  expect(shown.paint).not.toMatch(DRAWN_STACK);
  expect(shown.csvHeader).not.toMatch(/_(?:chips|dollars)\b/);
}

function expectShown(shown: { frame: string; paint: string; csvHeader: string }): void {
  expect(shown.frame).toMatch(AMOUNTS);
  expect(shown.paint).toMatch(DRAWN_STACK);
  expect(shown.csvHeader).toMatch(/_(?:chips|dollars)\b/);
}

describe('the slip', () => {
  const applied = movementFixture({
    state: 'applied',
    amount: 25,
    settlement: { at: T0 + 5, how: 'answered', body: null, refusal: null },
  });

  it('prints the amount when amounts may be shown, and none when they are hidden (or the mode is unknown)', () => {
    const context = { venueName: 'Room', tableName: null, operator: null };
    const shown = movementSlip(applied, { ...context, mode: 'bb' });
    const hidden = movementSlip(applied, { ...context, mode: 'hidden' });
    const unknown = movementSlip(applied, { ...context, mode: roomMoneyMode(UNKNOWN_MONEY_MODE) });
    if (!shown.ok || !hidden.ok || !unknown.ok) throw new Error('no slip');
    expect(shown.slip.text).toContain('25 chips');
    for (const paper of [hidden.slip, unknown.slip]) {
      expect(paper.text).not.toMatch(/25 chips/);
      expect(paper.rows.map((row) => row.value).join(' ')).not.toMatch(/\b25\b/);
      expect(paper.text).toContain('Buy-in');
      expect(paper.text).toMatch(/Amount\s+not printed/);
    }
  });
});

describe('the reading after GET /venue answers', () => {
  it('takes the named mode; without one, keeps a recorded mode (a venue does not unpublish), else unknown', () => {
    expect(readingFromVenue('dollars', UNKNOWN_MONEY_MODE)).toEqual({ known: true, mode: 'dollars' });
    expect(readingFromVenue('bb', { known: true, mode: 'hidden' })).toEqual({ known: true, mode: 'bb' });
    expect(readingFromVenue(undefined, { known: true, mode: 'hidden' })).toEqual({ known: true, mode: 'hidden' });
    expect(readingFromVenue(undefined, UNKNOWN_MONEY_MODE)).toEqual(UNKNOWN_MONEY_MODE);
    expect(roomMoneyMode(UNKNOWN_MONEY_MODE)).toBe('hidden');
    expect(roomMoneyMode({ known: true, mode: null })).toBeNull();
  });
});

describe('the money mode fails closed for room screens and paper', () => {
  it('is hidden before GET /venue answers, and follows the answer once it comes', async () => {
    rest = await startFakeRest('hang');
    const running = await open(rest.baseUrl);
    await until(
      () => rest?.venueReads ?? 0,
      (reads) => reads > 0,
    );
    expect(running.snapshot().venue).toMatchObject({ moneyMode: null, roomMoneyMode: 'hidden' });
    expectHidden(await roomAndPaper(running));
  });

  it("leaves the amount column out of a shift CSV's reconciliation section while the mode is unknown", async () => {
    rest = await startFakeRest('hang');
    const running = await open(rest.baseUrl);
    await until(
      () => rest?.venueReads ?? 0,
      (reads) => reads > 0,
    );
    const opened = (await running.invoke('cashier:open-shift', [100, { operator: 'Ana' }])) as {
      ok: true;
      value: { id: string };
    };
    expect(opened.ok).toBe(true);
    const csv = (await running.invoke('cashier:export-shift-csv', [opened.value.id])) as {
      ok: true;
      value: { files: { filename: string; csv: string }[] };
    };
    expect(csv.ok).toBe(true);
    // The reconciliation is a file of its own: its header leaves the amount column out too.
    const reconciliation = csv.value.files.find((file) => file.filename.endsWith('-reconciliation.csv'));
    const header = reconciliation?.csv.split('\r\n')[0] ?? '';
    expect(header).toContain('idempotency_key');
    expect(header).not.toContain('delta');
  });

  it.each([
    ['while GET /venue fails and nothing was recorded', { status: 503 }],
    ['for a venue that has not published (no money_mode: it has not named its mode)', { mode: undefined }],
  ] as const)('stays hidden %s', async (_case, answer: VenueAnswer) => {
    rest = await startFakeRest(answer);
    const running = await open(rest.baseUrl);
    await until(
      () => rest?.venueReads ?? 0,
      (reads) => reads > 0,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(running.snapshot().venue.roomMoneyMode).toBe('hidden');
    expectHidden(await roomAndPaper(running));
  });

  it.each(['bb', 'dollars'] as const)('shows amounts in a known mode that permits them: %s', async (mode) => {
    rest = await startFakeRest({ mode });
    const running = await open(rest.baseUrl);
    await until(
      () => running.snapshot().venue.roomMoneyMode,
      (room) => room !== 'hidden',
    );
    expect(running.snapshot().venue.roomMoneyMode).toBe(mode);
    expectShown(await roomAndPaper(running));
  });

  it('hides amounts in the known hidden mode', async () => {
    rest = await startFakeRest({ mode: 'hidden' });
    const running = await open(rest.baseUrl);
    await modeSeen(running, 'hidden');
    expectHidden(await roomAndPaper(running));
  });

  it.each(['hidden', 'dollars'] as const)(
    'keeps the recorded mode (%s) over a restart with the venue unreachable',
    async (mode) => {
      rest = await startFakeRest({ mode });
      const first = await open(rest.baseUrl);
      await modeSeen(first, mode);
      const baseUrl = rest.baseUrl;
      await first.close();
      session = null;
      await rest.close();
      rest = null;
      // The venue is gone (its port refuses): only the record on disk knows the mode.
      const again = await open(baseUrl);
      expect(again.snapshot().venue).toMatchObject({ moneyMode: mode, roomMoneyMode: mode });
      if (mode === 'hidden') expectHidden(await roomAndPaper(again));
      else expectShown(await roomAndPaper(again));
    },
  );

  it('a recorded hidden stays hidden while GET /venue fails', async () => {
    rest = await startFakeRest({ mode: 'hidden' });
    const first = await open(rest.baseUrl);
    await modeSeen(first, 'hidden');
    await first.close();
    session = null;
    rest.answer = { status: 503 };
    const failing = await open(rest.baseUrl);
    const reads = rest.venueReads;
    await until(
      () => rest?.venueReads ?? 0,
      (now) => now > reads,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expectHidden(await roomAndPaper(failing));
  });

  it('ignores a record that does not parse (the mode stays unknown: hidden)', async () => {
    rest = await startFakeRest({ mode: 'dollars' });
    const first = await open(rest.baseUrl);
    await modeSeen(first, 'dollars');
    await first.close();
    session = null;
    const recordPath = join(dataDir, 'venues', await venueFolderName(), 'money-mode.json');
    expect(JSON.parse(await readFile(recordPath, 'utf8'))).toMatchObject({ version: 1, moneyMode: 'dollars' });
    await writeFile(recordPath, '{"version":1,"moneyMode":"lots"}');
    rest.answer = 'hang';
    const again = await open(rest.baseUrl);
    expect(again.snapshot().venue.roomMoneyMode).toBe('hidden');
    expectHidden(await roomAndPaper(again));
  });
});

/** The one venue folder the session made (keyed on the venue's id). */
async function venueFolderName(): Promise<string> {
  const { readdir } = await import('node:fs/promises');
  const names = (await readdir(join(dataDir, 'venues'), { withFileTypes: true })).filter((entry) =>
    entry.isDirectory(),
  );
  expect(names).toHaveLength(1);
  return names[0]?.name ?? '';
}
