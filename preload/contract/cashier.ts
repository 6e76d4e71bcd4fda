/**
 * Cashier section of the contract: what the cashier channels take (each request parsed and branded here, once) and
 * what they answer. The views they answer with are in movement-views.ts (the tray, the ledger, a slip) and
 * shift-views.ts (shifts and their summaries).
 */
import { z } from 'zod';
import { amountProblem, cashAmountProblem, MAX_AMOUNT, MAX_PLAYER_ID, playerNameProblem } from './money-rules';
import { channel } from './define';
import type { ReconciliationView } from './reconciliation';
import type {
  LedgerEntry,
  LedgerTotals,
  MovementAccepted,
  MovementSlip,
  MovementView,
  PlayerMovement,
} from './movement-views';
import type { BooksView, PrintableShiftSummary, ShiftOpened, ShiftsView } from './shift-views';

export type { ReconciliationItem, ReconciliationTotals, ReconciliationView } from './reconciliation';
export type * from './movement-views';
export type * from './shift-views';
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

export interface CsvExport {
  readonly filename: string;
  readonly csv: string;
}

/** An export of several tables: one file each (a spreadsheet opens one table per file cleanly). */
export interface CsvFiles {
  readonly files: readonly CsvExport[];
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
