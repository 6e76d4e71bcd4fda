/**
 * The demo venue's cashier faults as text commands, for people: `--fault <command>` on the command line and one
 * command per line on the running venue's stdin. Each command calls the same DemoFaults method tests call, so
 * there is one fault mechanism. Words may be separated by spaces or colons (`slow-host 80000` = `slow-host:80000`).
 */
import type { DemoFaults } from './api';
import { lostEventCommand } from './lost-event-fault';
import { parseWriterCommand, WRITER_COMMANDS_HELP } from './writer-fault-commands';

export const FAULT_COMMANDS_HELP = [
  'lost-answer [N]        the next N movements (default 1) apply but their answers are lost: 504, then outcome_unknown',
  'release-answers        the lost answers land: retries get the stored answer',
  'slow-host MS [N]       the next N movements (default 1) stay with the host (in_progress) for MS milliseconds',
  'null-hands [on|off]    hand_number and in_hand are null on the live plane (default on)',
  'cut-view [on|off]      the socket and GET /live/state fail; the money endpoints still answer (default on)',
  'lose-event [N]         the next N transaction_applied events (default 1) never reach the stream; the host applies',
  WRITER_COMMANDS_HELP,
].join('\n');

/** A parsed command: what it does, ready to run against a venue's faults. */
export interface FaultCommand {
  /** The command as a person reads it back ("lost-answer 1"). */
  readonly text: string;
  readonly run: (faults: DemoFaults) => void;
}

export type FaultCommandParse =
  { readonly ok: true; readonly command: FaultCommand } | { readonly ok: false; readonly message: string };

const MAX_COUNT = 1000;
const MAX_HOLD_MS = 3_600_000;

const fail = (message: string): FaultCommandParse => ({ ok: false, message });

function wholeNumber(text: string | undefined, fallback: number, min: number, max: number): number | null {
  if (text === undefined) return fallback;
  return /^\d{1,10}$/.test(text) && Number(text) >= min && Number(text) <= max ? Number(text) : null;
}

/** "on", "off", or nothing (on). */
function onOff(text: string | undefined): boolean | null {
  return text === undefined || text === 'on' ? true : text === 'off' ? false : null;
}

export function parseFaultCommand(line: string): FaultCommandParse {
  const words = line
    .trim()
    .split(/[\s:]+/)
    .filter((word) => word.length > 0);
  const [name, first, second, ...rest] = words;
  if (name === undefined) return fail('empty fault command');
  const text = words.join(' ');
  const tooMany = (max: number): boolean => words.length - 1 > max;
  switch (name) {
    case 'lost-answer': {
      const count = wholeNumber(first, 1, 1, MAX_COUNT);
      if (count === null || tooMany(1))
        return fail(`lost-answer takes an optional count from 1 to ${MAX_COUNT}, got "${text}"`);
      return {
        ok: true,
        command: { text, run: (faults) => faults.timeoutNextMovements(count, 'applied-answer-lost') },
      };
    }
    case 'release-answers':
      if (tooMany(0)) return fail(`release-answers takes nothing, got "${text}"`);
      return { ok: true, command: { text, run: (faults) => faults.releaseLostAnswers() } };
    case 'slow-host': {
      const holdMs = first === undefined ? null : wholeNumber(first, 0, 0, MAX_HOLD_MS);
      const count = wholeNumber(second, 1, 1, MAX_COUNT);
      if (holdMs === null || count === null || rest.length > 0) {
        return fail(
          `slow-host takes milliseconds from 0 to ${MAX_HOLD_MS} and an optional ` +
            `count from 1 to ${MAX_COUNT}, got "${text}"`,
        );
      }
      return { ok: true, command: { text, run: (faults) => faults.slowHostNextMovements(count, holdMs) } };
    }
    case 'null-hands':
    case 'cut-view': {
      const on = onOff(first);
      if (on === null || tooMany(1)) return fail(`${name} takes on or off, got "${text}"`);
      return {
        ok: true,
        command: {
          text,
          run: (faults) => (name === 'null-hands' ? faults.setNullHandFields(on) : faults.cutTableView(on)),
        },
      };
    }
    case 'lose-event': {
      const command = lostEventCommand(text, tooMany(1) ? null : wholeNumber(first, 1, 1, MAX_COUNT));
      return command === null
        ? fail(`lose-event takes an optional count from 1 to ${MAX_COUNT}, got "${text}"`)
        : { ok: true, command };
    }
    default: {
      const writer = parseWriterCommand(name, words.slice(1), text);
      if (writer === null) return fail(`unknown fault command "${name}"; the commands are:\n${FAULT_COMMANDS_HELP}`);
      return writer.ok ? { ok: true, command: { text, run: writer.run } } : fail(writer.message);
    }
  }
}
