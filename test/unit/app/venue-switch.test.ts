/**
 * Changing the venue: asked first while a shift is open, the new address and key checked with GET /key before
 * anything changes, and the old venue's connection kept (live, its key, its shift) until the new one answers. A
 * session on a real demo venue (A) with the real live feed; the second venue (B) is a host whose GET /key the test
 * holds open, refuses or answers.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Session } from '../../../main/core/session';
import { keyOrigin } from '../../../main/core/session/key-origin';
import { MemoryKeyStore } from '../../../main/core/session/key-store';
import { startDemoVenue, type RunningDemoVenue } from '../../../main/demo';
import type { SessionSnapshot } from '../../../preload/contract';
import type { MovementState } from '../../../main/core/cashier/types';
import { leaveQuestion } from '../../../main/core/session/venue-switch';
import { openLiveVenueSession } from '../../support/live-venue-session';
import { FAST_DEMO } from '../../support/web-app';

const KEY_B = 'vk_live_second_venue_0123456789';

/** Venue B: its GET /key waits for the test's verdict (answer or refuse); it counts what reached it. */
class HeldVenue {
  readonly asked: Promise<void>;
  requests = 0;
  private held: ServerResponse | null = null;
  private noteAsked: () => void = () => undefined;

  private constructor(private readonly server: Server) {
    this.asked = new Promise((resolve) => (this.noteAsked = resolve));
    server.on('request', (request, response) => {
      this.requests += 1;
      if ((request.url ?? '').endsWith('/key')) {
        this.held = response;
        this.noteAsked();
        return;
      }
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not_found"}');
    });
  }

  static async start(): Promise<HeldVenue> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new HeldVenue(server);
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  answer(status: number, body: unknown): void {
    this.held?.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    this.held = null;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let venueA: RunningDemoVenue;
let venueB: HeldVenue;
let dataDir: string;
let session: Session;
let keyStore: MemoryKeyStore;

beforeEach(async () => {
  venueA = await startDemoVenue(FAST_DEMO);
  venueB = await HeldVenue.start();
  dataDir = await mkdtemp(join(tmpdir(), 'venue-switch-'));
  keyStore = new MemoryKeyStore(venueA.key, false, keyOrigin(venueA.baseUrl, venueA.wsUrl));
  session = await openLiveVenueSession({
    dataDir,
    venueBaseUrl: venueA.baseUrl,
    venueWsUrl: venueA.wsUrl,
    keyStore,
  });
  await expect.poll(() => session.snapshot().connection.kind).toBe('live');
  expect(await session.invoke('cashier:open-shift', [0, { operator: 'Dana' }])).toMatchObject({ ok: true });
});
afterEach(async () => {
  await session.close();
  await venueB.close();
  await venueA.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Everything a snapshot pushed while `during` ran says of the venue in use: its address, connection and shift. */
async function watchedWhile(during: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const note = (snapshot: SessionSnapshot) =>
    seen.push(
      `${snapshot.settings.venueBaseUrl ?? 'demo'} ${snapshot.connection.kind} ` +
        `${snapshot.cashier.shifts.current === null ? 'no shift' : 'shift open'}`,
    );
  const stop = session.subscribe(note);
  await during();
  note(session.snapshot());
  stop();
  return seen;
}

const toB = (leaveOpenWork?: true) => ({
  baseUrl: venueB.baseUrl,
  wsUrl: null,
  key: KEY_B,
  ...(leaveOpenWork === undefined ? {} : { leaveOpenWork }),
});

describe('changing the venue', () => {
  it('asks first while a shift is open, and nothing reaches the new address before the answer', async () => {
    const refused = await session.invoke('settings:set-venue-address', [toB()]);
    expect(refused).toMatchObject({ ok: false, error: { code: 'confirm_leave' } });
    if (refused.ok) return;
    expect(refused.error.message).toContain(`${venueA.baseUrl} has an open shift (opened by Dana)`);
    expect(refused.error.message).toContain('nothing is lost');
    expect(venueB.requests).toBe(0);
    expect(session.snapshot().settings.venueBaseUrl).toBe(venueA.baseUrl);
    expect(await keyStore.get()).toBe(venueA.key);
  });

  it('keeps the old venue live with its key and shift while the new one is slow to answer, then switches', async () => {
    const only = `${venueA.baseUrl} live shift open`;
    let moving: Promise<unknown> = Promise.resolve();
    const seen = await watchedWhile(async () => {
      moving = session.invoke('settings:set-venue-address', [toB(true)]);
      await venueB.asked;
      // GET /key at B is held open: nothing of A has changed yet.
      expect(await keyStore.get()).toBe(venueA.key);
      expect(session.snapshot().venue.venueId).not.toBeNull();
    });
    expect(new Set(seen)).toEqual(new Set([only]));
    venueB.answer(200, { venue: 'venue_b', kid: 'kid_b', live: true });
    expect(await moving).toEqual({ ok: true, value: null });
    expect(session.snapshot().settings.venueBaseUrl).toBe(venueB.baseUrl);
    expect(await keyStore.get()).toBe(KEY_B);
    expect(keyStore.boundOrigin()).toBe(keyOrigin(venueB.baseUrl, null));
    // The shift belongs to A's folder: B has none.
    expect(session.snapshot().cashier.shifts.current).toBeNull();
  });

  it('refuses a key the new venue refuses and changes nothing: A stays live with its key and shift', async () => {
    const shiftBefore = session.snapshot().cashier.shifts.current?.id;
    let answer: unknown;
    const seen = await watchedWhile(async () => {
      const moving = session.invoke('settings:set-venue-address', [toB(true)]);
      await venueB.asked;
      venueB.answer(401, { error: 'unauthorized' });
      answer = await moving;
    });
    expect(answer).toMatchObject({ ok: false, error: { code: 'venue_not_checked' } });
    expect((answer as { error: { message: string } }).error.message).toBe(
      `${venueB.baseUrl} was not accepted. The venue refused the key. ` +
        `Nothing changed: still on ${venueA.baseUrl}, with its key and its open shift.`,
    );
    expect(new Set(seen)).toEqual(new Set([`${venueA.baseUrl} live shift open`]));
    expect(await keyStore.get()).toBe(venueA.key);
    expect(keyStore.boundOrigin()).toBe(keyOrigin(venueA.baseUrl, venueA.wsUrl));
    expect(session.snapshot().cashier.shifts.current?.id).toBe(shiftBefore);
  });

  it('still asks for an operator PIN where the venue asks for PINs, before anything is sent', async () => {
    expect(await session.invoke('settings:update', [{ operatorPin: true }])).toMatchObject({ ok: true });
    expect(await session.invoke('settings:set-venue-address', [toB(true)])).toMatchObject({
      ok: false,
      error: { code: 'pin_required' },
    });
    expect(await session.invoke('settings:use-demo-venue', [null, { leaveOpenWork: true }])).toMatchObject({
      ok: false,
      error: { code: 'pin_required' },
    });
    expect(venueB.requests).toBe(0);
    expect(session.snapshot().settings.venueBaseUrl).toBe(venueA.baseUrl);
    expect(await keyStore.get()).toBe(venueA.key);
  });

  it('refuses an address where nothing answers, and changes nothing', async () => {
    const nowhere = venueB.baseUrl;
    await venueB.close();
    const answer = await session.invoke('settings:set-venue-address', [
      { baseUrl: nowhere, wsUrl: null, key: KEY_B, leaveOpenWork: true },
    ]);
    expect(answer).toMatchObject({
      ok: false,
      error: {
        code: 'venue_not_checked',
        message:
          `${nowhere} was not accepted. Nothing answered at that address (check it, and that the venue is running). ` +
          `Nothing changed: still on ${venueA.baseUrl}, with its key and its open shift.`,
      },
    });
    expect(session.snapshot()).toMatchObject({
      settings: { venueBaseUrl: venueA.baseUrl },
      connection: { kind: 'live' },
    });
    expect(await keyStore.get()).toBe(venueA.key);
    venueB = await HeldVenue.start();
  });
});

describe('the question asked before leaving a venue', () => {
  const from = 'https://venue.example/v1';
  const moves = (...states: MovementState[]) => states.map((state) => ({ state }));

  it('is not asked with no shift open and every movement settled', () => {
    expect(
      leaveQuestion({ shifts: { current: null }, movements: moves('applied', 'refused', 'cancelled') }, from),
    ).toBe(null);
    expect(leaveQuestion(null, from)).toBe(null);
  });

  it('names the unsettled movements (queued, sending, with the host, in doubt) and the open shift', () => {
    expect(leaveQuestion({ shifts: { current: null }, movements: moves('applied', 'in-doubt') }, from)).toMatch(
      /^https:\/\/venue\.example\/v1 has 1 money movement not settled yet\. If you change the venue they stay/,
    );
    expect(
      leaveQuestion(
        { shifts: { current: { operator: null } }, movements: moves('queued', 'sending', 'with-host', 'applied') },
        from,
      ),
    ).toMatch(/^https:\/\/venue\.example\/v1 has an open shift and 3 money movements not settled yet\. /);
  });
});
