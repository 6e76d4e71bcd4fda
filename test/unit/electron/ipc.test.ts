import { describe, expect, it } from 'vitest';
import { TrustedWindows } from '../../../main/electron/trusted-windows';
import type { SenderEvent } from '../../../main/electron/sender-check';
import { permitsChannel } from '../../../main/electron/ipc-policy';
import { pushToWindows, registerIpcHandlers, type IpcMainLike } from '../../../main/electron/ipc';
import { dispatch as sessionDispatch, type CommandHandlers } from '../../../main/core/session/dispatch';
import { bridgeChannels, invokeChannels } from '../../../preload/contract';

const contract = { 'demo:add': null, 'demo:read': null, 'demo:explode': null } as const;

type Listener = (event: SenderEvent, ...args: unknown[]) => Promise<unknown>;

class FakeIpcMain implements IpcMainLike {
  readonly handlers = new Map<string, Listener>();
  handle(channel: string, listener: Listener): void {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  invoke(channel: string, event: SenderEvent, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (handler === undefined) throw new Error(`No handler registered for '${channel}'`);
    return handler(event, ...args);
  }
}

const CASHIER_ID = 1;
const MONITOR_ID = 2;

function eventFrom(senderId: number, frame: { url?: string; subframe?: boolean; gone?: boolean } = {}): SenderEvent {
  const mainFrame = { frameToken: `main-${senderId}`, url: frame.url ?? 'app://renderer/index.html', parent: null };
  if (frame.gone === true) return { sender: { id: senderId, mainFrame }, senderFrame: null };
  const senderFrame =
    frame.subframe === true ? { frameToken: 'child', url: mainFrame.url, parent: mainFrame } : mainFrame;
  return { sender: { id: senderId, mainFrame }, senderFrame };
}

function setup(redact?: (text: string) => string) {
  const ipcMain = new FakeIpcMain();
  const trusted = new TrustedWindows();
  trusted.add(CASHIER_ID, 'cashier');
  trusted.add(MONITOR_ID, 'monitor');
  const calls: { channel: string; args: unknown; role: string }[] = [];
  const logs: string[] = [];
  const unregister = registerIpcHandlers({
    ipcMain,
    contract,
    trusted,
    permits: (role, channel) => role === 'cashier' || channel === 'demo:read',
    log: (line) => logs.push(line),
    redact,
    async dispatch(channel, args, caller) {
      if (channel === 'demo:explode') throw new Error('boom at /home/cashier/secret-path with key=abcd1234SECRET');
      calls.push({ channel, args, role: caller.role });
      return { ok: true, value: 'done' };
    },
  });
  return { ipcMain, trusted, calls, logs, unregister };
}

describe('registerIpcHandlers', () => {
  it('registers exactly the contract channels and removes them again', () => {
    const { ipcMain, unregister } = setup();
    expect([...ipcMain.handlers.keys()].sort()).toEqual(['demo:add', 'demo:explode', 'demo:read']);
    unregister();
    expect(ipcMain.handlers.size).toBe(0);
  });

  it('passes the arguments on as sent, for the session to parse once', async () => {
    const { ipcMain, calls } = setup();
    const outcome = await ipcMain.invoke('demo:add', eventFrom(CASHIER_ID), { amount: 50 });
    expect(outcome).toEqual({ ok: true, value: 'done' });
    expect(calls).toEqual([{ channel: 'demo:add', args: [{ amount: 50 }], role: 'cashier' }]);
  });

  it.each([
    ['a sender that is not our window', eventFrom(99)],
    ['a foreign URL', eventFrom(CASHIER_ID, { url: 'https://evil.example/' })],
    ['a file URL', eventFrom(CASHIER_ID, { url: 'file:///tmp/index.html' })],
    ['a look-alike app host', eventFrom(CASHIER_ID, { url: 'app://renderer.evil/index.html' })],
    ['a subframe', eventFrom(CASHIER_ID, { subframe: true })],
    ['a frame that is gone', eventFrom(CASHIER_ID, { gone: true })],
  ])('refuses %s without calling the handler', async (_name, event) => {
    const { ipcMain, calls, logs } = setup();
    const outcome = await ipcMain.invoke('demo:add', event, { amount: 5 });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(calls).toEqual([]);
    expect(logs).toHaveLength(1);
  });

  it('lets the monitor read but not act', async () => {
    const { ipcMain, calls } = setup();
    expect(await ipcMain.invoke('demo:read', eventFrom(MONITOR_ID))).toEqual({ ok: true, value: 'done' });
    expect(await ipcMain.invoke('demo:add', eventFrom(MONITOR_ID), { amount: 5 })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(calls.map((call) => call.channel)).toEqual(['demo:read']);
  });

  it('maps a thrown error to a safe outcome without its text or stack', async () => {
    const { ipcMain, logs } = setup();
    const outcome = await ipcMain.invoke('demo:explode', eventFrom(CASHIER_ID));
    expect(outcome).toMatchObject({ ok: false, error: { code: 'internal' } });
    const text = JSON.stringify(outcome) + logs.join('\n');
    expect(text).not.toContain('SECRET');
    expect(text).not.toContain('secret-path');
    expect(text).not.toMatch(/\bat .*:\d+:\d+/);
  });
});

describe('unexpected errors in the log', () => {
  it('are logged scrubbed when a redactor is given', async () => {
    const { ipcMain, logs } = setup((text) => text.split('abcd1234SECRET').join('[redacted]'));
    await ipcMain.invoke('demo:explode', eventFrom(CASHIER_ID));
    expect(logs.join('\n')).toContain('key=[redacted]');
    expect(logs.join('\n')).not.toContain('SECRET');
  });
});

describe('the real contract', () => {
  it('registers every channel; the session parses real arguments once and refuses bad ones', async () => {
    const ipcMain = new FakeIpcMain();
    const trusted = new TrustedWindows();
    trusted.add(CASHIER_ID, 'cashier');
    trusted.add(MONITOR_ID, 'monitor');
    const seen: unknown[] = [];
    // Every handler records what it received: only parsed arguments may reach one.
    const record =
      (channel: string | symbol) =>
      async (...args: unknown[]) => {
        seen.push([channel, args]);
        return null;
      };
    const handlers = new Proxy({}, { get: (_target, channel) => record(channel) }) as CommandHandlers;
    registerIpcHandlers({
      ipcMain,
      contract: invokeChannels,
      trusted,
      permits: permitsChannel,
      log: () => undefined,
      dispatch: (channel, args) => sessionDispatch(handlers, channel, args),
    });
    expect([...ipcMain.handlers.keys()].sort()).toEqual(Object.keys(invokeChannels).sort());
    await ipcMain.invoke(bridgeChannels.setVenueAddress, eventFrom(CASHIER_ID), {
      baseUrl: 'https://venue.example/v1',
    });
    expect(seen).toEqual([[bridgeChannels.setVenueAddress, [{ baseUrl: 'https://venue.example/v1', wsUrl: null }]]]);
    const bad = await ipcMain.invoke(bridgeChannels.setVenueAddress, eventFrom(CASHIER_ID), {
      baseUrl: 'javascript:alert(1)',
    });
    expect(bad).toMatchObject({ ok: false, error: { code: 'bad_arguments' } });
  });

  it('lets the monitor read the snapshot and nothing else', () => {
    for (const channel of Object.keys(invokeChannels)) {
      expect(permitsChannel('monitor', channel)).toBe(channel === bridgeChannels.getSnapshot);
      expect(permitsChannel('cashier', channel)).toBe(true);
    }
  });
});

describe('pushToWindows', () => {
  it('sends on the channel to every live registered window only, each role its own payload', () => {
    const trusted = new TrustedWindows();
    trusted.add(1, 'cashier');
    trusted.add(2, 'monitor');
    trusted.add(3, 'cashier');
    const sent: string[] = [];
    const target = (id: number, destroyed = false) => ({
      isDestroyed: () => destroyed,
      send: (channel: string, payload: unknown) => sent.push(`${id}:${channel}:${String(payload)}`),
    });
    const contents = new Map([
      [1, target(1)],
      [2, target(2)],
      [3, target(3, true)],
      [4, target(4)],
    ]);
    pushToWindows(
      trusted,
      (id) => contents.get(id),
      'session:snapshot',
      (role) => `v1-${role}`,
    );
    expect(sent).toEqual(['1:session:snapshot:v1-cashier', '2:session:snapshot:v1-monitor']);
    sent.length = 0;
    const asked: string[] = [];
    trusted.forget(2);
    pushToWindows(
      trusted,
      (id) => contents.get(id),
      'session:snapshot',
      (role) => {
        asked.push(role);
        return 'v2';
      },
    );
    // No monitor window: its projection is not even built.
    expect(asked).toEqual(['cashier']);
    expect(sent).toEqual(['1:session:snapshot:v2']);
  });
});
