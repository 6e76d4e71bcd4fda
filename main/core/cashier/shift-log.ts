/**
 * The shift log: an append-only framed file (main/core/storage) beside the journal, one record per change of a
 * shift (opened, closed), each the shift's full latest state, validated with zod when read back. Every append waits
 * for fdatasync, so an opened shift is still open after a crash and a close is never half-recorded. It is never
 * compacted: two small records a shift.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { openBookFile, type BookDamage } from '../storage/book-file';
import { booksFor, type Books } from '../storage/books';
import type { Cents } from '../venue/money';
import type { ClockStep } from './clock-steps';
import type { ShiftRecord } from './shift';

export const SHIFT_LOG_FILE = 'cashier-shifts.log';
export const SHIFT_LOG_ROLE = 'cashier-shifts';

const cents = z
  .number()
  .int()
  .transform((value) => value as Cents);

const totalsSchema = z.object({
  buyIns: cents,
  cashOuts: cents,
  applied: z.number().int().nonnegative(),
  refused: z.number().int().nonnegative(),
  cancelled: z.number().int().nonnegative(),
  toConfirm: z.number().int().nonnegative(),
  doubles: z.number().int().nonnegative(),
});

const shiftSchema = z.object({
  // The id names the shift's archive file: nothing a path could be built from.
  id: z.string().regex(/^[A-Za-z0-9_.-]{1,128}$/),
  openedAt: z.number(),
  // Absent in records written before order and wall times were kept apart (their times were wall times).
  openedWallAt: z.number().optional(),
  openedBy: z.enum(['cashier', 'auto']),
  openingFloat: cents,
  // Records written before operators, notes and denominations were kept read back with null.
  operator: z.string().nullable().default(null),
  close: z
    .object({
      at: z.number(),
      wallAt: z.number().optional(),
      counted: cents,
      expected: cents,
      variance: cents,
      totals: totalsSchema,
      denominations: z
        .array(z.object({ value: cents, count: z.number().int().nonnegative() }))
        .nullable()
        .default(null),
      note: z.string().nullable().default(null),
      closedBy: z.string().nullable().default(null),
      // Absent in records written before a close could carry movements in doubt (nothing was carried then).
      carried: z
        .array(
          z.object({
            key: z.string(),
            playerName: z.string(),
            action: z.enum(['buy-in', 'cash-out']),
            amount: cents.nullable(),
            state: z.enum(['queued', 'sending', 'with-host', 'applied', 'refused', 'in-doubt', 'cancelled']),
          }),
        )
        .optional(),
    })
    .nullable(),
});

/**
 * A step of the PC's wall clock (clock-steps.ts), written where whoever checks the shift reads it. Readers before
 * this record kind count it as one damaged record and skip it; nothing else reads differently.
 */
const clockStepSchema = z.object({ by: z.number(), wallAt: z.number(), orderAt: z.number() });

const recordSchema = z.discriminatedUnion('type', [
  z.object({ v: z.literal(1), type: z.literal('shift'), shift: shiftSchema }),
  z.object({ v: z.literal(1), type: z.literal('clock-step'), step: clockStepSchema }),
]);

type LogRecord = z.infer<typeof recordSchema>;

function parse(payload: Buffer): LogRecord | null {
  try {
    const parsed = recordSchema.safeParse(JSON.parse(payload.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The shift log's verified records folded: each shift's latest state and seal, the clock steps, what failed. */
export function foldShiftRecords(payloads: readonly Buffer[], macs: readonly string[]) {
  const latest = new Map<string, ShiftRecord>();
  const digests = new Map<string, string>();
  const clockSteps: ClockStep[] = [];
  let invalid = 0;
  payloads.forEach((payload, index) => {
    const record = parse(payload);
    if (record === null) invalid += 1;
    else if (record.type === 'shift') {
      latest.set(record.shift.id, record.shift);
      const mac = macs[index] ?? '';
      if (mac === '') digests.delete(record.shift.id);
      else digests.set(record.shift.id, mac);
    } else clockSteps.push(record.step);
  });
  return { latest, digests, clockSteps, invalid };
}

export interface ShiftLog {
  /** Every shift, oldest first, each in its latest state. */
  readonly recovered: readonly ShiftRecord[];
  /** The wall clock steps written so far, oldest first. */
  readonly clockSteps: readonly ClockStep[];
  /** Records that failed validation or framing (reported, skipped). */
  readonly damaged: number;
  /** What the books found wrong with the file (a cut, an altered or foreign record, an older copy): said. */
  readonly damage: readonly BookDamage[];
  /** The chain's head as last made durable. */
  head(): { readonly mac: string; readonly count: number } | null;
  /**
   * The seal (MAC, hex) of a shift's latest record: for a closed shift, its close, which the chain ties to every
   * record before it. Printed on the shift's paper and checked by `npm run verify --digest`. Null when not sealed.
   */
  digestOf(shiftId: string): string | null;
  /** Journals a shift's latest state; resolves after fdatasync. */
  append(shift: ShiftRecord): Promise<void>;
  /** Writes a step of the wall clock; resolves after fdatasync. */
  appendClockStep(step: ClockStep): Promise<void>;
  close(): Promise<void>;
}

/** Opens (creating durably if absent) the shift log in `dir`. The caller holds the journal's lock on `dir`. */
export async function openShiftLog(dir: string, books?: Books): Promise<ShiftLog> {
  const shiftBooks = books ?? (await booksFor(dir));
  const opened = await openBookFile(join(dir, SHIFT_LOG_FILE), SHIFT_LOG_ROLE, shiftBooks);
  const { log, damage } = opened;
  const { latest, digests, clockSteps, invalid } = foldShiftRecords(opened.payloads, opened.payloadMacs);
  return {
    recovered: [...latest.values()],
    clockSteps,
    damaged: invalid + damage.length,
    damage,
    head: () => log.head(),
    digestOf: (shiftId) => digests.get(shiftId) ?? null,
    async append(shift) {
      const seal = await log.append([JSON.stringify({ v: 1, type: 'shift', shift })], { durable: true });
      if (seal !== null) digests.set(shift.id, seal);
    },
    appendClockStep: async (step) => {
      await log.append([JSON.stringify({ v: 1, type: 'clock-step', step })], { durable: true });
    },
    close: () => log.close(),
  };
}
