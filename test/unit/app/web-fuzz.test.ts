/**
 * The web runtime's server must not die of input. Raw TCP sockets (node:net) throw random request lines, headers,
 * upgrade requests and WebSocket frames at it (fast-check, fixed seeds); between and after the rounds a normal page
 * request and a normal bridge socket still work. An exception escaping a handler would end this test process.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionSnapshot } from '../../../preload/contract';
import type { SessionApi } from '../../../main/core/session/session-api';
import { startWebServer, type WebServer } from '../../../main/web/server';
import { exchangeLink, openBridgeSocket } from '../../support/web-session';

const snapshot = {
  version: 1,
  epoch: 'e',
  at: 1,
  venue: { venueId: 'v', name: 'Venue', moneyMode: 'hidden', demo: false },
  ticker: [],
  table: { pot: 10, seats: [] },
} as unknown as SessionSnapshot;
const session: SessionApi = {
  snapshot: () => snapshot,
  subscribe: () => () => undefined,
  invoke: async (channel) => ({ ok: true, value: channel === 'session:get-snapshot' ? snapshot : null }),
  close: async () => undefined,
};

let server: WebServer;
let rendererDir: string;
let cashierCookie: string;
let monitorCookie: string;

beforeAll(async () => {
  rendererDir = await mkdtemp(join(tmpdir(), 'venue-fuzz-'));
  await writeFile(join(rendererDir, 'index.html'), '<div id="root"></div>');
  server = await startWebServer({ session, rendererDir, log: () => undefined });
  cashierCookie = (await exchangeLink(server.url)).cookie;
  monitorCookie = (await exchangeLink(server.monitorUrl)).cookie;
});
afterAll(async () => {
  await server.close();
  await rm(rendererDir, { recursive: true, force: true });
});

/** Writes `bytes` on a fresh connection, half-closes it, and resolves with whatever came back once it closed. */
function raw(bytes: Buffer | string): Promise<string> {
  return new Promise((resolve) => {
    const socket = tcpConnect(server.port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(answer));
    socket.end(bytes);
  });
}

/** The server still serves: the page, and a cashier socket that answers a snapshot read. */
async function stillServing(): Promise<void> {
  const page = await fetch(`http://127.0.0.1:${server.port}/`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('root');
  const socket = await openBridgeSocket(server.port, '/bridge', cashierCookie);
  const answer = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))));
  socket.send(JSON.stringify({ t: 'invoke', id: 1, channel: 'session:get-snapshot', args: [] }));
  expect(JSON.parse(await answer)).toMatchObject({ t: 'result', id: 1, outcome: { ok: true } });
  socket.close();
}

const hostLine = () => `Host: 127.0.0.1:${server.port}`;
const upgradeHeaders = () => [
  hostLine(),
  'Upgrade: websocket',
  'Connection: Upgrade',
  'Sec-WebSocket-Version: 13',
  'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
];

const junkChar = fc.constantFrom(
  'a',
  'Z',
  '0',
  '/',
  '?',
  '#',
  '%',
  '[',
  ']',
  ':',
  '@',
  '&',
  '=',
  ' ',
  '\t',
  '\\',
  '"',
  '<',
  '\u00ff',
  '\u2028',
  '\u0000',
  '\r',
  '\n',
  '.',
  '~',
);
const junk = (max: number) => fc.array(junkChar, { maxLength: max }).map((chars) => chars.join(''));
const target = fc.oneof(
  junk(40),
  junk(20).map((text) => `/${text}`),
  junk(20).map((text) => `http://${text}`),
  fc.constantFrom(
    'http://[/',
    '//evil.example/x',
    '/?token=',
    '/?token=%',
    '/bridge?token=x',
    '*',
    '/%E0%A4%A',
    '/../../etc/passwd',
    `/${'a'.repeat(9000)}`,
  ),
);
const method = fc.oneof(fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'OPTIONS', 'CONNECT', 'PRI', 'get', ''), junk(8));
const version = fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/2', 'HTTP/9.9', '', 'HTTP/1.1 extra');
const header = fc.oneof(
  fc.tuple(junk(12), junk(30)).map(([name, value]) => `${name}: ${value}`),
  fc.constantFrom(
    'Host: [',
    'Host: 127.0.0.1',
    'Host:',
    'Cookie: vc_cashier',
    'Cookie: ;;;=;',
    'Origin: null',
    'Origin: http://[',
    'Content-Length: -1',
    'Transfer-Encoding: chunked',
    'Upgrade: websocket',
    'Connection: Upgrade',
  ),
);

describe('the web runtime under random input', () => {
  it('survives the request that used to kill it, and answers 400', async () => {
    const answer = await raw(`GET http://[/ HTTP/1.1\r\n${upgradeHeaders().join('\r\n')}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(await raw(`GET http://[/ HTTP/1.1\r\n${hostLine()}\r\n\r\n`)).toMatch(/^HTTP\/1\.1 400/);
    await stillServing();
  });

  it('survives random request lines and headers, with and without an upgrade', async () => {
    await fc.assert(
      fc.asyncProperty(
        method,
        target,
        version,
        fc.array(header, { maxLength: 6 }),
        fc.boolean(),
        fc.boolean(),
        async (verb, path, http, headers, withHost, upgrade) => {
          const lines = [
            `${verb} ${path} ${http}`,
            ...(withHost ? [hostLine()] : []),
            ...(upgrade ? upgradeHeaders() : []),
            ...headers,
          ];
          await raw(`${lines.join('\r\n')}\r\n\r\n`);
        },
      ),
      { numRuns: 150, seed: 1313 },
    );
    await stillServing();
  });

  it('survives random bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 400 }), async (bytes) => {
        await raw(Buffer.from(bytes));
      }),
      { numRuns: 60, seed: 2626 },
    );
    await stillServing();
  });

  it('survives random WebSocket frames on an accepted cashier or monitor socket', async () => {
    const frame = fc.record({
      fin: fc.boolean(),
      opcode: fc.integer({ min: 0, max: 15 }),
      masked: fc.boolean(),
      payload: fc.oneof(
        fc.uint8Array({ maxLength: 200 }),
        junk(60).map((text) => new Uint8Array(Buffer.from(text))),
        fc.constantFrom(new Uint8Array(Buffer.from('{"t":"invoke","id":-1}')), new Uint8Array([0xc3, 0x28])),
      ),
      lie: fc.constantFrom(null, 126, 127),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(frame, { minLength: 1, maxLength: 4 }), fc.boolean(), async (frames, monitor) => {
        const head = [
          `GET ${monitor ? '/monitor-bridge' : '/bridge'} HTTP/1.1`,
          ...upgradeHeaders(),
          `Origin: http://127.0.0.1:${server.port}`,
          `Cookie: ${monitor ? monitorCookie : cashierCookie}`,
        ];
        const bytes = [Buffer.from(`${head.join('\r\n')}\r\n\r\n`), ...frames.map((one) => encodeFrame(one))];
        await raw(Buffer.concat(bytes));
      }),
      { numRuns: 120, seed: 3939 },
    );
    await stillServing();
  });
});

/** One WebSocket frame as a client would write it, or lie about (a declared length that does not match). */
function encodeFrame(frame: {
  fin: boolean;
  opcode: number;
  masked: boolean;
  payload: Uint8Array;
  lie: 126 | 127 | null;
}): Buffer {
  const first = (frame.fin ? 0x80 : 0) | frame.opcode;
  const maskBit = frame.masked ? 0x80 : 0;
  const length = frame.payload.length;
  let header: Buffer;
  if (frame.lie === 127) header = Buffer.from([first, maskBit | 127, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  else if (frame.lie === 126 || length > 125)
    header = Buffer.from([first, maskBit | 126, (length >> 8) & 0xff, length & 0xff]);
  else header = Buffer.from([first, maskBit | length]);
  const mask = Buffer.from([0x12, 0x34, 0x56, 0x78]);
  const body = Buffer.from(
    frame.payload.map((byte, index) => (frame.masked ? byte ^ (mask[index % 4] as number) : byte)),
  );
  return Buffer.concat(frame.masked ? [header, mask, body] : [header, body]);
}
