/** Movements as the screens show them: the tray's live state, the ledger's rows, a player's record, a slip. */

/** A movement's live state, as the tray shows it. */
export type MovementStatus =
  | 'queued'
  | 'sending'
  | 'with-host'
  | 'applied'
  | 'refused'
  | 'in-doubt'
  | 'left-in-doubt'
  | 'cancelled'
  /** Never reached the host, and the movement it re-sent (or that re-sent it) applied first. */
  | 'withdrawn';

/** What main found about an in-doubt movement: the player's stack before and now, and any matching event. */
export interface InDoubtEvidence {
  readonly stackAtRequest: number | null;
  readonly stackNow: number | null;
  readonly matchingEventSeen: boolean;
  readonly summary: string;
  /**
   * The table shows it applied, but its key never answered (another writer could have made the same change): the
   * cashier may count it as applied on this evidence ('accept-shown'); nothing settles it otherwise but the key.
   */
  readonly shownApplied: boolean;
}

/** The technical side of a movement's state, shown behind a "details" disclosure (never in the main sentence). */
export interface MovementDetail {
  /** The refusal's code (the host's `reason`, or the service's 400 `error`), when refused. */
  readonly refusalCode: string | null;
  /** The refusal's message, verbatim. */
  readonly refusalMessage: string | null;
  /** Why it waits before its next attempt (host_offline, rate_limited, hand_in_progress, ...), when it waits. */
  readonly waitReason: string | null;
  /** The latest attempt's HTTP status (null: no answer, or never sent). */
  readonly lastStatus: number | null;
  /** The latest attempt's error code or network failure, verbatim (ECONNREFUSED, bad_gateway, ...). */
  readonly lastError: string | null;
}

export interface MovementView {
  readonly id: string;
  readonly kind: 'buy_in' | 'cash_out';
  /** null: a walk-in, bought in by name (the venue chose the seat). */
  readonly seatId: number | null;
  readonly playerName: string;
  readonly playerId: string | null;
  /** null on a cash-out of the whole stack until the amount is known (then "amount to confirm" if it never is). */
  readonly amount: number | null;
  readonly closeSession: boolean;
  readonly status: MovementStatus;
  /** The host's reason on a refusal, or why it waits (e.g. "hand in progress"). */
  readonly reason: string | null;
  /** Since when the key may have been with the host (shown as "with the host for 1 min 20 s"), or null. */
  readonly withHostSince: number | null;
  /** Why "send again" is not offered, in words (null when it may be pressed; only for in-doubt movements). */
  readonly sendAgainBlockedBy: string | null;
  readonly requestedAt: number;
  readonly settledAt: number | null;
  readonly stackAfter: number | null;
  readonly evidence: InDoubtEvidence | null;
  /** The in-doubt movement this one was sent again for (its id), or null. */
  readonly replaces: string | null;
  /** The new movement this in-doubt one was sent again as (its id), or null. */
  readonly replacedBy: string | null;
  /** This movement and its replacement (or the one it replaced) both applied: a possible double payment to review. */
  readonly bothApplied: boolean;
  /** Applied by the venue to another seat or player than asked: the money is at the table, to settle there. */
  readonly misdirected: boolean;
  /** For a double or a misdirected movement: what happened and the adjustment needed, in words. */
  readonly adjustment: string | null;
  /** The player's stack when it was asked for (or when it left), null when unknown or hidden. */
  readonly stackBefore: number | null;
  readonly detail: MovementDetail;
  /**
   * The cashier counted it as applied (a decision, not the venue's answer): 'asking' while its key is still asked (it
   * is in the expected cash), 'contradicted' once the venue said it did not apply (out of the expected cash; `note`
   * says what to correct). Absent or null for any other movement.
   */
  readonly counted?: { readonly state: 'asking' | 'contradicted'; readonly note: string } | null;
}

export interface LedgerTotals {
  readonly buyIns: number;
  readonly cashOuts: number;
  /** buyIns - cashOuts, rounded to cents. */
  readonly net: number;
  readonly count: number;
  /** Applied movements whose amount is still to confirm (listed, not in the sums). */
  readonly toConfirm: number;
  /** Movements in a double application. */
  readonly doubles: number;
}

export interface LedgerEntry {
  readonly id: string;
  /** The venue's player id when known (the profile's key for Last hands); absent in older views. */
  readonly playerId?: string | null;
  /** When this app settled it (its answer, or the cashier's decision). */
  readonly at: number;
  /** When the venue applied it (its transaction_applied event's own time), when the app saw that event; else null. */
  readonly venueAt: number | null;
  readonly kind: 'buy_in' | 'cash_out';
  readonly playerName: string;
  /** null: a walk-in (bought in by name). */
  readonly seatId: number | null;
  /** null: applied, but nothing says how much yet ("amount to confirm"); never left out of the ledger. */
  readonly amount: number | null;
  /** Where the amount was read from: the host's answer, its live event, the amount asked, or the stack. */
  readonly amountSource: 'answer' | 'event' | 'request' | 'stack' | null;
  readonly stackAfter: number | null;
  /** Part of a double application (see MovementView.adjustment). */
  readonly bothApplied: boolean;
}

export interface MovementAccepted {
  readonly id: string;
}

/** One applied buy-in or cash-out of a player through this cashier, for the player's profile (a dispute's record). */
export interface PlayerMovement {
  readonly id: string;
  readonly kind: 'buy_in' | 'cash_out';
  /** When the venue applied it (its own time), or when this PC settled it where the venue gave none (`venueTime`). */
  readonly at: number;
  readonly venueTime: boolean;
  /** In the drawer's unit; null when unknown, and always in `hidden` mode (or while the mode is unknown). */
  readonly amount: number | null;
  /** The venue's hand number on its record of the movement, null when it gave none. */
  readonly handNumber: number | null;
}

/** A slip the player signs, as main words it (rows in print order; no amount in `hidden` mode). */
export interface MovementSlip {
  readonly id: string;
  readonly venueName: string;
  /** "Buy-in slip", "Cash-out slip". */
  readonly title: string;
  readonly rows: readonly { readonly label: string; readonly value: string }[];
  /** The caption under the signature line. */
  readonly signature: string;
  /** The same slip as plain text. */
  readonly text: string;
}
