/**
 * The shapes the history core relies on. They are the venue client's own REST schemas (main/core/venue), which
 * validate the wire once; the history narrows only the fields whose types the spec leaves "not shown" but the
 * screens read (board cards, pot, session, stakes), and keeps everything else as it came (tolerant reader). Disk
 * records are checked with the smaller structural checks in records.ts.
 */
import { z } from 'zod';
import {
  HandActionSchema,
  HandPlayerSchema,
  HandsCursorSchema,
  HandSummarySchema,
  LeaderboardSchema,
  PlayerStatsSchema,
  RosterEntrySchema,
  RosterSchema,
  SessionDetailSchema,
  SessionListSchema,
  SessionSchema,
} from '../venue/schemas-rest';

/** The historical cursor: exclusive, anchored to one hand. */
export const handCursorSchema = HandsCursorSchema;
export type HandCursor = z.infer<typeof handCursorSchema>;

/** One published hand summary (GET /hands pages and cursor walks): the venue's, with the read fields narrowed. */
export const handSummarySchema = HandSummarySchema.extend({
  hand_number: z.number().nullish(),
  session_uid: z.string().nullish(),
  board: z.array(z.string()).nullish(),
  final_pot_bb: z.number().nullish(),
  player_count: z.number().nullish(),
  stakes: z.looseObject({ big_blind: z.number().nullish() }).nullish(),
  game_mode: z.string().nullish(),
  file: z.string().nullish(),
});
export type HandSummary = z.infer<typeof handSummarySchema>;

/** A player inside a hand detail. `hole_cards` exists only when `showed_cards` is true. */
export const handPlayerSchema = HandPlayerSchema.extend({
  player_id: z.string().nullish(),
  player_name: z.string().nullish(),
  position: z.string().nullish(),
  showed_cards: z.boolean().nullish(),
  went_to_showdown: z.boolean().nullish(),
  hand_rank_name: z.string().nullish(),
  folded_street: z.string().nullish(),
  won_at_showdown: z.boolean().nullish(),
  hole_cards: z.array(z.string()).nullish(),
  contributed_bb: z.number().nullish(),
  net_result_bb: z.number().nullish(),
});
export type HandPlayer = z.infer<typeof handPlayerSchema>;

/** One element of a hand detail's `actions`: `amount` is the increment in table chips. */
export const handActionSchema = HandActionSchema;
export type HandAction = z.infer<typeof handActionSchema>;

/** GET /hands/{handId}. */
export const handDetailSchema = z.looseObject({
  hand: handSummarySchema.extend({ players: z.array(handPlayerSchema) }),
  actions: z.array(handActionSchema),
  streets: z.unknown().optional(),
});
export type HandDetail = z.infer<typeof handDetailSchema>;

/** One roster entry of GET /players (a name is required to list it). */
export const rosterEntrySchema = RosterEntrySchema.extend({ name: z.string() });
export type RosterEntry = z.infer<typeof rosterEntrySchema>;

/** GET /players: the roster plus `aliases` (old player_id -> canonical player_id). */
export const rosterSchema = RosterSchema.extend({ players: z.array(rosterEntrySchema) });
export type Roster = z.infer<typeof rosterSchema>;

/** GET /players/{id} and leaderboard entries. */
export const playerStatsSchema = PlayerStatsSchema;
export type PlayerStats = z.infer<typeof playerStatsSchema>;

/** GET /leaderboard. */
export const leaderboardSchema = LeaderboardSchema;
export type Leaderboard = z.infer<typeof leaderboardSchema>;

/** One entry of GET /sessions (and the core of GET /sessions/{uid}); a session is keyed by its uid. */
export const sessionSchema = SessionSchema.extend({
  session_uid: z.string().min(1),
  hands_count: z.number().nullish(),
  player_count: z.number().nullish(),
});
export type SessionEntry = z.infer<typeof sessionSchema>;

/** GET /hands cursor mode. */
export interface HandsCursorResponse {
  readonly complete: boolean;
  readonly count?: number;
  readonly hands: readonly HandSummary[];
  readonly cursor: HandCursor | null;
}

/** GET /hands index mode. */
export interface HandsIndexResponse {
  readonly count: number;
  readonly pages: number;
  readonly page_size: number;
}

/** GET /sessions/{uid}: one night's summary; its shape beyond the list fields is not shown. */
export const sessionDetailSchema = SessionDetailSchema;
export type SessionDetail = z.infer<typeof sessionDetailSchema>;

/** GET /sessions (bare or wrapped, as the venue client reads it), each entry keyed by its uid. */
export const sessionListSchema = SessionListSchema.pipe(z.array(sessionSchema));
