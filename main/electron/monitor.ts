/**
 * The read-only table monitor: a second window, fullscreen on a chosen display, loading the renderer
 * with `?view=monitor` (large type, no cashier controls). Its IPC role is 'monitor', which the IPC
 * helper limits to reading the snapshot.
 */
import { MONITOR_VIEW } from './app-origin';
import type { WindowShape } from './window';
import type { Rect } from './window-state';

/** The part of an Electron Display the monitor needs. */
export interface MonitorDisplay {
  readonly id: number;
  readonly bounds: Rect;
}

/** Where the monitor goes and whether it may take the whole screen. */
export interface MonitorPlacement {
  readonly display: MonitorDisplay;
  /** False when it would cover the cashier's own screen: then it is an ordinary window there. */
  readonly fullscreen: boolean;
}

/**
 * The requested display when it exists, else the first display that is not the primary one, else the
 * primary one. Fullscreen only off the primary display, so the monitor never hides the cashier window.
 */
export function pickMonitorPlacement(
  displays: readonly MonitorDisplay[],
  primaryId: number,
  requestedId: number | undefined,
): MonitorPlacement | undefined {
  const display =
    displays.find((candidate) => candidate.id === requestedId) ??
    displays.find((candidate) => candidate.id !== primaryId) ??
    displays[0];
  if (display === undefined) return undefined;
  return { display, fullscreen: display.id !== primaryId };
}

/** The window shape of the monitor on a placement. */
export function monitorWindowShape(placement: MonitorPlacement): WindowShape {
  const { bounds } = placement.display;
  const windowed = { width: Math.min(1280, bounds.width), height: Math.min(800, bounds.height) };
  return {
    title: 'Venue Cashier — Table Monitor',
    fullscreen: placement.fullscreen,
    backgroundColor: '#000000',
    bounds: placement.fullscreen
      ? bounds
      : {
          x: Math.round(bounds.x + (bounds.width - windowed.width) / 2),
          y: Math.round(bounds.y + (bounds.height - windowed.height) / 2),
          ...windowed,
        },
  };
}

/** The subset of a BrowserWindow the monitor controller uses. */
export interface MonitorWindow {
  isDestroyed(): boolean;
  close(): void;
  focus(): void;
  setBounds(bounds: Rect): void;
  setFullScreen(flag: boolean): void;
  once(event: 'closed', listener: () => void): unknown;
}

export interface TableMonitorDeps<W extends MonitorWindow> {
  displays(): readonly MonitorDisplay[];
  primaryDisplayId(): number;
  /** Creates a hardened window in the 'monitor' role loading the given view. */
  createWindow(shape: WindowShape, view: string): W;
  /** Told whenever the monitor opens or closes (the menu enables "Close"). */
  onChange(open: boolean): void;
}

/** Opens, moves and closes the one table monitor window. */
export class TableMonitor<W extends MonitorWindow> {
  readonly #deps: TableMonitorDeps<W>;
  #window: W | null = null;

  constructor(deps: TableMonitorDeps<W>) {
    this.#deps = deps;
  }

  isOpen(): boolean {
    return this.#window !== null && !this.#window.isDestroyed();
  }

  /** Opens the monitor on a display (or moves the open one there). Returns false when there is no display. */
  open(requestedDisplayId?: number): boolean {
    const placement = pickMonitorPlacement(this.#deps.displays(), this.#deps.primaryDisplayId(), requestedDisplayId);
    if (placement === undefined) return false;
    const shape = monitorWindowShape(placement);
    const existing = this.#window;
    if (existing !== null && !existing.isDestroyed()) {
      // Leave fullscreen first: a fullscreen window ignores setBounds on most platforms.
      existing.setFullScreen(false);
      if (shape.bounds !== undefined) existing.setBounds({ x: 0, y: 0, ...shape.bounds });
      existing.setFullScreen(placement.fullscreen);
      existing.focus();
      return true;
    }
    const window = this.#deps.createWindow(shape, MONITOR_VIEW);
    this.#window = window;
    window.once('closed', () => {
      if (this.#window === window) this.#window = null;
      this.#deps.onChange(false);
    });
    this.#deps.onChange(true);
    return true;
  }

  close(): void {
    if (this.#window !== null && !this.#window.isDestroyed()) this.#window.close();
  }
}
