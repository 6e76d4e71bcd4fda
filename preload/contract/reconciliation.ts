/**
 * The venue reconciliation as the cashier screen and the shift summary show it: this PC's movements matched to the
 * venue's own `transaction_applied` record, what the venue recorded at the table without this cashier, and what
 * could not be checked. Types only (the view is built in main; the renderer mirrors it).
 */

/** One line of the reconciliation: a movement of ours or an event of the venue's. */
export interface ReconciliationItem {
  readonly at: number;
  readonly kind: 'buy_in' | 'cash_out' | 'adjustment';
  /** ours: a movement of this PC; other-writer: a buy-in or cash-out elsewhere; correction: an operator's seat edit. */
  readonly source: 'ours' | 'other-writer' | 'correction';
  readonly playerName: string | null;
  readonly seatId: number | null;
  /** Signed chips (+ money in), null when unknown. */
  readonly amount: number | null;
  /** Why it is listed here, in words. */
  readonly note: string;
}

export interface ReconciliationTotals {
  readonly count: number;
  /** Signed chips (+ money in). */
  readonly net: number;
  readonly unknownAmounts: number;
}

export interface ReconciliationView {
  /** One line: "all 12 movements confirmed by the venue", "1 not yet seen by the venue", ... */
  readonly status: string;
  /**
   * ok: everything of ours confirmed; attention: something not seen, not ours, or misdirected; unknown: could not be
   * checked.
   */
  readonly tone: 'ok' | 'attention' | 'unknown';
  readonly matched: number;
  /**
   * Ours, applied by the venue to another seat than asked (its record's player, seat and amount; the note says what
   * was asked and what to do): in this drawer, and an exception to settle with the table.
   */
  readonly misdirected: readonly ReconciliationItem[];
  readonly oursUnmatched: readonly ReconciliationItem[];
  readonly theirs: readonly ReconciliationItem[];
  readonly unchecked: readonly ReconciliationItem[];
  readonly gaps: readonly { readonly from: number; readonly to: number; readonly reason: string }[];
  readonly otherWriters: ReconciliationTotals;
  readonly corrections: ReconciliationTotals;
  /** The venue's table money in the shift: through this cashier (matched and misdirected) + elsewhere; signed chips. */
  readonly tableNet: number;
  readonly oursNet: number;
}
