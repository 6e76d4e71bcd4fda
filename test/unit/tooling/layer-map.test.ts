/**
 * The layer map (eslint-rules/layer-map.js) as the real eslint.config.js applies it: small files placed virtually at
 * each layer, one breaking each boundary (refused) and legal ones (accepted). Only the layer rule runs, without type
 * information, so the virtual files need not exist.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({
  overrideConfig: { files: ['**/*.{ts,tsx}'], languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'local/layer-map',
});

async function layerMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath });
  expect(result?.messages.filter((message) => message.ruleId !== 'local/layer-map')).toEqual([]);
  return result?.messages.map((message) => message.message) ?? [];
}

/** [file, code, a word the refusal must name] */
const refused: ReadonlyArray<readonly [string, string, string]> = [
  // Inside core, each layer sees only the ones below it.
  ['main/core/storage/x.ts', "import { toCents } from '../venue/money';", 'storage'],
  ['main/core/venue/x.ts', "import { Cashier } from '../cashier/index';", 'cashier'],
  ['main/core/venue/x.ts', "import type { CashierPhase } from '../cashier/types';", 'cashier'],
  ['main/core/venue/x.ts', "export * from '../history/index';", 'history'],
  ['main/core/venue/x.ts', "export const load = () => import('../session/host');", 'session'],
  ['main/core/cashier/x.ts', "import { History } from '../history/index';", 'history'],
  ['main/core/history/x.ts', "import { Cashier } from '../cashier';", 'cashier'],
  ['main/core/cashier/x.ts', "import { startSession } from '../session';", 'session'],
  ['main/core/cashier/x.ts', "import { startSession } from '../session/host';", 'session'],
  // Only the session speaks the contract.
  ['main/core/history/x.ts', "import type { SessionSnapshot } from '../../../preload/contract';", 'contract'],
  ['main/core/venue/x.ts', "import { cashierChannels } from '../../../preload/contract/cashier';", 'contract'],
  // Core never reaches the shells, the demo, the preload or the renderer, by path or by package.
  ['main/core/venue/x.ts', "import { appOrigin } from '../../electron/app-origin';", 'electron'],
  ['main/core/session/x.ts', "import { registerIpc } from '../../electron/ipc';", 'electron'],
  ['main/core/session.ts', "import { startWebRuntime } from '../web/runtime';", 'web'],
  ['main/core/session/x.ts', "import { startDemoVenue } from '../../demo';", 'demo'],
  ['main/core/session/x.ts', "import '../../../preload/index';", 'preload'],
  ['main/core/session/x.ts', "import { App } from '../../../renderer/App';", 'renderer'],
  ['main/core/storage/x.ts', "import { app } from 'electron';", 'electron'],
  ['main/core/session/x.ts', "import Store from 'electron-store';", 'electron-store'],
  ['main/core/history/x.ts', "import { useState } from 'react';", 'react'],
  ['main/core/venue/x.ts', "import { fixture } from '../../../test/support/venue-fixtures';", 'outside the layer map'],
  // The demo venue and the client share no code.
  ['main/demo/x.ts', "import { toCents } from '../core/venue/money';", 'venue'],
  ['main/demo/live/x.ts', "import { tableChannels } from '../../../preload/contract/table';", 'contract'],
  ['main/demo/x.ts', "import { startWebRuntime } from '../web/runtime';", 'web'],
  // The two shells do not borrow from each other; only Electron's files import Electron.
  ['main/web/x.ts', "import { CONTENT_SECURITY_POLICY } from '../electron/csp';", 'electron'],
  ['main/web/x.ts', "import { registerIpc } from '../electron/ipc';", 'electron'],
  ['main/web/x.ts', "import { BrowserWindow } from 'electron';", 'electron'],
  ['main/electron/x.ts', "import { startWebRuntime } from '../web/runtime';", 'web'],
  ['main/electron/window.ts', "import { App } from '../../renderer/App';", 'renderer'],
  // Electron glue has one room: a file at main/ other than the entry is outside the map.
  ['main/window.ts', "import { BrowserWindow } from 'electron';", 'electron'],
  // The preload: the contract only, and at run time only its zod-free files; no zod, no Node.
  ['preload/index.ts', "import { toCents } from '../main/core/venue/money';", 'venue'],
  ['preload/index.ts', "import { cashierChannels } from './contract/cashier';", 'types only'],
  ['preload/index.ts', "import { z } from 'zod';", 'zod'],
  ['preload/index.ts', "import { readFileSync } from 'node:fs';", 'node:fs'],
  ['preload/index.ts', "import Store from 'electron-store';", 'electron-store'],
  // The renderer: the contract as types (values only from zod-free files), no Node, no Electron, no main.
  ['renderer/x.ts', "import { toCents } from '../main/core/venue/money';", 'venue'],
  ['renderer/table/x.tsx', "import { tableChannels } from '../../preload/contract/table';", 'types only'],
  ['renderer/x.ts', "import { bridgeChannels } from '../preload/contract';", 'types only'],
  ['renderer/x.ts', "import { readFile } from 'node:fs/promises';", 'node:fs/promises'],
  ['renderer/x.ts', "import { join } from 'path';", 'path'],
  ['renderer/x.ts', "import { ipcRenderer } from 'electron';", 'electron'],
  ['renderer/x.ts', "import { WebSocket } from 'ws';", 'ws'],
  ['renderer/x.ts', "import { z } from 'zod';", 'zod'],
  ['renderer/x.ts', "import { createBridge } from '../preload/index';", 'preload'],
  // The contract imports nothing of main (its money rules live beside it, in money-rules.ts), and no Node or Electron.
  ['preload/contract/x.ts', "import { IDEMPOTENCY_KEY_PATTERN } from '../../main/core/venue/limits';", 'venue'],
  ['preload/contract/x.ts', "import { toCents } from '../../main/core/venue/money';", 'venue'],
  ['preload/contract/x.ts', "import { startSession } from '../../main/core/session';", 'session'],
  ['preload/contract/x.ts', "import { createHash } from 'node:crypto';", 'node:crypto'],
  ['preload/contract/x.ts', "import { ipcRenderer } from 'electron';", 'electron'],
  // The zod-free contract files stay zod-free, also through another contract file.
  ['preload/contract/channels.ts', "import { z } from 'zod';", 'zod-free'],
  ['preload/contract/channels.ts', "import type { z } from 'zod';", 'zod-free'],
  ['preload/contract/bridge.ts', "import { cashierChannels } from './cashier';", 'zod-free'],
  ['preload/contract/share-equal.ts', "export { tableChannels } from './table';", 'zod-free'],
  // import() is checked as an import: a literal path across the map is refused like a static one.
  ['main/web/x.ts', "export const load = () => import('../../renderer/first-paint/render');", 'renderer'],
  ['main/core/cashier/x.ts', 'export const load = () => import(`../session/host`);', 'session'],
  ['renderer/x.ts', "export const load = () => import('../main/core/venue/money');", 'venue'],
  // An import() of an expression hides its module: refused outside the allowlist, however it is spelled.
  ['main/web/x.ts', 'export const load = (path: string) => import(path);', 'expression'],
  [
    'main/web/x.ts',
    "const ENTRY = new URL('../../renderer/first-paint/render.tsx', import.meta.url).href;\n" +
      'export const load = () => import(ENTRY);',
    'DYNAMIC_IMPORTS',
  ],
  ['main/core/venue/x.ts', "export const load = (name: string) => import('./' + name);", 'expression'],
  ['renderer/x.ts', 'export const load = (name: string) => import(`./${name}`);', 'expression'],
  // The allowlisted file may load its one module, and only as an expression that shows it.
  [
    'main/web/first-paint.ts',
    "const ENTRY = new URL('../../renderer/App.tsx', import.meta.url).href;\nexport const load = () => import(ENTRY);",
    'renderer/App',
  ],
  ['main/web/first-paint.ts', 'export const load = (path: string) => import(path);', 'does not show its module'],
  [
    'main/web/first-paint.ts',
    "let entry = new URL('../../renderer/first-paint/render.tsx', import.meta.url).href;\n" +
      "entry = '../../renderer/App';\nexport const load = () => import(entry);",
    'does not show its module',
  ],
  [
    'main/web/first-paint.ts',
    "export const load = () => import(new URL('../../renderer/first-paint/render.tsx', 'file:///elsewhere/').href);",
    'does not show its module',
  ],
  // The venue connection belongs to the session floor: nothing below it may reach it.
  ['main/core/venue/x.ts', "import { openVenueConnection } from '../session/venue-connection';", 'session'],
  ['main/core/venue/live-keeper.ts', "import type { VenueConnection } from '../session/venue-connection';", 'session'],
  ['main/core/cashier/x.ts', "import type { VenueConnection } from '../session/venue-connection';", 'session'],
  ['main/core/history/x.ts', "import type { VenueConnection } from '../session/venue-connection';", 'session'],
];

/** [file, code] that the map allows. */
const allowed: ReadonlyArray<readonly [string, string]> = [
  [
    'main/core/venue/x.ts',
    "import { writeAtomic } from '../storage/atomic-file';\nimport { z } from 'zod';\nimport WebSocket from 'ws';",
  ],
  [
    'main/core/cashier/x.ts',
    "import { toCents } from '../venue/money';\nimport { FramedLog } from '../storage/framed-log';",
  ],
  [
    'main/core/history/x.ts',
    "import type { VenueClient } from '../venue/rest-client';\nimport { readFile } from 'node:fs/promises';",
  ],
  [
    'main/core/session/x.ts',
    "import { Cashier } from '../cashier';\nimport { History } from '../history';\nimport " +
      "type { SessionSnapshot } from '../../../preload/contract';",
  ],
  [
    'main/core/session.ts',
    "import { startHost } from './session/host';\nimport { cashierChannels } from '../../preload/contract/cashier';",
  ],
  ['main/demo/x.ts', "import { WebSocketServer } from 'ws';\nimport { play } from './engine/play';"],
  [
    'main/web/x.ts',
    "import { startSession } from '../core/session';\nimport { startDemoVenue " +
      "} from '../demo';\nimport { bridgeChannels } from '../../preload/contract/channels';",
  ],
  [
    'main/electron/x.ts',
    "import { app } from 'electron';\nimport Store from 'electron-store';\nimport " +
      "{ startSession } from '../core/session';",
  ],
  [
    'main/electron/ipc.ts',
    "import { ipcMain } from 'electron';\nimport { senderCheck } from './sender-check';\nimport " +
      "{ channels } from '../../preload/contract';",
  ],
  ['main/index.ts', "import { app } from 'electron';\nimport { startShell } from './electron/shell';"],
  [
    'preload/index.ts',
    "import { contextBridge } from 'electron';\nimport type { VenueBridge } " +
      "from './contract';\nimport { createBridge } from './contract/bridge';",
  ],
  [
    'renderer/table/x.tsx',
    "import { useState } from 'react';\nimport type { TableView } from '../../preload/contract';\nimport " +
      "{ shareEqual } from '../../preload/contract/share-equal';",
  ],
  [
    'preload/contract/x.ts',
    "import { z } from 'zod';\nimport { MAX_AMOUNT } from './money-rules';\nimport " + "{ channel } from './define';",
  ],
  [
    'preload/contract/bridge.ts',
    "import type { VenueBridge } from '../contract';\nimport { bridgeChannels } from './channels';",
  ],
  // import() with a literal path inside the map, as the renderer loads its screens lazily.
  ['renderer/x.tsx', "export const load = () => import('./history/HistoryScreen');"],
  ['main/core/session/x.ts', 'export const load = () => import(`../cashier/index`);'],
  // The one allowlisted import() of an expression: the web runtime's first paint loads the renderer's render entry,
  // through a const or written in place.
  [
    'main/web/first-paint.ts',
    "const RENDER_ENTRY = new URL('../../renderer/first-paint/render.tsx', import.meta.url).href;\n" +
      'export const load = () => import(RENDER_ENTRY);',
  ],
  [
    'main/web/first-paint.ts',
    "export const load = () => import(new URL('../../renderer/first-paint/render.tsx', import.meta.url).href);",
  ],
  // The venue connection sits on the session floor: it may open the venue, cashier and history layers beneath it.
  [
    'main/core/session/venue-connection.ts',
    "import { VenueClient } from '../venue/rest-client';\nimport { openLiveKeeper } from '../venue/live-keeper';\n" +
      "import type { Cashier } from '../cashier';\nimport type { History } from '../history';\n" +
      "import { writeAtomic } from '../storage/atomic-file';",
  ],
  ['main/core/session.ts', "import { openVenueConnection } from './session/venue-connection';"],
  ['main/web/x.ts', "import { openVenueConnection } from '../core/session/venue-connection';"],
  ['main/electron/x.ts', "import { openVenueConnection } from '../core/session/venue-connection';"],
];

describe('layer map', () => {
  it.each(refused)('%s refuses: %s', async (file, code, named) => {
    const messages = await layerMessages(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(named);
  });

  it.each(allowed)('%s accepts: %s', async (file, code) => {
    expect(await layerMessages(file, code)).toEqual([]);
  });

  it('checks the real first paint: its one import() of an expression loads the allowlisted render entry', async () => {
    const [result] = await eslint.lintFiles(['main/web/first-paint.ts']);
    expect(result?.messages).toEqual([]);
  });
});
