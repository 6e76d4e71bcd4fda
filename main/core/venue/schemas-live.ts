/**
 * Zod schemas of the LIVE plane: the LiveState projection, `/live/state`, the three socket frames and the payload
 * of every event kind the spec defines. Loose objects, optional fields, `null` only where the spec says so.
 * Event payload field types are not tabulated by the spec; the types below are the ones its prose implies
 * (seats and hand numbers are integers, money is a number) and every field the model can live without is nullish.
 */
import { z } from 'zod';
import { BlindsSchema } from './schemas-rest';

const str = z.string();
const num = z.number();
const int = z.int();
const bool = z.boolean();

/** One seat of the LiveState projection. */
export const SeatSchema = z.looseObject({
  seat_id: int.nullish(),
  name: str.nullish(),
  player_id: str.nullish(),
  stack: num.nullish(),
  in_hand: bool.nullish(),
  present: bool.nullish(),
});
export type Seat = z.infer<typeof SeatSchema>;

/** The LiveState whitelist projection: never hole cards, reveal flags or equity. */
export const LiveStateSchema = z.looseObject({
  ts: num.nullish(),
  hand_number: int.nullish(),
  table_name: str.nullish(),
  street: str.nullish(),
  board: z.array(str).optional(),
  button: int.nullish(),
  action_on: int.nullish(),
  pot: num.nullish(),
  current_bet: num.nullish(),
  game_mode: str.nullish(),
  betting_structure: str.nullish(),
  blinds: BlindsSchema.nullish(),
  tournament: z.unknown().optional(),
  hand_decided: z.unknown().optional(),
  num_seats: int.nullish(),
  seats: z.array(SeatSchema).optional(),
});
export type LiveState = z.infer<typeof LiveStateSchema>;

/** GET /live/state. `live` false with a state = venue offline, state is the last known frame. */
export const LiveStateResponseSchema = z.looseObject({
  live: bool,
  ts: num.optional(),
  state: LiveStateSchema.nullable(),
});
export type LiveStateResponse = z.infer<typeof LiveStateResponseSchema>;

/** First frame on every connect. */
export const StateFrameSchema = z.looseObject({
  type: z.literal('state'),
  live: bool,
  state: LiveStateSchema.nullable(),
});
export type StateFrame = z.infer<typeof StateFrameSchema>;

/**
 * An event's payload as the envelope sees it: any JSON object, checked without copying (a `z.record` would copy
 * every key, and the kind's schema copies them again), so an unknown kind costs nothing.
 */
const PayloadObjectSchema = z.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'expected an object',
);

/** A live event. Its payload is validated separately, by kind. */
export const EventFrameSchema = z.looseObject({
  type: z.literal('event'),
  seq: int,
  ts: num,
  kind: str,
  payload: PayloadObjectSchema,
});
export type EventFrame = z.infer<typeof EventFrameSchema>;

/** Follows the state frame when the client connected with `since_seq`. */
export const ReplayFrameSchema = z.looseObject({
  type: z.literal('replay'),
  since_seq: int.nullish(),
  count: int,
  complete: bool,
  reset: bool,
  oldest_seq: int.nullable(),
  newest_seq: int.nullable(),
  window: int.optional(),
});
export type ReplayFrame = z.infer<typeof ReplayFrameSchema>;

/** `start_hand` seat: `stack` is what the seat STARTED with (blinds added back), `posted` what was taken. */
export const StartHandSeatSchema = z.looseObject({
  seat_id: int,
  player_id: str.nullish(),
  name: str.nullish(),
  stack: num.nullish(),
  posted: num.nullish(),
  position: str.nullish(),
  in_hand: bool.nullish(),
});

export const StartHandSchema = z.looseObject({
  hand_number: int,
  button_seat: int.nullish(),
  blinds: BlindsSchema.nullish(),
  game_mode: str.nullish(),
  table_name: str.nullish(),
  betting_structure: str.nullish(),
  tournament: z.unknown().optional(),
  seats: z.array(StartHandSeatSchema).optional(),
});
export type StartHand = z.infer<typeof StartHandSchema>;

/** Live action names are lowercase; an unknown value from a newer venue is kept as a string. */
export const LIVE_ACTIONS = ['fold', 'check', 'call', 'bet', 'raise', 'all_in', 'straddle'] as const;

export const PlayerActionSchema = z.looseObject({
  hand_number: int.nullish(),
  seat_id: int,
  action_type: str,
  amount: num.nullish(),
  street: str.nullish(),
  player_id: str.nullish(),
  name: str.nullish(),
  decision_ms: int.nullish(),
});
export type PlayerAction = z.infer<typeof PlayerActionSchema>;

/** The element shape of `board` in events is not shown by the spec, so elements are unknown here. */
export const DealStreetSchema = z.looseObject({
  street: str.nullish(),
  board: z.array(z.unknown()).nullish(),
  hand_number: int.nullish(),
});
export type DealStreet = z.infer<typeof DealStreetSchema>;

export const StreetAdvanceSchema = z.looseObject({
  street: str.nullish(),
  hand_number: int.nullish(),
});
export type StreetAdvance = z.infer<typeof StreetAdvanceSchema>;

/** `end_hand` seat: net = won - contributed; the nets sum to minus rake. */
export const EndHandSeatSchema = z.looseObject({
  seat_id: int,
  player_id: str.nullish(),
  name: str.nullish(),
  stack: num.nullish(),
  in_hand: bool.nullish(),
  position: str.nullish(),
  contributed: num.nullish(),
  won: num.nullish(),
  net: num.nullish(),
});

export const EndHandSchema = z.looseObject({
  hand_number: int.nullish(),
  winner_seats: z.array(int).nullish(),
  total_pot: num.nullish(),
  street: str.nullish(),
  board: z.array(z.unknown()).nullish(),
  boards: z.unknown().optional(),
  rake: num.nullish(),
  seats: z.array(EndHandSeatSchema).optional(),
});
export type EndHand = z.infer<typeof EndHandSchema>;

/** Once per winning seat; `stack_before` is just before THIS credit. */
export const PayoutAppliedSchema = z.looseObject({
  hand_number: int.nullish(),
  winner_seat: int.nullish(),
  amount: num.nullish(),
  seat_id: int.nullish(),
  player_id: str.nullish(),
  name: str.nullish(),
  delta: num.nullish(),
  stack_before: num.nullish(),
  stack_after: num.nullish(),
});
export type PayoutApplied = z.infer<typeof PayoutAppliedSchema>;

/** A stack change that is money, not poker. `delta` is signed. */
export const TransactionAppliedSchema = z.looseObject({
  kind: str,
  seat_id: int.nullish(),
  player_id: str.nullish(),
  name: str.nullish(),
  amount: num.nullish(),
  delta: num.nullish(),
  stack_before: num.nullish(),
  stack_after: num.nullish(),
  hand_number: int.nullish(),
  source: str.nullish(),
  session_id: z.unknown().optional(),
});
export type TransactionApplied = z.infer<typeof TransactionAppliedSchema>;

/** Payload schema of every event kind the spec defines; any other kind is ignored by the reader. */
export const EVENT_PAYLOAD_SCHEMAS = {
  start_hand: StartHandSchema,
  player_action: PlayerActionSchema,
  deal_street: DealStreetSchema,
  street_advance: StreetAdvanceSchema,
  end_hand: EndHandSchema,
  payout_applied: PayoutAppliedSchema,
  transaction_applied: TransactionAppliedSchema,
} as const;

export type KnownEventKind = keyof typeof EVENT_PAYLOAD_SCHEMAS;

/** A validated event of a known kind: `kind` discriminates the payload type. */
export type LiveEvent = {
  [K in KnownEventKind]: {
    readonly kind: K;
    readonly seq: number;
    readonly ts: number;
    readonly payload: z.infer<(typeof EVENT_PAYLOAD_SCHEMAS)[K]>;
  };
}[KnownEventKind];

export function isKnownEventKind(kind: string): kind is KnownEventKind {
  return Object.hasOwn(EVENT_PAYLOAD_SCHEMAS, kind);
}
