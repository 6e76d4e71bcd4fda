/**
 * Composes the desktop shell once the app is ready: stores and key vault, the core session, the main
 * window and the table monitor, IPC, snapshot pushes and the menu. Every decision lives in the modules
 * it calls; this file only connects Electron's objects to them.
 */
import {
  BrowserWindow,
  Menu,
  app,
  ipcMain,
  protocol,
  safeStorage,
  screen,
  session as electronSession,
  webContents,
  type BrowserWindowConstructorOptions,
  type Display,
} from 'electron';
import Store from 'electron-store';
import { invokeChannels } from '../../preload/contract';
import { monitorOutcome } from '../core/session/monitor-projection';
import { registerIpcHandlers } from './ipc';
import { finishPrinting } from './print';
import { KeyVault, type SecretStoreLike } from './keyvault';
import { buildMenuTemplate, type MenuActions } from './menu';
import { TableMonitor } from './monitor';
import { serveAppProtocol } from './protocol';
import { createHardenedWindow, type WindowFactoryDeps } from './window';
import { VIEW_EVENT } from '../../preload/contract/channels';
import { hardenSession } from './guards';
import { permitsChannel } from './ipc-policy';
import { openMainWindow } from './main-window';
import { scrubSecret } from '../core/venue/redact';
import { startDesktopSession } from './session-boot';
import { pushSnapshotsToWindows } from './snapshot-pushes';
import { openStateStore, openVaultStore, type CreateStore } from './stores';
import { TrustedWindows } from './trusted-windows';
import { VaultKeyStore } from './vault-key-store';
import { secureBooksKey } from './books-key';
import { defaultWitnessDir } from '../core/storage/books';
import type { Session } from '../core/session';

/** What index.ts needs back: the window to focus on a second launch, and how to shut down. */
export interface Shell {
  focusMainWindow(): void;
  close(): Promise<void>;
}

const createStore: CreateStore = (options) => new Store<Record<string, unknown>>(options);

function displayLabel(display: Display, index: number): string {
  return `Display ${index + 1} (${display.size.width}×${display.size.height})`;
}

/**
 * Starts everything; `paths` come from the bundled main file's location. `onRedactor` receives the key
 * redaction as soon as the vault exists, so crash output during the rest of start-up is scrubbed too.
 */
export async function startShell(
  paths: { readonly preload: string; readonly renderer: string },
  onRedactor: (redact: (text: string) => string) => void,
): Promise<Shell> {
  const dataDir = app.getPath('userData');
  const trusted = new TrustedWindows();

  hardenSession(electronSession.defaultSession);
  serveAppProtocol(protocol, paths.renderer);

  const vaultStore = openVaultStore(dataDir, createStore);
  const stateStore = openStateStore(dataDir, createStore);
  const vault = openKeyVault(vaultStore, onRedactor);
  const session = await startSession(dataDir, vault, vaultStore.store);

  const windowDeps: WindowFactoryDeps<BrowserWindow> = {
    createWindow: (options: BrowserWindowConstructorOptions) => new BrowserWindow(options),
    trusted,
    preloadPath: paths.preload,
    devTools: !app.isPackaged,
  };
  const mainWindow = openMainWindow({
    ...windowDeps,
    stateStore,
    displays: screen.getAllDisplays(),
    primaryDisplay: screen.getPrimaryDisplay(),
  });

  const unregisterIpc = connectIpc(session, trusted, vault);
  const unsubscribe = pushSnapshotsToWindows({
    source: session,
    trusted,
    lookup: (id) => webContents.fromId(id),
    scrub: (value) => scrubSecret(value, vault.currentKey()),
  });
  openMenuAndMonitor(windowDeps, mainWindow);

  return {
    focusMainWindow() {
      if (mainWindow.isDestroyed()) return;
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.show();
      mainWindow.focus();
    },
    async close() {
      unsubscribe();
      unregisterIpc();
      await session.close();
    },
  };
}

/** The vault only keeps the key: the session checks an entered key (one GET /key) where it is entered. */
function openKeyVault(
  vaultStore: ReturnType<typeof openVaultStore>,
  onRedactor: (redact: (text: string) => string) => void,
): KeyVault {
  const vault = new KeyVault({
    safeStorage,
    store: vaultStore.store,
    storeProblem: vaultStore.problem,
    platform: process.platform,
  });
  onRedactor((text) => vault.redact(text));
  vault.load();
  return vault;
}

/** The core session, its log redacted by the vault. */
function startSession(dataDir: string, vault: KeyVault, vaultStore: SecretStoreLike): Promise<Session> {
  const log = (line: string) => console.error(vault.redact(line));
  const freshDemo = process.argv.includes('--fresh-demo');
  // The books key in the OS secure storage; their witness beside (never inside) the data folder.
  const witnessDir = defaultWitnessDir(dataDir);
  const books = { witnessDir, keySource: secureBooksKey(safeStorage, vaultStore, witnessDir) };
  return startDesktopSession(dataDir, new VaultKeyStore(vault), log, freshDemo, books);
}

/** IPC from trusted windows to the session; returns the unregistration. */
function connectIpc(session: Session, trusted: TrustedWindows, vault: KeyVault): () => void {
  return registerIpcHandlers({
    ipcMain,
    contract: invokeChannels,
    trusted,
    permits: permitsChannel,
    redact: (text) => vault.redact(text),
    // Whatever a venue error echoed back, the key itself never crosses into a renderer; the monitor sees its
    // projection.
    dispatch: async (channel, args, caller) => {
      const outcome = await finishPrinting(
        channel,
        await session.invoke(channel, args),
        caller.role === 'cashier' ? (webContents.fromId(caller.senderId) ?? null) : null,
      );
      return scrubSecret(caller.role === 'monitor' ? monitorOutcome(outcome) : outcome, vault.currentKey());
    },
  });
}

/** The application menu and the table monitor it opens; the menu is rebuilt whenever displays or the monitor change. */
function openMenuAndMonitor(windowDeps: WindowFactoryDeps<BrowserWindow>, mainWindow: BrowserWindow): void {
  const rebuildMenu = () => {
    const displays = screen.getAllDisplays();
    const primaryId = screen.getPrimaryDisplay().id;
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        buildMenuTemplate(
          {
            appName: app.getName(),
            platform: process.platform,
            isPackaged: app.isPackaged,
            displays: displays.map((display, index) => ({
              id: display.id,
              label: displayLabel(display, index),
              primary: display.id === primaryId,
            })),
            monitorOpen: monitor.isOpen(),
          },
          actions,
        ),
      ),
    );
  };
  const monitor = new TableMonitor({
    displays: () => screen.getAllDisplays(),
    primaryDisplayId: () => screen.getPrimaryDisplay().id,
    createWindow: (shape, view) => {
      const window = createHardenedWindow(windowDeps, 'monitor', shape, view);
      // The monitor faces the room: no menu bar, and no menu accelerators reach it.
      window.removeMenu();
      return window;
    },
    onChange: rebuildMenu,
  });
  const actions: MenuActions = {
    showView: (view) => {
      if (!mainWindow.isDestroyed()) mainWindow.webContents.send(VIEW_EVENT, view);
    },
    openMonitor: (displayId) => {
      monitor.open(displayId);
    },
    closeMonitor: () => monitor.close(),
    quit: () => app.quit(),
  };
  rebuildMenu();
  screen.on('display-added', rebuildMenu);
  screen.on('display-removed', rebuildMenu);
  mainWindow.on('closed', () => monitor.close());
}
