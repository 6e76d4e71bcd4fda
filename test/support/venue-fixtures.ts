/**
 * Synthetic live-plane frames for unit tests and benchmarks: a deterministic stream of whole hands (start_hand,
 * actions, streets, end_hand, payouts) whose money adds up, written from the spec's wording alone.
 */

export interface FixtureSeat {
  seat_id: number;
  player_id: string;
  name: string;
  stack: number;
}

/** A replay envelope as the venue sends it before the replayed events (the spec's fields, its defaults: nothing). */
export interface ReplayFrameJson {
  type: 'replay';
  since_seq: number | null;
  count: number;
  complete: boolean;
  reset: boolean;
  oldest_seq: number | null;
  newest_seq: number | null;
  window: number;
}

/** A replay envelope: complete, no reset, nothing replayed, a window of 100, with the fields a test sets. */
export function replayFrame(fields: Partial<Omit<ReplayFrameJson, 'type'>> = {}): ReplayFrameJson {
  return {
    type: 'replay',
    since_seq: null,
    count: 0,
    complete: true,
    reset: false,
    oldest_seq: null,
    newest_seq: null,
    window: 100,
    ...fields,
  };
}

export interface EventFrameJson {
  type: 'event';
  seq: number;
  ts: number;
  kind: string;
  payload: Record<string, unknown>;
}

const CARDS = ['As', 'Kd', 'Qh', 'Jc', 'Ts', '9d', '8h', '7c', '6s'];

/** Six players with 200 chips each. */
export function fixtureSeats(count = 6): FixtureSeat[] {
  return Array.from({ length: count }, (_, index) => ({
    seat_id: index + 1,
    player_id: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
    name: `Player ${index + 1}`,
    stack: 200,
  }));
}

/** A state frame (as the socket's first message) for `seats`, between hands. */
export function stateFrame(
  seats: readonly FixtureSeat[],
  handNumber: number | null = null,
  live = true,
): Record<string, unknown> {
  return {
    type: 'state',
    live,
    state: {
      ts: 1_700_000_000,
      hand_number: handNumber,
      table_name: 'Main',
      street: null,
      board: [],
      button: 1,
      action_on: null,
      pot: 0,
      current_bet: 0,
      game_mode: 'cash',
      betting_structure: 'no_limit',
      blinds: { small_blind: 1, big_blind: 2, ante: 0, straddle: 0 },
      num_seats: seats.length,
      seats: seats.map((seat) => ({ ...seat, in_hand: false, present: true })),
    },
  };
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

/**
 * Generates `hands` whole hands as event frames starting at `firstSeq`. Mutates `seats` stacks to the final
 * stacks, so a test can compare the model with them. Every hand: blinds 1/2, everyone calls 2, a flop bet of
 * 4.5 called by one, the winner (rotating) takes the pot.
 */
export function handEvents(seats: FixtureSeat[], hands: number, firstSeq = 1, firstHand = 1): EventFrameJson[] {
  const events: EventFrameJson[] = [];
  let seq = firstSeq;
  const push = (kind: string, payload: Record<string, unknown>): void => {
    events.push({ type: 'event', seq, ts: 1_700_000_000 + seq / 10, kind, payload });
    seq += 1;
  };
  for (let h = 0; h < hands; h += 1) {
    const handNumber = firstHand + h;
    const button = (h % seats.length) + 1;
    const sb = seats[button % seats.length] as FixtureSeat;
    const bb = seats[(button + 1) % seats.length] as FixtureSeat;
    const posted = new Map<number, number>([
      [sb.seat_id, 1],
      [bb.seat_id, 2],
    ]);
    push('start_hand', {
      hand_number: handNumber,
      button_seat: button,
      blinds: { small_blind: 1, big_blind: 2, ante: 0, straddle: 0 },
      game_mode: 'cash',
      table_name: 'Main',
      betting_structure: 'no_limit',
      seats: seats.map((seat) => ({
        seat_id: seat.seat_id,
        player_id: seat.player_id,
        name: seat.name,
        stack: seat.stack,
        posted: posted.get(seat.seat_id) ?? 0,
        position: null,
        in_hand: true,
      })),
    });
    const contributed = new Map<number, number>();
    for (const seat of seats) {
      const put = posted.get(seat.seat_id) ?? 0;
      seat.stack = round2(seat.stack - put);
      contributed.set(seat.seat_id, put);
    }
    for (const seat of seats) {
      const toCall = 2 - (contributed.get(seat.seat_id) ?? 0);
      const action = toCall === 0 ? 'check' : 'call';
      seat.stack = round2(seat.stack - toCall);
      contributed.set(seat.seat_id, 2);
      push('player_action', {
        hand_number: handNumber,
        seat_id: seat.seat_id,
        action_type: action,
        amount: toCall === 0 ? null : toCall,
        street: 'preflop',
        player_id: seat.player_id,
        name: seat.name,
        decision_ms: 800,
      });
    }
    push('deal_street', { street: 'flop', board: CARDS.slice(h % 4, (h % 4) + 3), hand_number: handNumber });
    const [bettor, caller, ...folders] = seats as [FixtureSeat, FixtureSeat, ...FixtureSeat[]];
    for (const [seat, action, amount] of [
      [bettor, 'bet', 4.5],
      [caller, 'call', 4.5],
    ] as const) {
      seat.stack = round2(seat.stack - amount);
      contributed.set(seat.seat_id, round2((contributed.get(seat.seat_id) ?? 0) + amount));
      push('player_action', {
        hand_number: handNumber,
        seat_id: seat.seat_id,
        action_type: action,
        amount,
        street: 'flop',
        player_id: seat.player_id,
        name: seat.name,
        decision_ms: 1200,
      });
    }
    for (const seat of folders) {
      push('player_action', {
        hand_number: handNumber,
        seat_id: seat.seat_id,
        action_type: 'fold',
        amount: null,
        street: 'flop',
        player_id: seat.player_id,
        name: seat.name,
        decision_ms: 300,
      });
    }
    push('street_advance', { street: 'turn', hand_number: handNumber });
    const pot = round2([...contributed.values()].reduce((sum, value) => sum + value, 0));
    const winner = h % 2 === 0 ? bettor : caller;
    const before = winner.stack;
    winner.stack = round2(winner.stack + pot);
    push('payout_applied', {
      hand_number: handNumber,
      winner_seat: winner.seat_id,
      amount: pot,
      seat_id: winner.seat_id,
      player_id: winner.player_id,
      name: winner.name,
      delta: pot,
      stack_before: before,
      stack_after: winner.stack,
    });
    push('end_hand', {
      hand_number: handNumber,
      winner_seats: [winner.seat_id],
      total_pot: pot,
      street: 'turn',
      board: CARDS.slice(h % 4, (h % 4) + 4),
      boards: null,
      rake: 0,
      seats: seats.map((seat) => {
        const put = contributed.get(seat.seat_id) ?? 0;
        const won = seat === winner ? pot : 0;
        return {
          seat_id: seat.seat_id,
          player_id: seat.player_id,
          name: seat.name,
          stack: seat.stack,
          in_hand: seat === bettor || seat === caller,
          position: null,
          contributed: put,
          won,
          net: round2(won - put),
        };
      }),
    });
  }
  return events;
}
