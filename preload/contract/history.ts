/**
 * History section of the contract: the venue's published history (players, leaderboard, sessions, hands with
 * replay) read from the offline store main keeps, each answer carrying its data age, plus the sync's progress.
 * main shapes everything for display (money fields only where the venue's money mode permits); the renderer
 * formats and decides nothing.
 */
import { z } from 'zod';
import { channel } from './define';

/** Rows the hand list serves at once (the list is virtualized and asks for what is on screen). */
export const MAX_HISTORY_PAGE = 500;

/** Where one history answer comes from. `no_venue`: no venue is connected, so there is no store to read. */
export type HistoryAvailability = 'available' | 'not_published' | 'not_available_offline' | 'unavailable' | 'no_venue';

/** Any history answer, with its age. */
export interface HistoryResult<T> {
  readonly data: T | null;
  /** Unix ms when the data was fetched from the venue; null when never. */
  readonly fetchedAt: number | null;
  /** Older than its freshness window, or the last refresh failed. */
  readonly stale: boolean;
  readonly availability: HistoryAvailability;
  readonly error: string | null;
}

/** The sync as the status bar shows it. `closed`: no venue is connected. */
export interface HistorySyncView {
  readonly state: 'closed' | 'opening' | 'idle' | 'syncing' | 'synced' | 'not_published' | 'failed';
  readonly reason: 'start' | 'session_closed' | 'live_gap' | 'on_demand' | null;
  readonly fetched: number;
  readonly stored: number;
  readonly total: number | null;
  readonly remaining: number | null;
  readonly lastSyncedAt: number | null;
  readonly error: string | null;
}

/** The sync when there is none: no venue (or a screen, the table monitor, that is not told about it). */
export const CLOSED_HISTORY_SYNC: HistorySyncView = {
  state: 'closed',
  reason: null,
  fetched: 0,
  stored: 0,
  total: null,
  remaining: null,
  lastSyncedAt: null,
  error: null,
};

/** A money figure the venue's money mode permits: `unit` says how to show it. */
export interface MoneyFigure {
  readonly label: string;
  readonly value: number;
  readonly unit: 'bb' | 'dollars';
}

export interface HandRowView {
  readonly handId: string;
  readonly handNumber: number | null;
  /** Unix ms. */
  readonly at: number;
  readonly sessionUid: string | null;
  readonly board: readonly string[];
  readonly winners: readonly string[];
  readonly playerCount: number | null;
  readonly bigBlind: number | null;
  /** The pot when the money mode permits it (`final_pot_bb`; 0 on older unrepublished hands). */
  readonly pot: MoneyFigure | null;
}

export interface HandPageView {
  readonly total: number;
  readonly offset: number;
  readonly rows: readonly HandRowView[];
}

export interface ReplayPlayerView {
  readonly key: string;
  readonly name: string;
  readonly position: string | null;
  /** null (with its big blinds) when the venue hides money. */
  readonly contributedChips: number | null;
  readonly contributedBb: number | null;
  readonly folded: boolean;
  /** Only for players whose `showed_cards` is true; a mucked hand shows none. */
  readonly holeCards: readonly string[] | null;
}

export interface ReplayStepView {
  readonly index: number;
  readonly street: string | null;
  /** "Alice RAISE", "Dealer DEAL"; null on the opening and the results frames. */
  readonly actor: string | null;
  readonly action: string | null;
  readonly amountChips: number | null;
  readonly amountBb: number | null;
  readonly board: readonly string[];
  /** null (with its big blinds) when the venue hides money: the replay then shows who acted and how, never how much. */
  readonly potChips: number | null;
  readonly potBb: number | null;
  readonly players: readonly ReplayPlayerView[];
}

export interface HandResultView {
  readonly name: string;
  readonly playerId: string | null;
  readonly result: string | null;
  readonly handRank: string | null;
  readonly wonAtShowdown: boolean;
  readonly holeCards: readonly string[] | null;
  /** Net result when the money mode permits it. */
  readonly net: MoneyFigure | null;
}

/** A hand's detail, ready to replay action by action. */
export interface HandDetailView {
  readonly summary: HandRowView;
  readonly steps: readonly ReplayStepView[];
  /** First step index of each street reached (for "jump to street"). */
  readonly streets: readonly { readonly street: string; readonly step: number }[];
  readonly results: readonly HandResultView[];
}

export interface PlayerRowView {
  readonly playerId: string | null;
  readonly name: string;
  readonly handsPlayed: number | null;
}

/** PlayerStats for display: percentages as the venue computes them, money only where permitted. */
export interface PlayerStatsView {
  readonly playerId: string | null;
  readonly name: string;
  readonly handsPlayed: number | null;
  readonly vpip: number | null;
  readonly pfr: number | null;
  readonly threebet: number | null;
  readonly aggression: number | null;
  readonly wtsd: number | null;
  readonly wsd: number | null;
  readonly bbPer100: number | null;
  readonly sessions: number | null;
  readonly hours: number | null;
  readonly money: readonly MoneyFigure[];
}

export interface PlayerProfileView {
  readonly stats: PlayerStatsView;
  /** The id asked for when it was an old (merged) id; null otherwise. */
  readonly mergedFrom: string | null;
}

export interface LeaderboardView {
  readonly range: string | null;
  readonly players: readonly PlayerStatsView[];
}

export interface SessionRowView {
  readonly sessionUid: string;
  /** Unix ms. */
  readonly startedAt: number | null;
  readonly endedAt: number | null;
  readonly handsCount: number | null;
  readonly playerCount: number | null;
  /** "1/2", "1/2 ante 0.5"; null when the venue hides money (stakes are amounts too). */
  readonly blinds: string | null;
}

export interface SessionDetailView {
  readonly session: SessionRowView;
  readonly players: readonly PlayerRowView[];
}

/** One point of a seated player's stack tonight, from the live plane. */
export interface StackPointView {
  readonly at: number;
  readonly stack: number;
}

/** One action of the player in a hand tonight; `amount` is the chip increment (`post`: a blind taken at the start). */
export interface TonightActionView {
  readonly street: string | null;
  readonly action: string;
  readonly amount: number | null;
}

/** One of the player's hands tonight, from the live plane. Amounts are table chips; the screen applies the mode. */
export interface TonightHandView {
  readonly handNumber: number;
  /** Unix ms; startedAt is null when only the hand's end was seen. */
  readonly startedAt: number | null;
  readonly endedAt: number | null;
  readonly seatId: number;
  /** Pre-blind stack. */
  readonly stackStart: number | null;
  readonly contributed: number | null;
  readonly won: number | null;
  readonly net: number | null;
  readonly stackEnd: number | null;
  readonly board: readonly string[];
  readonly pot: number | null;
  readonly winners: readonly string[];
  readonly actions: readonly TonightActionView[];
}

/** The dispute tool's first answer: the player's hands of the night in progress, newest first, and their stack. */
export interface TonightHandsView {
  readonly hands: readonly TonightHandView[];
  readonly stack: readonly StackPointView[];
}

/**
 * Which hands the list asks for. The history core's queries take only what these parses made (branded, like the
 * cashier's request: zod's brand is a type only), so they check nothing again: a hand list query
 * (`ParsedHandListArgs`) and a leaderboard month (`ParsedLeaderboardPeriod`).
 */
export const handListArgsSchema = z
  .object({
    offset: z.int().min(0),
    limit: z.int().min(1).max(MAX_HISTORY_PAGE),
    sessionUid: z.string().min(1).max(200).optional(),
    playerId: z.string().min(1).max(200).optional(),
  })
  .strict()
  .brand<'ParsedHandListArgs'>();
export type HandListArgs = z.input<typeof handListArgsSchema>;
export type ParsedHandListArgs = z.output<typeof handListArgsSchema>;

// An id is an opaque key (the core looks it up, then asks the venue, which says whether it knows it), and a search is
// text to filter with: their length caps guard the edge only, nothing in the core relies on them.
const idSchema = z.string().min(1).max(200);
const searchSchema = z.object({ search: z.string().max(200).optional() }).strict();
const periodSchema = z
  .object({
    period: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'The month is written as year-month, such as 2026-03.')
      .brand<'ParsedLeaderboardPeriod'>()
      .optional(),
  })
  .strict();

export const historyChannels = {
  'history:sync': channel<HistorySyncView>()(z.tuple([])),
  'history:hands': channel<HistoryResult<HandPageView>>()(z.tuple([handListArgsSchema])),
  'history:hand': channel<HistoryResult<HandDetailView>>()(z.tuple([idSchema])),
  'history:players': channel<HistoryResult<readonly PlayerRowView[]>>()(z.tuple([searchSchema])),
  'history:player': channel<HistoryResult<PlayerProfileView>>()(z.tuple([idSchema])),
  'history:leaderboard': channel<HistoryResult<LeaderboardView>>()(z.tuple([periodSchema])),
  'history:sessions': channel<HistoryResult<readonly SessionRowView[]>>()(z.tuple([])),
  'history:session': channel<HistoryResult<SessionDetailView>>()(z.tuple([idSchema])),
  'history:stack-tonight': channel<readonly StackPointView[]>()(z.tuple([idSchema])),
  'history:tonight-hands': channel<TonightHandsView>()(z.tuple([z.guid()])),
} as const;
