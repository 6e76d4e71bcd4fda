/**
 * Shapes the history core's tolerant records into the contract's display views. The spec leaves most historical
 * field types "not shown", so every read here is defensive: a field of an unexpected type is shown as unknown,
 * never trusted. Money fields pass only where the venue's money mode permits them.
 */
import type {
  HandDetailView,
  HandResultView,
  HandRowView,
  MoneyFigure,
  MoneyMode,
  PlayerRowView,
  PlayerStatsView,
  ReplayStepView,
  SessionRowView,
} from '../../../preload/contract';
import { replayHand, type HandDetail, type HandSummary, type PlayerStats, type RosterEntry, type SessionEntry } from '../history';
import { toUnixMs } from '../history/unix-ms';

export { toUnixMs };

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function field(record: object, key: string): unknown {
  return (record as Record<string, unknown>)[key];
}

/** The unit a money field is in, when the mode permits it; null when it is not money or not permitted. */
function moneyUnit(key: string, mode: MoneyMode): 'bb' | 'dollars' | null {
  if (key === 'bb_per_100') return null;
  if (mode === 'bb' && key.endsWith('_bb')) return 'bb';
  if (mode === 'dollars' && key.endsWith('_dollars')) return 'dollars';
  return null;
}

function moneyLabel(key: string): string {
  const words = key.replace(/_(bb|dollars)$/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Every money field of `record` the mode permits, in the record's order. */
export function moneyFigures(record: object, mode: MoneyMode): MoneyFigure[] {
  const figures: MoneyFigure[] = [];
  for (const [key, value] of Object.entries(record)) {
    const unit = moneyUnit(key, mode);
    const amount = num(value);
    if (unit !== null && amount !== null) figures.push({ label: moneyLabel(key), value: amount, unit });
  }
  return figures;
}

function cardList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((card): card is string => typeof card === 'string') : [];
}

function winnerNames(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((winner) => {
    if (typeof winner === 'string') return [winner];
    if (typeof winner === 'object' && winner !== null) {
      const name = text(field(winner, 'player_name')) ?? text(field(winner, 'name')) ?? text(field(winner, 'player_id'));
      return name === null ? [] : [name];
    }
    return [];
  });
}

/**
 * `final_pot_bb` (the pot, in big blinds) as the mode shows it: in bb mode as bb; in dollars mode converted to
 * dollars with `stakes.big_blind` (the divisor between table chips, which are dollars there, and big blinds), or
 * left in bb, labelled bb, when the big blind is unknown: a bb figure is never labelled as dollars. None when
 * money is hidden. Older hands show 0 until the venue republishes them: no pot is ever empty, so 0 is "not known".
 */
function potFigure(summary: HandSummary, mode: MoneyMode): MoneyFigure | null {
  const potBb = num(summary.final_pot_bb);
  if (potBb === null || potBb <= 0 || mode === 'hidden') return null;
  const bigBlind = num(summary.stakes?.big_blind);
  if (mode === 'dollars' && bigBlind !== null && bigBlind > 0) return { label: 'Pot', value: Math.round(potBb * bigBlind * 100) / 100, unit: 'dollars' };
  return { label: 'Pot', value: potBb, unit: 'bb' };
}

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
  return `${small}/${big}${ante !== null && ante > 0 ? ` ante ${ante}` : ''}${straddle !== null && straddle > 0 ? ` straddle ${straddle}` : ''}`;
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
