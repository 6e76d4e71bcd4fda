import type { BrowserWindowConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { TrustedWindows } from '../../../main/electron/trusted-windows';
import type { PreventableEvent } from '../../../main/electron/guards';
import { createHardenedWindow, hardenedWindowOptions, type FactoryWindow } from '../../../main/electron/window';

const PRELOAD = '/app/dist/preload/index.cjs';

class FakeWindow implements FactoryWindow {
  readonly events = new Map<string, () => void>();
  shown = false;
  readonly webContents = {
    id: 7,
    loaded: [] as string[],
    listeners: new Map<string, (event: PreventableEvent) => void>(),
    onceListeners: new Map<string, () => void>(),
    openHandler: undefined as (() => { action: 'deny' }) | undefined,
    on(event: string, listener: (event: PreventableEvent) => void) {
      this.listeners.set(event, listener);
      return this;
    },
    once(event: string, listener: () => void) {
      this.onceListeners.set(event, listener);
      return this;
    },
    setWindowOpenHandler(handler: () => { action: 'deny' }) {
      this.openHandler = handler;
    },
    async loadURL(url: string) {
      this.loaded.push(url);
    },
  };
  constructor(readonly options: BrowserWindowConstructorOptions) {}
  once(event: string, listener: () => void): this {
    this.events.set(event, listener);
    return this;
  }
  show(): void {
    this.shown = true;
  }
}

describe('hardened window options', () => {
  const options = hardenedWindowOptions(
    { title: 'Venue Cashier', bounds: { width: 1000, height: 700 } },
    PRELOAD,
    false,
  );
  const prefs = options.webPreferences ?? {};

  it('isolates, sandboxes and keeps Node out of the page', () => {
    expect(prefs).toMatchObject({
      preload: PRELOAD,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      devTools: false,
    });
  });

  it('starts hidden and takes geometry from the caller', () => {
    expect(options).toMatchObject({ show: false, width: 1000, height: 700, title: 'Venue Cashier', fullscreen: false });
  });

  it('cannot be loosened through the shape', () => {
    const shape = { title: 'x', webPreferences: { nodeIntegration: true, sandbox: false } };
    const loosened = hardenedWindowOptions(shape, PRELOAD, true).webPreferences;
    expect(loosened?.nodeIntegration).toBe(false);
    expect(loosened?.sandbox).toBe(true);
  });
});

describe('createHardenedWindow', () => {
  it('guards, registers, loads our origin with the view and shows when painted', () => {
    const trusted = new TrustedWindows();
    const window = createHardenedWindow(
      { createWindow: (options) => new FakeWindow(options), trusted, preloadPath: PRELOAD, devTools: false },
      'monitor',
      { title: 'Table monitor', fullscreen: true },
      'monitor',
    );
    expect(window.options.webPreferences?.sandbox).toBe(true);
    expect(trusted.roleOf(7)).toBe('monitor');
    expect(window.webContents.loaded).toEqual(['app://renderer/index.html?view=monitor']);
    const navigation = {
      prevented: false,
      preventDefault() {
        this.prevented = true;
      },
    };
    window.webContents.listeners.get('will-navigate')?.(navigation);
    expect(navigation.prevented).toBe(true);
    expect(window.webContents.openHandler?.()).toEqual({ action: 'deny' });
    expect(window.shown).toBe(false);
    window.events.get('ready-to-show')?.();
    expect(window.shown).toBe(true);
    window.webContents.onceListeners.get('destroyed')?.();
    expect(trusted.roleOf(7)).toBeUndefined();
  });
});
