/** A cheap pre-flop ranking of starting hands by card code, for the synthetic players' decisions. */
import { rankOfCode } from '../poker/cards';

/** A rough strength score; only its order matters (see preflopPercentile). */
function preflopScore(first: number, second: number): number {
  const a = rankOfCode(first);
  const b = rankOfCode(second);
  if (a === b) return 10 + a;
  const high = Math.max(a, b);
  const low = Math.min(a, b);
  const suited = (first & 3) === (second & 3) ? 1.2 : 0;
  const connected = high - low <= 2 ? 0.8 : 0;
  return (high * 0.75 + low * 0.35 + suited + connected) * 0.9;
}

/** Share of the 1,326 starting hands each pair of codes beats, indexed first * 52 + second (built once). */
let percentiles: Float64Array | undefined;

function buildPercentiles(): Float64Array {
  const pairs: { first: number; second: number; score: number }[] = [];
  for (let first = 0; first < 52; first += 1) {
    for (let second = first + 1; second < 52; second += 1)
      pairs.push({ first, second, score: preflopScore(first, second) });
  }
  pairs.sort((p, q) => p.score - q.score);
  const table = new Float64Array(52 * 52);
  // Equal scores (the same starting hand in other suits) share the percentile of their first occurrence.
  let index = 0;
  while (index < pairs.length) {
    const score = (pairs[index] as (typeof pairs)[number]).score;
    const share = index / pairs.length;
    for (; index < pairs.length && (pairs[index] as (typeof pairs)[number]).score === score; index += 1) {
      const { first, second } = pairs[index] as (typeof pairs)[number];
      table[first * 52 + second] = share;
      table[second * 52 + first] = share;
    }
  }
  return table;
}

/** 0 (the worst starting hand) to just under 1 (aces): the share of all starting hands this one beats. */
export function preflopPercentile(first: number, second: number): number {
  percentiles ??= buildPercentiles();
  return percentiles[first * 52 + second] as number;
}
