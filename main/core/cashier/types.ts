/**
 * The shapes the cashier works with: a money movement, its states, its attempts and the evidence gathered
 * when its outcome is in doubt. Everything here is plain data (journaled as JSON), readonly.
 */
import type { z } from 'zod';
import type { TransactionAction } from '../venue/transaction';
import type { StretchStart } from '../venue/live-keeper-types';

export type { TransactionAction };

/**
 * queued: waiting for the table to be between hands (or for "send now").
 * sending: being delivered; the host has not acknowledged it yet (may retry with the same key).
 * with-host: the host has it (409 in_progress, 504 host_timeout), or the venue gave an answer that cannot settle a
 *   key that may have reached it; polling the same key for the real answer, however long that takes.
 * in-doubt: the venue answered 409 outcome_unknown for this key: the only state in which evidence is gathered and,
 *   on a fresh live reading showing it did not apply, a new key may be chosen.
 * applied / refused: settled. cancelled: never sent, or withdrawn because its re-send partner applied first.
 */
export type MovementState = 'queued' | 'sending' | 'with-host' | 'applied' | 'refused' | 'in-doubt' | 'cancelled';

export const SETTLED_STATES: ReadonlySet<MovementState> = new Set(['applied', 'refused', 'cancelled']);

/** Why a movement is waiting before its next attempt. */
export type WaitReason =
  | 'host_offline'
  | 'network-before-send'
  | 'network-unknown'
  | 'in_progress'
  | 'host_timeout'
  | 'outcome_unknown'
  | 'rate_limited'
  | 'server_error'
  | 'unexpected_status'
  /** A 200 whose body is not a JSON object (a proxy's HTML page, an empty body): nothing can be read from it. */
  | 'unreadable_answer'
  /**
   * The venue refused a retry (400) of a key that may already have reached the host: only its real answer settles it.
   */
  | 'refused_after_send';

/** When the next attempt may go: an exponential step (full jitter applied by the runtime) or a fixed delay. */
export type NextAttempt =
  | { readonly reason: WaitReason; readonly delay: { readonly kind: 'backoff'; readonly step: number } }
  | { readonly reason: WaitReason; readonly delay: { readonly kind: 'fixed'; readonly ms: number } };

/** One attempt's outcome as journaled. Identical consecutive non-final outcomes are folded into one entry. */
export interface AttemptRecord {
  readonly at: number;
  /** Time of the latest attempt folded into this entry. */
  readonly lastAt: number;
  /** How many consecutive attempts had this outcome. */
  readonly count: number;
  readonly kind: 'answered' | 'no-response';
  readonly status: number | null;
  readonly errorCode: string | null;
  readonly idempotentReplay: boolean;
  /** The host's answer body, verbatim (answered attempts only). */
  readonly body: unknown;
  readonly phase: 'before-send' | 'unknown' | null;
  readonly message: string | null;
}

/** Where a table reading came from and how old its data is: a money decision reads this, never a bare stack. */
export interface ObservationStamp {
  readonly source: ObservationSource;
  /** The venue's `live` flag: false means the venue's host is offline and the frame is its last known one. */
  readonly live: boolean;
  /** The live stream was connected and caught up when the data arrived (always true for a GET /live/state read). */
  readonly caughtUp: boolean;
  /** When this machine received the data (not when it was last re-pushed), ms. */
  readonly receivedAt: number;
  /** The venue's own `ts` for the data, as it sent it, or null. */
  readonly venueTs: number | null;
}

/** What was checked to decide an in-doubt movement, and what was seen. */
export interface Evidence {
  readonly checkedAt: number;
  /** The table reading the stack check looked at (absent in journals written before provenance was kept). */
  readonly observation?: ObservationStamp | null;
  readonly verdict: 'applied' | 'not-applied' | 'inconclusive';
  /** One line a cashier can read. */
  readonly summary: string;
  /** A transaction_applied event for this player, kind and amount seen after the intent was journaled. */
  readonly matchingEvent: TransactionAppliedObservation | null;
  readonly stackCheck: {
    readonly usable: boolean;
    /** Why the stack comparison can or cannot decide. */
    readonly why: string;
    readonly stackAtSend: number | null;
    readonly stackNow: number | null;
    readonly expectedIfApplied: number | null;
  };
}

/** How a settled movement settled. */
export interface Settlement {
  readonly at: number;
  /**
   * answered: the host's answer; replayed: the host's stored answer; observed: the stack evidence; cancelled: never
   * sent; withdrawn: never reached the host, and its re-send partner applied.
   */
  readonly how: 'answered' | 'replayed' | 'observed' | 'cancelled' | 'withdrawn';
  /** The host's answer body, verbatim, when there is one. */
  readonly body: unknown;
  /** For refusals: the host's reason code and message, verbatim. */
  readonly refusal: { readonly code: string; readonly message: string } | null;
  /**
   * For an application the host's answer settled: its transaction_applied event once seen, journaled so that a
   * replay of it after a restart is still known as this application's and is never evidence for another movement.
   */
  readonly claimedEvent?: TransactionAppliedObservation | null;
}

/** A movement flag the cashier must see. */
export type MovementFlag =
  /** This movement and the one it replaced (or replaced it) both applied: a double payment to review. */
  | 'both-applied'
  /** The cashier chose to leave the movement in doubt. */
  | 'left-in-doubt'
  /**
   * The host's 200 named another seat or player than the request: the money moved, but not where it was asked to.
   * Never a clean entry; the message says what to correct.
   */
  | 'misdirected'
  /**
   * The cashier counted it as applied on what the table showed, and the venue's own answer for the key later said it
   * did not apply: out of the expected cash, never a clean entry; the message says what to correct.
   */
  | 'counted-not-applied';

/**
 * A cashier's decision on an in-doubt movement: recorded as theirs (who, when), never an answer. The key keeps being
 * asked until the venue settles it, whatever was decided.
 * accept-shown: counted as applied on the table's evidence (in the drawer's expected cash meanwhile);
 * leave: left in doubt; send-again: sent again under a new key (`replacedBy`).
 */
export interface CashierDecision {
  readonly choice: 'accept-shown' | 'leave' | 'send-again';
  /** Order time (what decisions compare). */
  readonly at: number;
  /** The PC's wall clock when decided, for people; absent in records that kept only `at`. */
  readonly wallAt?: number;
  /** The open shift's operator when decided; null when no operator was recorded. */
  readonly by: string | null;
  /** The event the cashier accepted as evidence (accept-shown only): held for this movement until the key answers. */
  readonly evidenceEvent: TransactionAppliedObservation | null;
  /**
   * The shift that was open when the venue's answer contradicted a counted movement, when that is not the movement's
   * own (already closed) shift: the correction is booked there. null otherwise.
   */
  readonly correctedInShift?: string | null;
}

/** The fields of a request, as the contract's request schema (preload/contract/cashier.ts) parses them. */
export interface MovementRequestShape {
  readonly kind: 'buy_in' | 'cash_out';
  /** null: a walk-in buy-in by name (the venue seats the player); a cash-out always names its seat. */
  readonly seatId: number | null;
  readonly playerName: string;
  readonly playerId: string | null;
  /** Omitted on a cash-out: the whole stack. */
  readonly amount?: number | undefined;
  readonly closeSession: boolean;
  /**
   * One press of a money control, made by the UI once per press: a request carrying an intent already taken returns
   * the first movement (a double-click or a bounced Enter is one intent). Absent for callers that are not a press.
   */
  readonly intentId?: string | undefined;
  /** The cashier confirmed that an identical movement just made is meant to happen a second time. */
  readonly confirmSecond?: boolean | undefined;
}

/**
 * What the cashier asks for: a request the contract's schema parsed, and only that. The schema brands its output
 * 'ParsedMovementRequest' (zod's brand is a type, keyed by that name), so code that builds a request has to parse
 * it too; the session hands the parsed request over as is, and nothing checks it twice.
 */
export type MovementRequest = MovementRequestShape & z.$brand<'ParsedMovementRequest'>;

/** What the cashier asked for, as the movement keeps it for good. */
export interface MovementRequestFields {
  readonly action: TransactionAction;
  readonly playerName: string;
  readonly playerId: string | null;
  readonly seatId: number | null;
  /** null on a cash-out of the whole stack. */
  readonly amount: number | null;
  readonly closeSession: boolean;
}

export interface Movement extends MovementRequestFields {
  /** The movement's id is its idempotency key: generated once, never changed. */
  readonly key: string;
  /** The player's stack when the cashier asked. */
  readonly stackAtAsk: number | null;
  /**
   * The player's stack and the table's hand number when the intent to send was journaled, from a live, caught-up
   * view between hands (else null: unknown). Re-taken when the venue proves the key unused (hand_in_progress).
   */
  readonly stackAtSend: number | null;
  readonly handAtSend: number | null;
  readonly state: MovementState;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** When the intent to send was first journaled; null while nothing was ever sent. */
  readonly firstSentAt: number | null;
  /**
   * Where the live stream stood when that intent was journaled (journaled with it, so it outlives a restart): an
   * event at a later seq of the same run came after the intent. Absent or null: position unknown (older journals, a
   * stream that had not yet delivered an event).
   */
  readonly sentPosition?: IntentPosition | null;
  /** True once any attempt could have reached the host: from then on the key may be spent. */
  readonly mayHaveReachedHost: boolean;
  readonly attempts: readonly AttemptRecord[];
  readonly next: NextAttempt | null;
  /**
   * Set when the venue first answered 409 outcome_unknown for this key (`since`: when that answer arrived): only a
   * reading taken after it can say the movement did not apply. 'unanswered' is read from old journals only.
   */
  readonly doubt: { readonly since: number; readonly reason: 'outcome_unknown' | 'unanswered' } | null;
  readonly evidence: Evidence | null;
  readonly settlement: Settlement | null;
  /** The key this movement re-sends (after evidence and the cashier's choice). */
  readonly replaces: string | null;
  /** The new movement that re-sent this one. */
  readonly replacedBy: string | null;
  readonly flags: readonly MovementFlag[];
  /** The latest thing the cashier should read about this movement. */
  readonly message: string;
  /** The shift that was open when the cashier asked (shift.ts); absent in journals written before shifts. */
  readonly shiftId?: string | null;
  /** The press that asked for it (MovementRequest.intentId); absent when none was given or in older journals. */
  readonly intentId?: string | null;
  /** The cashier's latest decision on it while in doubt; absent in older journals and when none was made. */
  readonly decision?: CashierDecision | null;
  /**
   * The PC's wall clock when it was asked for and when it settled, for people (wall-stamps.ts). Every other time
   * above is an order time (monotonic: what decisions compare). Absent in older journals, whose times were wall times.
   */
  readonly wall?: MovementWall;
}

/** When a movement was asked for and settled, as the PC's wall clock read then. */
export interface MovementWall {
  readonly createdAt: number;
  readonly settledAt: number | null;
}

/** The live event payload of transaction_applied, plus when this machine saw it. */
export interface TransactionAppliedObservation {
  readonly kind: 'buy_in' | 'cash_out' | 'adjustment';
  readonly seat_id: number | null;
  readonly player_id: string | null;
  readonly name: string | null;
  readonly amount: number | null;
  readonly delta: number | null;
  readonly stack_before: number | null;
  readonly stack_after: number | null;
  readonly hand_number: number | null;
  readonly source: string | null;
  readonly session_id: string | null;
  readonly observedAt: number;
  /**
   * The event frame's own `ts` (the venue's clock, Unix seconds) when it carried one: when the venue applied it, as
   * opposed to when this machine heard of it. Absent in journals written before it was kept.
   */
  readonly venueTs?: number | null;
  /** The event's place in the stream (its seq, in the run it was delivered in); absent when not known. */
  readonly position?: StreamPosition | null;
}

/** One seat of the live view the cashier is given. */
export interface ObservedSeat {
  readonly seat_id: number | null;
  readonly player_id: string | null;
  readonly name: string | null;
  readonly stack: number | null;
}

/**
 * Where a table reading came from: a state frame or an event on the live socket, a GET /live/state read, or the
 * frame saved to disk before the last restart (history, never evidence).
 */
export type ObservationSource = 'state-frame' | 'event' | 'live-state-read' | 'restored';

/** The live table as the cashier needs it, with its provenance. */
export interface TableObservation extends ObservationStamp {
  /** null: unknown (the venue sent no in-hand flags the model could trust). */
  readonly betweenHands: boolean | null;
  /** The latest hand number; null: unknown (the spec allows null). */
  readonly handNumber: number | null;
  readonly seats: readonly ObservedSeat[];
}

/** A GET /live/state reading's facts, before the cashier stamps where it came from and when it arrived. */
export type TableReadingFacts = Omit<TableObservation, 'source' | 'caughtUp' | 'receivedAt'>;

/**
 * A place in the venue's live stream: `run` names one run of the venue's seq counter (the keeper mints a new one
 * whenever the counter restarted or continuity with the previous one cannot be proven), `seq` an event's seq in it.
 */
export interface StreamPosition {
  readonly run: string;
  readonly seq: number;
}

/** The stream position journaled with an intent, and whether the stream was then delivering without a break. */
export interface IntentPosition extends StreamPosition {
  readonly unbroken: boolean;
}

/** How the live keeper's current unbroken stretch began: the keeper's own definition (venue/live-keeper-types.ts). */
export type { StretchStart };

/**
 * What the live stream proves it delivered, as the live keeper knows it: a GET reading alone cannot show that nothing
 * changed since an intent (an operator's edit and our application can cancel out), so "not applied" also needs this.
 */
export interface StreamCoverage {
  /**
   * Since when the stream has delivered every change without a break (this connection's state frame, or the last
   * heal); a change before it may have been missed. null: not delivering now.
   */
  readonly unbrokenSince: number | null;
  /**
   * Every change the venue sent up to this time has arrived: the send time of the newest heartbeat ping answered on
   * that unbroken stream (frames are ordered, so its pong came after them). null: none answered yet.
   */
  readonly deliveredThrough: number | null;
  /** The run of the venue's seq counter the stream is in; absent or null: unknown (a feed that cannot say). */
  readonly run?: string | null;
  /** The newest seq delivered in `run`; null before any event. */
  readonly seq?: number | null;
  /**
   * In `run`, every event after this seq has been delivered in this process, without a break, up to `seq`; null
   * while that cannot be said (not delivering, or the stretch's first position not known yet).
   */
  readonly unbrokenAfter?: number | null;
  /** How the current stretch began (so "cannot tell" can say why it does not reach back far enough). */
  readonly stretchStart?: StretchStart | null;
}
