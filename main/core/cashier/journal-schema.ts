/** The journal's record shapes, validated with zod when read back from disk. */
import { z } from 'zod';
import type { Movement } from './types';
import { IDEMPOTENCY_KEY_PATTERN } from '../venue/limits';
import { MAX_AMOUNT, MAX_NAME_LENGTH } from '../../../preload/contract/money-rules';

const nullableNumber = z.number().nullable();

const attemptSchema = z.object({
  at: z.number(),
  lastAt: z.number(),
  count: z.number().int().positive(),
  kind: z.enum(['answered', 'no-response']),
  status: z.number().int().nullable(),
  errorCode: z.string().nullable(),
  idempotentReplay: z.boolean(),
  body: z.unknown(),
  phase: z.enum(['before-send', 'unknown']).nullable(),
  message: z.string().nullable(),
});

const observationSchema = z.object({
  kind: z.enum(['buy_in', 'cash_out', 'adjustment']),
  seat_id: nullableNumber,
  player_id: z.string().nullable(),
  name: z.string().nullable(),
  amount: nullableNumber,
  delta: nullableNumber,
  stack_before: nullableNumber,
  stack_after: nullableNumber,
  hand_number: nullableNumber,
  source: z.string().nullable(),
  session_id: z.string().nullable(),
  observedAt: z.number(),
  venueTs: nullableNumber.optional(),
  // Absent in journals written before events kept their place in the stream.
  position: z.object({ run: z.string(), seq: z.number().int() }).nullable().optional(),
});

const stampSchema = z.object({
  source: z.enum(['state-frame', 'event', 'live-state-read', 'restored']),
  live: z.boolean(),
  caughtUp: z.boolean(),
  receivedAt: z.number(),
  venueTs: nullableNumber,
});

const evidenceSchema = z.object({
  checkedAt: z.number(),
  // Absent in journals written before readings carried their provenance.
  observation: stampSchema.nullable().optional(),
  verdict: z.enum(['applied', 'not-applied', 'inconclusive']),
  summary: z.string(),
  matchingEvent: observationSchema.nullable(),
  stackCheck: z.object({
    usable: z.boolean(),
    why: z.string(),
    stackAtSend: nullableNumber,
    stackNow: nullableNumber,
    expectedIfApplied: nullableNumber,
  }),
});

const waitReason = z.enum([
  'host_offline',
  'network-before-send',
  'network-unknown',
  'in_progress',
  'host_timeout',
  'outcome_unknown',
  'rate_limited',
  'server_error',
  'unexpected_status',
  'unreadable_answer',
  'refused_after_send',
]);

const nextSchema = z.union([
  z.object({
    reason: waitReason,
    delay: z.object({ kind: z.literal('backoff'), step: z.number().int().nonnegative() }),
  }),
  z.object({ reason: waitReason, delay: z.object({ kind: z.literal('fixed'), ms: z.number().nonnegative() }) }),
]);

const movementSchema = z.object({
  key: z.string().regex(IDEMPOTENCY_KEY_PATTERN),
  action: z.enum(['buy-in', 'cash-out']),
  playerName: z.string().min(1).max(MAX_NAME_LENGTH),
  playerId: z.string().nullable(),
  seatId: z.number().int().nullable(),
  // Journals written before notes were dropped carry a `note`; it is read and ignored.
  amount: z.number().positive().max(MAX_AMOUNT).nullable(),
  closeSession: z.boolean(),
  stackAtAsk: nullableNumber,
  stackAtSend: nullableNumber,
  handAtSend: nullableNumber,
  state: z.enum(['queued', 'sending', 'with-host', 'applied', 'refused', 'in-doubt', 'cancelled']),
  createdAt: z.number(),
  updatedAt: z.number(),
  firstSentAt: nullableNumber,
  // Absent in journals written before intents kept the stream position: treated as "position unknown".
  sentPosition: z.object({ run: z.string(), seq: z.number().int(), unbroken: z.boolean() }).nullable().optional(),
  mayHaveReachedHost: z.boolean(),
  attempts: z.array(attemptSchema),
  next: nextSchema.nullable(),
  doubt: z.object({ since: z.number(), reason: z.enum(['outcome_unknown', 'unanswered']) }).nullable(),
  evidence: evidenceSchema.nullable(),
  settlement: z
    .object({
      at: z.number(),
      how: z.enum(['answered', 'replayed', 'observed', 'cancelled', 'withdrawn']),
      body: z.unknown(),
      refusal: z.object({ code: z.string(), message: z.string() }).nullable(),
      // Absent in journals written before claims were journaled.
      claimedEvent: observationSchema.nullable().optional(),
    })
    .nullable(),
  replaces: z.string().nullable(),
  replacedBy: z.string().nullable(),
  flags: z.array(z.enum(['both-applied', 'left-in-doubt', 'misdirected', 'counted-not-applied'])),
  message: z.string(),
  // Absent in journals written before shifts: such movements belong to the first shift (shift-log.ts).
  shiftId: z.string().nullable().optional(),
  // Absent in journals written before presses carried an intent id.
  intentId: z.string().nullable().optional(),
  // Absent in journals written before order and wall times were kept apart (their times were wall times).
  wall: z.object({ createdAt: z.number(), settledAt: nullableNumber }).optional(),
  // Absent in journals written before decisions were kept apart from answers.
  decision: z
    .object({
      choice: z.enum(['accept-shown', 'leave', 'send-again']),
      at: z.number(),
      wallAt: z.number().optional(),
      by: z.string().nullable(),
      evidenceEvent: observationSchema.nullable(),
      correctedInShift: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
});

/** One journal record: the movement's full latest state (the newest record of a key wins on recovery). */
export const journalRecordSchema = z.object({ v: z.literal(1), type: z.literal('movement'), movement: movementSchema });

export interface JournalRecord {
  readonly v: 1;
  readonly type: 'movement';
  readonly movement: Movement;
}

/** Parses a decoded record; null when it does not match the schema. */
export function parseRecord(value: unknown): JournalRecord | null {
  const parsed = journalRecordSchema.safeParse(value);
  return parsed.success ? (parsed.data as JournalRecord) : null;
}
