/**
 * Night identity across an app restart: the app is closed after a night ends and started again less than 12 h
 * later (so the stored night is loaded, not discarded as stale); the new night's hand numbers start again at 1.
 * Those hands are tonight's, not "already seen"; a replay of the stored night's hands (original times) still is.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TonightKeeper } from '../../../main/core/history/tonight-keeper';
import type { LiveEvent } from '../../../main/core/venue/schemas-live';
import { endHandEvent, startHandEvent } from '../../support/hand-events';

const ALICE = '00000000-0000-4000-8000-00000000000a';
const HOUR_S = 3600;
/** Last night's first hand, Unix seconds. */
const LAST_NIGHT = 1_790_000_000;

/** One finished hand of Alice's, all events at venue time `ts` (seconds). */
function handAt(handNumber: number, ts: number, stack: number, net: number): LiveEvent[] {
  const seat = { seat_id: 1, player_id: ALICE, name: 'Alice' };
  return [
    startHandEvent({ handNumber, seq: handNumber * 10, ts }, seat, stack),
    endHandEvent({ handNumber, seq: handNumber * 10 + 1, ts: ts + 60 }, seat, stack, net),
  ];
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'venue-tonight-restart-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function keeperAt(nowSeconds: number): Promise<TonightKeeper> {
  const keeper = new TonightKeeper(
    () => undefined,
    () => nowSeconds * 1000,
  );
  await keeper.open(join(dir, 'tonight-hands.json'));
  return keeper;
}

function feed(keeper: TonightKeeper, events: readonly LiveEvent[]): void {
  for (const event of events) keeper.feed({ type: 'event', event });
}

describe('tonight after a restart less than 12 h after the last night ended', () => {
  it("keeps the new night's hands whose numbers restarted, and still drops replays of the stored night", async () => {
    const lastNight = [1, 2, 3].flatMap((n) => handAt(n, LAST_NIGHT + n * 120, 100 + n, 1));
    const closing = await keeperAt(LAST_NIGHT + HOUR_S);
    feed(closing, lastNight);
    expect(closing.handsOf(ALICE).map((hand) => hand.handNumber)).toEqual([3, 2, 1]);
    await closing.close();

    // Started again 3 h after the last hand: the stored night is loaded (it is not stale).
    const tonightStart = LAST_NIGHT + 4 * HOUR_S;
    const restarted = await keeperAt(tonightStart);
    expect(restarted.handsOf(ALICE).map((hand) => hand.handNumber)).toEqual([3, 2, 1]);
    // The venue's replay window still holds last night's third hand (its original time): a duplicate.
    feed(restarted, handAt(3, LAST_NIGHT + 360, 103, 1));
    expect(restarted.handsOf(ALICE)).toHaveLength(3);
    // Tonight's table numbers its hands from 1 again.
    feed(restarted, [...handAt(1, tonightStart + 60, 500, -2), ...handAt(2, tonightStart + 180, 498, 4)]);
    expect(restarted.handsOf(ALICE).map((hand) => [hand.handNumber, hand.stackStart])).toEqual([
      [2, 498],
      [1, 500],
    ]);
    await restarted.close();
  });
});
