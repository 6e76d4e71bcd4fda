/**
 * When two deliveries of `transaction_applied` are one application, so the ledger stores it once.
 *
 * The event carries no id of its own. What the stream does give is `seq`, strictly increasing within one engine
 * run, and the ledger knows when seqs stop being comparable: a reset, a regression, an unknown position or a resume
 * without a cursor starts a new ledger run (ledger-state.ts). So:
 * - Within one ledger run, the seq IS the identity: a replay after a drop or an app restart resends the same seq and
 *   is dropped; two different seqs are two applications even if every field is equal (a player bought in, cashed
 *   out and bought in again between the same two hands: the first and third events are field for field the same).
 * - Across runs, seqs say nothing (the counter began again), so the event's own content decides: every payload
 *   field (kind, seat, player id and name, amount, delta, stacks before and after, hand number, source, session)
 *   plus the venue's stamp `ts`. This catches a copy the venue re-serves after a reset with a new seq (or the same
 *   events delivered again because the app's saved cursor was older than its ledger). Two real applications equal
 *   in all of it, stamp included, cannot be told apart by any client; the stacks and the stamp make that a
 *   same-instant repeat at the same stack, which no venue produces.
 */
import type { VenueEvent, VenueEventFields } from './types';

/** The event's own content, as one string (the order of fields is fixed). */
export function eventFingerprint(fields: VenueEventFields, venueTs: number | null): string {
  return JSON.stringify([
    fields.kind,
    fields.seat_id,
    fields.player_id,
    fields.name,
    fields.amount,
    fields.delta,
    fields.stack_before,
    fields.stack_after,
    fields.hand_number,
    fields.source,
    fields.session_id,
    venueTs,
  ]);
}

/** The events already stored, indexed both ways. */
export class EventIndex {
  private readonly bySeq = new Set<string>();
  /** Fingerprint -> the runs it was stored under. */
  private readonly byContent = new Map<string, Set<number>>();

  /** Whether this delivery is an event already stored (same run and seq, or same content from another run). */
  has(run: number, seq: number, fields: VenueEventFields, venueTs: number | null): boolean {
    if (this.bySeq.has(`${run}:${seq}`)) return true;
    const runs = this.byContent.get(eventFingerprint(fields, venueTs));
    if (runs === undefined) return false;
    for (const stored of runs) if (stored !== run) return true;
    return false;
  }

  add(event: VenueEvent): void {
    this.bySeq.add(`${event.run}:${event.seq}`);
    const fingerprint = eventFingerprint(event, event.venueTs);
    const runs = this.byContent.get(fingerprint);
    if (runs === undefined) this.byContent.set(fingerprint, new Set([event.run]));
    else runs.add(event.run);
  }
}
