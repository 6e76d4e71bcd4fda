/**
 * The live keeper's overhead over a bare `ws` client doing the same ingest (parse + validate + table update),
 * both fed the same N frames by a local ws server, measured in the same run (target: ratio <= 1.10).
 */
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { LiveKeeper, initialTable, readFrameText, reduceTable } from '../../main/core/venue/index';
import { fixtureSeats, handEvents, stateFrame } from '../support/venue-fixtures';
import { interleaved, peakRssMiB } from './stats';

const HANDS = 600;

async function startServer(frames: readonly string[]): Promise<{ url: string; close: () => Promise<void> }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  server.on('connection', (socket) => {
    for (const frame of frames) socket.send(frame);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

/** A bare ws client: the same parse, validation and table update, nothing else. */
function bareClient(url: string, lastSeq: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url}/live/events?key=bench`);
    let table = initialTable();
    socket.on('message', (data: WebSocket.RawData) => {
      const { parsed } = readFrameText(data.toString());
      if (parsed.type === 'state')
        table = reduceTable(table, { type: 'state', live: parsed.frame.live, state: parsed.frame.state, at: 0 });
      else if (parsed.type === 'event') {
        table = reduceTable(table, { type: 'event', event: parsed.event, at: 0 });
        if (parsed.event.seq === lastSeq) {
          socket.terminate();
          resolve();
        }
      }
    });
    socket.on('error', reject);
  });
}

/** The keeper, reporting when the last event has been applied. */
async function keeperClient(url: string, lastSeq: number): Promise<void> {
  const keeper = new LiveKeeper({ wsUrl: url, key: 'bench' });
  const done = new Promise<void>((resolve) => {
    keeper.subscribe(({ update }) => {
      if (update.type === 'event' && update.event.seq === lastSeq) resolve();
    });
  });
  await keeper.start();
  await done;
  await keeper.stop();
}

export default async function keeperBench(): Promise<Record<string, unknown>> {
  const seats = fixtureSeats();
  const events = handEvents(seats, HANDS);
  const frames = [JSON.stringify(stateFrame(fixtureSeats())), ...events.map((event) => JSON.stringify(event))];
  const lastSeq = events.length;
  const server = await startServer(frames);
  try {
    const result = await interleaved(
      () => bareClient(server.url, lastSeq),
      () => keeperClient(server.url, lastSeq),
      11,
    );
    return { frames: frames.length, ...result, target: 'ratio <= 1.10', peakRssMiB: peakRssMiB() };
  } finally {
    await server.close();
  }
}
