/** Opens a web runtime session as a browser does: the printed link's one-time token traded for its cookie. */
import { WebSocket } from 'ws';

export interface WonSession {
  /** `name=value` for a Cookie header. */
  readonly cookie: string;
  /** Where the runtime sent the browser (token-free). */
  readonly location: string;
  /** The whole Set-Cookie header (its attributes are under test too). */
  readonly setCookie: string;
}

/** GETs the link without following the redirect; throws unless it was a 303 that set a cookie. */
export async function exchangeLink(link: string): Promise<WonSession> {
  const response = await fetch(link, { redirect: 'manual' });
  const setCookie = response.headers.getSetCookie()[0];
  const location = response.headers.get('location');
  if (response.status !== 303 || setCookie === undefined || location === null)
    throw new Error(`the link was refused (${response.status})`);
  return { cookie: setCookie.split(';')[0] ?? '', location, setCookie };
}

/** A socket to the runtime on `path` with our origin and the given Cookie header; rejects when refused. */
export function openBridgeSocket(port: number, path: string, cookie: string | null): Promise<WebSocket> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`, {
    origin: `http://127.0.0.1:${port}`,
    headers: cookie === null ? {} : { cookie },
  });
  return new Promise((resolve, reject) => socket.once('open', () => resolve(socket)).once('error', reject));
}
