/** The middle of the table: hand number, street, board, pot, current bet and blinds. */
import type { MoneyMode, TableView } from '../../preload/contract';
import { formatMoney } from '../shared/money';

const suitNames: Record<string, string> = { s: '♠', h: '♥', d: '♦', c: '♣' };

/** "Ah" -> "A♥"; unknown shapes are shown as they came. */
function cardLabel(card: string): { text: string; red: boolean } {
  const suit = card.slice(-1).toLowerCase();
  const symbol = suitNames[suit];
  if (symbol === undefined) return { text: card, red: false };
  return { text: `${card.slice(0, -1).toUpperCase()}${symbol}`, red: suit === 'h' || suit === 'd' };
}

/** The stakes are amounts too: with money hidden they are not shown. */
function Blinds({ table, mode }: { table: TableView; mode: MoneyMode | null }) {
  if (table.blinds === null || mode === 'hidden') return null;
  const { smallBlind, bigBlind, ante, straddle } = table.blinds;
  const extras = [ante > 0 ? `ante ${ante}` : null, straddle > 0 ? `straddle ${straddle}` : null].filter(Boolean);
  return (
    <span className="blinds">
      Blinds {smallBlind}/{bigBlind}
      {extras.length > 0 ? ` (${extras.join(', ')})` : ''}
    </span>
  );
}

export function TableCenter({ table, mode }: { table: TableView; mode: MoneyMode | null }) {
  const bigBlind = table.blinds?.bigBlind ?? null;
  const pot = formatMoney(table.pot, mode, bigBlind);
  const bet = formatMoney(table.currentBet, mode, bigBlind);
  return (
    <div className="table-center" aria-label="Table center">
      <div className="table-title">
        {table.tableName ?? 'Table'} · <span data-testid="hand-number">Hand #{table.handNumber ?? '—'}</span> ·{' '}
        <span className="street">{table.betweenHands ? 'between hands' : (table.street ?? '—')}</span>
      </div>
      <ol className="board" aria-label="Board">
        {table.board.map((card) => {
          const label = cardLabel(card);
          return (
            <li key={card} className={`card ${label.red ? 'red' : ''}`}>
              {label.text}
            </li>
          );
        })}
      </ol>
      <div className="pot-line">
        {pot !== null && <span data-testid="pot">Pot {pot}</span>}
        {bet !== null && table.currentBet !== null && table.currentBet > 0 && <span>Bet {bet}</span>}
      </div>
      <Blinds table={table} mode={mode} />
    </div>
  );
}
