/**
 * The ONE factory for every window: hardened web preferences, the navigation / window-open / webview
 * locks, registration as a trusted IPC sender, and our `app://` entry page. Electron's BrowserWindow
 * constructor is injected so the options and the wiring are checked in plain Node.
 */
import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron';
import { appEntryUrl } from './app-origin';
import { hardenWebContents, type GuardableContents } from './guards';
import type { TrustedWindows, WindowRole } from './trusted-windows';

/** The web preferences every window gets. Nothing here is configurable by design. */
export function hardenedWebPreferences(preloadPath: string, devTools: boolean): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInSubFrames: false,
    nodeIntegrationInWorker: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    enableBlinkFeatures: '',
    navigateOnDragDrop: false,
    plugins: false,
    enableWebSQL: false,
    spellcheck: false,
    safeDialogs: true,
    devTools,
  };
}

/** What a caller may choose about a window: geometry and chrome, never its web preferences. */
export interface WindowShape {
  readonly title: string;
  readonly bounds?: { readonly x?: number; readonly y?: number; readonly width: number; readonly height: number };
  readonly minWidth?: number;
  readonly minHeight?: number;
  readonly fullscreen?: boolean;
  readonly backgroundColor?: string;
}

/** Full constructor options: the caller's shape plus the hardened preferences, hidden until painted. */
export function hardenedWindowOptions(
  shape: WindowShape,
  preloadPath: string,
  devTools: boolean,
): BrowserWindowConstructorOptions {
  return {
    title: shape.title,
    ...shape.bounds,
    minWidth: shape.minWidth,
    minHeight: shape.minHeight,
    fullscreen: shape.fullscreen ?? false,
    backgroundColor: shape.backgroundColor ?? '#101418',
    show: false,
    autoHideMenuBar: shape.fullscreen ?? false,
    webPreferences: hardenedWebPreferences(preloadPath, devTools),
  };
}

/** The subset of a BrowserWindow the factory uses. */
export interface FactoryWindow {
  readonly webContents: GuardableContents & {
    readonly id: number;
    loadURL(url: string): Promise<void>;
    once(event: 'destroyed', listener: () => void): unknown;
  };
  once(event: 'ready-to-show', listener: () => void): unknown;
  show(): void;
}

/** What the factory needs from Electron and the app. */
export interface WindowFactoryDeps<W extends FactoryWindow> {
  createWindow(options: BrowserWindowConstructorOptions): W;
  readonly trusted: TrustedWindows;
  /** Absolute path of dist/preload/index.cjs. */
  readonly preloadPath: string;
  /** Devtools only in development builds. */
  readonly devTools: boolean;
}

/**
 * Creates a hardened window in `role`, registers its contents as a trusted sender before the page
 * loads, and loads our entry page (with `?view=` when given). Shows it once painted.
 */
export function createHardenedWindow<W extends FactoryWindow>(
  deps: WindowFactoryDeps<W>,
  role: WindowRole,
  shape: WindowShape,
  view?: string,
): W {
  const window = deps.createWindow(hardenedWindowOptions(shape, deps.preloadPath, deps.devTools));
  const contents = window.webContents;
  hardenWebContents(contents);
  const id = contents.id;
  deps.trusted.add(id, role);
  contents.once('destroyed', () => deps.trusted.forget(id));
  window.once('ready-to-show', () => window.show());
  void contents.loadURL(appEntryUrl(view)).catch((error: unknown) => {
    console.error(`[window] ${role} page failed to load: ${error instanceof Error ? error.message : String(error)}`);
  });
  return window;
}
