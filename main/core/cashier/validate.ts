/**
 * The cashier's request, validated BEFORE anything is journaled: bad input gets a clear message and changes nothing.
 */
import { z } from 'zod';
import type { MovementRequestFields } from './types';

/** Largest amount the venue accepts, in table chips. */
export const MAX_AMOUNT = 1_000_000;

const amountSchema = z.unknown().superRefine((value, ctx) => {
  if (typeof value !== 'number') {
    ctx.addIssue({ code: 'custom', message: `Amount must be a number of chips, not ${value === null ? 'null' : typeof value}.` });
  } else if (!Number.isFinite(value)) {
    ctx.addIssue({ code: 'custom', message: 'Amount must be a finite number.' });
  } else if (value <= 0) {
    ctx.addIssue({ code: 'custom', message: 'Amount must be more than 0.' });
  } else if (value > MAX_AMOUNT) {
    ctx.addIssue({ code: 'custom', message: `Amount must be at most ${MAX_AMOUNT.toLocaleString('en-US')}.` });
  }
});

/** What the cashier asks for. */
export const requestInputSchema = z.object({
  action: z.enum(['buy-in', 'cash-out'], { message: 'Action must be buy-in or cash-out.' }),
  playerName: z.string({ message: 'Player name must be text.' })
    .min(1, 'Player name is required.')
    .max(64, 'Player name must be at most 64 characters.')
    .refine((name) => name.trim().length > 0, 'Player name cannot be blank.'),
  playerId: z.string().min(1).nullish(),
  seatId: z.number().int().nullish(),
  amount: amountSchema.optional(),
  closeSession: z.boolean().optional(),
  note: z.string().max(200, 'Note must be at most 200 characters.').optional(),
  confirmed: z.boolean().optional(),
}).superRefine((input, ctx) => {
  if (input.action === 'buy-in' && input.amount === undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'A buy-in needs an amount.' });
  if (input.action === 'buy-in' && input.closeSession === true) ctx.addIssue({ code: 'custom', path: ['closeSession'], message: 'Close session applies to cash-outs only.' });
});

export type RequestInput = z.input<typeof requestInputSchema>;

export interface ValidRequest extends MovementRequestFields {
  /** The cashier confirmed an amount over the large-amount threshold. */
  readonly confirmed: boolean;
}

/** Parses the cashier's request; returns the messages a cashier can read when it is refused. */
export function validateRequest(input: unknown): { readonly ok: true; readonly value: ValidRequest } | { readonly ok: false; readonly errors: readonly string[] } {
  const parsed = requestInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: parsed.error.issues.map((issue) => issue.message) };
  const value = parsed.data;
  return {
    ok: true,
    value: {
      action: value.action,
      playerName: value.playerName,
      playerId: value.playerId ?? null,
      seatId: value.seatId ?? null,
      amount: typeof value.amount === 'number' ? value.amount : null,
      closeSession: value.closeSession ?? false,
      note: value.note ?? '',
      confirmed: value.confirmed ?? false,
    },
  };
}
