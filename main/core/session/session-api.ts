/** What every front end (the web runtime's socket, Electron's ipc) needs from a running session. */
import type { InvokeOutcome, SessionSnapshot } from '../../../preload/contract';

export interface SessionApi {
  /** The latest snapshot (immutable). */
  snapshot(): SessionSnapshot;
  /** Called with each coalesced snapshot (at most one per frame); returns the unsubscribe. */
  subscribe(listener: (snapshot: SessionSnapshot) => void): () => void;
  /**
   * Runs one contract command. `args` is untrusted (it came from a renderer): it is parsed with the channel's
   * zod schema here, in main, and refused as `bad_arguments` when it does not fit. Never throws.
   */
  invoke(channel: string, args: unknown): Promise<InvokeOutcome<unknown>>;
  close(): Promise<void>;
}
