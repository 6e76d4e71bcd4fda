/**
 * The cashier over real sockets against the demo venue: each spec rule observed end to end in the venue's own ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCashier } from '../../../main/core/cashier/index';
import type { Cashier, MovementView } from '../../../main/core/cashier/index';
import type { RunningDemoVenue } from '../../../main/demo/index';
import { postTransaction } from '../../../main/core/venue/transaction';
import { tempDataDir } from '../../support/cashier-harness';
import { eventually, readLiveTable, streamedLiveTable } from '../../support/cashier-live-table';
import { movementRequest, type TestRequest } from '../../support/cashier-fixtures';
import { openShiftArgs } from '../../support/shift-args';
import { playersWithChips, startHeldDemoVenue } from '../../support/held-demo-venue';

let venue: RunningDemoVenue;
let cashier: Cashier;
let players: string[];
let dir: { readonly dir: string; readonly remove: () => void };

beforeAll(async () => {
  // One hand first: before a run's first hand the venue has no hand number, and stack evidence needs one.
  venue = await startHeldDemoVenue({ seed: 5, hostAnswerMs: 3, hostTimeoutMs: 80 });
  players = playersWithChips(venue).map((player) => player.name);
  dir = tempDataDir('cashier-demo-');
  cashier = await openCashier({
    dataDir: dir.dir,
    transport: (action, request, signal) =>
      postTransaction({ baseUrl: venue.baseUrl, key: venue.key, timeoutMs: 5_000 }, action, request, signal),
    readTable: (signal) => readLiveTable(venue.baseUrl, venue.key, signal),
    config: { retry: { baseMs: 5, maxMs: 60 } },
  });
  cashier.observeTable(await streamedLiveTable(venue.baseUrl, venue.key));
  // The stand-in keeper's heartbeat: the table is held between hands and nobody else writes, so the stream it stands
  // for is unbroken since the start and has delivered everything up to each beat.
  const beat = (): void => cashier.observeStream({ unbrokenSince: 0, deliveredThrough: Date.now() });
  beat();
  heartbeat = setInterval(beat, 20);
  await cashier.whenReady();
  // Money moves only inside a shift, and nothing opens one by itself.
  expect(await cashier.openShift(...openShiftArgs(0, 'Test cashier'))).toMatchObject({ ok: true });
});

afterAll(async () => {
  if (heartbeat !== null) clearInterval(heartbeat);
  await cashier?.close();
  await venue?.close();
  dir?.remove();
});

let heartbeat: NodeJS.Timeout | null = null;

const view = (key: string): MovementView => {
  const found = cashier.snapshot().movements.find((movement) => movement.key === key);
  if (found === undefined) throw new Error(`no movement ${key}`);
  return found;
};

const player = (index: number): string => {
  const name = players[index];
  if (name === undefined) throw new Error(`need ${index + 1} seated players, have ${players.length}`);
  return name;
};

async function requestKey(input: TestRequest): Promise<string> {
  const result = await cashier.request(movementRequest(input));
  if (result.kind !== 'accepted') throw new Error(JSON.stringify(result));
  return result.movement.key;
}

const ledgerCount = (key: string): number =>
  venue.inspect.ledger().filter((entry) => entry.idempotency_key === key).length;

describe('cashier against the demo venue', () => {
  it('applies a buy-in once and keeps the host answer verbatim', async () => {
    const name = player(0);
    const before = venue.inspect.trueTable().seats.find((seat) => seat.name === name)?.stack ?? 0;
    const key = await requestKey({ action: 'buy-in', playerName: name, amount: 12.5 });
    const settled = await cashier.whenSettled(key);
    expect(settled.state).toBe('applied');
    expect(settled.settlement?.body).toMatchObject({
      ok: true,
      kind: 'buy_in',
      player_name: name,
      amount: 12.5,
      delta: 12.5,
    });
    expect(ledgerCount(key)).toBe(1);
    expect(venue.inspect.trueTable().seats.find((seat) => seat.name === name)?.stack).toBe(
      Math.round((before + 12.5) * 100) / 100,
    );
  });

  it('after a 504 keeps the same key until the host answer arrives (applied once)', async () => {
    venue.faults.timeoutNextMovements(1, 'applied-answer-late', 150);
    const key = await requestKey({ action: 'cash-out', playerName: player(1), amount: 1 });
    const settled = await cashier.whenSettled(key);
    expect(settled.state).toBe('applied');
    expect(settled.attempts.some((attempt) => attempt.status === 504)).toBe(true);
    expect(ledgerCount(key)).toBe(1);
  });

  it(
    'in doubt with stack evidence "not applied": sends again under a new key ' + "only on the cashier's choice",
    async () => {
      venue.faults.timeoutNextMovements(1, 'never');
      const key = await requestKey({ action: 'buy-in', playerName: player(2), amount: 3 });
      await eventually(() => view(key).state === 'in-doubt' && view(key).evidence?.verdict === 'not-applied').catch(
        (error: unknown) => {
          throw new Error(`${String(error)}: ${JSON.stringify(view(key))}`);
        },
      );
      expect(view(key).evidence?.stackCheck.usable).toBe(true);
      expect(venue.inspect.ledger().filter((entry) => entry.name === player(2))).toEqual([]);
      const result = await cashier.resolveInDoubt(key, 'send-again');
      if (!result.ok) throw new Error(result.reason);
      const settled = await cashier.whenSettled(result.movement.key);
      expect(settled).toMatchObject({ state: 'applied', replaces: key });
      expect(view(key)).toMatchObject({ state: 'in-doubt', replacedBy: result.movement.key });
      expect(ledgerCount(key)).toBe(0);
      expect(ledgerCount(result.movement.key)).toBe(1);
    },
  );

  it('retries the same key while the host is offline, then applies once', async () => {
    venue.faults.setHostOnline(false);
    const key = await requestKey({ action: 'buy-in', playerName: player(3), amount: 2 });
    await eventually(() =>
      view(key).attempts.some((attempt) => attempt.errorCode === 'host_offline' && attempt.count >= 2),
    );
    expect(view(key).state).toBe('sending');
    venue.faults.setHostOnline(true);
    expect((await cashier.whenSettled(key)).state).toBe('applied');
    expect(ledgerCount(key)).toBe(1);
  });

  it('queues on 409 hand_in_progress and sends between hands', async () => {
    venue.faults.forceHandInProgress(true);
    const key = await requestKey({ action: 'cash-out', playerName: player(4), amount: 1 });
    await eventually(() => view(key).state === 'queued' && view(key).attempts.length > 0);
    expect(view(key).cancelBlockedBy).toBeNull();
    venue.faults.forceHandInProgress(false);
    await cashier.sendNow(key);
    expect((await cashier.whenSettled(key)).state).toBe('applied');
    expect(ledgerCount(key)).toBe(1);
  });

  it('stops on 401 and resumes the same key once access is back', async () => {
    venue.faults.revokeKey();
    const key = await requestKey({ action: 'buy-in', playerName: player(0), amount: 1 });
    await eventually(() => cashier.snapshot().access === 'withdrawn');
    // Either this POST's own 401 is journaled (back to the queue), or another read's 401 withdrew access before the
    // movement's first attempt left (the reserve check and the intent's fdatasync take a moment): then it is held
    // unsent. Both mean nothing reached the venue, which is what this test is about.
    await eventually(() => {
      const now = view(key);
      return now.state === 'queued' || (now.state === 'sending' && now.attempts.length === 0);
    });
    expect(ledgerCount(key)).toBe(0);
    expect(
      await cashier.request(movementRequest({ action: 'buy-in', playerName: player(1), amount: 1 })),
    ).toMatchObject({ kind: 'blocked' });
    venue.faults.restoreKey();
    cashier.observeAccess('ok');
    expect((await cashier.whenSettled(key)).state).toBe('applied');
    expect(ledgerCount(key)).toBe(1);
  });

  it('shows the host refusal verbatim and applies nothing', async () => {
    const key = await requestKey({ action: 'cash-out', playerName: player(1), amount: 999_999 });
    const settled = await cashier.whenSettled(key);
    expect(settled.state).toBe('refused');
    expect(settled.settlement?.refusal?.code).toBe('insufficient_stack');
    expect(ledgerCount(key)).toBe(0);
  });
});
