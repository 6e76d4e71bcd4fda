/**
 * The walk-in's roster search, per keystroke, over a roster of 5,000 players: the cashier types a name one character
 * at a time and every keystroke runs `searchRoster` (venueNameKey on the typed text, a ranked scan of the precomputed
 * keys, the top 8). Reported against a baseline measured in the same run: the least any search must do per keystroke,
 * one plain `includes` over the same 5,000 lower-cased names. The absolute per-keystroke times are printed too, to
 * read against a 60 Hz frame (16 ms); nothing here asserts a threshold.
 */
import { rosterIndex, searchRoster } from '../../renderer/cashier/roster-search';
import type { PlayerRowView } from '../../preload/contract';
import { interleavedSamples, median, percentile, round3, timeOnce } from './stats';

const FIRST = ['Ava', 'Bruno', 'Chloe', 'Dmitri', 'Elena', 'Farah', 'Goran', 'Hana', 'Ivo', 'Jana', 'Kofi', 'Lena'];
const LAST = ['Brennan', 'Quintero', 'Varga', 'Petrov', 'Sato', 'Eriksen', 'Okafor', 'Lindqvist', 'Moreau', 'Zhou'];

/** 5,000 distinct, realistic names (first, last and a number for the rest), hands played spread like a venue's. */
function roster(count: number): PlayerRowView[] {
  return Array.from({ length: count }, (_, index) => {
    const first = FIRST[index % FIRST.length] as string;
    const last = LAST[Math.floor(index / FIRST.length) % LAST.length] as string;
    const suffix = index < FIRST.length * LAST.length ? '' : ` ${Math.floor(index / (FIRST.length * LAST.length))}`;
    return { playerId: `p-${index}`, name: `${first} ${last}${suffix}`, handsPlayed: (index * 7919) % 4000 };
  });
}

/** What the cashier types, one keystroke at a time (each prefix is one search). */
const TYPED = ['elena petrov', 'zz new walk-in', 'chloe v'];

export default async function rosterSearchBench() {
  const players = roster(5000);
  const buildMs = await timeOnce(() => rosterIndex(players));
  const index = rosterIndex(players);
  const lowered = players.map((player) => player.name.toLowerCase());
  const prefixes = TYPED.flatMap((text) => Array.from({ length: text.length }, (_, end) => text.slice(0, end + 1)));
  let sink = 0;
  const perKeystroke: number[] = [];
  const baseline = () => {
    for (const prefix of prefixes) sink += lowered.filter((name) => name.includes(prefix)).length;
  };
  const WARMUP = 3;
  let calls = 0;
  const subject = () => {
    // The warm-up rounds (JIT, first allocations) are not keystrokes a cashier waits for in a warm app.
    const record = calls >= WARMUP;
    calls += 1;
    for (const prefix of prefixes) {
      const start = performance.now();
      sink += searchRoster(index, prefix).length;
      if (record) perKeystroke.push(performance.now() - start);
    }
  };
  const samples = await interleavedSamples(baseline, subject, 41, WARMUP);
  const keystrokes = prefixes.length;
  return {
    players: players.length,
    keystrokesPerRound: keystrokes,
    indexBuildMs: round3(buildMs),
    baselineMedianMsPerKeystroke: round3(median(samples.baseline) / keystrokes),
    searchMedianMsPerKeystroke: round3(median(perKeystroke)),
    searchP99MsPerKeystroke: round3(percentile(perKeystroke, 99)),
    searchMaxMsPerKeystroke: round3(Math.max(...perKeystroke)),
    frameBudgetMs: 16,
    ratio: round3(median(samples.subject) / median(samples.baseline)),
    checksum: sink > 0,
  };
}
