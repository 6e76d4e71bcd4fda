/**
 * Zod schemas of the REST resources (spec "Resources and their fields", "Endpoints").
 *
 * Tolerant reader: every object is loose (unknown fields pass through untouched and are never an error), every
 * field the spec does not list as required is optional, and `null` is accepted exactly where the spec's type says
 * "or null". Fields whose type the spec leaves "not shown" are `unknown`: we refuse to guess a shape the venue
 * never promised.
 */
import { z } from 'zod';

const str = z.string();
const num = z.number();
const int = z.int();
const bool = z.boolean();

/** Blinds object (the spec: "object or null" wherever it is referenced). */
export const BlindsSchema = z.looseObject({
  small_blind: num.optional(),
  big_blind: num.optional(),
  ante: num.optional(),
  straddle: num.optional(),
});
export type Blinds = z.infer<typeof BlindsSchema>;

/** GET / */
export const DiscoverySchema = z.looseObject({
  name: str.optional(),
  version: int.optional(),
  venue: str.optional(),
  live: bool.optional(),
  endpoints: z.array(str).optional(),
  updated: z.unknown().optional(),
  changelog: z.unknown().optional(),
  webhook_kinds: z.unknown().optional(),
  planes: z.unknown().optional(),
});
export type Discovery = z.infer<typeof DiscoverySchema>;

/** GET /key */
export const KeyInfoSchema = z.looseObject({
  kid: str.optional(),
  venue: str.optional(),
  scopes: z.array(str).optional(),
  iat: int.nullish(),
  live: bool.optional(),
});
export type KeyInfo = z.infer<typeof KeyInfoSchema>;

export const MoneyModeSchema = z.enum(['bb', 'dollars', 'hidden']);
export type MoneyMode = z.infer<typeof MoneyModeSchema>;

/** GET /venue. `money_mode` is omitted until the venue has published its stats. */
export const VenueSchema = z.looseObject({
  venue_id: str.optional(),
  name: str.nullish(),
  live: bool.optional(),
  table_name: str.nullish(),
  money_mode: MoneyModeSchema.optional(),
  game: z
    .looseObject({
      mode: str.nullish(),
      blinds: BlindsSchema.nullish(),
      structure: str.nullish(),
    })
    .nullish(),
});
export type Venue = z.infer<typeof VenueSchema>;

/** GET /players roster entry. */
export const RosterEntrySchema = z.looseObject({
  player_id: str.nullish(),
  name: str.optional(),
  slug: str.optional(),
  hands_played: int.optional(),
  file: str.optional(),
});
export type RosterEntry = z.infer<typeof RosterEntrySchema>;

/** GET /players: the roster plus `aliases` {old player_id: canonical player_id} after profile merges. */
export const RosterSchema = z.looseObject({
  players: z.array(RosterEntrySchema),
  aliases: z.record(str, str).optional(),
});
export type Roster = z.infer<typeof RosterSchema>;

/** Profile (GET /players/{id}) and leaderboard entry. Money fields appear only when money_mode permits. */
export const PlayerStatsSchema = z.looseObject({
  player_id: str.nullish(),
  player_name: str.optional(),
  name: str.optional(),
  slug: str.optional(),
  hands_played: int.optional(),
  vpip: num.optional(),
  pfr: num.optional(),
  threebet: num.optional(),
  aggression_factor: num.optional(),
  wtsd: num.optional(),
  wsd: num.optional(),
  bb_per_100: num.optional(),
  sessions: int.optional(),
  total_hours: num.optional(),
});
export type PlayerStats = z.infer<typeof PlayerStatsSchema>;

/** GET /leaderboard */
export const LeaderboardSchema = z.looseObject({
  money_mode: MoneyModeSchema.optional(),
  range: str.optional(),
  players: z.array(PlayerStatsSchema),
});
export type Leaderboard = z.infer<typeof LeaderboardSchema>;

/** A session list entry; field types beyond the names are not shown by the spec. */
export const SessionSchema = z.looseObject({
  session_uid: str.optional(),
  started_at: z.unknown().optional(),
  ended_at: z.unknown().optional(),
  hands_count: z.unknown().optional(),
  player_count: z.unknown().optional(),
  blinds: z.unknown().optional(),
});
export type Session = z.infer<typeof SessionSchema>;

/**
 * GET /sessions: "list of sessions". The spec does not show whether the list is bare or wrapped, so both a bare
 * array and an object with a `sessions` array are read.
 */
export const SessionListSchema = z.union([
  z.array(SessionSchema),
  z.looseObject({ sessions: z.array(SessionSchema) }).transform((value) => value.sessions),
]);
export type SessionList = z.infer<typeof SessionListSchema>;

/** GET /sessions/{uid}: one night's summary; its shape is not shown, so only the object-ness is checked. */
export const SessionDetailSchema = z.looseObject({ session_uid: str.optional() });
export type SessionDetail = z.infer<typeof SessionDetailSchema>;

/**
 * A published hand summary; the spec names the fields but not their types. `hand_id` and `ts` are typed all the
 * same: the cursor rules make them so (`after_id` is a hand_id string, `since` compares ts numbers).
 */
export const HandSummarySchema = z.looseObject({
  hand_id: str.min(1),
  hand_number: z.unknown().optional(),
  ts: num,
  board: z.unknown().optional(),
  final_pot_bb: z.unknown().optional(),
  winners: z.unknown().optional(),
  player_count: z.unknown().optional(),
  session_uid: z.unknown().optional(),
  stakes: z.unknown().optional(),
  game_mode: z.unknown().optional(),
  file: z.unknown().optional(),
});
export type HandSummary = z.infer<typeof HandSummarySchema>;

/** GET /hands (no query): the index. */
export const HandsIndexSchema = z.looseObject({
  count: int.optional(),
  pages: int.optional(),
  page_size: int.optional(),
  page_files: z.array(z.unknown()).optional(),
});
export type HandsIndex = z.infer<typeof HandsIndexSchema>;

/** GET /hands?page=N: newest first; for browsing, never for syncing. */
export const HandsPageSchema = z.looseObject({ hands: z.array(HandSummarySchema) });
export type HandsPage = z.infer<typeof HandsPageSchema>;

/** The cursor a /hands walk returns; the client stores it verbatim. */
export const HandsCursorSchema = z.looseObject({ ts: num, hand_id: str });
export type HandsCursor = z.infer<typeof HandsCursorSchema>;

/** GET /hands?since=|after_id=: oldest first. `cursor` null means nothing new: keep the cursor you sent. */
export const HandsCursorPageSchema = z.looseObject({
  order: z.literal('asc').optional(),
  count: int.optional(),
  complete: bool,
  hands: z.array(HandSummarySchema),
  cursor: HandsCursorSchema.nullable(),
});
export type HandsCursorPage = z.infer<typeof HandsCursorPageSchema>;

/** The history plane's action names (uppercase since 2026-09-26). Unknown values are kept as strings. */
export const HISTORY_ACTIONS = [
  'DEAL',
  'POST_BLIND',
  'STRADDLE',
  'BET',
  'CALL',
  'RAISE',
  'FOLD',
  'CHECK',
  'ALL_IN',
] as const;

/** One element of a hand detail's `actions`. `amount` is the increment, in table chips. */
export const HandActionSchema = z.looseObject({
  seat_id: int.nullish(),
  player_id: str.nullish(),
  player_name: str.optional(),
  action: str,
  amount: num.nullish(),
  street: str.nullish(),
  position: str.nullish(),
  ts: num.nullish(),
  decision_ms: int.nullish(),
});
export type HandAction = z.infer<typeof HandActionSchema>;

/** A player of a hand detail. `hole_cards` is present only when `showed_cards` is true. */
export const HandPlayerSchema = z.looseObject({
  player_id: z.unknown().optional(),
  player_name: z.unknown().optional(),
  position: z.unknown().optional(),
  showed_cards: bool.optional(),
  went_to_showdown: z.unknown().optional(),
  hand_rank_name: z.unknown().optional(),
  result: z.unknown().optional(),
  folded_street: z.unknown().optional(),
  won_at_showdown: z.unknown().optional(),
  hole_cards: z.unknown().optional(),
  contributed_bb: z.unknown().optional(),
  net_result_bb: z.unknown().optional(),
});
export type HandPlayer = z.infer<typeof HandPlayerSchema>;

/** GET /hands/{handId}: immutable once published. */
export const HandDetailSchema = z.looseObject({
  hand: HandSummarySchema.extend({ players: z.array(HandPlayerSchema).optional() }),
  actions: z.array(HandActionSchema),
  streets: z.unknown().optional(),
});
export type HandDetail = z.infer<typeof HandDetailSchema>;

/** The webhook kinds the spec defines. */
export const WEBHOOK_KINDS = ['hand.finished', 'payout.applied', 'transaction.applied'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

/** A webhook as listed (secrets are never listed). */
export const WebhookRecordSchema = z.looseObject({
  id: str,
  url: str.optional(),
  kinds: z.array(str).nullish(),
  disabled: bool.optional(),
  fails: int.optional(),
});
export type WebhookRecord = z.infer<typeof WebhookRecordSchema>;

/** GET /webhooks */
export const WebhookListSchema = z.looseObject({ webhooks: z.array(WebhookRecordSchema) });
export type WebhookList = z.infer<typeof WebhookListSchema>;

/** 201 of POST /webhooks: the only time `secret` is shown. */
export const WebhookCreatedSchema = z.looseObject({
  id: str,
  url: str.optional(),
  kinds: z.array(str).nullish(),
  secret: str,
});
export type WebhookCreated = z.infer<typeof WebhookCreatedSchema>;

/** DELETE /webhooks/{id} */
export const OkSchema = z.looseObject({ ok: z.literal(true) });

/** Every non-2xx body: `{error: code, ...}`; `retry_after_sec` on 429, `unknown[]`/`supported[]` on unknown_kind. */
export const ErrorBodySchema = z.looseObject({
  error: str,
  retry_after_sec: num.optional(),
  unknown: z.array(str).optional(),
  supported: z.array(str).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
