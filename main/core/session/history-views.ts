/**
 * Assembles the contract's display views from the history core's tolerant records. The reads are the history
 * core's defensive ones (`history/loose-fields.ts`: a field of an unexpected type is shown as unknown, never
 * trusted) and money passes only where the venue's money mode permits it (`history/money-figures.ts`); what is
 * decided here is which figures each view carries, and that with money hidden no amount of any kind leaves main.
 */
import type {
  HandDetailView,
  HandResultView,
  HandRowView,
  MoneyMode,
  PlayerRowView,
  PlayerStatsView,
  ReplayStepView,
  SessionRowView,
} from '../../../preload/contract';
import {
  moneyFigures,
  potFigure,
  replayHand,
  type HandDetail,
  type HandSummary,
  type PlayerStats,
  type RosterEntry,
  type SessionEntry,
} from '../history';
import { cardList, field, num, text, winnerNames } from '../history/loose-fields';
import { toUnixMs } from '../history/unix-ms';

/** One row of the hand list. */
export function handRowView(summary: HandSummary, mode: MoneyMode): HandRowView {
  return {
    handId: summary.hand_id,
    handNumber: num(summary.hand_number),
    at: toUnixMs(summary.ts) ?? 0,
    sessionUid: text(summary.session_uid),
    board: cardList(summary.board),
    winners: winnerNames(summary.winners),
    playerCount: num(summary.player_count),
    // The stakes are amounts too: with money hidden the big blind is not shown either.
    bigBlind: mode === 'hidden' ? null : num(summary.stakes?.big_blind),
    pot: potFigure(summary, mode),
  };
}

/** PlayerStats (profile or leaderboard entry) for display. */
export function playerStatsView(stats: PlayerStats, mode: MoneyMode): PlayerStatsView {
  return {
    playerId: text(stats.player_id),
    name: text(stats.name) ?? text(stats.player_name) ?? text(stats.slug) ?? 'Unknown player',
    handsPlayed: num(stats.hands_played),
    vpip: num(field(stats, 'vpip')),
    pfr: num(field(stats, 'pfr')),
    threebet: num(field(stats, 'threebet')),
    aggression: num(field(stats, 'aggression_factor')),
    wtsd: num(field(stats, 'wtsd')),
    wsd: num(field(stats, 'wsd')),
    // A win rate in big blinds is money too.
    bbPer100: mode === 'hidden' ? null : num(field(stats, 'bb_per_100')),
    sessions: num(field(stats, 'sessions')),
    hours: num(field(stats, 'total_hours')),
    money: moneyFigures(stats, mode),
  };
}

export function playerRowView(entry: RosterEntry): PlayerRowView {
  return { playerId: text(entry.player_id), name: entry.name, handsPlayed: num(entry.hands_played) };
}

function blindsText(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const small = num(field(value, 'small_blind'));
  const big = num(field(value, 'big_blind'));
  if (small === null || big === null) return null;
  const ante = num(field(value, 'ante'));
  const straddle = num(field(value, 'straddle'));
  const anteText = ante !== null && ante > 0 ? ` ante ${ante}` : '';
  const straddleText = straddle !== null && straddle > 0 ? ` straddle ${straddle}` : '';
  return `${small}/${big}${anteText}${straddleText}`;
}

export function sessionRowView(entry: SessionEntry, mode: MoneyMode): SessionRowView {
  return {
    sessionUid: entry.session_uid,
    startedAt: toUnixMs(entry.started_at),
    endedAt: toUnixMs(entry.ended_at),
    handsCount: num(entry.hands_count),
    playerCount: num(entry.player_count),
    blinds: mode === 'hidden' ? null : blindsText(entry.blinds),
  };
}

/** The players a session detail lists (the spec does not show them; read when present). */
export function sessionPlayers(detail: object): PlayerRowView[] {
  const players = field(detail, 'players');
  if (!Array.isArray(players)) return [];
  return players.flatMap((player: unknown) => {
    if (typeof player !== 'object' || player === null) return [];
    const name = text(field(player, 'player_name')) ?? text(field(player, 'name'));
    if (name === null) return [];
    return [{ playerId: text(field(player, 'player_id')), name, handsPlayed: num(field(player, 'hands_played')) }];
  });
}

/**
 * A hand's detail as replay steps, streets to jump to, and results. With money hidden the replay still rebuilds
 * the hand (who acted, how, the board) but no amount leaves main: not in chips, not in big blinds.
 */
export function handDetailView(detail: HandDetail, mode: MoneyMode): HandDetailView {
  const frames = replayHand(detail);
  const shown = <T>(value: T): T | null => (mode === 'hidden' ? null : value);
  const steps: ReplayStepView[] = frames.map((frame) => ({
    index: frame.index,
    street: frame.street,
    actor: frame.action?.name ?? null,
    action: frame.action?.kind ?? null,
    amountChips: shown(frame.action?.amountChips ?? null),
    amountBb: shown(frame.action?.amountBb ?? null),
    board: frame.board,
    potChips: shown(frame.potChips),
    potBb: shown(frame.potBb),
    players: frame.players.map((player, index) => ({
      key: player.playerId ?? `${player.name}#${index}`,
      name: player.name,
      position: player.position,
      contributedChips: shown(player.contributedChips),
      contributedBb: shown(player.contributedBb),
      folded: player.folded,
      holeCards: player.holeCards,
    })),
  }));
  const streets: { street: string; step: number }[] = [];
  for (const frame of frames) {
    if (frame.action !== null && frame.street !== null && !streets.some((entry) => entry.street === frame.street)) {
      streets.push({ street: frame.street, step: frame.index });
    }
  }
  const results: HandResultView[] = detail.hand.players.map((player) => {
    const net = moneyFigures(player, mode).find((figure) => figure.label.toLowerCase().startsWith('net'));
    return {
      name: text(player.player_name) ?? 'Unknown player',
      playerId: text(player.player_id),
      result: text(player.result),
      handRank: text(player.hand_rank_name),
      wonAtShowdown: player.won_at_showdown === true,
      // The replay core already drops cards of players who did not show; this keeps the same rule for results.
      holeCards: player.showed_cards === true ? cardList(player.hole_cards) : null,
      net: net ?? null,
    };
  });
  return { summary: handRowView(detail.hand, mode), steps, streets, results };
}
