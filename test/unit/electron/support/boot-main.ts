/**
 * Child process of main-boot.test.ts: boots the real main/index.ts against the fake `electron` module,
 * drives it as Electron would (ready, IPC from our window and from a foreign frame, the app:// handler,
 * the monitor from the menu, quit) and prints what it observed as one JSON line.
 */
import { state } from './fake-electron';

type Handler = (event: unknown, ...args: unknown[]) => Promise<unknown>;
interface MenuItem {
  label?: string;
  click?: () => void;
  submenu?: MenuItem[];
}

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function handler(channel: string): Handler {
  const found = state.ipcHandlers.get(channel);
  if (found === undefined) throw new Error(`no handler for ${channel}`);
  return found as Handler;
}

function flatten(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => [item, ...flatten(item.submenu ?? [])]);
}

async function main(): Promise<void> {
  await import('../../../../main/index');
  const mainWindow = await until('the main window', () => state.windows[0]);
  await until('IPC handlers', () => (state.ipcHandlers.has('session:get-snapshot') ? true : undefined));
  const contents = mainWindow.webContents;
  const fromMainWindow = { sender: contents, senderFrame: contents.mainFrame };

  const snapshot = (await handler('session:get-snapshot')(fromMainWindow)) as {
    ok: boolean;
    value?: { venue: { demo: boolean } };
  };
  const foreign = await handler('session:get-snapshot')({
    sender: contents,
    senderFrame: { ...contents.mainFrame, url: 'https://evil.example/' },
  });
  const badArgs = await handler('settings:set-venue-address')(fromMainWindow, { baseUrl: 'ftp://x' });
  const pushed = await until('a pushed snapshot', () =>
    contents.sent.find((message) => message.channel === 'session:snapshot'),
  );

  const serve = state.protocolHandlers.get('app');
  if (serve === undefined) throw new Error('app:// is not served');
  const page = await serve(new Request('app://renderer/index.html'));
  const traversal = await serve(new Request('app://renderer/%2e%2e%2fpackage.json'));

  const menu = flatten((state.menuTemplates.at(-1) ?? []) as MenuItem[]);
  menu.find((item) => item.label === 'History')?.click?.();
  const viewSwitch = contents.sent.find((message) => message.channel === 'ui:show-view');
  menu.find((item) => item.label?.startsWith('Open on Display 1'))?.click?.();
  const monitor = await until('the monitor window', () => state.windows[1]);
  const fromMonitor = { sender: monitor.webContents, senderFrame: monitor.webContents.mainFrame };
  const monitorRead = (await handler('session:get-snapshot')(fromMonitor)) as { ok: boolean };
  const monitorWrite = await handler('settings:use-demo-venue')(fromMonitor);

  const quitEvent = new Promise<void>((resolve) => state.app.once('quit', () => resolve()));
  state.app.quit();
  await quitEvent;

  let granted: boolean | undefined;
  state.sessionHandlers.get('permission-request')?.({}, 'media', (answer: boolean) => (granted = answer));

  console.log(
    JSON.stringify({
      privilegedSchemes: state.privilegedSchemes,
      sandboxEnabled: state.app.sandboxEnabled,
      webPreferences: mainWindow.options.webPreferences,
      mainUrl: contents.loadedUrls,
      monitorUrl: monitor.webContents.loadedUrls,
      monitorFullscreen: monitor.options.fullscreen,
      monitorMenuRemoved: monitor.menuRemoved,
      viewSwitch,
      snapshotOk: snapshot.ok,
      demo: snapshot.value?.venue.demo,
      foreign,
      badArgs,
      pushedVersion: (pushed.payload as { version: number }).version,
      pageStatus: page.status,
      pageCsp: page.headers.get('content-security-policy'),
      traversalStatus: traversal.status,
      monitorRead: monitorRead.ok,
      monitorWrite,
      windowOpen: contents.windowOpenHandler?.(),
      permissionGranted: granted,
      quitCalls: state.app.quitCalls,
      handlersAfterQuit: state.ipcHandlers.size,
    }),
  );
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
