/** Checking a POST /webhooks body against the spec's rules, before anything is stored. */

export const WEBHOOK_KINDS = ['hand.finished', 'payout.applied', 'transaction.applied'] as const;
export type DemoWebhookKind = (typeof WEBHOOK_KINDS)[number];

export interface Registration {
  readonly url: string;
  /** null: no filter, every kind. */
  readonly kinds: readonly DemoWebhookKind[] | null;
}

export type RegistrationCheck =
  | { readonly ok: true; readonly registration: Registration }
  | { readonly ok: false; readonly body: Record<string, unknown> };

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const isKind = (value: unknown): value is DemoWebhookKind => WEBHOOK_KINDS.some((kind) => kind === value);

/** https:// only; plain http:// only to a loopback host, and only when tests allow it. */
function urlAllowed(raw: unknown, allowHttpLoopback: boolean): raw is string {
  if (typeof raw !== 'string' || raw.length > 2048) return false;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '' || url.hostname === '') return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && allowHttpLoopback && LOOPBACK_HOSTS.has(url.hostname);
}

export function checkRegistration(body: unknown, allowHttpLoopback: boolean): RegistrationCheck {
  const fields =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  if (!urlAllowed(fields['url'], allowHttpLoopback)) {
    return { ok: false, body: { error: 'bad_url', message: 'url must be an absolute https:// URL' } };
  }
  const rawKinds = fields['kinds'];
  if (rawKinds === undefined || rawKinds === null)
    return { ok: true, registration: { url: fields['url'], kinds: null } };
  const listed: unknown[] = Array.isArray(rawKinds) ? rawKinds : [rawKinds];
  const unknown = Array.isArray(rawKinds) ? listed.filter((kind) => !isKind(kind)) : listed;
  if (unknown.length > 0 || listed.length === 0) {
    return {
      ok: false,
      body: {
        error: 'unknown_kind',
        message: 'kinds must be a non-empty array of supported kinds; omit it to receive every kind',
        unknown,
        supported: [...WEBHOOK_KINDS],
      },
    };
  }
  return { ok: true, registration: { url: fields['url'], kinds: [...new Set(listed.filter(isKind))] } };
}
