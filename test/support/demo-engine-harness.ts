/**
 * Drives the demo venue's table engine directly: no sockets, no timers, a manual clock. Lets property tests play
 * thousands of hands in seconds and see every event exactly as the feed would publish it.
 */
import { houseChurn } from '../../main/demo/engine/house-churn';
import {
  applyMovement,
  editSeat,
  PlayerRegistry,
  type HostAnswer,
  type MovementRequest,
} from '../../main/demo/engine/movements';
import { TableEngine } from '../../main/demo/engine/table-engine';
import type { EngineEvent } from '../../main/demo/engine/types';
import type { DemoStakes } from '../../main/demo/played-hand';
import { createRng } from '../../main/demo/rng';
import { createRoster } from '../../main/demo/roster';

export interface EngineHarness {
  readonly engine: TableEngine;
  readonly events: EngineEvent[];
  /** Unix milliseconds of the manual clock. */
  now: number;
  /** One commit, after advancing the clock by `ms`. */
  step(ms?: number): boolean;
  /** Steps until `count` more hands have ended (or the table cannot deal). Calls `check` after every step. */
  playHands(count: number, check?: () => void): number;
  movement(request: MovementRequest): HostAnswer;
  seatEdit(seatId: number, stackCents: number): void;
}

/** The demo venue's own stakes: 1/2, no ante, no straddle. */
export const PLAIN_STAKES: DemoStakes = { small_blind: 1, big_blind: 2, ante: 0, straddle: 0 };

export function createEngineHarness(
  seed: number,
  seatCount = 6,
  paceMs = 700,
  stakes: DemoStakes = PLAIN_STAKES,
): EngineHarness {
  const roster = createRoster(seed, 24);
  const registry = new PlayerRegistry(roster);
  const churnRng = createRng(seed ^ 0x77);
  const managed = new Set<string>();
  const events: EngineEvent[] = [];
  const harness: EngineHarness = {
    engine: undefined as unknown as TableEngine,
    events,
    now: 1_790_000_000_000,
    step(ms = paceMs) {
      harness.now += ms;
      return harness.engine.step();
    },
    playHands(count, check) {
      const target = harness.engine.playedHands().length + count;
      let idle = 0;
      while (harness.engine.playedHands().length < target && idle < 50) {
        const committed = harness.step();
        idle = committed ? 0 : idle + 1;
        check?.();
      }
      return harness.engine.playedHands().length;
    },
    movement(request) {
      const answer = applyMovement(harness.engine, registry, request);
      if (answer.ok) managed.add(answer.player_id);
      return answer;
    },
    seatEdit(seatId, stackCents) {
      editSeat(harness.engine, seatId, stackCents);
    },
  };
  (harness as { engine: TableEngine }).engine = new TableEngine({
    seed,
    seatCount,
    roster,
    stakes,
    tableName: 'Test Table',
    sessionUid: 'session-under-test',
    now: () => harness.now,
    emit: (event) => events.push(event),
    beforeDeal: (engine) => houseChurn(engine, { roster, rng: churnRng, managedByCashier: managed }),
  });
  return harness;
}
