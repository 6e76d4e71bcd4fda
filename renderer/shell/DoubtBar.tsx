/**
 * The movements in doubt, on every screen: the red bar while any is open, and which one the in-doubt dialog shows.
 */
import { useCallback, useState } from 'react';
import type { MovementView } from '../../preload/contract';

/**
 * In doubt, not yet decided and not replaced: a movement the cashier counted as applied shows its own note on its card
 * instead.
 */
const isOpenDoubt = (movement: MovementView) =>
  (movement.status === 'in-doubt' || movement.status === 'left-in-doubt') &&
  movement.counted == null &&
  movement.replacedBy === null;

/** A red bar on every screen while any movement is in doubt: nobody pays out on a guess. */
export function DoubtBar({ tray, onResolve }: { tray: readonly MovementView[]; onResolve: (id: string) => void }) {
  const open = tray.filter(isOpenDoubt);
  const first = open[0];
  if (first === undefined) return null;
  return (
    <div className="doubt-bar" role="alert" aria-label="Movements in doubt">
      {open.length === 1 ? '1 movement is IN DOUBT' : `${open.length} movements are IN DOUBT`}: it may or may not have
      been applied. Resolve before handing over chips or cash.
      <button type="button" onClick={() => onResolve(first.id)}>
        Resolve
      </button>
    </div>
  );
}

/**
 * Which movement the in-doubt dialog shows: the one the cashier chose to resolve, else the first one in doubt that the
 * cashier has not closed the dialog on.
 */
export function useInDoubtDialog(tray: readonly MovementView[]) {
  const [dismissedDoubts, setDismissedDoubts] = useState<ReadonlySet<string>>(new Set());
  const [resolvingId, setResolvingId] = useState<string | null>(null);
  const resolve = useCallback((id: string) => setResolvingId(id), []);
  const dismiss = useCallback((id: string) => {
    setResolvingId(null);
    setDismissedDoubts((previous) => new Set(previous).add(id));
  }, []);
  const chosen =
    resolvingId === null ? undefined : tray.find((movement) => movement.id === resolvingId && isOpenDoubt(movement));
  const inDoubt =
    chosen ??
    tray.find(
      (movement) => movement.status === 'in-doubt' && isOpenDoubt(movement) && !dismissedDoubts.has(movement.id),
    );
  return { inDoubt, resolve, dismiss };
}
