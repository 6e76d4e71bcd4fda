/** Cashier section of the contract: movement requests, the unsettled tray, the shift ledger. */
import { z } from 'zod';
import { amountProblem, cashAmountProblem, MAX_AMOUNT, MAX_PLAYER_ID, playerNameProblem } from './money-rules';
import { channel } from './define';
import type { ReconciliationView } from './reconciliation';

export type { ReconciliationItem, ReconciliationTotals, ReconciliationView } from './reconciliation';
import {
  denominationLinesProblem,
  denominationsTotalProblem,
  MAX_DENOMINATION_LINES,
  noteProblem,
  operatorProblem,
} from './shift-input';

export { MAX_AMOUNT };

/** A money amount: the spec's rule, written once in money-rules.ts (the cashier checks the same one). */
const amountSchema = z.number({ error: 'Amount must be a number of chips.' }).superRefine((value, ctx) => {
  const problem = amountProblem(value);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
});

const playerNameSchema = z.string({ error: 'Player name must be text.' }).superRefine((value, ctx) => {
  const problem = playerNameProblem(value);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
});

const movementIdSchema = z.string().min(1).max(128);

/**
 * A cash amount the cashier types at a shift's open (float) or close (counted): 0 allowed, two decimals at most.
 * Branded like the movement request: the cashier's shift book takes only a float or count this parse made
 * (`ParsedCashAmount`), so it checks neither again.
 */
const cashAmountSchema = (what: string) =>
  z
    .number({ error: `${what} must be a number of chips.` })
    .superRefine((value, ctx) => {
      const problem = cashAmountProblem(what, value);
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
    })
    .brand<'ParsedCashAmount'>();

/** A rule of shift-input.ts as a zod refinement (one wording for the contract and the renderer's forms). */
const checked = <T extends z.ZodType>(schema: T, problem: (value: z.infer<T>) => string | null) =>
  schema.superRefine((value, ctx) => {
    const found = problem(value);
    if (found !== null) ctx.addIssue({ code: 'custom', message: found });
  });

/** Who is at the drawer, as the shift book takes it: only this parse makes a `ParsedOperatorName`. */
const operatorSchema = (required?: string) =>
  checked(
    z.string(required === undefined ? undefined : { error: required }),
    operatorProblem,
  ).brand<'ParsedOperatorName'>();

const pinSchema = z.string().regex(/^\d{4,12}$/, 'The PIN is 4 to 12 digits.');

/** Who opens the drawer (typed at open), and the PIN when the venue asks for one in Settings. */
export const openShiftDetailsSchema = z
  .object({
    operator: operatorSchema('The operator name is required.'),
    pin: pinSchema.optional(),
  })
  .strict();

/**
 * An operator proving who they are: a name and that operator's PIN. Asked, where the venue turns operator PINs on,
 * for changes of the venue, key and printing settings, and (dual control) from a second operator for the money
 * decisions that bypass the normal path.
 */
export const operatorAuthSchema = z
  .object({ operator: operatorSchema('The operator name is required.'), pin: pinSchema })
  .strict();
export type OperatorAuth = z.infer<typeof operatorAuthSchema>;
export type OpenShiftDetails = z.infer<typeof openShiftDetailsSchema>;

/**
 * What the close records beside the count: the count by denomination, a note, who. Not exported: its brand
 * (`ParsedCloseDetails`) promises that the lines add up to the count, which only the close-shift channel's parse
 * (closeShiftArgsSchema) checks, so that parse is the only maker of one.
 */
const closeShiftDetailsSchema = z
  .object({
    denominations: checked(
      z
        .array(z.object({ value: z.number(), count: z.number() }).strict())
        .max(MAX_DENOMINATION_LINES, `The count by denomination has at most ${MAX_DENOMINATION_LINES} lines.`),
      denominationLinesProblem,
    )
      .nullable()
      .optional(),
    note: checked(z.string(), noteProblem).nullable().optional(),
    operator: operatorSchema().nullable().optional(),
    /** The closing operator's PIN, where the venue asks for PINs. */
    pin: pinSchema.optional(),
  })
  .strict()
  .brand<'ParsedCloseDetails'>();
export type CloseShiftDetails = z.infer<typeof closeShiftDetailsSchema>;

/** The close's arguments: the counted cash and, when the count was made by denomination, lines that total it. */
const closeShiftArgsSchema = z
  .tuple([cashAmountSchema('The counted cash'), closeShiftDetailsSchema.optional()])
  .superRefine(([counted, details], ctx) => {
    const problem = details?.denominations == null ? null : denominationsTotalProblem(details.denominations, counted);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem, path: [1, 'denominations'] });
  });

const shiftIdSchema = z.string().regex(/^[A-Za-z0-9_.-]{1,128}$/, 'No such shift.');

/** One press of a submit control, made once by the UI: a double-click or a bounced Enter sends the same one. */
export const INTENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * What the renderer asks for, parsed once by the session's dispatch and handed to the cashier as is. `amount`
 * omitted on a cash-out means the whole stack. `seatId` null is a walk-in: a buy-in by name for a player the
 * cashier did not pick from a seat (the venue seats them); a cash-out always names its seat.
 */
export const movementRequestSchema = z
  .object({
    kind: z.enum(['buy_in', 'cash_out']),
    seatId: z.number().int().min(1).max(10).nullable(),
    playerName: playerNameSchema,
    playerId: z.string().min(1).max(MAX_PLAYER_ID).nullable(),
    amount: amountSchema.optional(),
    closeSession: z.boolean().default(false),
    /** The operator confirmed an amount over the large-amount threshold. */
    confirmed: z.boolean().default(false),
    /** The press this request comes from (see INTENT_ID_PATTERN); the core answers a repeat of it only once. */
    intentId: z.string().regex(INTENT_ID_PATTERN, 'The press reference is 8 to 64 letters, digits, _ or -.').optional(),
    /** The cashier confirmed a second movement identical to one just made (same player, kind and amount). */
    confirmSecond: z.boolean().optional(),
    /** A second operator's approval of a large cash-out, where the venue turns dual control on. */
    approval: operatorAuthSchema.optional(),
  })
  .strict()
  .refine((value) => value.kind === 'cash_out' || value.amount !== undefined, {
    message: 'A buy-in needs an amount.',
    path: ['amount'],
  })
  .refine((value) => value.kind === 'buy_in' || value.seatId !== null, {
    message: 'A cash-out names its seat.',
    path: ['seatId'],
  })
  // Only this parse makes a ParsedMovementRequest: the cashier takes that brand (its MovementRequest), so it never
  // checks a request again.
  .brand<'ParsedMovementRequest'>();

export type MovementRequest = z.input<typeof movementRequestSchema>;
export type ParsedMovementRequest = z.output<typeof movementRequestSchema>;

/** accept-shown: the cashier counts it as applied on what the table shows; its key is still asked until answered. */
export const inDoubtChoiceSchema = z.enum(['send-again', 'leave', 'accept-shown']);
export type InDoubtChoice = z.infer<typeof inDoubtChoiceSchema>;

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

/** A shift's figures in chips (from whole cents in main). The close figures are null while it is open. */
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

export interface CashierView {
  /** False until start-up recovery has finished (and while no venue key is set). */
  readonly ready: boolean;
  /** Why actions are disabled, in words, when not ready. */
  readonly notReadyReason: string | null;
  /** Movements not yet settled, plus recently settled ones (newest first). */
  readonly tray: readonly MovementView[];
  /** The open shift's ledger (empty while no shift is open). */
  readonly ledger: { readonly totals: LedgerTotals; readonly entries: readonly LedgerEntry[] };
  readonly shifts: ShiftsView;
  /**
   * Unfinished movements kept for other venues in this data folder, in words ("2 unfinished movements belong to venue
   * X").
   */
  readonly elsewhere?: readonly string[];
  /** The open shift's movements against the venue's own record, or null (no shift, no ledger). */
  readonly reconciliation?: ReconciliationView | null;
  /**
   * The latest step of the PC's wall clock while the app runs, in words ("This PC's clock jumped back 1 hour at
   * 16:16:05; money decisions are not affected."), with an id the screen shows it once by; null when none.
   */
  readonly clockNotice?: { readonly id: string; readonly text: string } | null;
  /** Whether the books on this PC verify; damage is said here until a person deals with it. */
  readonly books?: BooksView;
}

export interface MovementAccepted {
  readonly id: string;
}

export interface CsvExport {
  readonly filename: string;
  readonly csv: string;
}

/** An export of several tables: one file each (a spreadsheet opens one table per file cleanly). */
export interface CsvFiles {
  readonly files: readonly CsvExport[];
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

export const cashierChannels = {
  'cashier:request': channel<MovementAccepted>()(z.tuple([movementRequestSchema])),
  'cashier:send-now': channel<null>()(z.tuple([movementIdSchema])),
  /** The approval: a second operator, where the venue turns dual control on (a movement already sent). */
  'cashier:cancel': channel<null>()(z.tuple([movementIdSchema, operatorAuthSchema.optional()])),
  'cashier:resolve-in-doubt': channel<MovementAccepted | null>()(
    z.tuple([movementIdSchema, inDoubtChoiceSchema, operatorAuthSchema.optional()]),
  ),
  'cashier:export-csv': channel<CsvExport>()(z.tuple([])),
  'cashier:slip': channel<MovementSlip>()(z.tuple([movementIdSchema])),
  /** A slip printed again from any ledger row of a shift (open or closed, read from its archive), marked REPRINT. */
  'cashier:reprint-slip': channel<MovementSlip>()(z.tuple([shiftIdSchema, movementIdSchema])),
  /** A shift's applied movements as ledger rows (a closed shift's from its archive), newest first. */
  'cashier:shift-ledger': channel<readonly LedgerEntry[]>()(z.tuple([shiftIdSchema])),
  /** A player's applied movements through this cashier (every shift's: journal and archives), oldest first. */
  'cashier:player-movements': channel<readonly PlayerMovement[]>()(
    z.tuple([z.string().min(1).max(MAX_PLAYER_ID).nullable(), playerNameSchema]),
  ),
  'cashier:open-shift': channel<ShiftOpened>()(
    z.tuple([cashAmountSchema('The opening float'), openShiftDetailsSchema]),
  ),
  /** The count (plain total, or the total of its denominations: the parse checks they agree), and what goes with it. */
  'cashier:close-shift': channel<PrintableShiftSummary>()(closeShiftArgsSchema),
  'cashier:shift-summary': channel<PrintableShiftSummary>()(z.tuple([shiftIdSchema])),
  /** The event log as one CSV table: a shift's period, or every event with 'all'. */
  'cashier:export-events': channel<CsvExport>()(z.tuple([z.union([z.literal('all'), shiftIdSchema])])),
  /** One shift's movements (from the archive and the journal), or every shift's with 'all'. */
  'cashier:export-shift-csv': channel<CsvFiles>()(z.tuple([z.union([z.literal('all'), shiftIdSchema])])),
} as const;
