/** The matching rule on the cases it must get right: namesakes, equal buy-ins, ambiguity, gaps, corrections. */
import { describe, expect, it } from 'vitest';
import type { Movement } from '../../../main/core/cashier/index';
import { reconcile } from '../../../main/core/cashier/reconcile/match';
import { reconciliationStatus } from '../../../main/core/cashier/reconcile/report';
import type { LedgerView, StreamGap, VenueEvent } from '../../../main/core/cashier/reconcile/types';
import { T0, appliedEventFixture, movementFixture } from '../../support/cashier-fixtures';

let seq = 0;
function event(overrides: Partial<VenueEvent> = {}): VenueEvent {
  seq += 1;
  const { observedAt: _observedAt, ...fields } = appliedEventFixture({ session_id: 's-1' });
  return { ...fields, run: 0, seq, venueTs: T0 + 5, receivedAt: T0 + 5, catchUp: false, ...overrides };
}

/** Another terminal tops up a namesake Zed, seated at 6 with 150 (another player id), by 300. */
const namesakeTopUp = (): VenueEvent =>
  event({
    player_id: 'p-zed-2',
    name: 'Zed',
    seat_id: 6,
    amount: 300,
    delta: 300,
    stack_before: 150,
    stack_after: 450,
  });

function applied(overrides: Partial<Movement> = {}): Movement {
  return movementFixture({
    state: 'applied',
    mayHaveReachedHost: true,
    settlement: { at: (overrides.firstSentAt ?? T0) + 10, how: 'answered', body: { ok: true }, refusal: null },
    ...overrides,
  });
}

const watched = (events: VenueEvent[], gaps: StreamGap[] = []): LedgerView => ({
  events,
  gaps: [{ from: 0, to: T0 - 60_000, reason: 'not-watched' }, ...gaps],
  watchingSince: T0 - 60_000,
});

const span = { from: T0 - 1_000, to: null };
const now = T0 + 120_000;

describe('reconciliation matching', () => {
  it('pairs two equal buy-ins in a row in order, even with no stacks to tell them apart', () => {
    const first = applied({ key: 'mv-first-0001', stackAtSend: null });
    const second = applied({ key: 'mv-second-001', stackAtSend: null, firstSentAt: T0 + 20, createdAt: T0 + 20 });
    const e1 = event({ stack_before: null, stack_after: null, receivedAt: T0 + 5 });
    const e2 = event({ stack_before: null, stack_after: null, receivedAt: T0 + 25 });
    const result = reconcile({ movements: [second, first], ledger: watched([e1, e2]), span, now });
    expect(result.matched.map((pair) => [pair.key, pair.event.seq])).toEqual([
      ['mv-first-0001', e1.seq],
      ['mv-second-001', e2.seq],
    ]);
    expect(reconciliationStatus(result)).toBe('all 2 movements confirmed by the venue');
  });

  it('tells two equal buy-ins apart by the stack chain when both were delivered late', () => {
    const first = applied({ key: 'mv-first-0002', stackAtSend: 100 });
    const second = applied({ key: 'mv-second-002', stackAtSend: 150, firstSentAt: T0 + 20, createdAt: T0 + 20 });
    // Replayed after a drop: both arrive after the second intent.
    const e1 = event({ stack_before: 100, stack_after: 150, receivedAt: T0 + 40, catchUp: true });
    const e2 = event({ stack_before: 150, stack_after: 200, receivedAt: T0 + 41, catchUp: true });
    const result = reconcile({ movements: [first, second], ledger: watched([e1, e2]), span, now });
    expect(new Map(result.matched.map((pair) => [pair.key, pair.event.seq]))).toEqual(
      new Map([
        ['mv-first-0002', e1.seq],
        ['mv-second-002', e2.seq],
      ]),
    );
  });

  it('never takes a namesake’s event (another player id) for ours: ours not seen, theirs listed', () => {
    const ours = applied({ key: 'mv-sam-00001', playerName: 'Sam Lee', playerId: 'p-sam-1' });
    const namesake = event({ player_id: 'p-sam-2', name: ' SAM  lee ', seat_id: 2 });
    const result = reconcile({ movements: [ours], ledger: watched([namesake]), span, now });
    expect(result.matched).toEqual([]);
    expect(result.oursUnmatched).toEqual(['mv-sam-00001']);
    expect(result.theirs).toEqual([namesake]);
  });

  it('matches by the venue’s name rule when the movement has no player id', () => {
    const ours = applied({ key: 'mv-walkin-001', playerName: 'Ava Brennan', playerId: null });
    const seen = event({ player_id: 'p-ava', name: '  AVA   brennan' });
    const result = reconcile({ movements: [ours], ledger: watched([seen]), span, now });
    expect(result.matched.map((pair) => pair.key)).toEqual(['mv-walkin-001']);
  });

  it('reports ambiguity instead of guessing: two namesakes’ equal events and a movement by name only', () => {
    const ours = applied({ key: 'mv-ambig-001', playerName: 'Sam Lee', playerId: null, stackAtSend: null });
    const a = event({ player_id: 'p-sam-1', name: 'Sam Lee', stack_before: null });
    const b = event({ player_id: 'p-sam-2', name: 'sam lee', stack_before: null, seat_id: 2 });
    const result = reconcile({ movements: [ours], ledger: watched([a, b]), span, now });
    expect(result.matched).toEqual([]);
    expect(result.uncheckedMovements).toEqual([{ key: 'mv-ambig-001', why: 'ambiguous', gap: null }]);
    expect(result.uncheckedEvents.map((item) => item.event)).toEqual([a, b]);
    expect(result.theirs).toEqual([]);
  });

  it('never takes a seat_edit correction or a different amount for ours, and totals the others apart', () => {
    const ours = applied({ key: 'mv-alice-001' });
    const correction = event({ kind: 'adjustment', source: 'seat_edit', delta: -20, amount: 20, stack_before: 150 });
    const topUp = event({ amount: 75, delta: 75, stack_before: 100 });
    const mine = event({});
    const result = reconcile({ movements: [ours], ledger: watched([correction, topUp, mine]), span, now });
    expect(result.matched.map((pair) => pair.event)).toEqual([mine]);
    expect(result.corrections).toMatchObject({ count: 1, net: -2000 });
    expect(result.otherWriters).toMatchObject({ count: 1, net: 7500, moneyIn: 7500 });
    expect(reconciliationStatus(result)).toBe(
      'all 1 movement confirmed by the venue; 2 movements at the table not through this cashier',
    );
  });

  it('never takes a seat_edit for ours, even one that looks exactly like our buy-in', () => {
    const ours = applied({ key: 'mv-alice-002' });
    const edit = event({ source: 'seat_edit' });
    const result = reconcile({ movements: [ours], ledger: watched([edit]), span, now });
    expect(result.matched).toEqual([]);
    expect(result.oursUnmatched).toEqual(['mv-alice-002']);
    expect(result.corrections.count).toBe(1);
  });

  it('says "could not be checked" for a movement whose event may be in a gap, "not seen" outside one', () => {
    const inGap = applied({ key: 'mv-in-gap-01' });
    const clean = applied({ key: 'mv-clean-001', playerId: 'p-bob', playerName: 'Bob', firstSentAt: T0 + 60_000 });
    const gap: StreamGap = { from: T0 + 2, to: T0 + 30_000, reason: 'buffer-evicted' };
    const result = reconcile({ movements: [inGap, clean], ledger: watched([], [gap]), span, now });
    expect(result.uncheckedMovements).toEqual([{ key: 'mv-in-gap-01', why: 'gap', gap }]);
    expect(result.oursUnmatched).toEqual(['mv-clean-001']);
    expect(result.gaps).toContainEqual(gap);
  });

  it('never reports a clean match for a shift the ledger did not watch', () => {
    const ours = applied({ key: 'mv-unwatched' });
    const ledger: LedgerView = { events: [], gaps: [{ from: 0, to: now, reason: 'not-watched' }], watchingSince: null };
    const result = reconcile({ movements: [ours], ledger, span, now });
    expect(result.uncheckedMovements.map((item) => item.gap?.reason)).toEqual(['not-watched']);
    expect(reconciliationStatus(result)).not.toContain('confirmed by the venue');
  });

  it('keeps an earlier shift’s event replayed late out of this shift’s "not through this cashier"', () => {
    const old = event({ catchUp: true, venueTs: T0 - 3_600_000, receivedAt: T0 + 100 });
    const result = reconcile({ movements: [], ledger: watched([old]), span, now });
    expect(result.theirs).toEqual([]);
  });

  it('holds an event that may be an unsettled movement of ours apart, never "not through this cashier"', () => {
    const pending = movementFixture({ key: 'mv-pending-01', state: 'in-doubt', mayHaveReachedHost: true });
    const maybe = event({});
    const result = reconcile({ movements: [pending], ledger: watched([maybe]), span, now });
    expect(result.theirs).toEqual([]);
    expect(result.uncheckedEvents).toEqual([{ event: maybe, why: 'unsettled' }]);
  });
});

describe("reconciliation of a cashier's count and of the whole record", () => {
  const shown = (overrides: Partial<VenueEvent> = {}): VenueEvent => event({ receivedAt: T0 + 20, ...overrides });
  const counted = (evidence: VenueEvent, overrides: Partial<Movement> = {}): Movement => {
    const { run: _run, seq: _seq, receivedAt, catchUp: _catchUp, venueTs, ...fields } = evidence;
    return movementFixture({
      key: 'mv-counted-01',
      state: 'in-doubt',
      mayHaveReachedHost: true,
      decision: {
        choice: 'accept-shown',
        at: T0 + 30,
        by: 'Ann',
        evidenceEvent: { ...fields, observedAt: receivedAt, venueTs: venueTs === null ? null : venueTs / 1000 },
      },
      ...overrides,
    });
  };

  it('holds the event a count was made on: never paired with another movement, never "all confirmed"', () => {
    const evidence = shown({ stack_before: null, stack_after: null });
    // A later movement of ours that the same event would fit (no stacks to tell them apart).
    const later = applied({ key: 'mv-later-0001', stackAtSend: null, firstSentAt: T0 + 5, createdAt: T0 + 5 });
    const result = reconcile({
      movements: [counted(evidence, { stackAtSend: null }), later],
      ledger: watched([evidence]),
      span,
      now,
    });
    expect(result.matched).toEqual([]);
    expect(result.uncheckedMovements).toContainEqual({ key: 'mv-counted-01', why: 'counted', gap: null });
    expect(result.uncheckedEvents).toEqual([{ event: evidence, why: 'unsettled' }]);
    expect(result.theirs).toEqual([]);
    expect(reconciliationStatus(result)).toContain('1 counted as applied by the cashier, not confirmed by the venue');
    expect(reconciliationStatus(result)).not.toContain('all');
  });

  it('gives the event back as another writer’s once the venue refused the counted key', () => {
    const evidence = shown();
    const refused = counted(evidence, {
      state: 'refused',
      flags: ['counted-not-applied'],
      settlement: { at: T0 + 60, how: 'answered', body: { ok: false }, refusal: { code: 'x', message: 'no' } },
    });
    const result = reconcile({ movements: [refused], ledger: watched([evidence]), span, now });
    expect(result.theirs).toEqual([evidence]);
    expect(result.uncheckedMovements).toEqual([]);
    expect(result.matched).toEqual([]);
  });

  it('never pairs an event another shift’s movement may own with this shift’s movement', () => {
    // The earlier shift's buy-in and this shift's equal one, no hand numbers or stacks to tell them apart; the venue
    // streamed one event (delivered late, after this shift's intent). It cannot be both movements'.
    const earlier = applied({ key: 'mv-earlier-01', stackAtSend: null, shiftId: 'shift-a' });
    const current = applied({
      key: 'mv-current-01',
      stackAtSend: null,
      firstSentAt: T0 + 20,
      createdAt: T0 + 20,
      shiftId: 'shift-b',
    });
    const late = event({ stack_before: null, stack_after: null, hand_number: null, receivedAt: T0 + 40 });
    const result = reconcile({ movements: [current], others: [earlier], ledger: watched([late]), span, now });
    expect(result.matched).toEqual([]);
    expect(result.uncheckedMovements).toEqual([{ key: 'mv-current-01', why: 'ambiguous', gap: null }]);
    expect(result.theirs).toEqual([]);
  });
});

describe('reconciliation of a walk-in against what its answer said', () => {
  // Zed left as a walk-in (no seat, no player id, no stack); the host seated him at seat 4 from nothing.
  const walkIn = (): Movement =>
    applied({
      key: 'mv-walkin-zed1',
      playerName: 'Zed',
      playerId: null,
      seatId: null,
      stackAtSend: null,
      amount: 300,
      settlement: {
        at: T0 + 10,
        how: 'answered',
        body: { ok: true, seat_id: 4, player_id: 'p-zed', stack_before: 0, stack_after: 300, delta: 300 },
        refusal: null,
      },
    });

  it('never confirms it with a namesake’s equal top-up (another player id, chips already on the seat)', () => {
    // Its own event was lost; another terminal topped up a namesake seated elsewhere by the same amount.
    const theirs = namesakeTopUp();
    const result = reconcile({ movements: [walkIn()], ledger: watched([theirs]), span, now });
    expect(result.matched).toEqual([]);
    expect(result.theirs).toEqual([theirs]);
  });

  it('is confirmed by its own event', () => {
    const own = event({
      player_id: 'p-zed',
      name: 'Zed',
      seat_id: 4,
      amount: 300,
      delta: 300,
      stack_before: 0,
      stack_after: 300,
    });
    const result = reconcile({ movements: [walkIn()], ledger: watched([own]), span, now });
    expect(result.matched.map((pair) => pair.key)).toEqual(['mv-walkin-zed1']);
  });
});

describe('reconciliation on the nulls the spec allows in transaction_applied', () => {
  it('never confirms a movement by name only with an event that names no seat and no player', () => {
    // Ours: Sam by name only, from seat 1. The only event that fits names neither a seat nor a player (the spec
    // allows both null): it may be a namesake's on another seat, so it is no proof, as for the in-doubt evidence.
    const ours = applied({ key: 'mv-sam-null1', playerName: 'Sam Lee', playerId: null, seatId: 1 });
    const nameOnly = event({ player_id: null, seat_id: null, name: ' sam  LEE ' });
    const result = reconcile({ movements: [ours], ledger: watched([nameOnly]), span, now });
    expect(result.matched).toEqual([]);
    expect(result.uncheckedMovements).toEqual([{ key: 'mv-sam-null1', why: 'ambiguous', gap: null }]);
    expect(result.uncheckedEvents.map((item) => item.why)).toEqual(['ambiguous']);
  });

  it('never confirms a walk-in whose answer named no seat and no stack with a namesake’s top-up of chips', () => {
    // Zed walked in; the host's answer was bare (its shape is not specified). A namesake seated at 6 with 150 is
    // topped up by the same amount by another writer: a walk-in starts from nothing, so that is not its event.
    const walkIn = applied({
      key: 'mv-walkin-bare',
      playerName: 'Zed',
      playerId: null,
      seatId: null,
      stackAtSend: null,
      amount: 300,
    });
    const theirs = namesakeTopUp();
    const result = reconcile({ movements: [walkIn], ledger: watched([theirs]), span, now });
    expect(result.matched).toEqual([]);
  });
});

describe('reconciliation of an in-order cluster with a pair on another seat', () => {
  it('leaves the whole cluster unchecked: the order that paired the rest no longer holds', () => {
    // Two equal buy-ins for Sam (seat 1) by name only, no stacks. Two events fit both: a namesake guest's on seat 2
    // (no player id), then one on seat 1. In order the first pair is on another seat (no proof), so the second pair
    // rests on an order the first broke: seat 1's event may be either movement's, the other's lost.
    const first = applied({ key: 'mv-sam-ord01', playerName: 'Sam Lee', playerId: null, stackAtSend: null });
    const second = applied({
      key: 'mv-sam-ord02',
      playerName: 'Sam Lee',
      playerId: null,
      stackAtSend: null,
      firstSentAt: T0 + 20,
      createdAt: T0 + 20,
    });
    // Both arrive after the second intent, so each could be either movement's: one cluster, paired in order.
    const guest = event({
      player_id: null,
      seat_id: 2,
      name: 'Sam Lee',
      stack_before: null,
      stack_after: null,
      receivedAt: T0 + 22,
    });
    const onOurSeat = event({
      player_id: null,
      seat_id: 1,
      name: 'Sam Lee',
      stack_before: null,
      stack_after: null,
      receivedAt: T0 + 25,
    });
    const result = reconcile({ movements: [first, second], ledger: watched([guest, onOurSeat]), span, now });
    expect(result.matched).toEqual([]);
    expect(result.uncheckedMovements.map((item) => item.key).sort()).toEqual(['mv-sam-ord01', 'mv-sam-ord02']);
  });
});
