/**
 * One HTTP exchange with the venue, as the REST client sends it: bearer auth, a time limit, no redirect followed (the
 * key is bound to its origin), the body read up to the endpoint's cap and decoded as JSON. What the answer means
 * (validation, the 401 rules, 429 pauses) is the client's (rest-client.ts).
 */
import type { z } from 'zod';
import { bodyCapFor, BodyTooLargeError, readCappedText } from './body-limit';
import { VenueNetworkError, VenueProtocolError } from './errors';

/** One request as the client describes it. */
export interface RequestSpec<T> {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: string;
  readonly schema: z.ZodType<T>;
  /** 404 not_found resolves null instead of throwing. */
  readonly historical?: boolean;
  readonly body?: unknown;
  readonly signal?: AbortSignal;
}

/** Where and how requests go. */
export interface Wire {
  /** `{base_url}`, including `/v1`. */
  readonly baseUrl: string;
  readonly key: string;
  readonly fetchImpl: typeof fetch;
  /** Per-request time limit. */
  readonly timeoutMs: number;
}

/** The answer's status and its body (parsed JSON, or the text when an error's body is not JSON). */
export interface Exchanged {
  readonly status: number;
  readonly body: unknown;
}

/** Sends `spec`; throws VenueNetworkError without an answer, VenueProtocolError for a 2xx that is not JSON. */
export async function exchange(wire: Wire, spec: RequestSpec<unknown>): Promise<Exchanged> {
  const timeout = AbortSignal.timeout(wire.timeoutMs);
  const signal = spec.signal ? AbortSignal.any([spec.signal, timeout]) : timeout;
  const headers: Record<string, string> = { authorization: `Bearer ${wire.key}`, accept: 'application/json' };
  if (spec.body !== undefined) headers['content-type'] = 'application/json';
  let text: string;
  let status: number;
  try {
    const response = await wire.fetchImpl(`${wire.baseUrl}${spec.path === '/' ? '/' : spec.path}`, {
      method: spec.method,
      headers,
      body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
      signal,
      // The key is bound to this origin: a 30x elsewhere is not followed (the request would reach the other host).
      redirect: 'error',
    });
    status = response.status;
    text = await readCappedText(response, spec.path, bodyCapFor(spec.path));
  } catch (error) {
    if (spec.signal?.aborted) throw spec.signal.reason ?? error;
    if (error instanceof BodyTooLargeError)
      throw new VenueProtocolError(`${spec.method} ${spec.path}: ${error.message}`, spec.path);
    const timedOut = timeout.aborted;
    const message = timedOut
      ? `${spec.method} ${spec.path} timed out`
      : `${spec.method} ${spec.path} failed: ${(error as Error).message}`;
    throw new VenueNetworkError(message, timedOut, { cause: error });
  }
  try {
    return { status, body: JSON.parse(text) };
  } catch {
    if (status >= 200 && status < 300) {
      throw new VenueProtocolError(
        `${spec.method} ${spec.path} answered ${status} with a body that is not JSON`,
        spec.path,
      );
    }
    return { status, body: text };
  }
}
