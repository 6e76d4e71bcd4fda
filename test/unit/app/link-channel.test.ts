/**
 * New links on demand (main/web/link-channel.ts): only a caller that can read the runtime's private secret file gets
 * one; anything else on the channel is refused or dropped, and a runtime that is not running is said plainly.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  LINK_FILE,
  requestForgetMonitors,
  requestLink,
  startLinkChannel,
  type LinkChannel,
} from '../../../main/web/link-channel';

let dataDir: string;
let channel: LinkChannel | null = null;
const minted: string[] = [];

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'venue-link-channel-'));
  minted.length = 0;
});
afterEach(async () => {
  await channel?.close();
  channel = null;
  await rm(dataDir, { recursive: true, force: true });
});

/** Monitor sessions the runtime under test "forgets" when asked: how many it has now. */
let monitorSessions = 0;

async function start(): Promise<void> {
  channel = await startLinkChannel(
    dataDir,
    (role) => {
      minted.push(role);
      return `http://127.0.0.1:1/?token=${role}-${minted.length}`;
    },
    () => {
      const forgotten = monitorSessions;
      monitorSessions = 0;
      return forgotten;
    },
  );
}

/** Sends `text` on the channel as another local program would; what comes back before the channel closes. */
async function raw(text: string): Promise<string> {
  const { path } = JSON.parse(await readFile(join(dataDir, LINK_FILE), 'utf8')) as { path: string };
  return new Promise((resolve) => {
    const socket = connect(path, () => socket.write(text));
    let body = '';
    socket.on('data', (chunk: Buffer) => (body += chunk.toString()));
    socket.on('close', () => resolve(body));
    socket.on('error', () => undefined);
  });
}

describe('the link channel', () => {
  it('hands a new link of the role to a caller holding the secret, from a file only its user reads', async () => {
    await start();
    expect(await requestLink(dataDir, 'cashier')).toBe('http://127.0.0.1:1/?token=cashier-1');
    expect(await requestLink(dataDir, 'monitor')).toBe('http://127.0.0.1:1/?token=monitor-2');
    expect((await stat(join(dataDir, LINK_FILE))).mode & 0o077).toBe(0);
  });

  it('forgets the monitor sessions when asked by a caller holding the secret, and only then', async () => {
    monitorSessions = 3;
    await start();
    const nonce = randomBytes(32).toString('base64url');
    expect(await raw(`${JSON.stringify({ role: 'forget-monitors', nonce, mac: 'x'.repeat(43) })}\n`)).toContain(
      'refused',
    );
    expect(monitorSessions).toBe(3);
    expect(await requestForgetMonitors(dataDir)).toBe(3);
    expect(monitorSessions).toBe(0);
    expect(await requestForgetMonitors(dataDir)).toBe(0);
    expect(minted).toEqual([]);
  });

  it('refuses a wrong or missing proof, junk and an overlong request, minting nothing', async () => {
    await start();
    const nonce = randomBytes(32).toString('base64url');
    expect(await raw(`${JSON.stringify({ role: 'cashier', nonce, mac: 'x'.repeat(43) })}\n`)).toContain('refused');
    expect(await raw(`${JSON.stringify({ role: 'cashier', nonce })}\n`)).toContain('refused');
    // The secret itself, sent as it was once, is not a proof either.
    const { secret } = JSON.parse(await readFile(join(dataDir, LINK_FILE), 'utf8')) as { secret: string };
    expect(await raw(`${JSON.stringify({ secret, role: 'cashier' })}\n`)).toContain('refused');
    expect(await raw('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')).toContain('not a request');
    expect(await raw('x'.repeat(5000))).toBe('');
    expect(minted).toEqual([]);
  });

  it('says plainly when no runtime is running there, or its file is not one it wrote', async () => {
    await expect(requestLink(dataDir, 'cashier')).rejects.toThrow(/no web runtime is running on the data folder/);
    await writeFile(join(dataDir, LINK_FILE), '{"version":1,"path":"","secret":"s"}');
    await expect(requestLink(dataDir, 'cashier')).rejects.toThrow(/is not a link file the runtime wrote/);
  });

  it('removes its file when it closes, so a later request is told nothing runs', async () => {
    await start();
    await channel?.close();
    channel = null;
    await expect(requestLink(dataDir, 'cashier')).rejects.toThrow(/no web runtime is running/);
  });

  it('neither sends the secret to nor takes a link from what listens on the name of a runtime that died', async () => {
    // A runtime killed outright leaves its file; the socket's name is free again (and Linux lists abstract names to
    // every user), so another local program can listen there and answer the next request with a page of its own.
    const secret = randomBytes(32).toString('base64url');
    const name = `venue-cashier-link-${randomBytes(12).toString('hex')}`;
    const path = process.platform === 'linux' ? `\0${name}` : join(tmpdir(), `${name}.sock`);
    await writeFile(join(dataDir, LINK_FILE), `${JSON.stringify({ version: 1, path, secret })}\n`, { mode: 0o600 });
    let heard = '';
    const squatter = createServer((socket) => {
      socket.on('data', (chunk: Buffer) => {
        heard += chunk.toString();
        if (heard.includes('\n')) socket.end(`${JSON.stringify({ url: 'http://127.0.0.1:9/lookalike' })}\n`);
      });
    });
    await new Promise<void>((resolve) => squatter.listen(path, resolve));
    try {
      await expect(requestLink(dataDir, 'cashier')).rejects.toThrow(/did not prove/);
      expect(heard).not.toBe('');
      expect(heard).not.toContain(secret);
    } finally {
      await new Promise<void>((resolve) => squatter.close(() => resolve()));
    }
  });
});
