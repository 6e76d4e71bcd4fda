/**
 * A deliberately small, test-only client for the demo venue's conformance suite: raw fetch and raw ws, so the tests
 * read the wire exactly as a stranger would (no code shared with main/core or with the venue's internals).
 */
import WebSocket from 'ws';
import { startDemoVenue, type DemoVenueOptions, type RunningDemoVenue } from '../../main/demo/index';

/** Small, fast defaults for tests: a quick table and a tiny published history. */
export function startTestVenue(options: DemoVenueOptions = {}): Promise<RunningDemoVenue> {
  return startDemoVenue({ paceMs: 3, betweenHandsMs: 6, historyHands: 30, hostAnswerMs: 5, ...options });
}

/**
 * A venue whose table never deals (autoplay off), so it is always between hands unless a test deals; a host that
 * answers in 5 ms and times out at 150 ms; write budgets no test reaches.
 */
export function startQuietVenue(): Promise<RunningDemoVenue> {
  return startTestVenue({
    autoplay: false,
    hostTimeoutMs: 150,
    hostAnswerMs: 5,
    rateLimits: { writesPerMinute: 100_000, requestsPerMinute: 100_000 },
  });
}

export interface JsonAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Record<string, unknown>;
}

/** A GET (or any method) with the venue's key unless `key` is given (null sends no Authorization). */
export async function call(
  venue: RunningDemoVenue,
  path: string,
  init: {
    method?: string;
    body?: unknown;
    rawBody?: string;
    key?: string | null;
    headers?: Record<string, string>;
  } = {},
): Promise<JsonAnswer> {
  const key = init.key === undefined ? venue.key : init.key;
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  let body: string | undefined;
  if (init.rawBody !== undefined) body = init.rawBody;
  else if (init.body !== undefined) body = JSON.stringify(init.body);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${venue.baseUrl}${path}`, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
  };
}

/** POST /transactions/{action}. */
export const move = (venue: RunningDemoVenue, action: 'buy-in' | 'cash-out', body: unknown): Promise<JsonAnswer> =>
  call(venue, `/transactions/${action}`, { method: 'POST', body });

/** The name of a player seated with more than 50 chips (a cash-out of a few chips always fits). */
export function seatedName(venue: RunningDemoVenue): string {
  const seat = venue.inspect
    .trueTable()
    .seats.find((candidate) => candidate.name !== null && (candidate.stack ?? 0) > 50);
  if (seat?.name == null) throw new Error('no seated player');
  return seat.name;
}

/** The venue's own ledger entries for one idempotency key. */
export const ledgerFor = (venue: RunningDemoVenue, key: string) =>
  venue.inspect.ledger().filter((entry) => entry.idempotency_key === key);

export type Frame = Record<string, unknown> & { readonly type: string };

/** An open socket that records every frame. */
export interface RecordingSocket {
  readonly socket: WebSocket;
  readonly frames: Frame[];
  /** Events only (type 'event'). */
  events(): Frame[];
  /** Resolves with the first recorded frame matching, waiting as long as needed (the test timeout bounds it). */
  waitFor(match: (frame: Frame) => boolean): Promise<Frame>;
  /** Resolves once `count` frames match. */
  waitForCount(match: (frame: Frame) => boolean, count: number): Promise<Frame[]>;
  closed: Promise<{ readonly code: number; readonly reason: string }>;
  close(): void;
}

export function openSocket(
  venue: RunningDemoVenue,
  query: Record<string, string> = {},
  key: string | null = venue.key,
): Promise<RecordingSocket> {
  const params = new URLSearchParams(query);
  if (key !== null) params.set('key', key);
  const socket = new WebSocket(`${venue.wsUrl}/live/events?${params.toString()}`);
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as Frame);
    for (const waiter of [...waiters]) waiter();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  const waitForCount = (match: (frame: Frame) => boolean, count: number): Promise<Frame[]> =>
    new Promise((resolve) => {
      const check = (): void => {
        const found = frames.filter(match);
        if (found.length >= count) {
          waiters.delete(check);
          resolve(found.slice(0, count));
        }
      };
      waiters.add(check);
      check();
    });
  const recording: RecordingSocket = {
    socket,
    frames,
    events: () => frames.filter((frame) => frame.type === 'event'),
    waitFor: async (match) => (await waitForCount(match, 1))[0] as Frame,
    waitForCount,
    closed,
    close: () => socket.close(),
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(recording));
    socket.once('unexpected-response', (_request, response) => reject(new UpgradeRefused(response.statusCode ?? 0)));
    socket.once('error', reject);
  });
}

/** The venue answered the upgrade with an HTTP status instead of a socket. */
export class UpgradeRefused extends Error {
  constructor(readonly status: number) {
    super(`upgrade refused with HTTP ${status}`);
  }
}

export const isEvent =
  (kind: string) =>
  (frame: Frame): boolean =>
    frame.type === 'event' && frame.kind === kind;

export const payloadOf = (frame: Frame): Record<string, unknown> => frame.payload as Record<string, unknown>;

/** Waits until `condition` holds, checking after each macrotask (bounded by the test timeout). */
export async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** A fresh valid idempotency key. */
let keyCounter = 0;
export const freshKey = (label = 'test'): string => `${label}-${Date.now().toString(36)}-${(keyCounter += 1)}`;
