/**
 * A walk-in is a buy-in with no seat: the venue seats the player by name. The request is checked like any other; a
 * name the venue would take for a seated player is refused (the venue would top up that seat instead); and the
 * evidence for a seatless buy-in finds the player's seat by name only when exactly one seat carries it.
 */
import { describe, expect, it } from 'vitest';
import { movementRequestSchema, type MovementRequest as MovementRequestInput } from '../../../preload/contract/cashier';
import { assessEvidence, findSeat } from '../../../main/core/cashier/evidence';
import { reduceMovement } from '../../../main/core/cashier/machine';
import { walkInBlocker } from '../../../main/core/cashier/walk-in';
import type { Movement, MovementRequest, ObservedSeat } from '../../../main/core/cashier/index';
import {
  T0,
  answer,
  appliedEventFixture,
  liveReadingFixture as reading,
  movementFixture,
} from '../../support/cashier-fixtures';

/** A walk-in as the contract's schema parses it (only that parse makes a MovementRequest). */
const walkIn = (playerName: string, overrides: Partial<MovementRequestInput> = {}): MovementRequest =>
  movementRequestSchema.parse({
    kind: 'buy_in',
    seatId: null,
    playerName,
    playerId: null,
    amount: 300,
    closeSession: false,
    ...overrides,
  });

const seat = (seat_id: number, name: string | null, stack: number | null = 200): ObservedSeat => ({
  seat_id,
  player_id: name === null ? null : `p-${seat_id}`,
  name,
  stack,
});

describe('the walk-in request', () => {
  it('is a buy-in without a seat; a cash-out always names its seat', () => {
    expect(walkIn('Zed Newman')).toMatchObject({ kind: 'buy_in', seatId: null, playerName: 'Zed Newman' });
    const seatless = movementRequestSchema.safeParse({
      kind: 'cash_out',
      seatId: null,
      playerName: 'Zed Newman',
      playerId: null,
      amount: 300,
      closeSession: false,
    });
    expect(seatless.success).toBe(false);
    expect(seatless.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['seatId', 'A cash-out names its seat.'],
    ]);
    const parsed = movementRequestSchema.safeParse({
      kind: 'buy_in',
      seatId: null,
      playerName: 'Zed',
      playerId: null,
      amount: 300,
    });
    expect(parsed.success).toBe(true);
    const cashOut = movementRequestSchema.safeParse({
      kind: 'cash_out',
      seatId: null,
      playerName: 'Zed',
      playerId: null,
    });
    expect(cashOut.success).toBe(false);
  });

  it('carries the press it came from (intentId, confirmSecond) with the shape the core expects', () => {
    const base = { kind: 'buy_in', seatId: null, playerName: 'Zed', playerId: null, amount: 300 };
    expect(
      movementRequestSchema.parse({ ...base, intentId: 'in-0123456789abcdef', confirmSecond: true }),
    ).toMatchObject({
      intentId: 'in-0123456789abcdef',
      confirmSecond: true,
    });
    for (const bad of ['short', 'has space in it', 'x'.repeat(65), 'dots.are.not.ok'])
      expect(movementRequestSchema.safeParse({ ...base, intentId: bad }).success, bad).toBe(false);
  });

  it('is refused for a name the venue would take for a seated player, with the seat to go to', () => {
    const seats = [seat(1, 'Ava Brennan'), seat(2, null, null), seat(3, 'Bo Lin')];
    expect(walkInBlocker(walkIn('  ava   BRENNAN '), seats)).toBe(
      'Ava Brennan is already seated at seat 1: buy in from seat 1 (the venue would add the chips to that seat). ' +
        'Nothing was sent.',
    );
    expect(walkInBlocker(walkIn('Zed Newman'), seats)).toBeNull();
    // A buy-in from a seat is not a walk-in, whoever else sits.
    expect(walkInBlocker(walkIn('Ava Brennan', { seatId: 1 }), seats)).toBeNull();
    // With no view of the table nothing is known to be seated: the venue judges.
    expect(walkInBlocker(walkIn('Ava Brennan'), [])).toBeNull();
  });

  it('is refused for a name seated on a seat the venue left unnumbered (seat_id null, as the spec allows)', () => {
    // The venue applies a buy-in by name whatever the seat's number: this walk-in would top up that seat's chips.
    const unnumbered: ObservedSeat = { seat_id: null, player_id: null, name: 'Ava Brennan', stack: 200 };
    expect(walkInBlocker(walkIn('ava brennan'), [unnumbered, seat(3, 'Bo Lin')])).toBe(
      'Ava Brennan is already seated (the venue did not say at which seat): the venue would add the chips to that ' +
        'seat. Nothing was sent.',
    );
    // An unnumbered seat with no name seats nobody by that name.
    expect(walkInBlocker(walkIn('Zed Newman'), [{ ...unnumbered, name: null }])).toBeNull();
  });
});

// Zed left as a walk-in (not seated: no stack at send, no seat, no player id) and its key is with the host.
const zedSent = (): Movement =>
  movementFixture({
    playerName: 'Zed',
    playerId: null,
    seatId: null,
    amount: 300,
    stackAtAsk: null,
    stackAtSend: null,
    state: 'with-host',
    mayHaveReachedHost: true,
  });

describe('the evidence for a seatless buy-in', () => {
  const zed = (): Movement =>
    reduceMovement(zedSent(), { type: 'attempt', at: T0 + 100, attempt: answer(409, { error: 'outcome_unknown' }) });
  const assess = (seats: readonly ObservedSeat[], events = [] as ReturnType<typeof appliedEventFixture>[]) =>
    assessEvidence(zed(), {
      now: T0 + 200,
      table: reading(seats),
      readFailure: null,
      events,
      otherMovementForPlayer: false,
      stream: null,
      stackMovedAt: null,
    });

  it('finds its seat by name when exactly one seat carries it, and none when two do', () => {
    expect(findSeat(zed(), reading([seat(1, 'Ava'), seat(4, 'Zed', 300)]))?.seat_id).toBe(4);
    expect(findSeat(zed(), reading([seat(4, 'Zed', 300), seat(5, 'Zed', 300)]))).toBeNull();
    expect(findSeat(zed(), reading([seat(1, 'Ava')]))).toBeNull();
  });

  it('cannot tell from a stack alone (no stack when it left), nor between two seats of its name', () => {
    expect(assess([seat(4, 'Zed', 300)]).verdict).toBe('inconclusive');
    const two = assess([seat(4, 'Zed', 300), seat(5, 'Zed', 100)]);
    expect(two.verdict).toBe('inconclusive');
    expect(two.summary).toMatch(/^Cannot tell/);
  });

  it('is applied on its own transaction_applied event (the venue seating Zed with the amount)', () => {
    const event = appliedEventFixture({
      seat_id: 4,
      player_id: 'p-new',
      name: 'Zed',
      amount: 300,
      delta: 300,
      stack_before: 0,
      stack_after: 300,
      observedAt: T0 + 120,
    });
    expect(assess([seat(4, 'Zed', 300)], [event]).verdict).toBe('applied');
  });

  it('is not shown applied by a buy-in onto chips already on a seat (a walk-in starts from nothing)', () => {
    // Someone seated a namesake meanwhile and another terminal topped them up by the same amount.
    const event = appliedEventFixture({
      seat_id: 4,
      player_id: 'p-other',
      name: 'Zed',
      amount: 300,
      delta: 300,
      stack_before: 150,
      stack_after: 450,
      observedAt: T0 + 120,
    });
    expect(assess([seat(4, 'Zed', 450)], [event]).verdict).not.toBe('applied');
  });
});

describe("a walk-in's answer", () => {
  const applied = (seatId: number, before: number) => ({
    ok: true,
    kind: 'buy_in',
    player_name: 'Zed',
    player_id: 'p-zed',
    seat_id: seatId,
    amount: 300,
    delta: 300,
    stack_before: before,
    stack_after: before + 300,
  });

  it('is clean when the venue seated the player (the chips went onto an empty seat)', () => {
    const movement = reduceMovement(zedSent(), { type: 'attempt', at: T0 + 200, attempt: answer(200, applied(4, 0)) });
    expect(movement.state).toBe('applied');
    expect(movement.flags).toEqual([]);
  });

  it('is misdirected when the venue added it to chips already on a seat (someone seated the name meanwhile)', () => {
    // Another writer seated a namesake before the lost request reached the host: the venue applies by name, so the
    // walk-in's chips topped up that seat instead of seating a new player.
    const movement = reduceMovement(zedSent(), {
      type: 'attempt',
      at: T0 + 200,
      attempt: answer(200, applied(4, 150), { replay: true }),
    });
    expect(movement.state).toBe('applied');
    expect(movement.flags).toContain('misdirected');
    expect(movement.message).toMatch(/seat 4/);
  });
});
