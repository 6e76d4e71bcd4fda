/**
 * Holds money movements back until GET /key has confirmed that the key opens the venue whose journal is open.
 *
 * Why: a start while GET /key fails opens the folder of the venue last seen at this address (venue-folder.ts). The
 * address, or the key, may now open ANOTHER venue. Idempotency keys are per venue: an unfinished movement of the
 * remembered venue, resumed there, is a key that venue never saw, so it would apply, at the wrong venue. Until the
 * venue is confirmed nothing leaves and no new movement is taken (the venue link holds the cashier as if access
 * were withdrawn, and the transport refuses as a second line: "not sent", the same key later); when GET /key names
 * another venue, nothing from this folder is ever sent on this link.
 */
import type { TransactionAttempt } from '../venue/transaction';

export interface VenueCheck {
  /** Null once the venue is confirmed (send), else why nothing may be sent now. */
  confirm(signal?: AbortSignal): Promise<string | null>;
  /** Whether GET /key has named the expected venue (until then the live table and events are not its evidence). */
  confirmed(): boolean;
  /** Whether GET /key named another venue: then nothing from this folder is ever sent on this link. */
  mismatched(): boolean;
  /** Why movements are held now (for the cashier screen), or null once confirmed. */
  problem(): string | null;
}

/**
 * `expected`: the venue whose folder is open. `identify`: GET /key's venue. `onMismatch`: the key opens another
 * venue (called once; the caller stops the cashier's sends).
 */
export function createVenueCheck(
  expected: string,
  identify: (signal?: AbortSignal) => Promise<string | null>,
  onMismatch: (actual: string) => void,
): VenueCheck {
  let confirmed = false;
  let mismatch: string | null = null;
  return {
    async confirm(signal) {
      if (confirmed) return null;
      if (mismatch !== null) return mismatch;
      let actual: string | null;
      try {
        actual = await identify(signal);
      } catch (error) {
        return `the venue is not confirmed yet (GET /key: ${error instanceof Error ? error.message : String(error)})`;
      }
      if (confirmed) return null;
      if (mismatch !== null) return mismatch;
      if (actual === expected) {
        confirmed = true;
        return null;
      }
      const opened = actual === null ? 'an unnamed venue' : `venue ${actual}`;
      mismatch = `this journal belongs to venue ${expected} but the key opens ${opened}: nothing from it is sent there`;
      onMismatch(actual ?? '');
      return mismatch;
    },
    confirmed: () => confirmed,
    mismatched: () => mismatch !== null,
    problem: () =>
      confirmed
        ? null
        : (mismatch ??
          `waiting for GET /key to confirm that the key opens venue ${expected}; nothing is sent until it does`),
  };
}

/** The transport, sending only once the venue is confirmed; before that an attempt is "not sent" (same key later). */
export function confirmedTransport<A, R>(
  check: VenueCheck | null,
  send: (action: A, request: R, signal?: AbortSignal) => Promise<TransactionAttempt>,
) {
  return async (action: A, request: R, signal?: AbortSignal): Promise<TransactionAttempt> => {
    const problem = check === null ? null : await check.confirm(signal);
    if (problem !== null) return { kind: 'no-response', phase: 'before-send', message: problem };
    return send(action, request, signal);
  };
}
