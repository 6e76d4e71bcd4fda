import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import type { AppView } from '../../../preload/contract/channels';
import { MONITOR_ACCELERATOR, buildMenuTemplate, type MenuContext } from '../../../main/electron/menu';

function flatten(items: readonly MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);
}

const context: MenuContext = {
  appName: 'Venue Cashier',
  platform: 'linux',
  isPackaged: true,
  displays: [
    { id: 1, label: 'Display 1 (1920×1080)', primary: true },
    { id: 2, label: 'Display 2 (1280×1024)', primary: false },
  ],
  monitorOpen: false,
};

function recorder() {
  const calls: string[] = [];
  const actions = {
    showView: (view: AppView) => calls.push(`view:${view}`),
    openMonitor: (id: number) => calls.push(`monitor:${id}`),
    closeMonitor: () => calls.push('close-monitor'),
    quit: () => calls.push('quit'),
  };
  return { calls, actions };
}

function click(item: MenuItemConstructorOptions | undefined): void {
  if (item?.click === undefined) throw new Error('item has no click');
  (item.click as () => void)();
}

describe('application menu', () => {
  it('switches screens with keyboard shortcuts', () => {
    const { calls, actions } = recorder();
    const items = flatten(buildMenuTemplate(context, actions));
    const shortcuts = Object.fromEntries(
      items.filter((item) => item.accelerator !== undefined).map((item) => [item.label, item.accelerator]),
    );
    expect(shortcuts).toMatchObject({
      Table: 'CmdOrCtrl+1',
      Cashier: 'CmdOrCtrl+2',
      History: 'CmdOrCtrl+3',
      Settings: 'CmdOrCtrl+,',
    });
    for (const label of ['Table', 'Cashier', 'History', 'Settings']) click(items.find((item) => item.label === label));
    expect(calls).toEqual(['view:table', 'view:cashier', 'view:history', 'view:settings']);
    const accelerators = items.map((item) => item.accelerator).filter((value) => value !== undefined);
    expect(new Set(accelerators).size).toBe(accelerators.length);
  });

  it('opens the monitor on a chosen display, with the shortcut on the second screen', () => {
    const { calls, actions } = recorder();
    const items = flatten(buildMenuTemplate(context, actions));
    const second = items.find((item) => item.label?.startsWith('Open on Display 2'));
    expect(second?.accelerator).toBe(MONITOR_ACCELERATOR);
    click(second);
    click(items.find((item) => item.label?.startsWith('Open on Display 1')));
    expect(calls).toEqual(['monitor:2', 'monitor:1']);
    expect(items.find((item) => item.label === 'Close Table Monitor')?.enabled).toBe(false);
    const open = flatten(buildMenuTemplate({ ...context, monitorOpen: true }, actions));
    expect(open.find((item) => item.label === 'Close Table Monitor')?.enabled).toBe(true);
  });

  it('has no reload or devtools in production, and has them in development', () => {
    const { actions } = recorder();
    const roles = (packaged: boolean) =>
      flatten(buildMenuTemplate({ ...context, isPackaged: packaged }, actions)).map((item) => item.role);
    for (const role of ['reload', 'forceReload', 'toggleDevTools'] as const) {
      expect(roles(true)).not.toContain(role);
      expect(roles(false)).toContain(role);
    }
  });

  it('quits from the File menu off macOS and from the app menu on macOS', () => {
    const { calls, actions } = recorder();
    click(flatten(buildMenuTemplate(context, actions)).find((item) => item.label === 'Quit'));
    const mac = buildMenuTemplate({ ...context, platform: 'darwin' }, actions);
    expect(mac[0]?.label).toBe('Venue Cashier');
    click(flatten(mac).find((item) => item.label === 'Quit Venue Cashier'));
    expect(calls).toEqual(['quit', 'quit']);
  });
});
