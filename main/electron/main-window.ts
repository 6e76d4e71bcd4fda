/** The cashier's main window: the hardened factory plus remembered geometry. */
import type { BrowserWindow, BrowserWindowConstructorOptions, Display } from 'electron';
import { createHardenedWindow } from './window';
import type { TrustedWindows } from './trusted-windows';
import { WINDOW_SIZE, WINDOW_STATE_KEY, keepWindowState, restoreWindowState, type StateStore } from './window-state';

export interface MainWindowDeps {
  createWindow(options: BrowserWindowConstructorOptions): BrowserWindow;
  readonly trusted: TrustedWindows;
  readonly preloadPath: string;
  readonly devTools: boolean;
  readonly stateStore: StateStore;
  readonly displays: readonly Display[];
  readonly primaryDisplay: Display;
}

/** Opens the main window where it was last time (clamped onto a current display), maximized if it was. */
export function openMainWindow(deps: MainWindowDeps): BrowserWindow {
  const state = restoreWindowState(deps.stateStore.get(WINDOW_STATE_KEY), deps.displays, deps.primaryDisplay);
  const window = createHardenedWindow(deps, 'cashier', {
    title: 'Venue Cashier',
    bounds: { x: state.x, y: state.y, width: state.width, height: state.height },
    minWidth: WINDOW_SIZE.minWidth,
    minHeight: WINDOW_SIZE.minHeight,
  });
  if (state.maximized) window.maximize();
  keepWindowState(window, deps.stateStore);
  return window;
}
