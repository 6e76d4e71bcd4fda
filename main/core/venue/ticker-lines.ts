/**
 * Ticker lines of the table model. Every line is built by one object literal with one field order, so all lines
 * share one hidden class and a line costs exactly one allocation: no context, label or seat objects on the way.
 */
import type { LiveEvent } from './schemas-live';
import type { TickerEntry, TickerKind } from './table-types';

/** One ticker line of event `seq`/`ts`. */
export function tickerLine(
  seq: number,
  ts: number,
  kind: TickerKind,
  label: string,
  handNumber: number | null,
  seatId: number | null,
  playerId: string | null,
  name: string | null,
  amount: number | null,
  stackAfter: number | null,
): TickerEntry {
  return {
    kind,
    seq,
    ts,
    hand_number: handNumber,
    seat_id: seatId,
    player_id: playerId,
    name,
    label,
    amount,
    stack_after: stackAfter,
  };
}

/**
 * The line of a catch-up event, read from the event alone: the table already reflects it, so the line reports
 * the payload as sent (amounts and stacks unrounded, no seat lookup).
 */
export function catchUpLine(event: LiveEvent): TickerEntry {
  const { seq, ts } = event;
  switch (event.kind) {
    case 'start_hand':
      return tickerLine(seq, ts, 'hand', 'start', event.payload.hand_number, null, null, null, null, null);
    case 'player_action': {
      const p = event.payload;
      return tickerLine(
        seq,
        ts,
        'action',
        p.action_type,
        p.hand_number ?? null,
        p.seat_id,
        p.player_id ?? null,
        p.name ?? null,
        p.amount ?? null,
        null,
      );
    }
    case 'deal_street':
    case 'street_advance':
      return tickerLine(
        seq,
        ts,
        'street',
        event.payload.street ?? 'street',
        event.payload.hand_number ?? null,
        null,
        null,
        null,
        null,
        null,
      );
    case 'end_hand':
      return tickerLine(
        seq,
        ts,
        'result',
        'end',
        event.payload.hand_number ?? null,
        null,
        null,
        null,
        event.payload.total_pot ?? null,
        null,
      );
    case 'payout_applied': {
      const p = event.payload;
      const seatId = p.seat_id ?? p.winner_seat ?? null;
      return tickerLine(
        seq,
        ts,
        'payout',
        'payout',
        p.hand_number ?? null,
        seatId,
        p.player_id ?? null,
        p.name ?? null,
        p.delta ?? p.amount ?? null,
        p.stack_after ?? null,
      );
    }
    case 'transaction_applied': {
      const p = event.payload;
      return tickerLine(
        seq,
        ts,
        'money',
        p.kind,
        p.hand_number ?? null,
        p.seat_id ?? null,
        p.player_id ?? null,
        p.name ?? null,
        p.delta ?? p.amount ?? null,
        p.stack_after ?? null,
      );
    }
  }
}
