/**
 * The live table: a steppable No-Limit Hold'em cash game. Each step() is one commit (a deal, an action, a new
 * street, or the settlement) and runs synchronously, so tests play thousands of hands without timers; the runner
 * (../live/table-runner.ts) calls step() at the venue's pace. Money is integer cents inside, chips on the wire.
 */
import type { DemoStreet, PlayedHand } from '../played-hand';
import { createRng, type Rng } from '../rng';
import { cardCode } from '../poker/cards';
import { NONE, STREETS } from '../poker/hand-codes';
import { newSettlement } from '../poker/settlement';
import { shuffledDeck } from './cards';
import { dealerAction, dealHand } from './deal';
import { endHandPayload, payoutPayload, startHandPayload } from './hand-events';
import { recordHand } from './hand-record';
import { isOccupied, seatOrderAfter } from './seating';
import { settleOutcome } from './showdown';
import { playTurn } from './turn';
import type { SavedTable } from '../state/venue-state';
import type { ChipAccount, EnginePhase, EngineSeat, HandInProgress, TableEngineOptions } from './types';

export type { ChipAccount, TableEngineOptions } from './types';

const NEXT_STREET: Partial<Record<DemoStreet, DemoStreet>> = { preflop: 'flop', flop: 'turn', turn: 'river' };
const STREET_CARDS: Partial<Record<DemoStreet, number>> = { flop: 3, turn: 1, river: 1 };

export class TableEngine {
  readonly seats: EngineSeat[];
  readonly stakesCents: { readonly sb: number; readonly bb: number; readonly ante: number; readonly straddle: number };
  phase: EnginePhase = 'between_hands';
  hand: HandInProgress | null = null;
  lastHandNumber = 0;
  sessionUid: string;
  /** The last settled hand's board and button, shown between hands. */
  lastBoard: readonly string[] = [];
  buttonSeat: number | null = null;
  readonly decisions: Rng;
  readonly ids: Rng;
  private readonly cards: Rng;
  private lastCommitAt: number | null = null;
  /** True from an engine restart until the next player action (whose decision_ms is then null). */
  private freshRun = true;
  private readonly finished: PlayedHand[] = [];
  private readonly settlement = newSettlement();
  private readonly account: { initialCents: number; appliedCents: number; rakeCents: number };

  constructor(readonly options: TableEngineOptions) {
    if (!Number.isInteger(options.seatCount) || options.seatCount < 6 || options.seatCount > 9) {
      throw new Error(`seats must be an integer from 6 to 9, got ${options.seatCount}`);
    }
    // Separate streams: a buy-in (an extra decision) never changes which cards come next.
    this.cards = createRng((options.seed ^ 0x0c4a_2d5) >>> 0);
    this.decisions = createRng((options.seed ^ 0x00de_c1de) >>> 0);
    this.ids = createRng((options.seed ^ 0x001d_5eed) >>> 0);
    this.sessionUid = options.sessionUid;
    this.stakesCents = {
      sb: Math.round(options.stakes.small_blind * 100),
      bb: Math.round(options.stakes.big_blind * 100),
      ante: Math.round(options.stakes.ante * 100),
      straddle: Math.round(options.stakes.straddle * 100),
    };
    const seating = createRng((options.seed ^ 0x005e_a7ed) >>> 0);
    this.seats = Array.from({ length: options.seatCount }, (_, index) => {
      const player = index < options.seatCount - 1 ? options.roster[index] : undefined;
      return {
        seatId: index + 1,
        playerId: player?.player_id ?? null,
        name: player?.name ?? null,
        stack: player === undefined ? null : this.stakesCents.bb * seating.int(40, 150),
        present: player !== undefined,
        busted: false,
      };
    });
    this.account = { initialCents: this.stacksCents(), appliedCents: 0, rakeCents: 0 };
  }

  get betweenHands(): boolean {
    return this.phase === 'between_hands';
  }

  /** The seats the next hand would deal in. */
  eligibleSeats(): EngineSeat[] {
    return this.seats.filter((seat) => isOccupied(seat) && seat.present && (seat.stack ?? 0) > 0);
  }

  /** One commit. Returns false when nothing could happen (fewer than two players ready). */
  step(): boolean {
    switch (this.phase) {
      case 'between_hands':
        return this.startHand();
      case 'betting':
        return this.act();
      case 'dealing':
        return this.dealNextStreet();
      case 'settling':
        return this.settleHand();
    }
  }

  /** The engine process restarted: the next action has no previous commit to measure from. */
  markRestart(): void {
    this.lastCommitAt = null;
    this.freshRun = true;
  }

  /** Records a money movement in the conservation account. */
  noteApplied(deltaCents: number): void {
    this.account.appliedCents += deltaCents;
  }

  /** The table between hands as a saved venue keeps it (seats, hand counter, button, chip account). */
  savedTable(): SavedTable {
    return {
      lastHandNumber: this.lastHandNumber,
      buttonSeat: this.buttonSeat,
      seats: this.seats.map(({ seatId, playerId, name, stack, present }) => ({
        seatId,
        playerId,
        name,
        stack,
        present,
      })),
      ...this.account,
    };
  }

  /** A restart of a saved venue: the table as it was last saved (before the first deal of this run). */
  restoreTable(saved: SavedTable): void {
    if (!this.betweenHands || saved.seats.some((seat, index) => seat.seatId !== index + 1))
      throw new Error('the saved table does not fit this one');
    if (saved.seats.length !== this.seats.length)
      throw new Error(`the saved table has ${saved.seats.length} seats, this venue ${this.seats.length}`);
    for (const [index, seat] of saved.seats.entries()) {
      const target = this.seats[index] as EngineSeat;
      target.playerId = seat.playerId;
      target.name = seat.name;
      target.stack = seat.stack;
      target.present = seat.present;
      target.busted = seat.stack === 0;
    }
    this.lastHandNumber = saved.lastHandNumber;
    this.buttonSeat = saved.buttonSeat;
    this.account.initialCents = saved.initialCents;
    this.account.appliedCents = saved.appliedCents;
    this.account.rakeCents = saved.rakeCents;
  }

  chipAccount(): ChipAccount {
    return { ...this.account, stacksCents: this.stacksCents(), potCents: this.potCents() };
  }

  /** This session's settled hands, oldest first. */
  playedHands(): readonly PlayedHand[] {
    return this.finished;
  }

  /** Closes the night: returns its hands and starts a new session. */
  beginSession(sessionUid: string): PlayedHand[] {
    const hands = this.finished.splice(0, this.finished.length);
    this.sessionUid = sessionUid;
    return hands;
  }

  potCents(): number {
    return this.hand?.bets.pot() ?? 0;
  }

  private stacksCents(): number {
    return this.seats.reduce((sum, seat) => sum + (seat.stack ?? 0), 0);
  }

  private emit(kind: string, payload: Record<string, unknown>): void {
    this.options.emit({ kind, payload });
  }

  private commit(): number {
    const now = this.options.now();
    this.lastCommitAt = now;
    return now;
  }

  private seat(seatId: number): EngineSeat {
    const seat = this.seats[seatId - 1];
    if (seat === undefined) throw new Error(`no seat ${seatId}`);
    return seat;
  }

  private startHand(): boolean {
    this.options.beforeDeal?.(this);
    const eligible = this.eligibleSeats();
    if (eligible.length < 2) return false;
    const now = this.commit();
    this.lastHandNumber += 1;
    const { hand, lastForcedBet } = dealHand({
      eligible,
      previousButton: this.buttonSeat ?? this.decisions.pick(eligible).seatId - 1,
      deck: shuffledDeck(this.cards),
      handNumber: this.lastHandNumber,
      handId: this.ids.uuid(),
      now,
      blindsCents: this.stakesCents,
    });
    this.hand = hand;
    this.buttonSeat = hand.buttonSeat;
    this.emit('start_hand', startHandPayload(hand, this.seats, this.options));
    this.phase = 'betting';
    this.afterAction(lastForcedBet);
    return true;
  }

  private act(): boolean {
    const hand = this.hand;
    const player = hand?.players.find((candidate) => candidate.seatId === hand.actionOn);
    if (hand === null || player === undefined) throw new Error('betting with nobody to act');
    const previous = this.lastCommitAt;
    const now = this.commit();
    const gapMs = previous === null || this.freshRun ? null : now - previous;
    const payload = playTurn(hand, player, {
      decisions: this.decisions,
      bigBlindCents: this.stakesCents.bb,
      now,
      gapMs,
    });
    this.syncStacks(hand);
    this.freshRun = false;
    this.emit('player_action', payload);
    this.afterAction(player.index);
    return true;
  }

  /** The seats show what the betting engine holds: it alone moves chips during a hand. */
  private syncStacks(hand: HandInProgress): void {
    for (const player of hand.players) this.seat(player.seatId).stack = hand.bets.stack[player.index] as number;
  }

  /** Picks who acts after ring index `last`, or closes the street. */
  private afterAction(last: number): void {
    const hand = this.hand as HandInProgress;
    const { bets } = hand;
    if (bets.liveCount() <= 1) {
      hand.actionOn = null;
      this.phase = 'settling';
      return;
    }
    const next = bets.nextToAct(last);
    if (next !== NONE) {
      hand.actionOn = (hand.players[next] as HandInProgress['players'][number]).seatId;
      this.phase = 'betting';
      return;
    }
    hand.actionOn = null;
    bets.returnUncalled();
    this.syncStacks(hand);
    this.phase = hand.street === 'river' ? 'settling' : 'dealing';
  }

  private dealNextStreet(): boolean {
    const hand = this.hand as HandInProgress;
    const street = NEXT_STREET[hand.street];
    if (street === undefined) throw new Error(`no street after ${hand.street}`);
    const now = this.commit();
    hand.deck.pop(); // burn
    const cards = Array.from({ length: STREET_CARDS[street] ?? 0 }, () => hand.deck.pop() as string);
    hand.board.push(...cards);
    for (const card of cards) hand.bets.board[hand.bets.boardLength++] = cardCode(card);
    hand.streets[street] = cards;
    hand.street = street;
    hand.bets.openStreet(STREETS.indexOf(street));
    hand.actions.push(dealerAction(street, now));
    this.emit('street_advance', { street, hand_number: hand.handNumber });
    this.emit('deal_street', { street, board: [...hand.board], hand_number: hand.handNumber });
    this.afterAction(0);
    return true;
  }

  private settleHand(): boolean {
    const hand = this.hand as HandInProgress;
    const { bets } = hand;
    const now = this.options.now();
    bets.returnUncalled();
    this.syncStacks(hand);
    const live = hand.players.filter((player) => !player.folded);
    if (live.length > 1) {
      hand.street = 'showdown';
      this.emit('street_advance', { street: 'showdown', hand_number: hand.handNumber });
    }
    const { total, rake, won, handNames, shown, showdown } = settleOutcome(hand, this.settlement, this.decisions);
    for (const player of seatOrderAfter(hand.players, hand.buttonSeat)) {
      const cents = won.get(player.seatId) ?? 0;
      if (cents <= 0) continue;
      const seat = this.seat(player.seatId);
      const before = seat.stack ?? 0;
      seat.stack = before + cents;
      this.emit('payout_applied', payoutPayload(hand, player, cents, before));
    }
    this.account.rakeCents += rake;
    this.emit(
      'end_hand',
      endHandPayload(hand, won, total, rake, (seatId) => this.seat(seatId).stack ?? 0),
    );
    const played = recordHand(hand, {
      sessionUid: this.sessionUid,
      endedAtMs: now,
      stakes: this.options.stakes,
      rakeCents: rake,
      won,
      handNames,
      showdown,
      shown,
    });
    for (const seat of this.seats) if (isOccupied(seat) && seat.stack === 0) seat.busted = true;
    this.finished.push(played);
    this.lastBoard = [...hand.board];
    this.hand = null;
    this.phase = 'between_hands';
    this.options.onHandFinished?.(played);
    return true;
  }
}
