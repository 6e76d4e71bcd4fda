/**
 * The main window's bounds and maximized flag, kept across runs. What comes back from disk is
 * validated and clamped onto a display that exists now: a monitor unplugged since last time must not
 * leave the cashier's window off-screen.
 */
import { z } from 'zod';

const finite = z.number().finite();

/** The persisted record. Unknown fields are ignored; anything malformed means "use the default". */
export const WindowStateSchema = z.object({
  x: finite,
  y: finite,
  width: finite.positive(),
  height: finite.positive(),
  maximized: z.boolean(),
});

export type WindowState = z.infer<typeof WindowStateSchema>;

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The part of an Electron Display this module needs. */
export interface DisplayArea {
  readonly workArea: Rect;
}

/** Size limits of the main window. */
export const WINDOW_SIZE = { defaultWidth: 1280, defaultHeight: 800, minWidth: 900, minHeight: 600 } as const;

/** How much of a window must overlap a display (each way, px) for it to count as visible there. */
const MIN_VISIBLE_PX = 64;

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return { width: Math.max(0, width), height: Math.max(0, height) };
}

function clampNumber(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}

/** A window of `width` x `height` centred in `area`. */
function centredIn(area: Rect, width: number, height: number): Rect {
  return {
    x: Math.round(area.x + (area.width - width) / 2),
    y: Math.round(area.y + (area.height - height) / 2),
    width,
    height,
  };
}

function sizeFor(area: Rect, width: number, height: number): { width: number; height: number } {
  return {
    width: Math.round(clampNumber(width, Math.min(WINDOW_SIZE.minWidth, area.width), area.width)),
    height: Math.round(clampNumber(height, Math.min(WINDOW_SIZE.minHeight, area.height), area.height)),
  };
}

/** The default state: default size (shrunk to fit), centred on the primary display. */
export function defaultWindowState(primary: DisplayArea): WindowState {
  const size = sizeFor(primary.workArea, WINDOW_SIZE.defaultWidth, WINDOW_SIZE.defaultHeight);
  return { ...centredIn(primary.workArea, size.width, size.height), maximized: false };
}

/**
 * Turns whatever was stored into a state that is fully on a current display: malformed data gives the
 * default; a window no longer visible enough on any display is centred on the primary one; otherwise it
 * is resized to fit and moved inside the display it overlaps most.
 */
export function restoreWindowState(
  stored: unknown,
  displays: readonly DisplayArea[],
  primary: DisplayArea,
): WindowState {
  const parsed = WindowStateSchema.safeParse(stored);
  if (!parsed.success) return defaultWindowState(primary);
  const saved = parsed.data;

  let best: { display: DisplayArea; area: number } | undefined;
  for (const display of displays) {
    const { width, height } = overlap(saved, display.workArea);
    if (width < MIN_VISIBLE_PX || height < MIN_VISIBLE_PX) continue;
    if (best === undefined || width * height > best.area) best = { display, area: width * height };
  }
  if (best === undefined) {
    const size = sizeFor(primary.workArea, saved.width, saved.height);
    return { ...centredIn(primary.workArea, size.width, size.height), maximized: saved.maximized };
  }

  const area = best.display.workArea;
  const size = sizeFor(area, saved.width, saved.height);
  return {
    x: Math.round(clampNumber(saved.x, area.x, area.x + area.width - size.width)),
    y: Math.round(clampNumber(saved.y, area.y, area.y + area.height - size.height)),
    ...size,
    maximized: saved.maximized,
  };
}

/** A key/value store such as electron-store. */
export interface StateStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
}

/** The store key of the main window's state. */
export const WINDOW_STATE_KEY = 'mainWindow';

/** The subset of a BrowserWindow used to capture its state. */
export interface StatefulWindow {
  getNormalBounds(): Rect;
  isMaximized(): boolean;
  on(event: 'close', listener: () => void): unknown;
}

/** Saves the window's normal (unmaximized) bounds and maximized flag when it closes. */
export function keepWindowState(window: StatefulWindow, store: StateStore): void {
  window.on('close', () => {
    const state: WindowState = { ...window.getNormalBounds(), maximized: window.isMaximized() };
    store.set(WINDOW_STATE_KEY, state);
  });
}
