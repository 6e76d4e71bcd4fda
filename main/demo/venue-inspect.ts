/** DemoInspect: the venue's own truth, for tests to hold a client's model against. */
import type { DemoInspect, DemoSeatTruth, DemoTableTruth } from './api';
import { toChips } from './engine/cents';
import type { ChipAccount } from './engine/table-engine';
import type { VenueParts } from './venue-parts';

/** DemoInspect plus the chip account behind the conservation rule. */
export interface DemoInspectWithAccount extends DemoInspect {
  /** Cents: stacks + pot + rake always equals initial + applied. */
  chipAccount(): ChipAccount;
}

export function createInspect(parts: VenueParts): DemoInspectWithAccount {
  const { engine, runner, feed, history, ledger } = parts;
  return {
    ledger: () => [...ledger],
    trueTable(): DemoTableTruth {
      const hand = engine.hand;
      const seats: DemoSeatTruth[] = engine.seats.map((seat) => ({
        seat_id: seat.seatId,
        player_id: seat.playerId,
        name: seat.name,
        stack: seat.stack === null ? null : toChips(seat.stack),
        in_hand: hand?.players.some((player) => player.seatId === seat.seatId && !player.folded) ?? false,
        present: seat.present,
      }));
      return {
        hand_number: engine.lastHandNumber === 0 ? null : engine.lastHandNumber,
        between_hands: engine.betweenHands,
        street: hand?.street ?? null,
        board: [...(hand?.board ?? [])],
        pot: toChips(engine.potCents()),
        current_bet: toChips(hand?.currentBet ?? 0),
        button: engine.buttonSeat,
        action_on: hand?.actionOn ?? null,
        seats,
        seq: feed.seq,
        engineRun: feed.engineRun,
      };
    },
    playedHands: () => [...engine.playedHands()],
    publishedHandIds: () => history.publishedHandIds(),
    waitForHands: (count: number) => runner.waitForHands(count),
    waitForBetweenHands: () => runner.waitForBetweenHands(),
    chipAccount: () => engine.chipAccount(),
  };
}
