import { describe, expect, it } from 'vitest';
import {
  TableMonitor,
  monitorWindowShape,
  pickMonitorPlacement,
  type MonitorWindow,
} from '../../../main/electron/monitor';
import type { WindowShape } from '../../../main/electron/window';
import type { Rect } from '../../../main/electron/window-state';

const primary = { id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 } };
const second = { id: 2, bounds: { x: 1920, y: 0, width: 1280, height: 1024 } };

describe('pickMonitorPlacement', () => {
  it('honours the chosen display and goes fullscreen there', () => {
    expect(pickMonitorPlacement([primary, second], 1, 2)).toEqual({ display: second, fullscreen: true });
  });

  it('falls back to a non-primary display when the chosen one is gone', () => {
    expect(pickMonitorPlacement([primary, second], 1, 7)).toEqual({ display: second, fullscreen: true });
  });

  it('stays windowed on the primary display so the cashier window is never covered', () => {
    expect(pickMonitorPlacement([primary], 1, undefined)).toEqual({ display: primary, fullscreen: false });
    expect(pickMonitorPlacement([primary, second], 1, 1)?.fullscreen).toBe(false);
  });

  it('has nowhere to go without displays', () => {
    expect(pickMonitorPlacement([], 1, undefined)).toBeUndefined();
  });

  it('covers the display when fullscreen and is centred when windowed', () => {
    expect(monitorWindowShape({ display: second, fullscreen: true }).bounds).toEqual(second.bounds);
    expect(monitorWindowShape({ display: primary, fullscreen: false }).bounds).toEqual({
      x: 320,
      y: 140,
      width: 1280,
      height: 800,
    });
  });
});

class FakeMonitorWindow implements MonitorWindow {
  destroyed = false;
  focused = 0;
  fullscreen: boolean[] = [];
  bounds: Rect[] = [];
  closedListener: (() => void) | undefined;
  constructor(
    readonly shape: WindowShape,
    readonly view: string,
  ) {}
  isDestroyed(): boolean {
    return this.destroyed;
  }
  close(): void {
    this.destroyed = true;
    this.closedListener?.();
  }
  focus(): void {
    this.focused += 1;
  }
  setBounds(bounds: Rect): void {
    this.bounds.push(bounds);
  }
  setFullScreen(flag: boolean): void {
    this.fullscreen.push(flag);
  }
  once(_event: 'closed', listener: () => void): this {
    this.closedListener = listener;
    return this;
  }
}

describe('TableMonitor', () => {
  it('opens one monitor window with the monitor view, moves it, and closes it', () => {
    const created: FakeMonitorWindow[] = [];
    const changes: boolean[] = [];
    const monitor = new TableMonitor({
      displays: () => [primary, second],
      primaryDisplayId: () => 1,
      createWindow: (shape, view) => {
        const window = new FakeMonitorWindow(shape, view);
        created.push(window);
        return window;
      },
      onChange: (open) => changes.push(open),
    });
    expect(monitor.open(2)).toBe(true);
    expect(created).toHaveLength(1);
    expect(created[0]?.view).toBe('monitor');
    expect(created[0]?.shape.fullscreen).toBe(true);

    expect(monitor.open(1)).toBe(true);
    expect(created).toHaveLength(1);
    expect(created[0]?.fullscreen).toEqual([false, false]);
    expect(created[0]?.focused).toBe(1);

    monitor.close();
    expect(monitor.isOpen()).toBe(false);
    expect(changes).toEqual([true, false]);
  });
});
