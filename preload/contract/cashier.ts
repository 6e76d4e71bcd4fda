/** Cashier section of the contract: movement requests, the unsettled tray, the shift ledger. */
import { z } from 'zod';
import { cashAmountProblem } from '../../main/core/venue/limits';
import { amountProblem, MAX_AMOUNT, MAX_PLAYER_ID, playerNameProblem } from '../../main/core/venue/limits';
import { channel } from './define';

export { MAX_AMOUNT };

/** A money amount: the spec's rule, written once in venue/limits.ts (the cashier checks the same one). */
const amountSchema = z.number({ error: 'Amount must be a number of chips.' }).superRefine((value, ctx) => {
  const problem = amountProblem(value);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
});

const playerNameSchema = z.string({ error: 'Player name must be text.' }).superRefine((value, ctx) => {
  const problem = playerNameProblem(value);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
});

const movementIdSchema = z.string().min(1).max(128);

/** A cash amount the cashier types at a shift's open (float) or close (counted): 0 allowed, two decimals at most. */
const cashAmountSchema = (what: string) =>
  z.number({ error: `${what} must be a number of chips.` }).superRefine((value, ctx) => {
    const problem = cashAmountProblem(what, value);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });

const shiftIdSchema = z.string().regex(/^[A-Za-z0-9_.-]{1,128}$/, 'No such shift.');

/**
 * What the renderer asks for, parsed once by the session's dispatch and handed to the cashier as is. `amount`
 * omitted on a cash-out means the whole stack.
 */
export const movementRequestSchema = z
  .object({
    kind: z.enum(['buy_in', 'cash_out']),
    seatId: z.number().int().min(1).max(10),
    playerName: playerNameSchema,
    playerId: z.string().min(1).max(MAX_PLAYER_ID).nullable(),
    amount: amountSchema.optional(),
    closeSession: z.boolean().default(false),
    /** The operator confirmed an amount over the large-amount threshold. */
    confirmed: z.boolean().default(false),
    /**
     * One press of a money control, made by the UI once per press (per dialog submission): the same intent sent
     * twice (a double-click, a bounced Enter) is one movement.
     */
    intentId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/u)
      .optional(),
    /** The cashier confirmed a second movement identical to one just made (same player, kind and amount). */
    confirmSecond: z.boolean().optional(),
  })
  .strict()
  .refine((value) => value.kind === 'cash_out' || value.amount !== undefined, {
    message: 'a buy-in needs an amount',
    path: ['amount'],
  });

export type MovementRequest = z.input<typeof movementRequestSchema>;
export type ParsedMovementRequest = z.output<typeof movementRequestSchema>;

/** accept-shown: the cashier settles it applied on what the table shows (its key never answered). */
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

export interface MovementView {
  readonly id: string;
  readonly kind: 'buy_in' | 'cash_out';
  readonly seatId: number;
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
  /** For a double: what happened and the adjustment needed, in words. */
  readonly adjustment: string | null;
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
  readonly at: number;
  readonly kind: 'buy_in' | 'cash_out';
  readonly playerName: string;
  readonly seatId: number;
  /** null: applied, but nothing says how much yet ("amount to confirm"); never left out of the ledger. */
  readonly amount: number | null;
  /** Where the amount was read from: the host's answer, its live event, the amount asked, or the stack. */
  readonly amountSource: 'answer' | 'event' | 'request' | 'stack' | null;
  readonly stackAfter: number | null;
  /** Part of a double application (see MovementView.adjustment). */
  readonly bothApplied: boolean;
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
}

/** A shift summary to print and save: the figures, and the same as plain text. */
export interface PrintableShiftSummary extends ShiftSummary {
  readonly venueName: string;
  readonly text: string;
}

/** The open shift as the cashier screen shows it. */
export interface OpenShiftView {
  readonly id: string;
  readonly openedAt: number;
  readonly openedBy: 'cashier' | 'auto';
  readonly openingFloat: number;
  /** Opening float + this shift's buy-ins - cash-outs so far (amounts to confirm excluded). */
  readonly expected: number;
  /** Why closing is refused right now (movements not settled), in words, or null. */
  readonly closeBlockedBy: string | null;
}

export interface ShiftsView {
  readonly current: OpenShiftView | null;
  /** Closed shifts, newest first (the latest 50). */
  readonly past: readonly ShiftSummary[];
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
}

export interface MovementAccepted {
  readonly id: string;
}

export interface CsvExport {
  readonly filename: string;
  readonly csv: string;
}

export interface MovementSlip {
  readonly id: string;
  readonly title: string;
  readonly lines: readonly string[];
}

export const cashierChannels = {
  'cashier:request': channel<MovementAccepted>()(z.tuple([movementRequestSchema])),
  'cashier:send-now': channel<null>()(z.tuple([movementIdSchema])),
  'cashier:cancel': channel<null>()(z.tuple([movementIdSchema])),
  'cashier:resolve-in-doubt': channel<MovementAccepted | null>()(z.tuple([movementIdSchema, inDoubtChoiceSchema])),
  'cashier:export-csv': channel<CsvExport>()(z.tuple([])),
  'cashier:slip': channel<MovementSlip>()(z.tuple([movementIdSchema])),
  'cashier:open-shift': channel<ShiftSummary>()(z.tuple([cashAmountSchema('The opening float')])),
  'cashier:close-shift': channel<PrintableShiftSummary>()(z.tuple([cashAmountSchema('The counted cash')])),
  'cashier:shift-summary': channel<PrintableShiftSummary>()(z.tuple([shiftIdSchema])),
  /** One shift's movements (from the archive and the journal), or every shift's with 'all'. */
  'cashier:export-shift-csv': channel<CsvExport>()(z.tuple([z.union([z.literal('all'), shiftIdSchema])])),
} as const;
