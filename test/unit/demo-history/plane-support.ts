/** Builders shared by the historical plane's unit tests: a small plane and fresh finished hands to publish. */
import type { DemoMoneyMode } from '../../../main/demo/api';
import { simulateHand } from '../../../main/demo/history/hand-sim';
import { createHistoryPlane, type HistoryPlane } from '../../../main/demo/history/plane';
import type { DemoStakes, PlayedHand } from '../../../main/demo/played-hand';
import { createRoster, type DemoPlayer } from '../../../main/demo/roster';

export const STAKES: DemoStakes = { small_blind: 1, big_blind: 2, ante: 0, straddle: 0 };
export const ROSTER: readonly DemoPlayer[] = createRoster(21, 12);

export interface PlaneSetup {
  readonly historyHands?: number;
  readonly published?: boolean;
  readonly moneyMode?: DemoMoneyMode;
  readonly pageSize?: number;
  readonly cursorWalkCap?: number;
  /** Unix milliseconds. */
  readonly now?: number;
}

export function makePlane(setup: PlaneSetup = {}): HistoryPlane {
  return createHistoryPlane({
    seed: 21,
    historyHands: setup.historyHands ?? 50,
    published: setup.published ?? true,
    moneyMode: setup.moneyMode ?? 'bb',
    roster: ROSTER,
    pageSize: setup.pageSize ?? 10,
    cursorWalkCap: setup.cursorWalkCap ?? 1000,
    stakes: STAKES,
    now: () => setup.now ?? Date.UTC(2026, 10, 21, 12),
  });
}

let made = 0;

/** `count` finished hands of one new night, ending at the given Unix-second times (ties allowed). */
export function nightOfHands(times: readonly number[]): PlayedHand[] {
  made += 1;
  const night = `night-${made}`;
  const seats = ROSTER.slice(0, 6).map((player, index) => ({ seat_id: index + 1, player }));
  return times.map((ts, index) => {
    const hand = simulateHand({
      hand_id: `${night}-hand-${index + 1}`,
      hand_number: index + 1,
      session_uid: night,
      started_at: ts - 60,
      stakes: STAKES,
      seats,
      button_seat: (index % 6) + 1,
      seed: made * 1000 + index,
    });
    return { ...hand, ts };
  });
}

export const query = (text = ''): URLSearchParams => new URLSearchParams(text);

export interface CursorBody {
  readonly order: 'asc';
  readonly count: number;
  readonly complete: boolean;
  readonly hands: { readonly hand_id: string; readonly ts: number; readonly final_pot_bb?: number }[];
  readonly cursor: { readonly ts: number; readonly hand_id: string } | null;
}

/** GET through the plane's handle, failing loudly when the route is not the plane's. */
export function get<T>(plane: HistoryPlane, path: string, text = ''): { status: number; body: T } {
  const answer = plane.handle(path, query(text));
  if (answer === null) throw new Error(`${path} is not a historical route`);
  return answer as { status: number; body: T };
}
