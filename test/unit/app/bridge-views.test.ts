/**
 * The menu's screen switches reach the renderer through the bridge; only known screen names pass the preload's check.
 */
import { describe, expect, it } from 'vitest';
import { createBridge } from '../../../preload/contract/bridge';
import { APP_VIEWS, isAppView, type AppView } from '../../../preload/contract/channels';
import { VIEW_SHORTCUTS } from '../../../main/electron/menu';

describe('screen switching', () => {
  it('forwards onShowView to the transport and returns its unsubscribe', () => {
    const pushed: Array<(view: AppView) => void> = [];
    let unsubscribed = false;
    const bridge = createBridge({
      invoke: async () => ({ ok: true, value: null }),
      subscribe: () => () => undefined,
      onShowView(listener) {
        pushed.push(listener);
        return () => {
          unsubscribed = true;
        };
      },
    });
    const seen: AppView[] = [];
    const stop = bridge.onShowView((view) => seen.push(view));
    pushed[0]?.('cashier');
    stop();
    expect(seen).toEqual(['cashier']);
    expect(unsubscribed).toBe(true);
  });

  it('accepts exactly the screens the menu offers', () => {
    expect(VIEW_SHORTCUTS.map((shortcut) => shortcut.view)).toEqual([...APP_VIEWS]);
    for (const view of APP_VIEWS) expect(isAppView(view)).toBe(true);
    for (const bad of ['monitor', 'TABLE', '', null, 3, { view: 'table' }]) expect(isAppView(bad)).toBe(false);
  });
});
