/**
 * The venue's past: `hands` synthetic hands grouped into nights (one table, 120 to 280 hands from about 19:00 UTC,
 * every one to four days), the newest starting two days before `now`. Regulars (the first third of the roster) sit
 * more often. Hands are streamed to `visit` oldest first as their spec and compact log, and not kept: the caller keeps
 * what it needs (the bundle: a few numbers per hand) and regenerates a detail from the spec later.
 */
import type { DemoStakes } from '../played-hand';
import { createRng, type Rng } from '../rng';
import type { DemoPlayer } from '../roster';
import { playHand, type SyntheticHandSpec, type SyntheticSeat } from './hand-sim';
import type { HandLog } from './sim-table';

export interface SyntheticHistoryOptions {
  readonly seed: number;
  readonly hands: number;
  readonly roster: readonly DemoPlayer[];
  readonly stakes: DemoStakes;
  /** Unix milliseconds. */
  readonly now: number;
}

const DAY_SECONDS = 86_400;
const NIGHT_START_SECONDS = 19 * 3600;

/** The table's lineup for one night: 6 to 9 players, regulars weighted three to one. */
function lineup(rng: Rng, roster: readonly DemoPlayer[]): SyntheticSeat[] {
  const size = Math.min(roster.length, rng.int(6, 9));
  const regulars = Math.ceil(roster.length / 3);
  // Weighted sampling without replacement: the largest keys u^(1/w) win.
  const keyed = roster.map((player, index) => ({ player, key: Math.pow(rng.next(), 1 / (index < regulars ? 3 : 1)) }));
  keyed.sort((a, b) => b.key - a.key);
  return keyed.slice(0, size).map(({ player }, index) => ({ seat_id: index + 1, player }));
}

const isoDay = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString().slice(0, 10);

/**
 * Generates the history, calling `visit` for every hand in time order with its spec and its log (the log is reused:
 * it is valid only during the call).
 */
export function generateHistory(
  options: SyntheticHistoryOptions,
  visit: (spec: SyntheticHandSpec, log: HandLog) => void,
): void {
  if (options.hands <= 0) return;
  if (options.roster.length < 2) throw new Error('synthetic history needs a roster of at least 2 players');
  const rng = createRng((options.seed ^ 0x4157_0b1e) >>> 0);
  const nightSizes: number[] = [];
  for (let left = options.hands; left > 0; left -= nightSizes.at(-1) ?? left)
    nightSizes.push(Math.min(left, rng.int(120, 280)));
  const gapsInDays = nightSizes.map(() => rng.int(1, 4));
  const today = Math.floor(options.now / 1000 / DAY_SECONDS) * DAY_SECONDS;
  let nightDay = today - 2 * DAY_SECONDS - gapsInDays.reduce((sum, gap) => sum + gap, 0) * DAY_SECONDS;
  nightSizes.forEach((size, night) => {
    nightDay += (gapsInDays[night] ?? 1) * DAY_SECONDS;
    const seats = lineup(rng, options.roster);
    const sessionUid = `${isoDay(nightDay)}-${rng.uuid().slice(0, 8)}`;
    let startedAt = nightDay + NIGHT_START_SECONDS + rng.int(0, 90) * 60;
    const buttonOffset = rng.int(0, seats.length - 1);
    for (let handNumber = 1; handNumber <= size; handNumber += 1) {
      const spec: SyntheticHandSpec = {
        hand_id: rng.uuid(),
        hand_number: handNumber,
        session_uid: sessionUid,
        started_at: startedAt,
        stakes: options.stakes,
        seats,
        button_seat: (seats[(handNumber + buttonOffset) % seats.length] as SyntheticSeat).seat_id,
        seed: rng.int(0, 0xffff_ffff),
      };
      const log = playHand(spec);
      const endedAtMs = log.endedAtMs;
      visit(spec, log);
      startedAt = Math.round(endedAtMs + rng.int(10, 40) * 1000) / 1000;
    }
  });
}
