// A demo venue started on a state folder is the same venue after a restart: its key, the host's ledger, every settled
// key's stored answer (a lost one included: replayed, never applied twice), the seats, stacks and hand counter. A
// torn tail in the state file costs only the record it tore; a fresh start forgets everything.
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningDemoVenue } from '../../../main/demo/index';
import type { DemoVenueOptions } from '../../../main/demo/api';
import { freshKey, ledgerFor, move, seatedName, startTestVenue, until } from '../../support/demo-live-client';

const STATE_FILE = 'demo-venue.jsonl';
const dirs: string[] = [];
const running: RunningDemoVenue[] = [];

async function stateDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'demo-state-'));
  dirs.push(dir);
  return dir;
}

async function start(dir: string, options: DemoVenueOptions = {}): Promise<RunningDemoVenue> {
  const venue = await startTestVenue({ autoplay: false, hostTimeoutMs: 150, stateDir: dir, ...options });
  running.push(venue);
  return venue;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((venue) => venue.close()));
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const seatsOf = (venue: RunningDemoVenue) =>
  venue.inspect.trueTable().seats.map(({ seat_id, player_id, name, stack, present }) => ({
    seat_id,
    player_id,
    name,
    stack,
    present,
  }));

describe('the demo venue kept in a state folder', () => {
  it('restarts as the same venue: key, ledger, stored answers (a lost one too), seats and stacks', async () => {
    const dir = await stateDir();
    const first = await start(dir, { seed: 7 });
    expect(first.resumed).toBe(false);
    const regular = seatedName(first);
    const buyIn = freshKey('keep-buy');
    const walkIn = freshKey('keep-walk');
    const lost = freshKey('keep-lost');
    const refused = freshKey('keep-refused');
    const buyAnswer = await move(first, 'buy-in', { player_name: regular, amount: 40, idempotency_key: buyIn });
    expect(buyAnswer.status).toBe(200);
    const walkAnswer = await move(first, 'buy-in', {
      player_name: 'Nadia Okafor',
      amount: 250,
      idempotency_key: walkIn,
    });
    expect(walkAnswer.status).toBe(200);
    const refusedAnswer = await move(first, 'cash-out', {
      player_name: 'Nobody Here',
      amount: 5,
      idempotency_key: refused,
    });
    expect(refusedAnswer.body).toMatchObject({ ok: false, reason: 'unknown_player' });
    first.faults.timeoutNextMovements(1, 'applied-answer-lost');
    const lostBody = { player_name: regular, amount: 15, idempotency_key: lost };
    expect(await move(first, 'cash-out', lostBody)).toMatchObject({ status: 504, body: { error: 'host_timeout' } });
    expect(ledgerFor(first, lost)).toHaveLength(1);
    const ledger = first.inspect.ledger();
    const seats = seatsOf(first);
    await first.close();

    const second = await start(dir, { seed: 99 });
    expect(second.resumed).toBe(true);
    // The saved seed wins over the option: same key, same venue.
    expect(second.key).toBe(first.key);
    expect(second.venueId).toBe(first.venueId);
    expect(second.inspect.ledger()).toEqual(ledger);
    expect(seatsOf(second)).toEqual(seats);
    for (const [key, body, answer] of [
      [buyIn, { player_name: regular, amount: 40, idempotency_key: buyIn }, buyAnswer.body],
      [walkIn, { player_name: 'Nadia Okafor', amount: 250, idempotency_key: walkIn }, walkAnswer.body],
    ] as const) {
      const replay = await move(second, 'buy-in', body);
      expect(replay.status).toBe(200);
      expect(replay.headers.get('idempotent-replay')).toBe('true');
      expect(replay.body).toEqual(answer);
      expect(ledgerFor(second, key)).toHaveLength(1);
    }
    const refusedReplay = await move(second, 'cash-out', {
      player_name: 'Nobody Here',
      amount: 5,
      idempotency_key: refused,
    });
    expect(refusedReplay.headers.get('idempotent-replay')).toBe('true');
    expect(refusedReplay.body).toEqual(refusedAnswer.body);
    // The answer lost before the restart is the host's stored answer now: replayed, not applied again.
    const resumed = await move(second, 'cash-out', lostBody);
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get('idempotent-replay')).toBe('true');
    expect(resumed.body).toMatchObject({ ok: true, amount: 15, stack_after: ledgerFor(first, lost)[0]?.stack_after });
    expect(ledgerFor(second, lost)).toHaveLength(1);
    expect(seatsOf(second)).toEqual(seats);
    // The walk-in keeps the player id the venue gave her, even after leaving and coming back.
    const walkInId = ledgerFor(second, walkIn)[0]?.player_id;
    const leave = freshKey('keep-leave');
    const back = freshKey('keep-back');
    expect(
      await move(second, 'cash-out', { player_name: 'nadia okafor', close_session: true, idempotency_key: leave }),
    ).toMatchObject({ status: 200, body: { ok: true, player_id: walkInId } });
    expect(
      await move(second, 'buy-in', { player_name: 'Nadia  Okafor', amount: 100, idempotency_key: back }),
    ).toMatchObject({ status: 200, body: { ok: true, player_id: walkInId } });
    const account = second.inspect.chipAccount();
    expect(account.stacksCents + account.potCents + account.rakeCents).toBe(
      account.initialCents + account.appliedCents,
    );
  });

  it('keeps the hand counter and the stacks the hands left, and deals new hand ids after a restart', async () => {
    const dir = await stateDir();
    const first = await start(dir, { autoplay: true });
    await until(() => (first.inspect.trueTable().hand_number ?? 0) >= 3);
    await first.faults.holdBetweenHands();
    const hands = first.inspect.trueTable().hand_number ?? 0;
    const seats = seatsOf(first);
    const handIds = new Set(first.inspect.playedHands().map((hand) => hand.hand_id));
    await first.close();

    const second = await start(dir, { autoplay: false });
    expect(second.inspect.trueTable().hand_number).toBe(hands);
    expect(seatsOf(second)).toEqual(seats);
    await second.close();
    const third = await start(dir, { autoplay: true });
    await until(() => third.inspect.playedHands().length >= 2);
    expect((third.inspect.playedHands()[0]?.hand_number ?? 0) > hands).toBe(true);
    for (const hand of third.inspect.playedHands()) expect(handIds.has(hand.hand_id)).toBe(false);
  });

  it('keeps every whole record before a torn tail and goes on appending after it', async () => {
    const dir = await stateDir();
    const first = await start(dir);
    const name = seatedName(first);
    const kept = freshKey('torn-kept');
    expect((await move(first, 'buy-in', { player_name: name, amount: 30, idempotency_key: kept })).status).toBe(200);
    const seats = seatsOf(first);
    await first.close();
    // A crash in the middle of an append: half a record, no newline.
    await appendFile(join(dir, STATE_FILE), '{"t":"movement","key":"torn-half","answer":{"ok":tr');

    const second = await start(dir);
    expect(second.resumed).toBe(true);
    expect(second.inspect.ledger().map((entry) => entry.idempotency_key)).toEqual([kept]);
    expect(seatsOf(second)).toEqual(seats);
    expect(
      (await move(second, 'buy-in', { player_name: name, amount: 30, idempotency_key: kept })).headers.get(
        'idempotent-replay',
      ),
    ).toBe('true');
    const after = freshKey('torn-after');
    expect((await move(second, 'buy-in', { player_name: name, amount: 20, idempotency_key: after })).status).toBe(200);
    await second.close();
    expect(await readFile(join(dir, STATE_FILE), 'utf8')).not.toContain('torn-half');

    const third = await start(dir);
    expect(third.inspect.ledger().map((entry) => entry.idempotency_key)).toEqual([kept, after]);
  });

  it('forgets everything on a fresh start, and keeps nothing without a state folder', async () => {
    const dir = await stateDir();
    const first = await start(dir, { seed: 3 });
    const name = seatedName(first);
    const key = freshKey('fresh');
    expect((await move(first, 'buy-in', { player_name: name, amount: 30, idempotency_key: key })).status).toBe(200);
    await first.close();

    const fresh = await start(dir, { seed: 4, freshState: true });
    expect(fresh.resumed).toBe(false);
    expect(fresh.key).not.toBe(first.key);
    expect(fresh.inspect.ledger()).toEqual([]);
    await fresh.close();
    const again = await start(dir);
    expect(again.resumed).toBe(true);
    expect(again.key).toBe(fresh.key);

    const unsaved = await startTestVenue({ autoplay: false, seed: 3 });
    running.push(unsaved);
    expect(unsaved.resumed).toBe(false);
  });
});
