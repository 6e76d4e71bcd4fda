/**
 * What the historical plane publishes, projected from the bundle under the venue's money_mode: hand summaries,
 * hand details (hole_cards only for players who showed), nights and player stats. Hands are immutable once
 * published (clients may cache them forever), so they keep the player ids and names they were played under; a merge
 * shows in the player endpoints, and clients resolve old ids in hands through /players `aliases`. See
 * main/demo/README.md, "Historical plane and webhooks", for the units of every money field.
 */
import type { DemoMoneyMode } from '../api';
import type { PlayedHandPlayer } from '../played-hand';
import type { NightRecord, PublishedBundle } from './bundle';
import { statRates } from './stats';

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** A chip amount in the unit of the money mode; undefined when the mode hides money. */
function money(chips: number, bigBlind: number, mode: DemoMoneyMode): number | undefined {
  if (mode === 'hidden') return undefined;
  if (mode === 'dollars') return round2(chips);
  return bigBlind > 0 ? round2(chips / bigBlind) : 0;
}

/** The summary of the hand at a position of the bundle's order. */
export function handSummary(bundle: PublishedBundle, position: number, mode: DemoMoneyMode): Record<string, unknown> {
  const facts = bundle.facts(position);
  const summary: Record<string, unknown> = {
    hand_id: facts.hand_id,
    hand_number: facts.hand_number,
    ts: facts.ts,
    board: facts.board,
    winners: facts.winners,
    player_count: facts.player_count,
    session_uid: facts.session_uid,
    stakes: facts.stakes,
    game_mode: facts.game_mode,
    file: `hands/${facts.hand_id}.json`,
  };
  // final_pot_bb is in big blinds, as its name says, in every mode that shows money (dollars included: a client
  // converts with stakes.big_blind); with money hidden it is absent.
  const pot = mode === 'hidden' ? undefined : money(facts.pot, facts.stakes.big_blind, 'bb');
  if (pot !== undefined) summary['final_pot_bb'] = pot;
  return summary;
}

function resultOf(player: PlayedHandPlayer): string {
  if (player.won > 0) return 'won';
  return player.folded_street === null ? 'lost' : 'folded';
}

function detailPlayer(player: PlayedHandPlayer, bigBlind: number, mode: DemoMoneyMode): Record<string, unknown> {
  const out: Record<string, unknown> = {
    seat_id: player.seat_id,
    player_id: player.player_id,
    player_name: player.player_name,
    position: player.position,
    showed_cards: player.showed_cards,
    went_to_showdown: player.went_to_showdown,
    hand_rank_name: player.hand_rank_name,
    result: resultOf(player),
    folded_street: player.folded_street,
    won_at_showdown: player.won_at_showdown,
  };
  // Rule 3: a mucked hand has no hole_cards field at all.
  if (player.showed_cards) out['hole_cards'] = [...player.hole_cards];
  if (mode === 'bb') {
    out['contributed_bb'] = money(player.contributed, bigBlind, mode);
    out['net_result_bb'] = money(player.net, bigBlind, mode);
  } else if (mode === 'dollars') {
    out['contributed_dollars'] = money(player.contributed, bigBlind, mode);
    out['net_result_dollars'] = money(player.net, bigBlind, mode);
  }
  return out;
}

export function handDetail(bundle: PublishedBundle, position: number, mode: DemoMoneyMode): Record<string, unknown> {
  const played = bundle.played(position);
  const bigBlind = played.stakes.big_blind;
  return {
    hand: {
      ...handSummary(bundle, position, mode),
      players: played.players.map((player) => detailPlayer(player, bigBlind, mode)),
    },
    // Action amounts stay in table chips in every money mode (the spec says so, big blinds included).
    actions: played.actions,
    streets: played.streets,
  };
}

export function nightSummary(night: NightRecord): Record<string, unknown> {
  return {
    session_uid: night.session_uid,
    started_at: night.started_at,
    ended_at: night.ended_at,
    hands_count: night.hands_count,
    player_count: night.players.size,
    blinds: night.blinds,
  };
}

/** A money total in the mode's own field: net_bb, net_dollars, or nothing when hidden. */
function moneyFields(netBb: number, netCents: number, mode: DemoMoneyMode): Record<string, number> {
  if (mode === 'bb') return { net_bb: netBb };
  if (mode === 'dollars') return { net_dollars: netCents / 100 };
  return {};
}

export function nightDetail(bundle: PublishedBundle, night: NightRecord, mode: DemoMoneyMode): Record<string, unknown> {
  const playerIds = [...new Set([...night.players].map((id) => bundle.canonical(id)))];
  const players = playerIds.map((playerId) => {
    const { tally } = bundle.tallyOf(playerId, (candidate) => candidate === night);
    const player = bundle.player(playerId);
    return {
      player_id: playerId,
      player_name: player.name,
      hands_played: tally.hands,
      ...moneyFields(tally.netBb, tally.netCents, mode),
    };
  });
  players.sort((a, b) => b.hands_played - a.hands_played || a.player_name.localeCompare(b.player_name));
  return { ...nightSummary(night), game_mode: night.game_mode, players };
}

export interface RankedStats {
  readonly stats: Record<string, unknown>;
  readonly name: string;
  readonly hands: number;
  readonly netBb: number;
  readonly netCents: number;
}

/** PlayerStats of a canonical player over the nights `include` accepts; undefined when they played none. */
export function playerStats(
  bundle: PublishedBundle,
  playerId: string,
  mode: DemoMoneyMode,
  include: (night: NightRecord) => boolean,
): RankedStats | undefined {
  const { tally, sessions, hours } = bundle.tallyOf(playerId, include);
  if (tally.hands === 0) return undefined;
  const player = bundle.player(playerId);
  const stats = {
    player_id: playerId,
    player_name: player.name,
    name: player.name,
    slug: player.slug,
    hands_played: tally.hands,
    ...statRates(tally),
    sessions,
    total_hours: hours,
    ...moneyFields(tally.netBb, tally.netCents, mode),
  };
  return { stats, name: player.name, hands: tally.hands, netBb: tally.netBb, netCents: tally.netCents };
}
