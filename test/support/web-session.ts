/** Opens a web runtime session as a browser does: the printed link's one-time token traded for its cookie. */
import { WebSocket } from 'ws';

export interface WonSession {
  /** `name=value` for a Cookie header. */
  readonly cookie: string;
  /** Where the runtime sent the browser (token-free). */
  readonly location: string;
  /** The whole Set-Cookie header (its attributes are under test too). */
  readonly setCookie: string;
  /** `name=value` of the page cookie (it lets the runtime draw the table into the page, nothing else). */
  readonly pageCookie: string;
  /** Its whole Set-Cookie header. */
  readonly setPageCookie: string;
}

/** GETs the link without following the redirect; throws unless it was a 303 that set a cookie. */
export async function exchangeLink(link: string): Promise<WonSession> {
  const response = await fetch(link, { redirect: 'manual' });
  const [setCookie, setPageCookie] = response.headers.getSetCookie();
  const location = response.headers.get('location');
  if (response.status !== 303 || setCookie === undefined || setPageCookie === undefined || location === null)
    throw new Error(`the link was refused (${response.status})`);
  const nameValue = (header: string) => header.split(';')[0] ?? '';
  return { cookie: nameValue(setCookie), location, setCookie, pageCookie: nameValue(setPageCookie), setPageCookie };
}

/**
 * The tab secrets the runtime handed out, by Cookie header: a page reconnecting presents its tab's secret, as the
 * browser bridge does from sessionStorage.
 */
const tabSecrets = new Map<string, string>();

export interface BridgeSocketOptions {
  /** A new tab: present no tab secret even if this cookie's tab has one (the runtime refuses a second tab). */
  readonly newTab?: boolean;
}

/**
 * A socket to the runtime on `path` with our origin and the given Cookie header; rejects when refused. The tab
 * secret of a session's first socket is consumed here (kept for the next socket with the same cookie), so the
 * caller's listeners see only snapshots and results.
 */
export function openBridgeSocket(
  port: number,
  path: string,
  cookie: string | null,
  options: BridgeSocketOptions = {},
): Promise<WebSocket> {
  const held = cookie === null || options.newTab === true ? undefined : tabSecrets.get(cookie);
  const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`, held === undefined ? [] : [`vc-tab.${held}`], {
    origin: `http://127.0.0.1:${port}`,
    headers: cookie === null ? {} : { cookie },
  });
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => {
      if (held !== undefined || cookie === null) return resolve(socket);
      // A session's first socket: the runtime sends this tab's secret before anything else.
      socket.once('message', (data) => {
        const message = JSON.parse(String(data)) as { t: string; secret?: string };
        if (message.t === 'tab' && typeof message.secret === 'string') {
          tabSecrets.set(cookie, message.secret);
          socket.send(JSON.stringify({ t: 'tab-kept' }));
        }
        resolve(socket);
      });
    });
  });
}
