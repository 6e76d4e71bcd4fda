/**
 * No push carries the venue key, even from a venue that echoes it. The app never writes the key into a snapshot, but
 * a snapshot carries venue-supplied text verbatim (here the table's and the players' names from a state frame), so
 * only the scrub before every push keeps a hostile or careless venue's echo off every screen. Both shells' push paths
 * are scanned: the web runtime's sockets (cashier and monitor) and the desktop shell's windows (cashier and monitor),
 * from the first snapshot a page reads to the last push of a burst.
 */
import type { WebSocket } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { REDACTED, scrubSecret } from '../../main/core/venue/redact';
import { pushSnapshotsToWindows } from '../../main/electron/snapshot-pushes';
import { TrustedWindows } from '../../main/electron/trusted-windows';
import { snapshotEvent, type SessionSnapshot } from '../../preload/contract';
import { startFakeFeedSession, type FakeFeedSession } from '../support/fake-feed-session';
import { keyEchoingFrame } from '../support/key-echoing-frame';
import { startKeyScrubbingWebServer } from '../support/key-scrubbing-web-server';
import { HARD_KEY, keySpellings } from '../support/key-spellings';
import { exchangeLink, openBridgeSocket } from '../support/web-session';

const KEY = HARD_KEY;

/** The key as a venue might echo it: as is, URL-encoded, form-encoded, base64, inside a JSON string. */
const SPELLINGS = keySpellings(KEY);

/** A table frame whose venue echoes the key in its table name and in every player's name, one spelling each. */
const echoingFrame = (pot: number) => keyEchoingFrame(pot, KEY);

/** Every string inside a value, however deep. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

/** The spellings of the key found in a push, as sent (its wire text) and as read (each of its strings). */
function keySpellingsIn(payload: unknown): string[] {
  const texts = [JSON.stringify(payload), ...stringsIn(payload)];
  return SPELLINGS.filter((spelling) => texts.some((text) => text.includes(spelling)));
}

const FINAL_POT = 2 * 40;

let running: FakeFeedSession | null = null;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await running?.close();
  running = null;
});

/** A session on a fake feed whose venue echoes the key from its first frame on. */
async function echoingSession(): Promise<FakeFeedSession> {
  running = await startFakeFeedSession(echoingFrame(2), KEY);
  return running;
}

/** A burst of echoing frames (several pushes, some coalesced), ending on FINAL_POT. */
async function echoBurst(session: FakeFeedSession): Promise<void> {
  for (let pot = 4; pot <= FINAL_POT; pot += 2) {
    session.feed.frame(echoingFrame(pot));
    if (pot % 8 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Resolves once `payloads` holds a snapshot that `shows`. */
async function until(payloads: readonly unknown[], shows: (snapshot: SessionSnapshot) => boolean): Promise<void> {
  for (let waited = 0; !payloads.some((payload) => shows(payload as SessionSnapshot)); waited += 10) {
    if (waited > 5000) throw new Error('the last push never arrived');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Resolves once the cashier has the push showing FINAL_POT and the monitor that same push (by version: the monitor's
 * projection hides the amounts while the venue's money mode is unknown).
 */
async function untilLastPush(cashier: readonly unknown[], monitor: readonly unknown[]): Promise<void> {
  await until(cashier, (snapshot) => snapshot.table?.pot === FINAL_POT);
  const last = (cashier.find((payload) => (payload as SessionSnapshot).table?.pot === FINAL_POT) as SessionSnapshot)
    .version;
  await until(monitor, (snapshot) => snapshot.version >= last);
}

describe('a venue that echoes the key', () => {
  it('gets it into the session snapshot itself: a snapshot carries venue text, so the scrub stays', async () => {
    const { session } = await echoingSession();
    expect(JSON.stringify(session.snapshot())).toContain(JSON.stringify(KEY).slice(1, -1));
    expect(session.snapshot().table?.tableName).toBe(`Table ${KEY}`);
  });

  it('never gets it into a web runtime push, to the cashier or the monitor', async () => {
    const session = await echoingSession();
    // As the web runtime composes it (runtime.ts): the key in use now, scrubbed from whatever goes to a page.
    const server = await startKeyScrubbingWebServer(session.session, KEY, 'venue-push-key-scan-', cleanups);
    const received = { cashier: [] as unknown[], monitor: [] as unknown[] };
    const wire: string[] = [];
    const open = async (link: string, path: string, into: unknown[]): Promise<WebSocket> => {
      const socket = await openBridgeSocket(server.port, path, (await exchangeLink(link)).cookie);
      socket.on('message', (data) => {
        wire.push(String(data));
        const message = JSON.parse(String(data)) as { t: string; snapshot?: unknown };
        if (message.t === 'snapshot') into.push(message.snapshot);
      });
      socket.send(JSON.stringify({ t: 'subscribe' }));
      return socket;
    };
    await open(server.url, '/bridge', received.cashier);
    await open(server.monitorUrl, '/monitor-bridge', received.monitor);
    await echoBurst(session);
    await untilLastPush(received.cashier, received.monitor);

    // Every message as sent on the wire, then every push as the page reads it.
    for (const text of wire) expect(keySpellingsIn(text)).toEqual([]);
    for (const pushes of [received.cashier, received.monitor]) {
      expect(pushes.length).toBeGreaterThan(1);
      for (const push of pushes) expect(keySpellingsIn(push)).toEqual([]);
      // The echo itself arrived, redacted: the scan above looked at the venue's text, not at an empty table.
      expect((pushes.at(-1) as SessionSnapshot).table?.tableName).toBe(`Table ${REDACTED}`);
    }
  });

  it('never gets it into a desktop window push, to the cashier or the monitor', async () => {
    const session = await echoingSession();
    const trusted = new TrustedWindows();
    trusted.add(1, 'cashier');
    trusted.add(2, 'monitor');
    const received = new Map<number, unknown[]>([
      [1, []],
      [2, []],
    ]);
    const window = (id: number) => ({
      isDestroyed: () => false,
      send: (channel: string, payload: unknown) => {
        expect(channel).toBe(snapshotEvent);
        received.get(id)?.push(payload);
      },
    });
    // As the desktop shell composes it (shell.ts): the vault's key in use now.
    const stop = pushSnapshotsToWindows({
      source: session.session,
      trusted,
      lookup: window,
      scrub: (value) => scrubSecret(value, KEY),
    });
    cleanups.push(async () => stop());
    await echoBurst(session);
    await untilLastPush(received.get(1) ?? [], received.get(2) ?? []);

    for (const pushes of received.values()) {
      for (const push of pushes) expect(keySpellingsIn(push)).toEqual([]);
      expect((pushes.at(-1) as SessionSnapshot).table?.tableName).toBe(`Table ${REDACTED}`);
    }
  });
});
