/**
 * The venue link's reopens, one after another (a change of venue, a key entered, Settings' reconnect): each waits for
 * the one before it, and while any is under way the link says nothing of the venue in use (venue-switch.ts asks).
 */
export class ReopenQueue {
  private last: Promise<void> = Promise.resolve();
  private pending = 0;

  /** Runs `open` after every reopen asked before it, whether that one succeeded or failed. */
  run(open: () => Promise<void>): Promise<void> {
    this.pending += 1;
    this.last = this.last.then(open, open).finally(() => {
      this.pending -= 1;
    });
    return this.last;
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
