/**
 * Snapshot patches for a transport that keeps one ordered stream per receiver (the web bridge's socket): after a
 * whole snapshot, each push carries only what changed since the previous one, down to the field. A bet sends the
 * pot and one seat's stack, not the table, the ticker and the shift's ledger again.
 *
 * main reuses the views of unchanged parts between snapshots (the table's seats, the ticker, the cashier), so the
 * diff skips them by identity and only walks what was rebuilt. The receiver rebuilds the next snapshot from its own: untouched parts stay the same
 * objects, which is the structural sharing React's memoized screens need, without comparing anything again.
 */
import { shareEqual } from './share-equal';
import type { SessionSnapshot } from './snapshot';

/** How one value changed: replaced (`r`), some keys of an object (`o`), or some items of a list of length `n` (`a`). */
export type PatchNode =
  | { readonly r: unknown }
  | { readonly o: { readonly [key: string]: PatchNode } }
  | { readonly a: { readonly [index: string]: PatchNode }; readonly n: number };

export interface SnapshotPatch {
  readonly epoch: string;
  /** The version this patch applies on top of. */
  readonly base: number;
  readonly version: number;
  readonly at: number;
  /** The changed sections of the snapshot (connection, table, cashier, ...). */
  readonly sections: { readonly [key: string]: PatchNode };
}

type Plain = Record<string, unknown>;

const isPlain = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value);
const idOf = (value: unknown): unknown => (isPlain(value) ? value.id : undefined);

function diffObject(previous: Plain, next: Plain): PatchNode | null {
  const keys = Object.keys(next);
  // Another shape (a key came or went): send it whole rather than describe removals.
  if (keys.length !== Object.keys(previous).length || !keys.every((key) => Object.hasOwn(previous, key))) return { r: next };
  const changed: Record<string, PatchNode> = {};
  let any = false;
  for (const key of keys) {
    const node = diffValue(previous[key], next[key]);
    if (node !== null) {
      changed[key] = node;
      any = true;
    }
  }
  return any ? { o: changed } : null;
}

function diffArray(previous: readonly unknown[], next: readonly unknown[]): PatchNode | null {
  // Items carrying ids that moved (a line added on top of the ticker or tray): positions no longer match, so the
  // list goes whole; the receiver still keeps each line that is unchanged (shareEqual matches by id).
  for (let index = 0; index < Math.min(previous.length, next.length); index += 1) {
    if (idOf(previous[index]) !== idOf(next[index])) return { r: next };
  }
  const changed: Record<string, PatchNode> = {};
  let any = previous.length !== next.length;
  for (let index = 0; index < next.length; index += 1) {
    const node = index < previous.length ? diffValue(previous[index], next[index]) : { r: next[index] };
    if (node !== null) {
      changed[index] = node;
      any = true;
    }
  }
  return any ? { a: changed, n: next.length } : null;
}

/** How `next` differs from `previous`, or null when it does not (equal content counts as unchanged). */
function diffValue(previous: unknown, next: unknown): PatchNode | null {
  if (Object.is(previous, next)) return null;
  if (isPlain(previous) && isPlain(next)) return diffObject(previous, next);
  if (Array.isArray(previous) && Array.isArray(next)) return diffArray(previous, next);
  return { r: next };
}

/** The patch from `previous` to `next`, or null when only a whole snapshot will do (another epoch). */
export function snapshotPatch(previous: SessionSnapshot, next: SessionSnapshot): SnapshotPatch | null {
  if (previous.epoch !== next.epoch) return null;
  const before = previous as unknown as Plain;
  const sections: Record<string, PatchNode> = {};
  for (const [key, value] of Object.entries(next)) {
    if (key === 'version' || key === 'epoch' || key === 'at') continue;
    const node = Object.hasOwn(before, key) ? diffValue(before[key], value) : { r: value };
    if (node !== null) sections[key] = node;
  }
  return { epoch: next.epoch, base: previous.version, version: next.version, at: next.at, sections };
}

/** Thrown inside applyNode when the patch does not fit what the receiver has. */
class PatchMismatch extends Error {}

function applyNode(previous: unknown, node: PatchNode): unknown {
  if ('r' in node) return shareEqual(previous, node.r);
  if ('o' in node) {
    if (!isPlain(previous)) throw new PatchMismatch('an object patch for a non-object');
    const result: Plain = { ...previous };
    for (const [key, child] of Object.entries(node.o)) result[key] = applyNode(previous[key], child);
    return result;
  }
  if (!Array.isArray(previous)) throw new PatchMismatch('a list patch for a non-list');
  const result: unknown[] = previous.slice(0, node.n);
  for (const [key, child] of Object.entries(node.a)) {
    const index = Number(key);
    if (!Number.isInteger(index) || index < 0 || index >= node.n) throw new PatchMismatch('a list patch outside the list');
    result[index] = applyNode(previous[index], child);
  }
  if (result.length !== node.n) throw new PatchMismatch('a list patch that leaves holes');
  return result;
}

/**
 * `previous` with the patch applied (unchanged parts are `previous`'s own objects), or null when the patch was made
 * for another snapshot (the receiver then asks for a whole one).
 */
export function applySnapshotPatch(previous: SessionSnapshot | null, patch: SnapshotPatch): SessionSnapshot | null {
  if (previous === null || previous.epoch !== patch.epoch || previous.version !== patch.base) return null;
  const before = previous as unknown as Plain;
  const next: Plain = { ...before, version: patch.version, at: patch.at };
  try {
    for (const [key, node] of Object.entries(patch.sections)) next[key] = applyNode(before[key], node);
  } catch (error) {
    if (error instanceof PatchMismatch) return null;
    throw error;
  }
  return next as unknown as SessionSnapshot;
}
