/**
 * The demo venue's webhooks: GET/POST /webhooks and DELETE /webhooks/{id} per key (at most 5 hooks each), and signed
 * deliveries of hand.finished, payout.applied and transaction.applied to every enabled hook that wants the kind.
 */
import { randomBytes } from 'node:crypto';
import { createSender, type HookRecord } from './delivery';
import { checkRegistration, type DemoWebhookKind } from './registration';

export type { DemoWebhookKind } from './registration';

export interface WebhookHub {
  /**
   * GET /webhooks, POST /webhooks, DELETE /webhooks/{id} for one key (keyId = the key's kid); null when not a webhook
   * route. body = parsed JSON (or undefined).
   */
  handle(keyId: string, method: string, path: string, body: unknown): { status: number; body: unknown } | null;
  /**
   * Signs and POSTs a delivery to every enabled hook (of every key) that wants this kind; fire and forget, in order per
   * hook.
   */
  deliver(kind: DemoWebhookKind, payload: Record<string, unknown>): void;
  close(): Promise<void>;
}

export interface WebhookHubOptions {
  readonly venueId: string;
  /** Tests only: accept http:// URLs on a loopback host. */
  readonly allowHttpLoopback: boolean;
  /** Unix milliseconds, the `ts` of each delivery. */
  readonly now: () => number;
  /** How long a receiver may take to answer before the delivery counts as failed. Default 5000 ms. */
  readonly timeoutMs?: number;
}

export const WEBHOOKS_PER_KEY = 5;

const publicView = (hook: HookRecord): Record<string, unknown> => ({
  id: hook.id,
  url: hook.url,
  kinds: hook.kinds,
  disabled: hook.disabled,
  fails: hook.fails,
});

const notFound = { status: 404, body: { error: 'not_found', message: 'no webhook has this id' } };

export function createWebhookHub(options: WebhookHubOptions): WebhookHub {
  const hooksByKey = new Map<string, HookRecord[]>();
  const sender = createSender(options.timeoutMs ?? 5000);
  let closed = false;

  const register = (keyId: string, body: unknown): { status: number; body: unknown } => {
    const check = checkRegistration(body, options.allowHttpLoopback);
    if (!check.ok) return { status: 400, body: check.body };
    const hooks = hooksByKey.get(keyId) ?? [];
    if (hooks.length >= WEBHOOKS_PER_KEY) {
      return {
        status: 409,
        body: {
          error: 'webhook_limit',
          message: `at most ${WEBHOOKS_PER_KEY} webhooks per key`,
          limit: WEBHOOKS_PER_KEY,
        },
      };
    }
    const hook: HookRecord = {
      id: `wh_${randomBytes(9).toString('base64url')}`,
      url: check.registration.url,
      kinds: check.registration.kinds,
      secret: randomBytes(32).toString('base64url'),
      disabled: false,
      fails: 0,
      removed: false,
      chain: Promise.resolve(),
    };
    hooksByKey.set(keyId, [...hooks, hook]);
    return { status: 201, body: { id: hook.id, url: hook.url, kinds: hook.kinds, secret: hook.secret } };
  };

  const remove = (keyId: string, rawId: string): { status: number; body: unknown } => {
    const hooks = hooksByKey.get(keyId) ?? [];
    const hook = hooks.find((candidate) => candidate.id === rawId);
    if (hook === undefined) return notFound;
    hook.removed = true;
    hooksByKey.set(
      keyId,
      hooks.filter((candidate) => candidate !== hook),
    );
    return { status: 200, body: { ok: true } };
  };

  return {
    handle(keyId, method, path, body) {
      const parts = path.split('/').filter((part) => part !== '');
      if (parts[0] !== 'webhooks' || parts.length > 2) return null;
      const id = parts[1];
      if (id === undefined && method === 'GET')
        return { status: 200, body: { webhooks: (hooksByKey.get(keyId) ?? []).map(publicView) } };
      if (id === undefined && method === 'POST') return register(keyId, body);
      if (id !== undefined && method === 'DELETE') return remove(keyId, id);
      return { status: 405, body: { error: 'method_not_allowed', message: `${method} is not allowed on ${path}` } };
    },
    deliver(kind, payload) {
      if (closed) return;
      const rawBody = JSON.stringify({ kind, ts: options.now(), venue: options.venueId, payload });
      for (const hooks of hooksByKey.values()) {
        for (const hook of hooks) {
          if (hook.disabled || (hook.kinds !== null && !hook.kinds.includes(kind))) continue;
          sender.enqueue(hook, kind, rawBody);
        }
      }
    },
    async close() {
      closed = true;
      await sender.close();
    },
  };
}
