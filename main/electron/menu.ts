/**
 * The application menu as a pure template: screens with keyboard shortcuts, the table monitor per
 * display, and developer items (reload, devtools) only in unpackaged builds. Actions are injected, so
 * the template is built and clicked in plain Node tests.
 */
import type { MenuItemConstructorOptions } from 'electron';
import type { AppView } from '../../preload/contract/channels';

/** What the menu can do. */
export interface MenuActions {
  showView(view: AppView): void;
  openMonitor(displayId: number): void;
  closeMonitor(): void;
  quit(): void;
}

/** A display the monitor can go to, as the menu names it. */
export interface MenuDisplay {
  readonly id: number;
  readonly label: string;
  readonly primary: boolean;
}

/** What the menu shows depends on. */
export interface MenuContext {
  readonly appName: string;
  readonly platform: NodeJS.Platform;
  /** Packaged (production) builds have no reload and no devtools. */
  readonly isPackaged: boolean;
  readonly displays: readonly MenuDisplay[];
  readonly monitorOpen: boolean;
}

/** Screens and their shortcuts. CmdOrCtrl keeps the bare digits free for the seat hotkeys. */
export const VIEW_SHORTCUTS: readonly {
  readonly view: AppView;
  readonly label: string;
  readonly accelerator: string;
}[] = [
  { view: 'table', label: 'Table', accelerator: 'CmdOrCtrl+1' },
  { view: 'cashier', label: 'Cashier', accelerator: 'CmdOrCtrl+2' },
  { view: 'history', label: 'History', accelerator: 'CmdOrCtrl+3' },
  { view: 'settings', label: 'Settings', accelerator: 'CmdOrCtrl+,' },
];

/** Shortcut that opens the monitor on the first non-primary display (or the primary when alone). */
export const MONITOR_ACCELERATOR = 'CmdOrCtrl+Shift+M';

function monitorMenu(context: MenuContext, actions: MenuActions): MenuItemConstructorOptions {
  const preferred = context.displays.find((display) => !display.primary) ?? context.displays[0];
  const perDisplay: MenuItemConstructorOptions[] = context.displays.map((display) => ({
    label: `Open on ${display.label}${display.primary ? ' (this screen)' : ''}`,
    accelerator: display === preferred ? MONITOR_ACCELERATOR : undefined,
    click: () => actions.openMonitor(display.id),
  }));
  return {
    label: 'Table Monitor',
    submenu: [
      ...perDisplay,
      { type: 'separator' },
      { label: 'Close Table Monitor', enabled: context.monitorOpen, click: () => actions.closeMonitor() },
    ],
  };
}

function developerItems(context: MenuContext): MenuItemConstructorOptions[] {
  if (context.isPackaged) return [];
  return [{ type: 'separator' }, { role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }];
}

/** The whole menu template. */
export function buildMenuTemplate(context: MenuContext, actions: MenuActions): MenuItemConstructorOptions[] {
  const mac = context.platform === 'darwin';
  const views: MenuItemConstructorOptions[] = VIEW_SHORTCUTS.map(({ view, label, accelerator }) => ({
    label,
    accelerator,
    click: () => actions.showView(view),
  }));
  const quit: MenuItemConstructorOptions = {
    label: mac ? `Quit ${context.appName}` : 'Quit',
    accelerator: mac ? 'Cmd+Q' : 'Ctrl+Q',
    click: () => actions.quit(),
  };
  return [
    ...(mac
      ? [
          {
            label: context.appName,
            submenu: [
              { role: 'about' },
              { type: 'separator' },
              { role: 'hide' },
              { role: 'hideOthers' },
              { type: 'separator' },
              quit,
            ],
          } satisfies MenuItemConstructorOptions,
        ]
      : []),
    { label: 'File', submenu: mac ? [{ role: 'close' }] : [quit] },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        ...views,
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        ...developerItems(context),
      ],
    },
    monitorMenu(context, actions),
    { role: 'windowMenu' },
  ];
}
