/**
 * A key entered in the desktop shell is checked once, by the session, at the address it was entered for; the vault
 * only keeps it. If the address changes while the key is being checked at the old one, the key is not kept and never
 * goes to the new address: the key only goes where it was checked.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createSession, type Session } from '../../../main/core/session';
import { MemorySettingsStore } from '../../../main/core/session/settings-store';
import { VaultKeyStore } from '../../../main/electron/vault-key-store';
import { maskingKeyring, memoryVault } from '../../support/fake-keyring';
import { defaultSettings } from '../../../preload/contract';
import { FakeLiveFeed, fakeFeedFactory } from '../../support/web-fake-feed';

const KEY = 'vk_live_race_0123456789abcdef';
const servers: Server[] = [];
let session: Session | null = null;
let dataDir: string | null = null;

afterEach(async () => {
  await session?.close();
  session = null;
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  if (dataDir !== null) await rm(dataDir, { recursive: true, force: true });
  dataDir = null;
});

async function listen(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

const safeStorage = maskingKeyring('gnome_libsecret');

it('a key being checked when the address changes is not kept, nor sent to the new address', async () => {
  // The venue answers the first GET /key only when the test lets it: the address changes in between.
  const first: { answer: (() => void) | null } = { answer: null };
  let noteAsked: () => void = () => undefined;
  const asked = new Promise<void>((resolve) => (noteAsked = resolve));
  const venueUrl = await listen((_request, response) => {
    const answer = () =>
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"venue":"venue_a","kid":"k_1","live":true}');
    if (first.answer !== null) return answer();
    first.answer = answer;
    noteAsked();
  });
  let keyAtOther = 0;
  const otherUrl = await listen((request, response) => {
    if ((request.headers.authorization ?? '').includes(KEY) || (request.url ?? '').includes(KEY)) keyAtOther += 1;
    response.writeHead(404).end();
  });

  const vault = memoryVault(safeStorage);
  dataDir = await mkdtemp(join(tmpdir(), 'venue-key-race-'));
  const running = await createSession({
    dataDir,
    settingsStore: new MemorySettingsStore({ ...defaultSettings, venueBaseUrl: venueUrl }),
    keyStore: new VaultKeyStore(vault),
    openLive: fakeFeedFactory(new FakeLiveFeed()),
    log: () => undefined,
  });
  session = running;
  await running.started;

  const setting = running.invoke('settings:set-key', [KEY]);
  await asked;
  expect(await running.invoke('settings:set-venue-address', [{ baseUrl: otherUrl, wsUrl: null }])).toEqual({
    ok: true,
    value: null,
  });
  first.answer?.();
  expect(await setting).toMatchObject({ ok: false, error: { code: 'address_changed' } });
  expect(keyAtOther).toBe(0);
  // Whatever the outcome of the set-key, the new address has no key until one is entered for it.
  expect(running.snapshot().connection.kind).toBe('no-key');
});
