import { describe, expect, it } from 'vitest';
import {
  WINDOW_SIZE,
  WINDOW_STATE_KEY,
  defaultWindowState,
  keepWindowState,
  restoreWindowState,
  type DisplayArea,
} from '../../../main/electron/window-state';

const primary: DisplayArea = { workArea: { x: 0, y: 0, width: 1920, height: 1040 } };
const right: DisplayArea = { workArea: { x: 1920, y: 0, width: 1280, height: 984 } };
const displays = [primary, right];

describe('restoreWindowState', () => {
  it('keeps a window that is fully on a display', () => {
    const saved = { x: 100, y: 80, width: 1200, height: 800, maximized: true };
    expect(restoreWindowState(saved, displays, primary)).toEqual(saved);
  });

  it.each([
    undefined,
    null,
    'x',
    {},
    { x: 1, y: 2, width: -5, height: 10, maximized: false },
    { x: Number.NaN, y: 0, width: 900, height: 700, maximized: false },
  ])('uses the centred default for malformed data %#', (stored) => {
    expect(restoreWindowState(stored, displays, primary)).toEqual(defaultWindowState(primary));
  });

  it('centres a window left on a display that is gone onto the primary display', () => {
    const restored = restoreWindowState(
      { x: 5000, y: 200, width: 1000, height: 700, maximized: false },
      displays,
      primary,
    );
    expect(restored).toEqual({ x: 460, y: 170, width: 1000, height: 700, maximized: false });
  });

  it('pulls a half-visible window fully onto the display it overlaps most', () => {
    const restored = restoreWindowState(
      { x: 2900, y: -300, width: 1000, height: 700, maximized: false },
      displays,
      primary,
    );
    expect(restored).toEqual({ x: 2200, y: 0, width: 1000, height: 700, maximized: false });
  });

  it('shrinks a window larger than its display', () => {
    const restored = restoreWindowState(
      { x: 1920, y: 0, width: 4000, height: 3000, maximized: false },
      displays,
      primary,
    );
    expect(restored).toEqual({ x: 1920, y: 0, width: 1280, height: 984, maximized: false });
  });

  it('raises a tiny window to the minimum size', () => {
    const restored = restoreWindowState({ x: 10, y: 10, width: 100, height: 100, maximized: false }, displays, primary);
    expect(restored.width).toBe(WINDOW_SIZE.minWidth);
    expect(restored.height).toBe(WINDOW_SIZE.minHeight);
  });

  it('does not count a sliver of overlap as visible', () => {
    const restored = restoreWindowState(
      { x: -990, y: 100, width: 1000, height: 700, maximized: false },
      [primary],
      primary,
    );
    expect(restored.x).toBe(460);
  });
});

describe('keepWindowState', () => {
  it('saves the normal bounds and maximized flag on close', () => {
    const saved = new Map<string, unknown>();
    let onClose: (() => void) | undefined;
    keepWindowState(
      {
        getNormalBounds: () => ({ x: 3, y: 4, width: 1000, height: 700 }),
        isMaximized: () => true,
        on: (_event, listener) => (onClose = listener),
      },
      { get: (key) => saved.get(key), set: (key, value) => saved.set(key, value) },
    );
    expect(saved.size).toBe(0);
    onClose?.();
    expect(saved.get(WINDOW_STATE_KEY)).toEqual({ x: 3, y: 4, width: 1000, height: 700, maximized: true });
  });
});
