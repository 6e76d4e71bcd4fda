/**
 * A hostile venue on this machine (loopback only) cannot take the app's memory: a 450 MB answer to GET /key and a
 * 200 MB live socket frame are cut at their caps, with the client's memory (RSS, measured in a child process against
 * its own baseline) staying under 200 MB above that baseline; a 2 MiB frame, over the live cap but under the `ws`
 * default, is cut too. Bounded: each hostile answer stops being produced as soon as the client hangs up.
 */
import { createHash } from 'node:crypto';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnTsx } from '../support/child-processes';
import { tableFrame } from '../support/web-fake-feed';

const MB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x61);

let http: HttpServer;
let ws: NetServer;
/** Bytes each hostile answer managed to send before the client hung up. */
const sent: number[] = [];
/** The next frame's declared payload size. */
let frameBytes = 0;

/** Writes `total` bytes of `head` then filler to `socket`, waiting for the reader; stops when it goes away. */
function stream(socket: NodeJS.WritableStream & { destroyed: boolean }, total: number, head: Buffer): void {
  let written = 0;
  const pump = (): void => {
    while (written < total && !socket.destroyed) {
      const piece = written === 0 ? head : CHUNK.subarray(0, Math.min(CHUNK.length, total - written));
      written += piece.length;
      if (!socket.write(piece)) return void socket.once('drain', pump);
    }
  };
  socket.on('close', () => sent.push(written));
  socket.on('error', () => undefined);
  pump();
}

beforeAll(async () => {
  http = createHttpServer((request, response) => {
    const total = 450 * MB;
    response.writeHead(200, { 'content-type': 'application/json' });
    // No Content-Length: the client finds out only by reading.
    stream(response as unknown as NodeJS.WritableStream & { destroyed: boolean }, total, Buffer.from('{"kid":"'));
    request.socket.on('close', () => response.destroy());
  });
  ws = createNetServer((socket: Socket) => {
    socket.on('error', () => undefined);
    socket.once('data', (chunk: Buffer) => {
      const key = /sec-websocket-key:\s*(\S+)/i.exec(chunk.toString())?.[1] ?? '';
      const accept = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
      socket.write(
        'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
          `Sec-WebSocket-Accept: ${accept}\r\n\r\n`,
      );
      // One text frame whose header declares the whole payload; the payload follows as long as the client reads.
      const header = Buffer.alloc(10);
      header[0] = 0x81;
      header[1] = 127;
      header.writeBigUInt64BE(BigInt(frameBytes), 2);
      // A valid state frame (the spec's fields, and one unknown field a client ignores) of exactly frameBytes.
      const frame = (padding: string) =>
        JSON.stringify({ type: 'state', live: true, state: { ...tableFrame(10), padding } });
      const json = '{"type":"state","live":true,"state":{"table_name":"';
      // (A 200 MB one is streamed: its start, then filler for as long as the client reads.)
      const body =
        frameBytes <= 4 * MB ? Buffer.from(frame('a'.repeat(frameBytes - frame('').length))) : Buffer.alloc(0);
      if (frameBytes <= 4 * MB) socket.write(Buffer.concat([header, body]));
      else stream(socket, frameBytes + header.length, Buffer.concat([header, Buffer.from(json)]));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
  await new Promise<void>((resolve) => ws.listen(0, '127.0.0.1', () => resolve()));
});

afterAll(async () => {
  http?.closeAllConnections();
  await new Promise<void>((resolve) => http?.close(() => resolve()));
  await new Promise<void>((resolve) => ws?.close(() => resolve()));
});

/** Runs the child against `address`: its one report. */
async function child(what: 'key' | 'frame', address: string): Promise<{ outcome: string; peakMb: number }> {
  const running = spawnTsx('test/support/hostile-venue-child.ts', [what, address]);
  const lines = createInterface({ input: running.stdout as NodeJS.ReadableStream });
  let errors = '';
  running.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const line = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    running.once('exit', (code) => reject(new Error(`the child exited (${code}): ${errors}`)));
  });
  return JSON.parse(line) as { outcome: string; peakMb: number };
}

describe('a hostile local venue', () => {
  it('a 450 MB answer to GET /key is cut at its cap, memory well under 200 MB over the baseline', async () => {
    sent.length = 0;
    const report = await child('key', `http://127.0.0.1:${(http.address() as AddressInfo).port}/v1`);
    expect(report.outcome).toMatch(/GET \/key: the answer to \/key is larger than 16,384 bytes/);
    expect(report.peakMb).toBeLessThan(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The venue stopped being read long before the end of its answer.
    expect(Math.max(...sent)).toBeLessThan(450 * MB);
  }, 60_000);

  it('a 200 MB live frame is cut at the socket cap, memory well under 200 MB over the baseline', async () => {
    frameBytes = 200 * MB;
    const report = await child('frame', `ws://127.0.0.1:${(ws.address() as AddressInfo).port}/v1`);
    expect(report.outcome).toBe('cut');
    expect(report.peakMb).toBeLessThan(200);
  }, 60_000);

  it('a valid 2 MiB state frame, over the socket cap, is cut too; a valid small one is read', async () => {
    frameBytes = 2 * MB;
    const address = `ws://127.0.0.1:${(ws.address() as AddressInfo).port}/v1`;
    expect((await child('frame', address)).outcome).toBe('cut');
    frameBytes = 64 * 1024;
    expect((await child('frame', address)).outcome).toBe('accepted');
  }, 60_000);
});
