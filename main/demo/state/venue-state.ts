/**
 * What the demo venue keeps in its state folder so a restart is a restart of the same venue: its seed (the key and
 * the synthetic history derive from it), how many runs it has had, every movement the host settled (the host's
 * answer, replayed for that idempotency key forever after, and the applied movement for the ledger), and the table
 * (seats, names, player ids, stacks, hand counter, button, chip account) saved between hands and at close.
 *
 * The file is read once at start: records are checked field by field and the first one that does not hold together
 * ends the reading, like a torn tail. The start then compacts it (one venue record, the movements, the last table).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { DemoAppliedMovement } from '../api';
import type { HostAnswer } from '../engine/movements';
import { DurableLog, readLog, rewriteLog, type LogRecord } from './durable-log';

export const STATE_FILE = 'demo-venue.jsonl';

export interface SavedSeat {
  readonly seatId: number;
  readonly playerId: string | null;
  readonly name: string | null;
  /** Cents; null for an empty seat. */
  readonly stack: number | null;
  readonly present: boolean;
}

export interface SavedTable {
  readonly lastHandNumber: number;
  readonly buttonSeat: number | null;
  readonly seats: readonly SavedSeat[];
  /** The chip account (cents) so conservation still holds across runs. */
  readonly initialCents: number;
  readonly appliedCents: number;
  readonly rakeCents: number;
}

export interface SavedMovement {
  readonly idempotencyKey: string;
  /** The table right after the host applied it (one record, so a movement is never on disk without its stack). */
  readonly table: SavedTable;
  readonly answer: HostAnswer;
  /** Null for a refusal (nothing moved). */
  readonly applied: DemoAppliedMovement | null;
}

export interface SavedVenue {
  readonly seed: number;
  /** Runs before this one (0 for a new venue). */
  readonly runs: number;
  readonly movements: readonly SavedMovement[];
  readonly table: SavedTable | null;
}

const isInt = (value: unknown): value is number => Number.isInteger(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function savedSeat(value: unknown): SavedSeat | null {
  if (!isObject(value) || !isInt(value.seatId) || typeof value.present !== 'boolean') return null;
  const empty = value.playerId === null && value.name === null && value.stack === null;
  const seated = isText(value.playerId) && isText(value.name) && isInt(value.stack) && value.stack >= 0;
  if (!empty && !seated) return null;
  return {
    seatId: value.seatId,
    playerId: value.playerId as string | null,
    name: value.name as string | null,
    stack: value.stack as number | null,
    present: value.present,
  };
}

function savedTable(record: LogRecord): SavedTable | null {
  const { lastHandNumber, buttonSeat, seats, initialCents, appliedCents, rakeCents } = record;
  if (!isInt(lastHandNumber) || lastHandNumber < 0 || !(buttonSeat === null || isInt(buttonSeat))) return null;
  if (!isInt(initialCents) || !isInt(appliedCents) || !isInt(rakeCents) || !Array.isArray(seats)) return null;
  const parsed = seats.map(savedSeat);
  if (parsed.some((seat) => seat === null)) return null;
  return {
    lastHandNumber,
    buttonSeat,
    seats: parsed as SavedSeat[],
    initialCents,
    appliedCents,
    rakeCents,
  };
}

function savedMovement(record: LogRecord): SavedMovement | null {
  const { key, answer, applied } = record;
  const table = isObject(record.table) ? savedTable(record.table) : null;
  if (table === null || !isText(key) || !isObject(answer) || typeof answer.ok !== 'boolean') return null;
  const appliedFits =
    isObject(applied) &&
    applied.idempotency_key === key &&
    isText(applied.player_id) &&
    Number.isFinite(applied.stack_after);
  if (answer.ok && !(appliedFits && isText(answer.player_id))) return null;
  if (!answer.ok && (applied !== null || !isText(answer.reason) || !isText(answer.message))) return null;
  return {
    idempotencyKey: key,
    table,
    answer: answer as unknown as HostAnswer,
    applied: applied as DemoAppliedMovement | null,
  };
}

/** Reads the state folder's file: null when there is none (or nothing whole in it). */
export function loadVenueState(stateDir: string): SavedVenue | null {
  const records = readLog(join(stateDir, STATE_FILE));
  const head = records[0];
  if (head?.t !== 'venue' || !isInt(head.seed) || head.seed < 0 || !isInt(head.runs) || head.runs < 0) return null;
  const movements: SavedMovement[] = [];
  let table: SavedTable | null = null;
  for (const record of records.slice(1)) {
    const parsed = record.t === 'movement' ? savedMovement(record) : record.t === 'table' ? savedTable(record) : null;
    if (parsed === null) break;
    if ('idempotencyKey' in parsed) movements.push(parsed);
    table = 'idempotencyKey' in parsed ? parsed.table : parsed;
  }
  return { seed: head.seed, runs: head.runs, movements, table };
}

/** Forgets the saved venue: the next start is a new venue. */
export function wipeVenueState(stateDir: string): void {
  rmSync(join(stateDir, STATE_FILE), { force: true });
  rmSync(join(stateDir, `${STATE_FILE}.tmp`), { force: true });
}

const movementRecord = (movement: SavedMovement): LogRecord => ({
  t: 'movement',
  key: movement.idempotencyKey,
  answer: movement.answer,
  applied: movement.applied,
  table: movement.table,
});

const tableRecord = (table: SavedTable): LogRecord => ({ t: 'table', ...table });

/** The open state file of a running venue. */
export class VenueStateWriter {
  private readonly log: DurableLog;

  /** Compacts what was saved (plus this run) and opens the file for appending. */
  constructor(stateDir: string, venue: SavedVenue) {
    const path = join(stateDir, STATE_FILE);
    rewriteLog(path, [
      { t: 'venue', seed: venue.seed, runs: venue.runs + 1 },
      ...venue.movements.map(movementRecord),
      ...(venue.table === null ? [] : [tableRecord(venue.table)]),
    ]);
    this.log = new DurableLog(path);
  }

  /** On disk before the host's answer leaves: a resumed key is then replayed after any restart. */
  movement(movement: SavedMovement): void {
    this.log.append(movementRecord(movement));
  }

  table(table: SavedTable): void {
    this.log.append(tableRecord(table));
  }

  close(): void {
    this.log.close();
  }
}

/**
 * The venue a start resumes: the saved one, or (no state folder, a fresh start, nothing whole saved) a new venue of
 * `seed`. `resumed` says which.
 */
export function openVenueState(
  stateDir: string,
  fresh: boolean,
  seed: number,
): { readonly venue: SavedVenue; readonly resumed: boolean } {
  if (fresh) wipeVenueState(stateDir);
  const saved = loadVenueState(stateDir);
  return saved === null
    ? { venue: { seed, runs: 0, movements: [], table: null }, resumed: false }
    : { venue: saved, resumed: true };
}

/**
 * The seed of this run's table streams (cards, decisions, hand ids, session uids, the house): the venue's own seed
 * on its first run, then a different stream per run, so a restarted venue never deals the same hand ids again.
 */
export function runSeed(seed: number, runs: number): number {
  return runs === 0 ? seed : (seed ^ Math.imul(runs, 0x9e37_79b9)) >>> 0;
}
