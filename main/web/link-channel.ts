/**
 * New links on demand: `npm run web -- --link` asks the runtime running on the same data folder for a fresh one-time
 * cashier link (`--monitor-link` for the table monitor's), so a cashier whose tab was closed gets back in without a
 * restart. The channel is private to the user who runs the runtime:
 * - the runtime listens on a local socket (a Unix socket, a named pipe on Windows) that no web page can reach (a
 *   browser speaks HTTP and WebSocket over TCP only), and
 * - both ends prove they know a 256-bit secret the runtime writes into the data folder (`web-link.json`, 0600, in the
 *   0700 folder the runtime already requires), which another local user cannot read, without ever sending it: the
 *   request carries a fresh nonce and an HMAC of it, the answer an HMAC of that nonce and the link. The socket's name
 *   is not private (Linux lists abstract names to every user; Windows pipes have no permissions), and a runtime
 *   killed outright leaves its file behind with the name free again: a program listening there learns nothing it can
 *   use and cannot hand the cashier a link to a page of its own.
 * A request is one JSON line, read up to 1 KiB within 2 s; anything else closes the connection. A new link replaces
 * the role's unused one; sessions already open stay open. The same channel revokes the table monitor's kept sessions
 * (`--forget-monitors`, monitor-screens.ts): every room screen then needs a new link.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../core/storage/atomic-file';
import { newSecret, tokenMatches } from './guards';
import type { Role } from './web-sessions';

export const LINK_FILE = 'web-link.json';
const MAX_REQUEST_BYTES = 1024;
const REQUEST_MS = 2_000;

const LinkFileSchema = z.object({ version: z.literal(1), path: z.string().min(1).max(300), secret: z.string() });
/** What the channel is asked for: a new link of a role, or to forget every kept table monitor session. */
export type ChannelAsk = Role | 'forget-monitors';

const RequestSchema = z.object({
  role: z.enum(['cashier', 'monitor', 'forget-monitors']),
  nonce: z.string().min(43).max(100),
  mac: z.string().max(100),
});
const AnswerSchema = z.union([
  z.object({ url: z.string().max(2048), proof: z.string().max(100).optional() }),
  /** `--forget-monitors`: how many kept monitor sessions were forgotten. */
  z.object({ forgotten: z.string().regex(/^\d{1,6}$/), proof: z.string().max(100).optional() }),
  z.object({ error: z.string().max(200) }),
]);

/** The HMAC of `parts` under the channel's secret: what proves an end knows the secret without sending it. */
function mac(secret: string, ...parts: string[]): string {
  return createHmac('sha256', secret).update(parts.join('\n')).digest('base64url');
}

/** Where the channel listens: a name nobody else has (found by the secret file, never guessed). */
function channelPath(): string {
  const name = `venue-cashier-link-${randomBytes(12).toString('hex')}`;
  if (process.platform === 'win32') return `\\\\.\\pipe\\${name}`;
  // Linux: an abstract socket (no file to leave behind); elsewhere a socket file in the temp folder.
  return process.platform === 'linux' ? `\0${name}` : join(process.env.TMPDIR ?? '/tmp', `${name}.sock`);
}

export interface LinkChannel {
  close(): Promise<void>;
}

/** What the runtime does for the channel: make a new one-time link of a role; forget the kept monitor sessions. */
interface ChannelDuties {
  mint(role: Role): string;
  /** How many were forgotten. */
  forgetMonitors(): number;
}

/**
 * Starts the channel for the runtime whose data folder is `dataDir`; `mint` makes a new one-time link of a role,
 * `forgetMonitors` drops every table monitor session (the kept ones too) and says how many there were.
 */
export async function startLinkChannel(
  dataDir: string,
  mint: (role: Role) => string,
  forgetMonitors: () => number = () => 0,
): Promise<LinkChannel> {
  const secret = newSecret();
  const path = channelPath();
  const duties: ChannelDuties = { mint, forgetMonitors };
  const server: Server = createServer((socket: Socket) => serve(socket, secret, duties));
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  const file = join(dataDir, LINK_FILE);
  await writeFileAtomic(file, `${JSON.stringify({ version: 1, path, secret })}\n`);
  return {
    async close() {
      await rm(file, { force: true });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function serve(socket: Socket, secret: string, duties: ChannelDuties): void {
  let text = '';
  const answer = (body: z.infer<typeof AnswerSchema>) => socket.end(`${JSON.stringify(body)}\n`);
  socket.setTimeout(REQUEST_MS, () => socket.destroy());
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    if (text.length > MAX_REQUEST_BYTES) return socket.destroy();
    const end = text.indexOf('\n');
    if (end < 0) return;
    socket.removeAllListeners('data');
    let raw: unknown;
    try {
      raw = JSON.parse(text.slice(0, end));
    } catch {
      return answer({ error: 'not a request' });
    }
    const request = RequestSchema.safeParse(raw);
    if (!request.success) return answer({ error: 'refused' });
    const { role, nonce } = request.data;
    if (!tokenMatches(request.data.mac, mac(secret, 'request', role, nonce))) return answer({ error: 'refused' });
    if (role === 'forget-monitors') {
      const forgotten = String(duties.forgetMonitors());
      return answer({ forgotten, proof: mac(secret, 'answer', role, nonce, forgotten) });
    }
    const url = duties.mint(role);
    answer({ url, proof: mac(secret, 'answer', role, nonce, url) });
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Asks the runtime running on `dataDir` for a new link of `role`; throws with words a person can act on. */
export async function requestLink(dataDir: string, role: Role): Promise<string> {
  return ask(dataDir, role);
}

/** Asks the runtime running on `dataDir` to forget every table monitor session; how many it forgot. */
export async function requestForgetMonitors(dataDir: string): Promise<number> {
  return Number(await ask(dataDir, 'forget-monitors'));
}

/** One request on the channel of the runtime running on `dataDir`: its answer, once the runtime proved it wrote it. */
async function ask(dataDir: string, role: ChannelAsk): Promise<string> {
  let text: string;
  try {
    text = await readFile(join(dataDir, LINK_FILE), 'utf8');
  } catch {
    throw new Error(`no web runtime is running on the data folder ${dataDir} (start it with npm run web)`);
  }
  const parsed = LinkFileSchema.safeParse(parseJson(text));
  if (!parsed.success) throw new Error(`${join(dataDir, LINK_FILE)} is not a link file the runtime wrote`);
  const { path, secret } = parsed.data;
  const nonce = newSecret();
  const reply = await new Promise<string>((resolve, reject) => {
    const socket = connect(path);
    let body = '';
    socket.setTimeout(REQUEST_MS, () => socket.destroy(new Error('the web runtime did not answer')));
    socket.on('connect', () =>
      socket.write(`${JSON.stringify({ role, nonce, mac: mac(secret, 'request', role, nonce) })}\n`),
    );
    socket.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
      if (body.length > 16 * 1024) socket.destroy(new Error('the answer is too long'));
    });
    socket.on('end', () => resolve(body));
    socket.on('error', (error) =>
      reject(
        new Error(
          `could not reach the web runtime on ${dataDir} (${error.message}); it may have stopped: start it again`,
        ),
      ),
    );
  });
  const answer = AnswerSchema.safeParse(parseJson(reply));
  if (!answer.success) throw new Error('the web runtime gave no answer');
  if ('error' in answer.data) throw new Error(`the web runtime refused: ${answer.data.error}`);
  const value = 'url' in answer.data ? answer.data.url : answer.data.forgotten;
  if ('url' in answer.data !== (role !== 'forget-monitors')) throw new Error('the web runtime gave another answer');
  // Only the runtime that wrote the file knows its secret: anything else listening on that name (the runtime died)
  // is not trusted with the cashier's next page.
  if (!tokenMatches(answer.data.proof ?? null, mac(secret, 'answer', role, nonce, value)))
    throw new Error(
      `what answers on the link channel of ${dataDir} did not prove it is the web runtime (it may have stopped): ` +
        'start it again',
    );
  return value;
}
