/**
 * How a browser gets in: the printed link's token is exchanged ONCE for a random session id in an HttpOnly,
 * SameSite=Strict cookie, and the page is redirected to an address without the token. The link is then dead:
 * whatever keeps it afterwards (the address bar, the history, a screenshot) opens nothing. Each role (the
 * cashier, the room-facing table monitor) has its own link, its own cookie and its own socket path; the cookie's
 * Path is that socket, so a role's cookie travels with its own socket only. Sessions live as long as the process.
 */
import { randomBytes } from 'node:crypto';
import { tokenMatches } from './guards';

/** What a session may do: everything, or (the table monitor) read its projection of the table only. */
export type Role = 'cashier' | 'monitor';

/** The socket each role connects to. */
export const BRIDGE_PATHS: Readonly<Record<Role, string>> = { cashier: '/bridge', monitor: '/monitor-bridge' };

const COOKIE_NAMES: Readonly<Record<Role, string>> = { cashier: 'vc_cashier', monitor: 'vc_monitor' };

const ROLES: readonly Role[] = ['cashier', 'monitor'];

/** A successful exchange: the role and the Set-Cookie header value carrying its new session. */
export interface Exchange {
  readonly role: Role;
  readonly setCookie: string;
}

/** The values of every cookie called `name` in a Cookie header (tolerant of any junk around them). */
export function cookieValues(header: string | undefined, name: string): string[] {
  if (header === undefined) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const equals = part.indexOf('=');
    if (equals > 0 && part.slice(0, equals).trim() === name) values.push(part.slice(equals + 1).trim());
  }
  return values;
}

export class WebSessions {
  /** The unused link token of each role; null once exchanged. */
  readonly #links: Record<Role, string | null>;
  readonly #sessions: Record<Role, Set<string>> = { cashier: new Set(), monitor: new Set() };

  constructor(tokens: Readonly<Record<Role, string>>) {
    this.#links = { ...tokens };
  }

  /** Trades a link token for a session cookie; null when the token is unknown or was already used. */
  exchange(given: string): Exchange | null {
    for (const role of ROLES) {
      const token = this.#links[role];
      if (token === null || !tokenMatches(given, token)) continue;
      this.#links[role] = null;
      const id = randomBytes(32).toString('base64url');
      this.#sessions[role].add(id);
      return { role, setCookie: `${COOKIE_NAMES[role]}=${id}; Path=${BRIDGE_PATHS[role]}; HttpOnly; SameSite=Strict` };
    }
    return null;
  }

  /** Whether a Cookie header carries a live session of `role` (compared in constant time). */
  admits(cookieHeader: string | undefined, role: Role): boolean {
    const given = cookieValues(cookieHeader, COOKIE_NAMES[role]);
    for (const id of this.#sessions[role]) if (given.some((value) => tokenMatches(value, id))) return true;
    return false;
  }
}
