/**
 * The HistorySource over the venue REST client. The client validates every answer with the venue schemas (which
 * leave the historical field types open); this adapter narrows them to what the history core relies on (a hand's
 * id and time, a session's uid) and maps the client's typed errors onto the sync's retry decisions. Hand summaries,
 * 100,000 of them in a full sync, are narrowed in place (summary-narrowing.ts) rather than parsed a second time.
 * A player's profile, the leaderboard and a night's summary are the venue schemas' own shapes: handed on as the
 * client parsed them.
 */
import {
  BadRequestError,
  RateLimitedError,
  UnauthorizedError,
  VenueNetworkError,
  VenueProtocolError,
} from '../venue/errors';
import type { VenueClient } from '../venue/rest-client';
import {
  handDetailSchema,
  rosterSchema,
  sessionListSchema,
  type HandsCursorResponse,
  type HandsIndexResponse,
  type HandSummary,
} from './schemas';
import { z } from 'zod';
import { HistorySourceError, isNotPublished, NOT_PUBLISHED, type HistorySource, type Published } from './source';
import { asNarrowedSummaries, summaryNarrowingProblem } from './summary-narrowing';

const indexAnswerSchema = z.looseObject({ count: z.int().min(0), pages: z.int().min(0), page_size: z.int().min(0) });

function toSourceError(error: unknown): unknown {
  if (error instanceof HistorySourceError) return error;
  if (error instanceof VenueNetworkError)
    return new HistorySourceError('offline', error.message, null, { cause: error });
  // The client already waited out its bounded retries: report no further wait.
  if (error instanceof RateLimitedError)
    return new HistorySourceError('rate_limited', error.message, null, { cause: error });
  if (error instanceof UnauthorizedError)
    return new HistorySourceError('unauthorized', error.message, null, { cause: error });
  if (error instanceof BadRequestError && (error.code === 'bad_since' || error.code === 'bad_after_id')) {
    return new HistorySourceError('bad_cursor', error.message, null, { cause: error });
  }
  if (error instanceof VenueProtocolError)
    return new HistorySourceError('invalid_response', error.message, null, { cause: error });
  if (error instanceof Error) return new HistorySourceError('other', error.message, null, { cause: error });
  return error;
}

/** Calls the client: its answer as its schema parsed it, null as NOT_PUBLISHED, its errors mapped. */
async function answerOf<A>(call: () => Promise<A | null>): Promise<Published<A>> {
  let answer: A | null;
  try {
    answer = await call();
  } catch (error) {
    throw toSourceError(error);
  }
  return answer ?? NOT_PUBLISHED;
}

/** Calls the client and narrows its answer with `schema` (fields the venue schema leaves open); see answerOf. */
async function read<T>(what: string, call: () => Promise<unknown>, schema: z.ZodType<T>): Promise<Published<T>> {
  const answer = await answerOf(call);
  if (isNotPublished(answer)) return NOT_PUBLISHED;
  const parsed = schema.safeParse(answer);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '$'}: ${issue.message}`);
    throw new HistorySourceError('invalid_response', `unexpected ${what} answer: ${issues.join('; ')}`);
  }
  return parsed.data;
}

/**
 * Calls the client for a list of summaries (already validated by it) and narrows them in place: the same objects,
 * never parsed a second time. Null maps to NOT_PUBLISHED; errors are mapped. `shape` picks the fields kept.
 */
async function readSummaries<A extends { readonly hands: readonly Record<string, unknown>[] }, T>(
  what: string,
  call: () => Promise<A | null>,
  shape: (answer: A, hands: readonly HandSummary[]) => T,
): Promise<Published<T>> {
  const answer = await answerOf(call);
  if (isNotPublished(answer)) return NOT_PUBLISHED;
  const problem = summaryNarrowingProblem(answer.hands);
  if (problem !== null) throw new HistorySourceError('invalid_response', `unexpected ${what} answer: ${problem}`);
  return shape(answer, asNarrowedSummaries(answer.hands));
}

/** Adapts a VenueClient to the HistorySource the sync and the queries read. */
export function venueHistorySource(client: VenueClient): HistorySource {
  return {
    handsCursor: (query) =>
      readSummaries(
        'hands cursor',
        () => client.handsSince(query),
        (answer, hands): HandsCursorResponse => ({
          complete: answer.complete,
          ...(answer.count === undefined ? {} : { count: answer.count }),
          hands,
          cursor: answer.cursor,
        }),
      ),
    handsPage: (page) =>
      readSummaries(
        'hands page',
        () => client.handsPage(page),
        (_answer, hands) => ({ hands }),
      ),
    handsIndex: () =>
      read('hands index', () => client.handsIndex(), indexAnswerSchema) as Promise<Published<HandsIndexResponse>>,
    hand: (handId) => read('hand detail', () => client.hand(handId), handDetailSchema),
    players: () => read('players', () => client.players(), rosterSchema),
    player: (playerId) => answerOf(() => client.player(playerId)),
    leaderboard: (period) => answerOf(() => client.leaderboard(period)),
    sessions: () => read('sessions', () => client.sessions(), sessionListSchema),
    session: (sessionUid) => answerOf(() => client.session(sessionUid)),
  };
}
