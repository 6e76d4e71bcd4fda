/**
 * The text commands of the other writers' and late-delivery faults (venue-writer-faults.ts), parsed the way
 * fault-commands.ts parses the cashier faults: `late-delivery MS [N]`, `rename-seat SEAT NAME...`,
 * `top-up SEAT AMOUNT`, `take-out SEAT AMOUNT`, `nameless-top-up SEAT AMOUNT`.
 */
import type { DemoFaults } from './api';

export const WRITER_COMMANDS_HELP = [
  'late-delivery MS [N]   the next N movements (default 1) get no answer; the venue applies them MS ms later',
  'rename-seat SEAT NAME  the operator renames a seat (e.g. rename-seat 2 AVA BRENNAN)',
  "top-up SEAT AMOUNT     the venue's own buy-in for a seat (transaction_applied, no key of any client)",
  "take-out SEAT AMOUNT   the venue's own cash-out for a seat (another cashier PC)",
  'nameless-top-up SEAT AMOUNT  a top-up whose transaction_applied has seat_id and player_id null',
].join('\n');

export type WriterCommand =
  | { readonly ok: true; readonly run: (faults: DemoFaults) => void }
  | { readonly ok: false; readonly message: string }
  /** Not one of these commands. */
  | null;

const MAX_COUNT = 1000;
const MAX_DELAY_MS = 3_600_000;

const whole = (text: string | undefined, min: number, max: number): number | null =>
  text !== undefined && /^\d{1,10}$/.test(text) && Number(text) >= min && Number(text) <= max ? Number(text) : null;

const amountOf = (text: string | undefined): number | null =>
  text !== undefined && /^\d{1,7}(\.\d{1,2})?$/.test(text) && Number(text) > 0 ? Number(text) : null;

export function parseWriterCommand(name: string, args: readonly string[], text: string): WriterCommand {
  const [first, second, ...rest] = args;
  switch (name) {
    case 'late-delivery': {
      const delay = whole(first, 0, MAX_DELAY_MS);
      const count = second === undefined ? 1 : whole(second, 1, MAX_COUNT);
      if (delay === null || count === null || rest.length > 0)
        return { ok: false, message: `late-delivery takes milliseconds and an optional count, got "${text}"` };
      return { ok: true, run: (faults) => faults.deliverNextMovementsLate(count, delay) };
    }
    case 'rename-seat': {
      const seat = whole(first, 1, 10);
      const newName = [second, ...rest].filter((word) => word !== undefined).join(' ');
      if (seat === null || newName === '')
        return { ok: false, message: `rename-seat takes a seat number and a name, got "${text}"` };
      return { ok: true, run: (faults) => faults.renameSeat(seat, newName) };
    }
    case 'top-up':
    case 'take-out':
    case 'nameless-top-up': {
      const seat = whole(first, 1, 10);
      const amount = amountOf(second);
      if (seat === null || amount === null || rest.length > 0)
        return { ok: false, message: `${name} takes a seat number and an amount, got "${text}"` };
      const kind = name === 'take-out' ? 'cash_out' : 'buy_in';
      const nullIds = name === 'nameless-top-up';
      return { ok: true, run: (faults) => faults.otherWriterMovement(seat, kind, amount, { nullIds }) };
    }
    default:
      return null;
  }
}
