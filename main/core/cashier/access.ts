/** Whether the app has a working key: a withdrawn key stops every send until access comes back. */
import type { CashierRuntime } from './runtime';
import { changed } from './snapshot';

/** Stops every send until access comes back (a 401, or the app has no working key). */
export function withdrawAccess(runtime: CashierRuntime): void {
  if (runtime.access === 'withdrawn') return;
  runtime.access = 'withdrawn';
  runtime.sender.clearAll();
  changed(runtime);
}

export function observeAccess(runtime: CashierRuntime, next: 'ok' | 'withdrawn'): void {
  if (next === 'withdrawn') withdrawAccess(runtime);
  else if (runtime.access !== 'ok') {
    runtime.access = 'ok';
    runtime.accessEpoch += 1;
    changed(runtime);
    runtime.sender.scheduleAll();
  }
}
