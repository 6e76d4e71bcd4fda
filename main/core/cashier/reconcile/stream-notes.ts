/**
 * The live keeper's updates as the venue ledger's notes: each `transaction_applied` (with its seq, the venue's
 * stamp and whether it was replayed), each gap with its reason, each connection's verdict on the stretch before it,
 * and the moment the stream stops being open.
 */
import type { KeeperUpdate } from '../../venue/live-keeper-types';
import { venueMillis } from '../../venue/venue-time';
import { transactionObservation } from '../observations';
import type { StreamNote } from './types';

/** A reader that remembers whether the stream was open; `now` stamps notes the keeper does not stamp. */
export function streamNoteReader(now: () => number): (update: KeeperUpdate) => StreamNote | null {
  let open = false;
  return (update) => {
    switch (update.type) {
      case 'event': {
        if (update.event.kind !== 'transaction_applied') return null;
        const parsed = transactionObservation(update.event.payload, update.at);
        if (parsed === null) return null;
        const { observedAt: _observedAt, ...fields } = parsed;
        return {
          type: 'event',
          at: update.at,
          seq: update.event.seq,
          venueTs: venueMillis(update.event.ts),
          catchUp: update.catchUp,
          fields,
        };
      }
      case 'gap':
        return { type: 'gap', at: now(), reason: update.gap.reason };
      case 'resume':
        return { type: 'resume', at: now(), verdict: update.verdict };
      case 'status': {
        const wasOpen = open;
        open = update.status.phase === 'open';
        return wasOpen && !open ? { type: 'drop', at: now() } : null;
      }
      default:
        return null;
    }
  };
}
