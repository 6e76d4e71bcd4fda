/**
 * How a browser gets in: the printed link's token is exchanged ONCE for a random session id in an HttpOnly,
 * SameSite=Strict cookie, and the page is redirected to an address without the token. The link is then dead:
 * whatever keeps it afterwards (the address bar, the history, a screenshot) opens nothing. Each role (the
 * cashier, the room-facing table monitor) has its own link, its own cookie and its own socket path; the cookie's
 * Path is that socket, so a role's cookie travels with its own socket only. A cashier's session lives as long as the
 * process; the monitor's are kept in the data folder (monitor-screens.ts) so a room's screen comes back by itself
 * after a restart on the same folder and port. Only digests of session ids and tab secrets are held, in memory as in
 * that file: what is compared is the digest of what a browser presents.
 *
 * A cookie is shared by every tab of the browser profile (and by every port of 127.0.0.1), so a session is also
 * bound to the first tab that opens its socket: that socket is handed a tab secret, which the page keeps in its
 * tab's sessionStorage and presents (as a Sec-WebSocket-Protocol value) on every later socket. Another tab of the
 * same profile (the room-facing monitor beside the cashier, say) holds the cookie but not the secret: refused.
 *
 * The exchange also sets a page cookie (Path=/, its own random id) for the page its redirect opens: that one request
 * gets the table drawn into index.html by the server (first-paint.ts). A page cannot prove its tab before it has run,
 * and a browser sends 127.0.0.1's cookies to every port of it, so the page cookie is spent by its one drawing and
 * dies 10 s after the exchange if unused: a program on another local port that catches it later gets nothing. It
 * opens no socket and invokes nothing, and the drawing is the monitor projection of the table (no amounts in `hidden`
 * mode). Later loads of the page are served as built.
 *
 * Every cookie name carries this runtime's tag (its port and a random instance id, e.g. `vc_cashier_8080_x1y2…`):
 * browsers do not scope cookies by port, so a page on another 127.0.0.1 port (or an earlier runtime that had this
 * port) can set `vc_cashier=…; Path=/bridge`. A cookie of any other name is not ours and is simply absent here; it
 * can neither overwrite nor shadow ours, whose name such a page cannot learn (every cookie is HttpOnly).
 */
import { TAB_PROTOCOL_PREFIX } from '../../preload/contract/bridge';
import { newSecret, tokenMatches } from './guards';
import { digest, MAX_KEPT_SCREENS, type KeptScreen, type MonitorScreens } from './monitor-screens';

/** What a session may do: everything, or (the table monitor) read its projection of the table only. */
export type Role = 'cashier' | 'monitor';

/** The socket each role connects to. */
export const BRIDGE_PATHS: Readonly<Record<Role, string>> = { cashier: '/bridge', monitor: '/monitor-bridge' };

/**
 * A role's cookie names under `tag` (the runtime's `_<port>_<instance>`); the monitor's under `monitorTag`, whose
 * instance is kept in the data folder, so its cookie still names this runtime's monitor after a restart.
 */
function cookieNames(
  tag: string,
  monitorTag: string,
): { session: Readonly<Record<Role, string>>; page: Readonly<Record<Role, string>> } {
  return {
    session: { cashier: `vc_cashier${tag}`, monitor: `vc_monitor${monitorTag}` },
    page: { cashier: `vc_cashier_page${tag}`, monitor: `vc_monitor_page${monitorTag}` },
  };
}

/** The tag of a runtime's cookie names: its port and a random instance id (12 URL-safe characters). */
export const runtimeCookieTag = (port: number, instance: string): string => `_${port}_${instance}`;

/** How long a page cookie waits for its one drawing: the redirect right after the exchange uses it at once. */
export const PAGE_COOKIE_SECONDS = 10;

/** Every cookie of the runtime: never readable by the page's scripts, never sent by another site's request. */
const COOKIE_FLAGS = 'HttpOnly; SameSite=Strict';

const ROLES: readonly Role[] = ['cashier', 'monitor'];

/** A successful exchange: the role, the Set-Cookie value carrying its new session and the one of its page cookie. */
export interface Exchange {
  readonly role: Role;
  readonly setCookie: string;
  readonly pageCookie: string;
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

/** The tab secret a socket request presents, if any (one of its offered subprotocols). */
export function tabProof(protocolHeader: string | undefined): string | null {
  if (protocolHeader === undefined) return null;
  for (const offered of protocolHeader.split(',')) {
    const value = offered.trim();
    if (value.startsWith(TAB_PROTOCOL_PREFIX)) return value.slice(TAB_PROTOCOL_PREFIX.length);
  }
  return null;
}

/**
 * A socket admitted to a session; `newTabSecret` is set when this socket's tab has just been bound to it. That
 * binding holds only once the page says it kept the secret (`kept`): if the socket ends before (a reload or a drop
 * mid-handshake), `released` unbinds the session again, so the tab that opened it is not locked out for good.
 */
export interface Admission {
  /** The session this socket belongs to (its id: a map key for the per-session socket cap, never logged). */
  readonly session: string;
  readonly newTabSecret: string | null;
  kept(): void;
  released(): void;
}

/** The tab a session is bound to: its secret's digest, and whether that tab has said it kept it. */
interface TabBinding {
  readonly secret: string;
  kept: boolean;
}

/** The monitor's kept sessions: the cookie tag they were issued under, and how to keep them when they change. */
export interface KeptMonitors {
  readonly tag: string;
  readonly screens: MonitorScreens;
}

const nothingToSettle = { kept: () => undefined, released: () => undefined };

export class WebSessions {
  /** The unused link token of each role; null once exchanged. */
  readonly #links: Record<Role, string | null>;
  /** Each role's sessions: the session id's digest -> the tab it is bound to (null until its first socket). */
  readonly #sessions: Record<Role, Map<string, TabBinding | null>> = { cashier: new Map(), monitor: new Map() };
  /** Each role's unspent page cookie ids, with when each expires: one drawing of that role's first paint each. */
  readonly #pages: Record<Role, Map<string, number>> = { cashier: new Map(), monitor: new Map() };
  readonly #now: () => number;
  readonly #names: ReturnType<typeof cookieNames>;
  readonly #kept: MonitorScreens | null;

  /**
   * `cookieTag` names this runtime's cookies (runtimeCookieTag); tests of the rules alone may leave it empty.
   * `monitors`: the monitor's sessions kept from an earlier run of this data folder, and where to keep new ones.
   */
  constructor(
    tokens: Readonly<Record<Role, string>>,
    now: () => number = Date.now,
    cookieTag = '',
    monitors: KeptMonitors | null = null,
  ) {
    this.#links = { ...tokens };
    this.#now = now;
    this.#names = cookieNames(cookieTag, monitors?.tag ?? cookieTag);
    this.#kept = monitors?.screens ?? null;
    for (const screen of monitors?.screens.screens ?? [])
      this.#sessions.monitor.set(screen.session, screen.tab === null ? null : { secret: screen.tab, kept: true });
  }

  /** Writes the monitor's sessions where they are kept (a change to a cashier's session is never written). */
  #keep(role: Role): void {
    if (role !== 'monitor' || this.#kept === null) return;
    const screens: KeptScreen[] = [...this.#sessions.monitor].map(([session, tab]) => ({
      session,
      tab: tab?.kept === true ? tab.secret : null,
    }));
    this.#kept.save(screens);
  }

  /** The Set-Cookie value that removes `role`'s page cookie from the browser (sent with the drawing that spends it). */
  clearPageCookie(role: Role): string {
    return `${this.#names.page[role]}=; Path=/; Max-Age=0; ${COOKIE_FLAGS}`;
  }

  /** A new one-time link token for `role` (asked for on demand, link-channel.ts); its unused one is dead from now. */
  renewLink(role: Role): string {
    const token = newSecret();
    this.#links[role] = token;
    return token;
  }

  /**
   * Forgets every table monitor session, the kept ones too (`--forget-monitors`): their cookies open nothing from
   * now on. Returns how many there were. A monitor link not yet used still works once.
   */
  forgetMonitors(): number {
    const count = this.#sessions.monitor.size;
    this.#sessions.monitor.clear();
    this.#keep('monitor');
    return count;
  }

  /** Trades a link token for a session cookie; null when the token is unknown or was already used. */
  exchange(given: string): Exchange | null {
    for (const role of ROLES) {
      const token = this.#links[role];
      if (token === null || !tokenMatches(given, token)) continue;
      this.#links[role] = null;
      const id = newSecret();
      const sessions = this.#sessions[role];
      sessions.set(digest(id), null);
      // The room's screens are kept over restarts: the oldest goes once there are more than a room has.
      if (role === 'monitor')
        for (const oldest of [...sessions.keys()].slice(0, Math.max(0, sessions.size - MAX_KEPT_SCREENS)))
          sessions.delete(oldest);
      this.#keep(role);
      const page = newSecret();
      this.#pages[role].set(page, this.#now() + PAGE_COOKIE_SECONDS * 1000);
      return {
        role,
        setCookie: `${this.#names.session[role]}=${id}; Path=${BRIDGE_PATHS[role]}; ${COOKIE_FLAGS}`,
        pageCookie: `${this.#names.page[role]}=${page}; Path=/; Max-Age=${PAGE_COOKIE_SECONDS}; ${COOKIE_FLAGS}`,
      };
    }
    return null;
  }

  /**
   * Spends the page cookie of `role` that a page request's Cookie header carries (compared in constant time): true
   * once per cookie, before it expires; false for anything else. Expired cookies are forgotten on the way.
   */
  takePageCookie(cookieHeader: string | undefined, role: Role): boolean {
    const given = cookieValues(cookieHeader, this.#names.page[role]);
    const pages = this.#pages[role];
    const now = this.#now();
    for (const [page, expiresAt] of pages) {
      if (expiresAt <= now) {
        pages.delete(page);
        continue;
      }
      if (given.some((value) => tokenMatches(value, page))) {
        pages.delete(page);
        return true;
      }
    }
    return false;
  }

  /**
   * Admits a socket whose Cookie header carries a live session of `role` (compared in constant time): the first
   * socket of a session binds it to its tab (a new secret is returned for the page to keep); every later socket must
   * present that secret (which also proves the tab kept it). Null: refused.
   */
  admit(cookieHeader: string | undefined, role: Role, proof: string | null): Admission | null {
    const given = cookieValues(cookieHeader, this.#names.session[role]).map(digest);
    const sessions = this.#sessions[role];
    for (const [id, tab] of sessions) {
      if (!given.some((value) => tokenMatches(value, id))) continue;
      if (tab === null) {
        const secret = newSecret();
        const binding: TabBinding = { secret: digest(secret), kept: false };
        sessions.set(id, binding);
        return {
          session: id,
          newTabSecret: secret,
          kept: () => {
            if (binding.kept) return;
            binding.kept = true;
            this.#keep(role);
          },
          released: () => {
            if (!binding.kept && sessions.get(id) === binding) sessions.set(id, null);
          },
        };
      }
      if (proof !== null && tokenMatches(digest(proof), tab.secret)) {
        if (!tab.kept) {
          tab.kept = true;
          this.#keep(role);
        }
        return { session: id, newTabSecret: null, ...nothingToSettle };
      }
    }
    return null;
  }
}
