/**
 * A hand-written stand-in for the `electron` module, loaded in a child process in place of the real one
 * (the binary cannot be downloaded here). It records what main/index.ts asks of Electron so the boot test
 * can drive the real wiring: lifecycle events, windows, the app:// handler and IPC.
 */
import { EventEmitter } from 'node:events';

type Listener = (...args: unknown[]) => unknown;
type ProtocolHandler = (request: Request) => Promise<Response>;

class FakeWebContents extends EventEmitter {
  static nextId = 1;
  readonly id = FakeWebContents.nextId++;
  readonly mainFrame = { frameToken: `frame-${this.id}`, url: '', parent: null };
  readonly loadedUrls: string[] = [];
  readonly sent: { channel: string; payload: unknown }[] = [];
  windowOpenHandler: (() => unknown) | null = null;
  destroyed = false;
  setWindowOpenHandler(handler: () => unknown): void {
    this.windowOpenHandler = handler;
  }
  async loadURL(url: string): Promise<void> {
    this.loadedUrls.push(url);
    this.mainFrame.url = url;
  }
  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload });
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}

class FakeBrowserWindow extends EventEmitter {
  readonly webContents = new FakeWebContents();
  destroyed = false;
  maximized = false;
  constructor(readonly options: Record<string, unknown>) {
    super();
    state.windows.push(this);
    state.app.emit('web-contents-created', {}, this.webContents);
  }
  show(): void {}
  focus(): void {}
  restore(): void {}
  maximize(): void {
    this.maximized = true;
  }
  isMinimized(): boolean {
    return false;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  getNormalBounds() {
    const {
      x = 0,
      y = 0,
      width = 800,
      height = 600,
    } = this.options as { x?: number; y?: number; width?: number; height?: number };
    return { x, y, width, height };
  }
  menuRemoved = false;
  removeMenu(): void {
    this.menuRemoved = true;
  }
  setBounds(): void {}
  setFullScreen(): void {}
  close(): void {
    this.emit('close');
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.webContents.emit('destroyed');
    this.emit('closed');
  }
}

class FakeApp extends EventEmitter {
  isPackaged = true;
  quitCalls = 0;
  exitCode: number | null = null;
  sandboxEnabled = false;
  readonly ready = new Promise<void>((resolve) => setImmediate(resolve));
  requestSingleInstanceLock(): boolean {
    return true;
  }
  enableSandbox(): void {
    this.sandboxEnabled = true;
  }
  whenReady(): Promise<void> {
    return this.ready;
  }
  getPath(name: string): string {
    if (name !== 'userData') throw new Error(`unexpected getPath(${name})`);
    return process.env.FAKE_ELECTRON_USER_DATA ?? '';
  }
  getVersion(): string {
    return '0.0.0-test';
  }
  getName(): string {
    return 'Venue Cashier';
  }
  quit(): void {
    this.quitCalls += 1;
    const event = { defaultPrevented: false, preventDefault: () => (event.defaultPrevented = true) };
    this.emit('before-quit', event);
    if (!event.defaultPrevented) this.emit('quit');
  }
  exit(code: number): void {
    this.exitCode = code;
    this.emit('quit');
  }
}

const display = {
  id: 1,
  bounds: { x: 0, y: 0, width: 1920, height: 1080 },
  workArea: { x: 0, y: 0, width: 1920, height: 1040 },
  size: { width: 1920, height: 1080 },
};

/** Everything the boot test reads back. */
export const state = {
  app: new FakeApp(),
  windows: [] as FakeBrowserWindow[],
  privilegedSchemes: [] as unknown[],
  protocolHandlers: new Map<string, ProtocolHandler>(),
  ipcHandlers: new Map<string, Listener>(),
  sessionHandlers: new Map<string, Listener>(),
  menuTemplates: [] as unknown[],
};

export const app = state.app;
export const BrowserWindow = FakeBrowserWindow;
export const protocol = {
  registerSchemesAsPrivileged: (schemes: unknown[]) => state.privilegedSchemes.push(...schemes),
  handle: (scheme: string, handler: ProtocolHandler) => state.protocolHandlers.set(scheme, handler),
};
export const ipcMain = {
  handle: (channel: string, listener: Listener) => state.ipcHandlers.set(channel, listener),
  removeHandler: (channel: string) => state.ipcHandlers.delete(channel),
  on: () => undefined,
};
export const Menu = {
  buildFromTemplate: (template: unknown) => ({ template }),
  setApplicationMenu: (menu: { template: unknown }) => state.menuTemplates.push(menu.template),
};
export const safeStorage = {
  isEncryptionAvailable: () => true,
  getSelectedStorageBackend: () => 'basic_text',
  encryptString: (text: string) => Buffer.from(text, 'utf8').reverse(),
  decryptString: (data: Buffer) => Buffer.from(data).reverse().toString('utf8'),
};
export const screen = {
  getAllDisplays: () => [display],
  getPrimaryDisplay: () => display,
  on: () => undefined,
};
export const session = {
  defaultSession: {
    setPermissionRequestHandler: (handler: Listener) => state.sessionHandlers.set('permission-request', handler),
    setPermissionCheckHandler: (handler: Listener) => state.sessionHandlers.set('permission-check', handler),
    setDevicePermissionHandler: (handler: Listener) => state.sessionHandlers.set('device-permission', handler),
    webRequest: {
      onBeforeRequest: (listener: Listener) => state.sessionHandlers.set('before-request', listener),
      onHeadersReceived: (listener: Listener) => state.sessionHandlers.set('headers-received', listener),
    },
  },
};
export const webContents = {
  fromId: (id: number) => state.windows.map((window) => window.webContents).find((contents) => contents.id === id),
};
export const shell = {};

export default { app, BrowserWindow, protocol, ipcMain, Menu, safeStorage, screen, session, webContents, shell };
