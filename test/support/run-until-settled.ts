/**
 * Awaits a promise that only settles as the harness's fake clock moves (a cashier command waiting on the venue):
 * awaiting it alone would hang, so the clock runs until it has settled.
 */
import type { Harness } from './cashier-harness';

/** Runs the harness clock until `promise` settles (`maxSteps` at most), then resolves with what it resolved with. */
export async function runUntilSettled<T>(h: Harness, promise: Promise<T>, maxSteps: number): Promise<T> {
  let done = false;
  void promise.then(() => (done = true));
  await h.runUntil(() => done, maxSteps);
  return promise;
}
