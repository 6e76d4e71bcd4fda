// The demo's live-plane faults over real sockets: run identity that survives a new run passing an old cursor,
// refused upgrades (429 with retry_after_sec, 5xx, 403, no answer), an engine restart under open sockets, and a
// start_hand with a malformed seat (live and in the replay).
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningDemoVenue } from '../../../main/demo/index';
import { isEvent, openSocket, payloadOf, startTestVenue, until, type Frame } from '../../support/demo-live-client';

let venue: RunningDemoVenue | undefined;
afterEach(async () => {
  await venue?.close();
  venue = undefined;
});

/** One upgrade attempt as plain HTTP: the status, headers and body of a refusal, or `cut` when no answer came. */
function upgradeAnswer(
  target: RunningDemoVenue,
): Promise<{ status: number; retryAfter: string | undefined; body: unknown } | 'cut'> {
  const url = new URL(`${target.wsUrl.replace('ws:', 'http:')}/live/events?key=${target.key}`);
  return new Promise((resolve) => {
    const req = request(url, {
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    });
    req.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          retryAfter: response.headers['retry-after'],
          body: JSON.parse(text),
        }),
      );
    });
    req.on('error', () => resolve('cut'));
    req.end();
  });
}

async function catchUpEnvelope(target: RunningDemoVenue, sinceSeq: number): Promise<Frame> {
  const socket = await openSocket(target, { since_seq: String(sinceSeq) });
  const envelope = await socket.waitFor((frame) => frame.type === 'replay');
  socket.close();
  return envelope;
}

describe('live faults', () => {
  it('run identity: a cursor of the previous run gets reset true even when the new run has passed it', async () => {
    venue = await startTestVenue({ paceMs: 2, betweenHandsMs: 4 });
    const client = await openSocket(venue);
    await venue.inspect.waitForHands(1);
    await venue.faults.holdBetweenHands();
    const oldCursor = venue.inspect.trueTable().seq;
    client.close();
    await client.closed;
    venue.faults.restartEngine();
    venue.faults.resumeTable();
    await until(() => venue!.inspect.trueTable().seq > oldCursor + 10);
    await venue.faults.holdBetweenHands();
    const envelope = await catchUpEnvelope(venue, oldCursor);
    expect(envelope).toMatchObject({ since_seq: oldCursor, reset: true, complete: false, oldest_seq: 1 });
    // That reconnect began in the new run: its cursor is now the new run's.
    const again = await catchUpEnvelope(venue, venue.inspect.trueTable().seq);
    expect(again).toMatchObject({ reset: false, complete: true });
  });

  it('refuses upgrades as told: 429 with retry_after_sec, 503, 403, or no answer at all, and counts them', async () => {
    venue = await startTestVenue({ autoplay: false });
    venue.faults.refuseUpgrades({ status: 429, retryAfterSec: 42 });
    expect(await upgradeAnswer(venue)).toEqual({
      status: 429,
      retryAfter: '42',
      body: { error: 'rate_limited', retry_after_sec: 42 },
    });
    venue.faults.refuseUpgrades({ status: 503 });
    expect(await upgradeAnswer(venue)).toMatchObject({ status: 503 });
    venue.faults.refuseUpgrades({ status: 403 });
    expect(await upgradeAnswer(venue)).toMatchObject({ status: 403 });
    venue.faults.refuseUpgrades('unreachable');
    expect(await upgradeAnswer(venue)).toBe('cut');
    expect(venue.faults.refusedUpgrades()).toBe(4);
    venue.faults.refuseUpgrades(null);
    const socket = await openSocket(venue);
    expect((await socket.waitFor(() => true)).type).toBe('state');
    socket.close();
  });

  it('an engine restart under open sockets: seq goes back to 1 on the same socket, nothing closes it', async () => {
    venue = await startTestVenue({ paceMs: 2, betweenHandsMs: 4 });
    const socket = await openSocket(venue);
    await venue.inspect.waitForHands(1);
    await venue.faults.holdBetweenHands();
    await until(() => socket.events().at(-1)?.seq === venue!.inspect.trueTable().seq);
    const before = socket.events().length;
    venue.faults.restartEngineUnderSockets();
    venue.faults.resumeTable();
    await until(() => socket.events().length > before + 3);
    const seqs = socket.events().map((frame) => frame.seq as number);
    expect(seqs[before]).toBe(1);
    expect(seqs[before - 1]).toBeGreaterThan(1);
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
    socket.close();
  });

  it('a malformed start_hand seat: seat_id null in the first seat, live and again in the replay', async () => {
    venue = await startTestVenue({ paceMs: 2, betweenHandsMs: 4 });
    const socket = await openSocket(venue);
    await venue.inspect.waitForHands(1);
    await venue.faults.holdBetweenHands();
    venue.faults.malformNextStartHandSeat();
    const startsBefore = socket.events().filter(isEvent('start_hand')).length;
    venue.faults.resumeTable();
    const bad = (await socket.waitForCount(isEvent('start_hand'), startsBefore + 1)).at(-1) as Frame;
    const seats = payloadOf(bad).seats as Array<Record<string, unknown>>;
    expect(seats[0]?.seat_id).toBeNull();
    expect(seats.slice(1).every((seat) => Number.isInteger(seat.seat_id))).toBe(true);
    const replayed = await openSocket(venue, { since_seq: String((bad.seq as number) - 1) });
    const again = await replayed.waitFor((frame) => frame.type === 'event' && frame.seq === bad.seq);
    expect((payloadOf(again).seats as Array<Record<string, unknown>>)[0]?.seat_id).toBeNull();
    replayed.close();
    socket.close();
  });
});
