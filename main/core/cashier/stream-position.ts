/**
 * "After the intent" in the stream's own order: an event came after a movement's intent when its seq is above the
 * seq journaled with the intent, in the same run of the venue's counter. The in-process order time stands in only
 * when either position is unknown. And whether the stream's unbroken stretch reaches back to the intent.
 */
import type { IntentPosition, Movement, StreamCoverage, StretchStart, TransactionAppliedObservation } from './types';

/**
 * Where the stream stands now, as an intent journaled now should keep it: the newest seq delivered, or the seq the
 * unbroken stretch starts after when that is newer (a replay's newest event, already in the state frame that began
 * the stretch, so before this intent). Null when it cannot be said: no seq yet, or a stretch whose first seq is not
 * known yet (it began after an emptied replay buffer and no event came since: any seq would put events lost before
 * the stretch after the intent, so the order time decides instead).
 */
export function intentPositionOf(stream: StreamCoverage | null): IntentPosition | null {
  if (stream === null || stream.run == null) return null;
  const after = stream.unbrokenAfter ?? null;
  const delivering = stream.unbrokenSince !== null;
  if (delivering && after === null) return null;
  const newest = stream.seq ?? null;
  const seq = after === null ? newest : newest === null ? after : Math.max(after, newest);
  return seq === null ? null : { run: stream.run, seq, unbroken: delivering };
}

/**
 * Whether `event` came after the movement's intent. By positions when both are known and in one run: a replayed
 * event at or below the intent's seq was delivered before the intent was journaled, so it is never evidence and never
 * another writer's move since. Otherwise by when this process saw it.
 */
export function seenAfterIntent(
  movement: Pick<Movement, 'firstSentAt' | 'sentPosition'>,
  event: TransactionAppliedObservation,
): boolean {
  if (movement.firstSentAt === null) return false;
  const intent = movement.sentPosition ?? null;
  const at = event.position ?? null;
  if (intent !== null && at !== null && intent.run === at.run) return at.seq > intent.seq;
  return event.observedAt >= movement.firstSentAt;
}

const STRETCH_WORDS: Record<StretchStart, string> = {
  connected: 'the live stream reconnected without a replay since it left: events in between may have been missed.',
  continued: 'events that came after it left were seen before the app restarted, and are not kept across a restart.',
  'incomplete-replay': "the live stream lost events since it left: the venue's replay could not prove it complete.",
  'engine-reset': "the venue's table engine restarted since it left: events of the old run may have been missed.",
  healed: 'the live stream lost an event since it left (the table was reread from the venue).',
  'hands-skipped': 'the live stream skipped hands since it left: events in between were missed.',
};

/**
 * Why the stream's positions do not prove it delivered every event since the intent (null when they do). Only for
 * an intent with a known position; the caller falls back to times otherwise.
 */
export function positionGap(intent: IntentPosition, stream: StreamCoverage): string | null {
  if (!intent.unbroken)
    return 'The live stream was not delivering without a break when it left: a stack change may have been missed.';
  if (stream.run == null)
    return "The live stream does not say where it is in the venue's events: a stack change may have been missed.";
  if (stream.run !== intent.run)
    return (
      "The venue's table engine restarted since it left, or the app could not prove it did not: " +
      'a stack change may have been missed.'
    );
  const after = stream.unbrokenAfter ?? null;
  if (after !== null && after <= intent.seq) return null;
  const start = stream.stretchStart ?? 'connected';
  if (after === null && start === 'connected')
    return 'The live stream has not yet shown where it resumed: a stack change may have been missed.';
  return `Cannot prove nothing was missed: ${STRETCH_WORDS[start]}`;
}
