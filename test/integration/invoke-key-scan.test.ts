/**
 * The key scrub moved: pushes are scrubbed once, in core/session/scrubbed-pushes.ts, before the monitor's projection.
 * What a page reads by invoke is not a push: the web bridge still scrubs each result itself. From a venue that echoes
 * the key in its table and player names, the snapshot a page asks for (the first one it reads, on the cashier's and
 * the monitor's socket) must carry no spelling of the key, and must carry the echo, redacted (so the scan is live).
 */
import type { WebSocket } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { REDACTED } from '../../main/core/venue/redact';
import type { SessionSnapshot } from '../../preload/contract';
import { startFakeFeedSession, type FakeFeedSession } from '../support/fake-feed-session';
import { keyEchoingFrame } from '../support/key-echoing-frame';
import { startKeyScrubbingWebServer } from '../support/key-scrubbing-web-server';
import { HARD_KEY, keySpellings } from '../support/key-spellings';
import { exchangeLink, openBridgeSocket } from '../support/web-session';

const KEY = HARD_KEY;
const SPELLINGS = keySpellings(KEY);

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** One invoke's whole answer as it came over the wire. */
function invokeText(socket: WebSocket, id: number, channel: string): Promise<string> {
  return new Promise((resolve) => {
    const onMessage = (data: Buffer) => {
      const message = JSON.parse(String(data)) as { t: string; id?: number };
      if (message.t !== 'result' || message.id !== id) return;
      socket.off('message', onMessage);
      resolve(String(data));
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify({ t: 'invoke', id, channel, args: [] }));
  });
}

describe('a venue that echoes the key, read by invoke', () => {
  it('never gets it into session:get-snapshot on the web bridge, for the cashier or the monitor', async () => {
    const running: FakeFeedSession = await startFakeFeedSession(keyEchoingFrame(2, KEY), KEY);
    cleanups.push(() => running.close());
    const server = await startKeyScrubbingWebServer(running.session, KEY, 'venue-invoke-key-scan-', cleanups);
    expect(JSON.stringify(running.session.snapshot())).toContain(JSON.stringify(KEY).slice(1, -1));
    for (const [link, path] of [
      [server.url, '/bridge'],
      [server.monitorUrl, '/monitor-bridge'],
    ] as const) {
      const socket = await openBridgeSocket(server.port, path, (await exchangeLink(link)).cookie);
      cleanups.push(async () => socket.close());
      const text = await invokeText(socket, 1, 'session:get-snapshot');
      const outcome = (JSON.parse(text) as { outcome: { ok: boolean; value: SessionSnapshot } }).outcome;
      expect(outcome.ok).toBe(true);
      expect(SPELLINGS.filter((spelling) => text.includes(spelling))).toEqual([]);
      expect(outcome.value.table?.tableName).toBe(`Table ${REDACTED}`);
    }
  });
});
