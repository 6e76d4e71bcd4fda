/**
 * A full disk is a state the app lives through, not a crash: what counts as "full", the words a cashier reads, the
 * process-wide record of whether the last write of any durable file failed for want of space, and the cheap check a
 * movement passes before it leaves (free bytes against a reserve the journal needs for its intent and its answer).
 *
 * The record is per process because the disk is: every writer (journal, history, venue ledger, settings, live
 * record) reports to it through the storage layer, and any write that lands says the disk takes writes again.
 */
import { statfs } from 'node:fs/promises';

/** What the screens show while the disk is full. */
export const DISK_FULL_STATUS =
  'The disk is full: free space on this PC. Reading the table and history goes on; ' +
  'money cannot move until the disk takes writes.';
/** The refusal of a money control while the disk cannot take a movement's intent and answer. */
export const DISK_FULL_REFUSAL = 'The disk is full: free space before moving money.';
/** The contract's refusal code for it. */
export const DISK_FULL_CODE = 'disk_full';
/**
 * Free bytes a movement needs before it leaves: its intent and answer records are a few KiB each; the reserve leaves
 * room for both with every other writer of the data folder (history, ledger) taking its share meanwhile.
 */
export const MOVEMENT_RESERVE_BYTES = 4 * 1024 * 1024;

/** Whether an error is the disk (or the user's quota) being full. */
export function isDiskFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/** The disk as the last durable write found it. */
export interface DiskState {
  readonly full: boolean;
  /** When the first failing write of this full spell happened (ms), or null. */
  readonly since: number | null;
  /** Which writer found it full first (e.g. "history"), or null. */
  readonly where: string | null;
}

const OK: DiskState = { full: false, since: null, where: null };

/** The process's record of the disk: writers report, screens and retries listen. */
export class DiskHealth {
  private current: DiskState = OK;
  private readonly listeners = new Set<(state: DiskState) => void>();

  state(): DiskState {
    return this.current;
  }

  /** A write failed: true when it failed because the disk is full (then the state says so). */
  failed(where: string, error: unknown): boolean {
    if (!isDiskFull(error)) return false;
    if (!this.current.full) this.set({ full: true, since: Date.now(), where });
    return true;
  }

  /** A writer found less free space than it must keep (the movement reserve): full for money, shown as full. */
  short(where: string): void {
    if (!this.current.full) this.set({ full: true, since: Date.now(), where });
  }

  /** A write landed: the disk takes writes. */
  wrote(): void {
    if (this.current.full) this.set(OK);
  }

  /** Calls `listener` on every change; returns the unsubscribe. */
  subscribe(listener: (state: DiskState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(next: DiskState): void {
    this.current = next;
    for (const listener of [...this.listeners]) listener(next);
  }
}

/** The process's disk. */
export const diskHealth = new DiskHealth();

/** Free bytes where `dir` lives (for an unprivileged user), or null when the platform cannot say. */
export async function freeBytes(dir: string): Promise<number | null> {
  try {
    const stats = await statfs(dir);
    return Number(stats.bavail) * Number(stats.bsize);
  } catch {
    return null;
  }
}

/** Whether `dir`'s disk has the movement reserve free (an unknown answer lets the journal's own write decide). */
export async function hasMovementReserve(dir: string): Promise<boolean> {
  const free = await freeBytes(dir);
  return free === null || free >= MOVEMENT_RESERVE_BYTES;
}

/**
 * The process's last line for a full disk: an unhandled rejection that is ENOSPC/EDQUOT is a write some background
 * path failed to catch. The disk is shown full and the message logged ("unhandled" in it, so tests still catch the
 * path), and the process goes on: a full disk is a state, not a crash. True when `reason` was such an error.
 */
export function survivedDiskFull(reason: unknown, log: (message: string) => void): boolean {
  if (!diskHealth.failed('background write', reason)) return false;
  const text = reason instanceof Error ? reason.message : String(reason);
  log(`a background write failed on a full disk (unhandled): ${text}`);
  return true;
}
