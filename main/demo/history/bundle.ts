/**
 * The published stats bundle: every published hand in one total order (ts, then hand_id), over the nights, each
 * player's tallies per night, player names and profile merges (night-book.ts). A hand is a handful of numbers in
 * columns (no object per hand): summaries are projected from the columns on request, a synthetic hand's detail is
 * regenerated from its spec (its night's lineup plus its seed), and only the live engine's hands are kept whole.
 */
import type { DemoStakes, PlayedHand } from '../played-hand';
import { CARD_NAMES, cardCode } from '../poker/cards';
import { simulateHand, type SyntheticHandSpec } from './hand-sim';
import type { HandLog } from './sim-table';
import { NightBook, type NightRecord } from './night-book';
import { addHand, addPlayedHand, type StatTally } from './stats';

export type { NightRecord } from './night-book';

/** A published hand's summary fields, before money_mode applies. */
export interface HandFacts {
  readonly hand_id: string;
  readonly hand_number: number;
  readonly ts: number;
  readonly board: readonly string[];
  readonly winners: readonly { readonly player_id: string; readonly player_name: string }[];
  readonly player_count: number;
  readonly session_uid: string;
  readonly stakes: DemoStakes;
  readonly game_mode: string;
  /** The pot in chips as served now (0 for a legacy hand until the venue republishes). */
  readonly pot: number;
}

/** The day the service started carrying the pot in final_pot_bb (2026-09-26 in the spec's change list). */
const POT_CARRIED_SINCE = Date.UTC(2026, 8, 26) / 1000;

/** Up to five board cards packed in one number (base 53, card code + 1 per digit, first card lowest). */
function packBoard(codes: ArrayLike<number>, length: number): number {
  let packed = 0;
  for (let i = length - 1; i >= 0; i -= 1) packed = packed * 53 + (codes[i] as number) + 1;
  return packed;
}

function unpackBoard(packed: number): string[] {
  const board: string[] = [];
  for (let rest = packed; rest > 0; rest = Math.floor(rest / 53)) board.push(CARD_NAMES[(rest % 53) - 1] as string);
  return board;
}

/** The tallies of the hand being added, by log index (reused). */
const handTallies: StatTally[] = [];

/** The hands in columns, over the nights and people they add to (NightBook). */
export class PublishedBundle extends NightBook {
  // Columns by slot (the order hands were added in).
  private readonly ids: string[] = [];
  private readonly tsBySlot: number[] = [];
  private readonly startedAt: number[] = [];
  private readonly handNumber: number[] = [];
  private readonly nightOf: NightRecord[] = [];
  private readonly potCents: number[] = [];
  private readonly boards: number[] = [];
  /** Synthetic: lineup indexes of the winners as bits. */
  private readonly winnerBits: number[] = [];
  private readonly playerCount: number[] = [];
  private readonly buttonSeat: number[] = [];
  private readonly seeds: number[] = [];
  /** The live engine's hands, kept whole, by slot. */
  private readonly liveHands = new Map<number, PlayedHand>();
  private readonly slots = new Map<string, number>();
  /** Slots oldest first in (ts, hand_id) order, each slot's position in it, and the ts by position. */
  private order = new Int32Array(0);
  private positionBySlot = new Int32Array(0);
  private tsColumn = new Float64Array(0);
  private legacyPotsFixed = false;

  /** Adds a synthetic hand from its spec and compact log. Call sortAll() after a batch. */
  addSynthetic(spec: SyntheticHandSpec, log: HandLog): void {
    if (this.slots.has(spec.hand_id)) return;
    const night = this.nightFor(spec.session_uid, spec.started_at, log.endedAtMs / 1000, spec.stakes, spec.seats);
    let winners = 0;
    for (let player = 0; player < log.count; player += 1) {
      const seatIndex = log.seatIndex[player] as number;
      if ((log.won[player] as number) > 0) winners |= 1 << seatIndex;
      handTallies[player] = night.seatTallies[seatIndex] ?? this.seatTally(night, seatIndex);
    }
    handTallies.length = log.count;
    addHand(log, handTallies);
    this.push(
      spec.hand_id,
      log.endedAtMs / 1000,
      spec.started_at,
      spec.hand_number,
      night,
      log.pot(),
      packBoard(log.board, log.boardLength),
      log.count,
    );
    this.winnerBits.push(winners);
    this.buttonSeat.push(spec.button_seat);
    this.seeds.push(spec.seed);
  }

  /** Adds a hand the live engine played (kept whole). Call sortAll() after a batch. */
  addPlayed(hand: PlayedHand): void {
    if (this.slots.has(hand.hand_id)) return;
    const night = this.nightFor(hand.session_uid, hand.started_at, hand.ts, hand.stakes, []);
    addPlayedHand(hand, (playerId) => this.tally(night, playerId));
    this.noteNames(hand);
    this.liveHands.set(this.ids.length, hand);
    const board = hand.board.map(cardCode);
    this.push(
      hand.hand_id,
      hand.ts,
      hand.started_at,
      hand.hand_number,
      night,
      Math.round(hand.pot * 100),
      packBoard(board, board.length),
      hand.players.length,
    );
    this.winnerBits.push(0);
    this.buttonSeat.push(hand.button_seat);
    this.seeds.push(0);
  }

  private push(
    handId: string,
    ts: number,
    startedAt: number,
    handNumber: number,
    night: NightRecord,
    potCents: number,
    board: number,
    players: number,
  ): void {
    night.ended_at = Math.max(night.ended_at, ts);
    night.hands_count += 1;
    this.slots.set(handId, this.ids.length);
    this.ids.push(handId);
    this.tsBySlot.push(ts);
    this.startedAt.push(startedAt);
    this.handNumber.push(handNumber);
    this.nightOf.push(night);
    this.potCents.push(potCents);
    this.boards.push(board);
    this.playerCount.push(players);
  }

  private compareSlots(a: number, b: number): number {
    const byTs = (this.tsBySlot[a] as number) - (this.tsBySlot[b] as number);
    if (byTs !== 0) return byTs;
    const idA = this.ids[a] as string;
    const idB = this.ids[b] as string;
    return idA < idB ? -1 : idA > idB ? 1 : 0;
  }

  /** Restores the total order after adds (no sort when they arrived in order, as a history and a night do). */
  sortAll(): void {
    const count = this.ids.length;
    const order = new Int32Array(count);
    order.set(this.order);
    for (let slot = this.order.length; slot < count; slot += 1) order[slot] = slot;
    let sorted = true;
    for (let i = 1; i < count && sorted; i += 1)
      sorted = this.compareSlots(order[i - 1] as number, order[i] as number) <= 0;
    if (!sorted) order.sort((a, b) => this.compareSlots(a, b));
    this.order = order;
    this.positionBySlot = new Int32Array(count);
    this.tsColumn = new Float64Array(count);
    for (let position = 0; position < count; position += 1) {
      const slot = order[position] as number;
      this.positionBySlot[slot] = position;
      this.tsColumn[position] = this.tsBySlot[slot] as number;
    }
  }

  /** The venue's software is up to date from its next publish on: old hands carry their pot too. */
  fixLegacyPots(): void {
    this.legacyPotsFixed = true;
  }

  get count(): number {
    return this.order.length;
  }

  private slotAt(position: number): number {
    const slot = this.order[position];
    if (slot === undefined) throw new RangeError(`no hand at position ${position}`);
    return slot;
  }

  /** The id of the hand at a position of the total order (0 = oldest). */
  idAt(position: number): string {
    return this.ids[this.slotAt(position)] as string;
  }

  tsAt(position: number): number {
    return this.tsBySlot[this.slotAt(position)] as number;
  }

  positionOf(handId: string): number | undefined {
    const slot = this.slots.get(handId);
    return slot === undefined ? undefined : this.positionBySlot[slot];
  }

  /** Position of the first hand whose ts is strictly greater than `since` (count when none). */
  firstAfterTs(since: number): number {
    let low = 0;
    let high = this.tsColumn.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.tsColumn[middle] as number) <= since) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The summary fields of the hand at a position. */
  facts(position: number): HandFacts {
    const slot = this.slotAt(position);
    const night = this.nightOf[slot] as NightRecord;
    const ts = this.tsBySlot[slot] as number;
    const live = this.liveHands.get(slot);
    return {
      hand_id: this.ids[slot] as string,
      hand_number: this.handNumber[slot] as number,
      ts,
      board: unpackBoard(this.boards[slot] as number),
      winners:
        live === undefined
          ? this.lineupWinners(night, this.winnerBits[slot] as number)
          : live.players
              .filter((player) => player.won > 0)
              .map(({ player_id, player_name }) => ({ player_id, player_name })),
      player_count: this.playerCount[slot] as number,
      session_uid: night.session_uid,
      stakes: night.blinds,
      game_mode: night.game_mode,
      pot: ts < POT_CARRIED_SINCE && !this.legacyPotsFixed ? 0 : (this.potCents[slot] as number) / 100,
    };
  }

  private lineupWinners(night: NightRecord, bits: number): { player_id: string; player_name: string }[] {
    const winners: { player_id: string; player_name: string }[] = [];
    night.seats.forEach((seat, index) => {
      if (bits & (1 << index)) winners.push({ player_id: seat.player.player_id, player_name: seat.player.name });
    });
    return winners;
  }

  /** The whole truth of the hand at a position (regenerated for synthetic ones: same spec, same hand). */
  played(position: number): PlayedHand {
    const slot = this.slotAt(position);
    const live = this.liveHands.get(slot);
    if (live !== undefined) return live;
    const night = this.nightOf[slot] as NightRecord;
    return simulateHand({
      hand_id: this.ids[slot] as string,
      hand_number: this.handNumber[slot] as number,
      session_uid: night.session_uid,
      started_at: this.startedAt[slot] as number,
      stakes: night.blinds,
      seats: night.seats,
      button_seat: this.buttonSeat[slot] as number,
      seed: this.seeds[slot] as number,
    });
  }

  handIds(): string[] {
    return Array.from(this.order, (slot) => this.ids[slot] as string);
  }
}
