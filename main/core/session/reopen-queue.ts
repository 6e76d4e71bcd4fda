/**
 * The venue link's reopens, one after another (a change of venue, a key entered, Settings' reconnect): each waits for
 * the one before it, and while any is under way the link says nothing of the venue in use (venue-switch.ts asks).
 */
export class ReopenQueue {
  private last: Promise<void> = Promise.resolve();
  private pending = 0;
  private asked = 0;

  /**
   * Runs `open` after every reopen asked before it, whether that one succeeded or failed. `open` is handed whether it
   * is still the latest reopen asked (none was asked after it), at the moment it asks.
   */
  run(open: (latest: () => boolean) => Promise<void>): Promise<void> {
    this.pending += 1;
    this.asked += 1;
    const ticket = this.asked;
    const start = (): Promise<void> => open(() => this.asked === ticket);
    this.last = this.last.then(start, start).finally(() => {
      this.pending -= 1;
    });
    return this.last;
  }

  /**
   * Something changed that every reopen asked so far must not act on (the key store is being written): none of them
   * is the latest any more, though each still runs.
   */
  supersede(): void {
    this.asked += 1;
  }

  /** Whether a reopen is asked for and not yet ended. */
  get opening(): boolean {
    return this.pending > 0;
  }

  /** Resolves once every reopen asked so far has ended (a failure included). */
  settled(): Promise<void> {
    return this.last.catch(() => undefined);
  }
}
