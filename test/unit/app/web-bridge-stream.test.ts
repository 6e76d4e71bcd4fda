/**
 * The web bridge's snapshot stream: a whole snapshot on subscribe, then patches of the sections that changed, which
 * rebuild exactly the session's snapshots; a reconnecting page starts again from a whole one.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { SessionSnapshot } from '../../../preload/contract';
import { shareEqual } from '../../../preload/contract/share-equal';
import { applySnapshotPatch, type SnapshotPatch } from '../../../preload/contract/snapshot-patch';
import type { SessionHost } from '../../../main/core/session/host';
import { startWebServer, type WebServer } from '../../../main/web/server';

type Message = { t: 'snapshot'; snapshot: SessionSnapshot } | { t: 'patch'; patch: SnapshotPatch };

/** A host whose snapshots the test sets; each is shared with the one before, as the session does. */
function fakeHost() {
  const listeners = new Set<(snapshot: SessionSnapshot) => void>();
  let current = { version: 1, epoch: 'e', at: 1, table: { pot: 0 }, cashier: { ledger: { entries: [{ id: 'm1', amount: 200 }] } } } as unknown as SessionSnapshot;
  const host: SessionHost = {
    snapshot: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    invoke: () => Promise.resolve({ ok: true, value: null }),
    close: () => Promise.resolve(),
  };
  const push = (change: Partial<SessionSnapshot>) => {
    current = shareEqual(current, { ...current, ...change, version: current.version + 1, at: current.at + 1 });
    for (const listener of listeners) listener(current);
  };
  return { host, push, current: () => current };
}

async function connect(server: WebServer) {
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}/bridge?token=${server.token}`, { origin: `http://127.0.0.1:${server.port}` });
  const messages: Message[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)) as Message);
    waiters.shift()?.();
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ t: 'subscribe' }));
  const received = async (count: number) => {
    while (messages.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    return messages;
  };
  return { socket, received };
}

let server: WebServer | null = null;
let rendererDir: string | null = null;
afterEach(async () => {
  await server?.close();
  if (rendererDir !== null) await rm(rendererDir, { recursive: true, force: true });
});

describe('the web bridge snapshot stream', () => {
  it('sends a whole snapshot, then only changed sections, which rebuild every snapshot exactly', async () => {
    const fake = fakeHost();
    rendererDir = await mkdtemp(join(tmpdir(), 'venue-renderer-'));
    server = await startWebServer({ host: fake.host, rendererDir });
    const page = await connect(server);
    await page.received(1);
    fake.push({ table: { pot: 5 } } as Partial<SessionSnapshot>);
    fake.push({ table: { pot: 9 } } as Partial<SessionSnapshot>);
    const messages = await page.received(3);
    expect(messages.map((message) => message.t)).toEqual(['snapshot', 'patch', 'patch']);
    const patch = (messages[2] as { patch: SnapshotPatch }).patch;
    expect(Object.keys(patch.sections)).toEqual(['table']);
    let assembled: SessionSnapshot | null = null;
    for (const message of messages) assembled = message.t === 'snapshot' ? message.snapshot : applySnapshotPatch(assembled, message.patch);
    expect(assembled).toEqual(fake.current());
    page.socket.close();

    const again = await connect(server);
    const [first] = await again.received(1);
    expect(first).toEqual({ t: 'snapshot', snapshot: fake.current() });
    again.socket.close();
  });
});
