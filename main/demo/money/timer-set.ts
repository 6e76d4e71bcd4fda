/** Timers the money desk and host start, kept so that closing the venue clears every one still pending. */
export class TimerSet {
  private readonly timers = new Set<NodeJS.Timeout>();

  /** Runs `run` after `ms`, unless the set is cleared first. */
  after(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }

  clear(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
