/** Shifts as the screens show them: the open one, the closed ones, a printable summary, and the books' state. */
import type { ReconciliationView } from './reconciliation';

/** One damage the books found, as a person reads it. */
export interface BooksDamageView {
  /** The file by what it holds ("the shift records", "the movement journal", "the archive of shift …"). */
  readonly file: string;
  /** Where in it ("record 12", "the whole file"). */
  readonly where: string;
  readonly what: string;
  /** When this PC first saw it. */
  readonly since: number;
}

/** Whether the books on this PC verify (every record sealed, nothing witnessed missing), and what is damaged. */
export interface BooksView {
  readonly verified: boolean;
  readonly damage: readonly BooksDamageView[];
  /** Movements nothing is sent, cancelled or decided for, because a damaged record names them. */
  readonly heldMovements: number;
}

/** A shift's figures in chips (from whole cents in main). The close figures are null while it is open. */
export interface ShiftSummary {
  readonly id: string;
  readonly openedAt: number;
  /** 'auto': opened with a float of 0 at the very first start. */
  readonly openedBy: 'cashier' | 'auto';
  readonly openingFloat: number;
  readonly closedAt: number | null;
  readonly buyIns: number | null;
  readonly cashOuts: number | null;
  /** Opening float + buy-ins - cash-outs. */
  readonly expected: number | null;
  readonly counted: number | null;
  /** counted - expected: positive = over, negative = short. */
  readonly variance: number | null;
  readonly applied: number | null;
  readonly toConfirm: number | null;
  readonly doubles: number | null;
  /** Who opened the drawer; null on shifts from before operators were kept. */
  readonly operator: string | null;
  /** Who counted and closed. */
  readonly closedBy: string | null;
  readonly note: string | null;
  /** The count by denomination (value of one piece, pieces), or null when a plain total was typed. */
  readonly denominations: readonly { readonly value: number; readonly count: number }[] | null;
  /**
   * The seal of the shift's close in the books, short ("3f9a-12bc-77d0-e1a4"): printed on its paper, checked by
   * `npm run verify -- --digest`. Null while open, or for a shift closed before the books were sealed.
   */
  readonly digest?: string | null;
  /** Whether this shift's books verify (the shift records; on a printed summary also its archive). */
  readonly books?: BooksView | null;
  /**
   * Movements in doubt at the close, carried to the next shift as open exceptions: not in these figures (empty or
   * absent when nothing was carried, and while the shift is open).
   */
  readonly carried?: readonly CarriedException[];
}

/** A movement in doubt that a close carried to the next shift, as the summary lists it. */
export interface CarriedException {
  /** The short reference ("…a1b2c3d4"), as on the slip. */
  readonly reference: string;
  readonly kind: 'buy_in' | 'cash_out';
  readonly playerName: string;
  /** The amount asked; null for a whole-stack cash-out. */
  readonly amount: number | null;
  /** Its state at the close, in words ("outcome unknown"). */
  readonly state: string;
}

/** A shift just opened, and how many movements from before shifts it took in (the first shift only). */
export interface ShiftOpened extends ShiftSummary {
  readonly adopted: number;
}

/** One movement of a shift, as its printed summary lists it. */
export interface SummaryMovement {
  /** The short reference ("…a1b2c3d4"), as on the slip. */
  readonly reference: string;
  /** When it settled here. */
  readonly settledAt: number | null;
  /** When the venue applied it (its event's time), when known. */
  readonly venueAppliedAt: number | null;
  readonly kind: 'buy_in' | 'cash_out';
  readonly playerName: string;
  readonly seatId: number | null;
  /** The applied amount (unsigned), null when not applied or not known. */
  readonly amount: number | null;
  readonly state: string;
  /**
   * A cashier's count of this movement: still asked, or contradicted by the venue with the correction to make
   * (absent or null for any other movement).
   */
  readonly exception?: string | null;
}

/** A shift summary to print and save: the figures, every movement, and the same as plain text. */
export interface PrintableShiftSummary extends ShiftSummary {
  readonly venueName: string;
  /** When this summary was produced (the paper says so: a reprint is not the original). */
  readonly generatedAt?: number;
  /** The app's version that produced it. */
  readonly appVersion?: string;
  readonly text: string;
  /** The shift's movements against the venue's own record (null: no venue ledger for this venue). */
  readonly reconciliation?: ReconciliationView | null;
  readonly movements: readonly SummaryMovement[];
}

/** The open shift as the cashier screen shows it. */
export interface OpenShiftView {
  readonly id: string;
  readonly openedAt: number;
  readonly openedBy: 'cashier' | 'auto';
  readonly openingFloat: number;
  readonly operator: string | null;
  /** Opening float + this shift's buy-ins - cash-outs so far (amounts to confirm excluded). */
  readonly expected: number;
  /** Why closing is refused right now (movements not settled), in words, or null. */
  readonly closeBlockedBy: string | null;
  /** What a close now would carry to the next shift (movements in doubt), in words, or null (absent: nothing). */
  readonly carriedAtClose?: string | null;
}

export interface ShiftsView {
  readonly current: OpenShiftView | null;
  /** No shift was ever opened here: the next opening is the first (it asks for the float; nothing opens by itself). */
  readonly firstShift: boolean;
  /** Movements journaled before shifts existed (no shift attached): the first shift opened takes them in. */
  readonly beforeShifts: number;
  /** Closed shifts, newest first (the latest 50). */
  readonly past: readonly ShiftSummary[];
  /**
   * The shift records are damaged: which shift is open cannot be read from them, and nothing opens or closes (in
   * words), or null. The screen shows this instead of an open shift it could not vouch for.
   */
  readonly damaged?: string | null;
}
