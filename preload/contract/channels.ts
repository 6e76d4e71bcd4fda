/**
 * Channel names of the main <-> renderer contract, and which bridge method rides which channel.
 * Kept free of zod and of any other import so the sandboxed preload bundle and the web bridge can name
 * channels without pulling the validation code (which lives in main) into the renderer.
 */

/** Every invoke channel, by the VenueBridge method that calls it. */
export const bridgeChannels = {
  getSnapshot: 'session:get-snapshot',
  reconnectNow: 'session:reconnect-now',
  requestMovement: 'cashier:request',
  sendNow: 'cashier:send-now',
  cancelMovement: 'cashier:cancel',
  resolveInDoubt: 'cashier:resolve-in-doubt',
  exportLedgerCsv: 'cashier:export-csv',
  movementSlip: 'cashier:slip',
  reprintSlip: 'cashier:reprint-slip',
  shiftLedger: 'cashier:shift-ledger',
  playerMovements: 'cashier:player-movements',
  openShift: 'cashier:open-shift',
  closeShift: 'cashier:close-shift',
  shiftSummary: 'cashier:shift-summary',
  exportShiftCsv: 'cashier:export-shift-csv',
  exportEvents: 'cashier:export-events',
  updateSettings: 'settings:update',
  setVenueAddress: 'settings:set-venue-address',
  useDemoVenue: 'settings:use-demo-venue',
  startFreshDemo: 'settings:fresh-demo',
  setKey: 'settings:set-key',
  checkKey: 'settings:check-key',
  removeKey: 'settings:remove-key',
  acceptWeakKeyStorage: 'settings:accept-weak-key-storage',
  enrolOperator: 'operators:enrol',
  unlockOperator: 'operators:unlock',
  listWebhooks: 'webhooks:list',
  addWebhook: 'webhooks:add',
  deleteWebhook: 'webhooks:delete',
  syncHistory: 'history:sync',
  listHands: 'history:hands',
  getHand: 'history:hand',
  listPlayers: 'history:players',
  getPlayer: 'history:player',
  getLeaderboard: 'history:leaderboard',
  listSessions: 'history:sessions',
  getSession: 'history:session',
  stackTonight: 'history:stack-tonight',
  tonightHands: 'history:tonight-hands',
  printDocument: 'print:document',
  listPrinters: 'print:printers',
} as const;

/** The channels a read-only table monitor may invoke (Electron's monitor window, the web runtime's monitor link). */
export const monitorChannels: ReadonlySet<string> = new Set([bridgeChannels.getSnapshot]);

/** The one push event: a new immutable session snapshot (coalesced to at most one per frame). */
export const snapshotEvent = 'session:snapshot';

/** The renderer's main screens, in menu order (the application menu switches between them). */
export const APP_VIEWS = ['table', 'cashier', 'history', 'settings'] as const;
export type AppView = (typeof APP_VIEWS)[number];

/** Push channel main -> main window: the menu asks for a screen; the payload is one AppView. */
export const VIEW_EVENT = 'ui:show-view';

/** Whether an untrusted value names one of the screens (the preload checks every push before passing it on). */
export function isAppView(value: unknown): value is AppView {
  return typeof value === 'string' && (APP_VIEWS as readonly string[]).includes(value);
}

export type BridgeMethod = keyof typeof bridgeChannels;
export type ChannelName = (typeof bridgeChannels)[BridgeMethod];
