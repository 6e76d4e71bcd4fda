/**
 * Matching a night: 2,000 venue transaction_applied events (200 of them this PC's movements, the rest other writers'
 * buy-ins and operator corrections across 20 players, two of them namesakes) against 200 applied movements. The
 * baseline is a plain pass over the same events (each delta summed in cents): the ratio says what matching costs
 * over reading the night once. The subject's median is reported too (the issue asks for well under 50 ms).
 */
import type { Movement } from '../../main/core/cashier/index';
import { reconcile } from '../../main/core/cashier/reconcile/match';
import type { LedgerView, VenueEvent } from '../../main/core/cashier/reconcile/types';
import { toCents } from '../../main/core/venue/money';
import { movementFixture, T0 } from '../support/cashier-fixtures';
import { interleavedSamples, median, round3 } from './stats';

const EVENTS = 2_000;
const OURS_EVERY = 10;
const PLAYERS = 20;

function night(): { movements: Movement[]; ledger: LedgerView } {
  const stacks = Array.from({ length: PLAYERS }, () => 500);
  const events: VenueEvent[] = [];
  const movements: Movement[] = [];
  let at = T0;
  for (let seq = 1; seq <= EVENTS; seq += 1) {
    at += 1_000;
    const player = (seq * 7) % PLAYERS;
    const ours = seq % OURS_EVERY === 0;
    const correction = !ours && seq % 13 === 0;
    const delta = correction ? -5 : 25 + (seq % 4) * 25;
    const before = stacks[player] as number;
    stacks[player] = before + delta;
    const name = player < 2 ? 'Sam Lee' : `Player ${player}`;
    events.push({
      kind: correction ? 'adjustment' : 'buy_in',
      seat_id: player + 1,
      player_id: `p-${player}`,
      name,
      amount: Math.abs(delta),
      delta,
      stack_before: before,
      stack_after: before + delta,
      hand_number: Math.floor(seq / 5),
      source: correction ? 'seat_edit' : 'transaction',
      session_id: 'night',
      run: 0,
      seq,
      venueTs: at,
      receivedAt: at + 2,
      catchUp: false,
    });
    if (ours)
      movements.push(
        movementFixture({
          key: `mv-bench-${String(seq).padStart(5, '0')}`,
          playerName: name,
          playerId: seq % 20 === 0 ? null : `p-${player}`,
          seatId: player + 1,
          amount: delta,
          stackAtSend: before,
          handAtSend: Math.floor(seq / 5),
          state: 'applied',
          createdAt: at - 10,
          firstSentAt: at - 10,
          mayHaveReachedHost: true,
          settlement: { at: at + 5, how: 'answered', body: { ok: true }, refusal: null },
        }),
      );
  }
  return {
    movements,
    ledger: { events, gaps: [{ from: 0, to: T0, reason: 'not-watched' }], watchingSince: T0 },
  };
}

export default async function bench(): Promise<unknown> {
  const { movements, ledger } = night();
  const now = T0 + EVENTS * 1_000 + 60_000;
  let sink = 0;
  const plainPass = (): void => {
    let cents = 0;
    for (const event of ledger.events) cents += toCents(event.delta ?? 0);
    sink += cents;
  };
  let matched = 0;
  const match = (): void => {
    matched = reconcile({ movements, ledger, span: { from: T0, to: null }, now }).matched.length;
  };
  const samples = await interleavedSamples(plainPass, match, 31, 3);
  const baselineMedianMs = median(samples.baseline);
  const subjectMedianMs = median(samples.subject);
  return {
    events: EVENTS,
    movements: movements.length,
    matched,
    baseline: 'one pass over the events summing deltas in cents',
    baselineMedianMs: round3(baselineMedianMs),
    matchMedianMs: round3(subjectMedianMs),
    ratio: round3(subjectMedianMs / Math.max(baselineMedianMs, 1e-6)),
    sink: sink === 0 ? 0 : 1,
  };
}
