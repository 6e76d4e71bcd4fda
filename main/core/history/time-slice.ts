/**
 * Cooperative time slicing: long CPU work calls `turn()` between small steps, and it yields to the event loop
 * once the current slice has run for `sliceMs`, so no single task holds the main thread long (the UI stays live).
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

/** Yields to the event loop whenever the running slice exceeds its budget. */
export class TimeSlicer {
  private sliceStart = performance.now();

  constructor(private readonly sliceMs: number) {}

  /** Resolves at once inside the budget; otherwise after one event-loop turn, starting a new slice. */
  async turn(): Promise<void> {
    if (performance.now() - this.sliceStart < this.sliceMs) return;
    await yieldToEventLoop();
    this.sliceStart = performance.now();
  }
}
