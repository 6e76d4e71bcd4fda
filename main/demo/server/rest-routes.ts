/**
 * Every REST route under /v1: auth, the two rate budgets, the venue's own documents, money movements, and the
 * historical plane and webhooks delegated to their modules. Non-200 answers are always {error, ...}.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { validateMovement, type MovementAction } from '../money/validate';
import type { VenueContext } from './context';
import { discoveryDocument } from './discovery';
import { readJsonBody, sendJson, sendPreflight } from './http-io';
import { bearerKey, type KeyInfo } from './key-ring';

const PREFIX = '/v1';
const MOVEMENT_ACTIONS: readonly string[] = ['buy-in', 'cash-out'];

type Answer = {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Record<string, string>;
  readonly cutConnection?: true;
};

const error = (status: number, code: string, extra: Record<string, unknown> = {}): Answer => ({
  status,
  body: { error: code, ...extra },
});

const NOT_FOUND = error(404, 'not_found');

/** The request handler for the venue's HTTP server. */
export function createRestHandler(context: VenueContext): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    if (request.method === 'OPTIONS') {
      request.resume();
      sendPreflight(response);
      return;
    }
    void answer(context, request).then(
      (result) =>
        result.cutConnection === true
          ? response.destroy()
          : sendJson(response, result.status, context.injector.decorate(result.body), result.headers),
      (failure: unknown) => {
        console.error('demo venue: request failed', failure);
        sendJson(response, 500, { error: 'internal_error' });
      },
    );
  };
}

async function answer(context: VenueContext, request: IncomingMessage): Promise<Answer> {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const method = request.method ?? 'GET';
  if (url.pathname !== PREFIX && !url.pathname.startsWith(`${PREFIX}/`)) return NOT_FOUND;
  const path = url.pathname.slice(PREFIX.length).replace(/\/+$/, '') || '/';
  const key = bearerKey(request.headers.authorization);
  const info = context.keys.check(key);
  if (path === '/') {
    if (method !== 'GET') return NOT_FOUND;
    return { status: 200, body: discoveryDocument(context, info !== null) };
  }
  if (info === null || key === null) return error(401, 'unauthorized');
  const isWrite = method === 'POST' && path.startsWith('/transactions/');
  const budget = (isWrite ? context.writeLimiter : context.requestLimiter).take(key);
  if (!budget.ok) {
    return {
      status: 429,
      body: { error: 'rate_limited', retry_after_sec: budget.retryAfterSec },
      headers: { 'Retry-After': String(budget.retryAfterSec) },
    };
  }
  if (isWrite) return movement(context, request, path.slice('/transactions/'.length));
  if (path === '/webhooks' || path.startsWith('/webhooks/')) return webhooks(context, request, info, method, path);
  if (method !== 'GET') return NOT_FOUND;
  return venueGet(context, info, path, url.searchParams);
}

function venueGet(context: VenueContext, info: KeyInfo, path: string, query: URLSearchParams): Answer {
  switch (path) {
    case '/key':
      return {
        status: 200,
        body: {
          kid: info.kid,
          venue: context.venueId,
          scopes: ['live', 'history', 'transactions', 'webhooks'],
          iat: info.iat,
          live: context.live(),
        },
      };
    case '/venue': {
      const moneyMode = context.history.publishedMoneyMode();
      return {
        status: 200,
        body: {
          venue_id: context.venueId,
          name: context.venueName,
          live: context.live(),
          table_name: context.tableName,
          ...(moneyMode === undefined ? {} : { money_mode: moneyMode }),
          game: { mode: 'cash', blinds: { ...context.stakes }, structure: 'no_limit' },
        },
      };
    }
    case '/live/state':
      return { status: 200, body: { live: context.live(), ts: context.now() / 1000, state: context.liveState() } };
    default:
      return context.history.handle(path, query) ?? NOT_FOUND;
  }
}

async function movement(context: VenueContext, request: IncomingMessage, action: string): Promise<Answer> {
  if (!MOVEMENT_ACTIONS.includes(action)) return NOT_FOUND;
  const body = await readJsonBody(request);
  if (!body.ok) return error(400, 'bad_body', { message: 'The body is not valid JSON.' });
  const checked = validateMovement(action as MovementAction, body.value);
  if (!checked.ok) return error(400, checked.error, { message: checked.message });
  const reply = await context.desk.submit(checked.idempotencyKey, checked.request);
  if (reply.cutConnection === true) return { status: reply.status, body: reply.body, cutConnection: true };
  return { status: reply.status, body: reply.body, headers: reply.replay ? { 'Idempotent-Replay': 'true' } : {} };
}

async function webhooks(
  context: VenueContext,
  request: IncomingMessage,
  info: KeyInfo,
  method: string,
  path: string,
): Promise<Answer> {
  let body: unknown;
  if (method === 'POST') {
    const read = await readJsonBody(request);
    if (!read.ok) return error(400, 'bad_body', { message: 'The body is not valid JSON.' });
    body = read.value;
  }
  return context.webhooks.handle(info.kid, method, path, body) ?? NOT_FOUND;
}
