/**
 * Structural sharing for snapshots that crossed a process boundary, for React's sake only: IPC and the web bridge's
 * socket deliver a fresh copy of every object, so without it every component reading a part of the snapshot would
 * re-render on every push. It paces nothing (when a snapshot arrives is main's coalescer's decision alone) and
 * drops nothing: every snapshot it is given comes out equal to itself.
 *
 * `shareEqual` returns `next` with every part that deep-equals the previous snapshot's part replaced by that
 * previous object: unchanged sections keep their identity and React skips them. List items carrying an `id` are
 * matched by id, so a line added to the top of the ticker or tray does not make every other line look new.
 */

type Plain = Record<string, unknown>;

function isPlain(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function idOf(value: unknown): string | null {
  return isPlain(value) && typeof value.id === 'string' ? value.id : null;
}

function shareArray(previous: readonly unknown[], next: readonly unknown[]): readonly unknown[] {
  const byId = new Map<string, unknown>();
  for (const item of previous) {
    const id = idOf(item);
    if (id !== null) byId.set(id, item);
  }
  let same = previous.length === next.length;
  const result = next.map((item, index) => {
    const id = idOf(item);
    const counterpart = id !== null && byId.has(id) ? byId.get(id) : previous[index];
    const shared = shareEqual(counterpart, item);
    if (shared !== previous[index]) same = false;
    return shared;
  });
  return same ? previous : result;
}

function shareObject(previous: Plain, next: Plain): Plain {
  const keys = Object.keys(next);
  let same = keys.length === Object.keys(previous).length;
  const result: Plain = {};
  for (const key of keys) {
    const shared = shareEqual(previous[key], next[key]);
    if (shared !== previous[key] || !Object.hasOwn(previous, key)) same = false;
    result[key] = shared;
  }
  return same ? previous : result;
}

/** `next`, reusing every part of `previous` that deep-equals the corresponding part of `next`. */
export function shareEqual<T>(previous: unknown, next: T): T {
  if (Object.is(previous, next)) return previous as T;
  if (Array.isArray(previous) && Array.isArray(next)) return shareArray(previous, next) as T;
  if (isPlain(previous) && isPlain(next)) return shareObject(previous, next) as T;
  return next;
}
