/** Recent actions, results, payouts and money movements, newest first. */
import { memo } from 'react';
import type { MoneyMode, TickerEntry } from '../../preload/contract';
import { formatMoney } from '../shared/money';
import { clockTime } from '../shared/time';

/** Memoized: main hands over the same list object while no ticker line changed. */
export const Ticker = memo(function Ticker({
  entries,
  mode,
  bigBlind,
}: {
  entries: readonly TickerEntry[];
  mode: MoneyMode | null;
  bigBlind: number | null;
}) {
  return (
    <section className="ticker" aria-label="Ticker">
      <h2>Recent activity</h2>
      {/* It scrolls: focusable and named, so a keyboard can scroll it too. */}
      <ol tabIndex={0} aria-label="Recent activity">
        {entries.map((entry) => {
          const money = formatMoney(entry.amount, mode, bigBlind);
          return (
            <li key={entry.id} className={`tick tick-${entry.kind}`}>
              <time>{clockTime(entry.at)}</time> {entry.text}
              {money !== null ? ` ${money}` : ''}
            </li>
          );
        })}
      </ol>
    </section>
  );
});
