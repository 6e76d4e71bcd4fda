/**
 * The nights and people of the published bundle: each night, each player's tallies per night, their names and the
 * profile merges. The bundle (bundle.ts) adds its hands to them and keeps the hands' columns itself.
 */
import type { DemoStakes, PlayedHand } from '../played-hand';
import { slugify, type DemoPlayer } from '../roster';
import type { SyntheticSeat } from './hand-sim';
import { addTally, emptyTally, type StatTally } from './stats';

export interface NightRecord {
  readonly session_uid: string;
  started_at: number;
  ended_at: number;
  hands_count: number;
  readonly blinds: DemoStakes;
  readonly game_mode: string;
  /** Calendar month (UTC) the night started in, "YYYY-MM": a night belongs to one month. */
  month: string;
  /** Raw player ids (before alias resolution). */
  readonly players: Set<string>;
  /** A synthetic night's lineup (seat order), from which its hands regenerate; empty for a live night. */
  readonly seats: readonly SyntheticSeat[];
  /** A synthetic night's tallies by lineup index (filled as its hands are added). */
  readonly seatTallies: (StatTally | undefined)[];
}

const monthOf = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString().slice(0, 7);

export class NightBook {
  private readonly nights = new Map<string, NightRecord>();
  /** player_id -> session_uid -> tally. */
  private readonly tallies = new Map<string, Map<string, StatTally>>();
  private readonly names = new Map<string, DemoPlayer>();
  private readonly aliasMap = new Map<string, string>();

  constructor(roster: readonly DemoPlayer[]) {
    for (const player of roster) this.names.set(player.player_id, player);
  }

  /** The live engine's names are the venue's latest word on who is who. */
  protected noteNames(hand: PlayedHand): void {
    for (const player of hand.players) {
      if (this.names.get(player.player_id)?.name !== player.player_name) {
        this.names.set(player.player_id, {
          player_id: player.player_id,
          name: player.player_name,
          slug: slugify(player.player_name),
        });
      }
    }
  }

  protected seatTally(night: NightRecord, seatIndex: number): StatTally {
    const tally = this.tally(night, (night.seats[seatIndex] as SyntheticSeat).player.player_id);
    night.seatTallies[seatIndex] = tally;
    return tally;
  }

  protected tally(night: NightRecord, playerId: string): StatTally {
    night.players.add(playerId);
    let byNight = this.tallies.get(playerId);
    if (byNight === undefined) {
      byNight = new Map();
      this.tallies.set(playerId, byNight);
    }
    let tally = byNight.get(night.session_uid);
    if (tally === undefined) {
      tally = emptyTally();
      byNight.set(night.session_uid, tally);
    }
    return tally;
  }

  protected nightFor(
    sessionUid: string,
    startedAt: number,
    endedAt: number,
    stakes: DemoStakes,
    seats: readonly SyntheticSeat[],
  ): NightRecord {
    const known = this.nights.get(sessionUid);
    if (known !== undefined) {
      if (startedAt < known.started_at) {
        known.started_at = startedAt;
        known.month = monthOf(startedAt);
      }
      return known;
    }
    const night: NightRecord = {
      session_uid: sessionUid,
      started_at: startedAt,
      ended_at: endedAt,
      hands_count: 0,
      blinds: stakes,
      game_mode: 'cash',
      month: monthOf(startedAt),
      players: new Set(),
      seats,
      seatTallies: [],
    };
    this.nights.set(sessionUid, night);
    return night;
  }

  night(sessionUid: string): NightRecord | undefined {
    return this.nights.get(sessionUid);
  }

  /** Newest night first. */
  allNights(): NightRecord[] {
    return [...this.nights.values()].sort((a, b) => b.started_at - a.started_at);
  }

  /** The canonical id an id resolves to (itself when never merged). */
  canonical(playerId: string): string {
    let id = playerId;
    for (let next = this.aliasMap.get(id); next !== undefined; next = this.aliasMap.get(id)) id = next;
    return id;
  }

  merge(oldId: string, canonicalId: string): void {
    const target = this.canonical(canonicalId);
    if (!this.tallies.has(oldId) && !this.names.has(oldId)) throw new Error(`unknown player ${oldId}`);
    if (!this.tallies.has(target) && !this.names.has(target)) throw new Error(`unknown player ${canonicalId}`);
    if (this.canonical(oldId) === target) throw new Error(`${oldId} already resolves to ${target}`);
    if (this.aliasMap.has(oldId)) throw new Error(`${oldId} was already merged into ${this.canonical(oldId)}`);
    this.aliasMap.set(oldId, target);
  }

  /** Every merged id and the canonical id it resolves to now. */
  aliases(): Record<string, string> {
    return Object.fromEntries([...this.aliasMap.keys()].map((oldId) => [oldId, this.canonical(oldId)]));
  }

  player(playerId: string): DemoPlayer {
    return this.names.get(playerId) ?? { player_id: playerId, name: playerId, slug: slugify(playerId) };
  }

  /** Canonical ids with at least one published hand. */
  canonicalPlayers(): string[] {
    return [...new Set([...this.tallies.keys()].map((id) => this.canonical(id)))];
  }

  /**
   * A canonical player's tally over the nights `include` accepts, folding in every id merged into them, plus the
   * nights counted and the hours played (per night, from their first hand's start to their last hand's end).
   */
  tallyOf(
    canonicalId: string,
    include: (night: NightRecord) => boolean,
  ): { tally: StatTally; sessions: number; hours: number } {
    const perNight = new Map<string, StatTally>();
    const ids = [canonicalId, ...[...this.aliasMap.keys()].filter((oldId) => this.canonical(oldId) === canonicalId)];
    for (const playerId of ids) {
      for (const [sessionUid, tally] of this.tallies.get(playerId) ?? []) {
        const night = this.nights.get(sessionUid);
        if (night === undefined || !include(night)) continue;
        const sum = perNight.get(sessionUid) ?? emptyTally();
        perNight.set(sessionUid, sum);
        addTally(sum, tally);
      }
    }
    const total = emptyTally();
    let seconds = 0;
    for (const tally of perNight.values()) {
      addTally(total, tally);
      seconds += Math.max(0, tally.lastEnd - tally.firstStart);
    }
    return { tally: total, sessions: perNight.size, hours: Math.round((seconds / 3600) * 100) / 100 };
  }
}
