// The layer map, enforced: which part of the tree may import which, resolved from relative paths as well as package
// names (no-restricted-imports sees only the import string, so '../../electron/x' and '../electron' slipped through).
// A layer may import itself and the layers it lists; everything else is refused with the rule that refuses it.
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const CORE = ['storage', 'venue', 'cashier', 'history', 'session'];

/** Where each layer lives: folders (and the file of the same name, as main/core/session.ts beside session/). */
const LAYERS = {
  storage: { paths: ['main/core/storage'], may: [] },
  venue: { paths: ['main/core/venue'], may: ['storage'] },
  cashier: { paths: ['main/core/cashier'], may: ['storage', 'venue'] },
  history: { paths: ['main/core/history'], may: ['storage', 'venue'] },
  // Only the session speaks the contract: the layers below it know nothing of the renderer.
  session: { paths: ['main/core/session'], may: ['storage', 'venue', 'cashier', 'history', 'contract'] },
  // The demo venue is a second, independent reading of the spec: it shares no code with the client.
  demo: { paths: ['main/demo'], may: [] },
  // Two composition roots run the same core: plain Node (web) and Electron (main/electron, plus main/index.ts: the
  // one entry Electron runs). Any other file at main/ is outside the map, so Electron glue has one room.
  web: { paths: ['main/web'], may: [...CORE, 'contract', 'demo'] },
  electron: { paths: ['main/electron', 'main/index'], may: [...CORE, 'contract', 'demo'] },
  contract: { paths: ['preload/contract'], may: [] },
  preload: { paths: ['preload'], may: ['contract'] },
  renderer: { paths: ['renderer'], may: ['contract'] },
};

/**
 * Single files a layer may import beyond its map. The contract reads the amount limits from the venue layer until
 * they have one home. The cashier words a movement's age as the tray does (one wording). Every layer that compares
 * player names uses the venue's one naming rule (player-name), which the renderer's walk-in search bundles too. The
 * slip and the CSV write cashier money in the drawer's one unit (cash-text), as every screen does, and times in the
 * PC's local time (local-time); a shift's operator, note and count by denomination follow one rule (shift-input).
 */
const EXTRA_FILES = {
  contract: ['main/core/venue/limits'],
  venue: ['preload/contract/player-name'],
  cashier: [
    'preload/contract/age-text',
    'preload/contract/player-name',
    'preload/contract/cash-text',
    'preload/contract/number-format',
    'preload/contract/local-time',
    'preload/contract/shift-input',
  ],
  history: ['preload/contract/player-name'],
};

/**
 * Contract files that run inside the sandboxed preload and the renderer bundle: no zod, and at run time they import
 * only each other. They are the only contract files the preload and the renderer may import other than as types.
 */
const ZOD_FREE = [
  'preload/contract/channels',
  'preload/contract/bridge',
  'preload/contract/key-storage',
  'preload/contract/share-equal',
  'preload/contract/age-text',
  'preload/contract/player-name',
  'preload/contract/number-format',
  'preload/contract/cash-text',
  'preload/contract/local-time',
  'preload/contract/shift-input',
  'preload/contract/core-lost',
];

/** Packages only some layers may import; any other package is free to all. */
const PACKAGES_ONLY_IN = {
  electron: ['electron', 'preload'],
  'electron-store': ['electron'],
  react: ['renderer'],
  'react-dom': ['renderer'],
  ws: [...CORE, 'demo', 'web', 'electron'],
};
const NODE_FREE = ['renderer', 'preload', 'contract'];
const builtins = new Set(builtinModules);

const strip = (file) => file.replace(/\.(d\.ts|tsx?|mjs|cjs|js)$/, '').replace(/\/index$/, '');
const toPosix = (file) => file.split(path.sep).join('/');

function inPath(stem, layerPath) {
  if (layerPath.endsWith('/*')) {
    const dir = layerPath.slice(0, -2);
    return stem.startsWith(`${dir}/`) && !stem.slice(dir.length + 1).includes('/');
  }
  return stem === layerPath || stem.startsWith(`${layerPath}/`);
}

/** The layer of a repository-relative path without extension; the most specific match wins. */
export function layerOf(stem) {
  let best = null;
  let bestLength = -1;
  for (const [name, layer] of Object.entries(LAYERS)) {
    for (const layerPath of layer.paths) {
      if (inPath(stem, layerPath) && layerPath.length > bestLength) {
        best = name;
        bestLength = layerPath.length;
      }
    }
  }
  return best;
}

const packageName = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);

function isTypeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return (
    node.type === 'ImportDeclaration' &&
    specifiers.length > 0 &&
    specifiers.every((specifier) => specifier.importKind === 'type')
  );
}

function checkPackage(from, spec, typeOnly) {
  if (spec.startsWith('node:') || builtins.has(packageName(spec))) {
    return NODE_FREE.includes(from) && !typeOnly ? `${from} runs without Node: no '${spec}' here` : null;
  }
  const name = packageName(spec);
  if (name === 'zod' && (from === 'renderer' || from === 'preload')) {
    return `${from} bundles no zod: the main process validates`;
  }
  const only = PACKAGES_ONLY_IN[name];
  if (only !== undefined && !only.includes(from)) return `only ${only.join(', ')} may import '${name}', not ${from}`;
  return null;
}

function checkRelative(from, fromStem, target, typeOnly) {
  const to = layerOf(target);
  if (to === null) return `${fromStem} may not import ${target}: it is outside the layer map`;
  if (to === from) return null;
  if ((EXTRA_FILES[from] ?? []).includes(target)) return null;
  if (!LAYERS[from].may.includes(to)) {
    const may = LAYERS[from].may.length === 0 ? 'nothing outside itself' : LAYERS[from].may.join(', ');
    return `${from} (${fromStem}) may not import ${to} (${target}): ${from} may import ${may}`;
  }
  if (to === 'contract' && (from === 'renderer' || from === 'preload') && !typeOnly && !ZOD_FREE.includes(target)) {
    return `${from} may import ${target} as types only: at run time it may use only the zod-free contract files`;
  }
  return null;
}

function checkZodFree(fromStem, spec, target, typeOnly) {
  if (!ZOD_FREE.includes(fromStem)) return null;
  if (packageName(spec) === 'zod') return `${fromStem} is zod-free on purpose: it runs in the preload and the renderer`;
  if (target !== null && !typeOnly && !ZOD_FREE.includes(target)) {
    return `${fromStem} is zod-free on purpose: at run time it may import only the other zod-free contract files`;
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep every import inside the layer map of eslint-rules/layer-map.js' },
    schema: [],
    messages: { refused: '{{reason}}' },
  },
  create(context) {
    const fromStem = strip(toPosix(path.relative(ROOT, context.filename)));
    const from = layerOf(fromStem);
    if (from === null && fromStem.startsWith('main/')) {
      // A file under main/ in no layer: most likely Electron glue left beside the entry. It has one room.
      return {
        Program: (node) =>
          context.report({
            node,
            messageId: 'refused',
            data: {
              reason:
                `${fromStem} is outside the layer map: Electron glue lives in main/electron/ ` +
                `(main/index.ts is the only entry at main/)`,
            },
          }),
      };
    }
    if (from === null) return {};
    const check = (node, source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const spec = source.value;
      const typeOnly = isTypeOnly(node);
      const relative = spec.startsWith('.');
      const target = relative
        ? strip(toPosix(path.relative(ROOT, path.resolve(path.dirname(context.filename), spec))))
        : null;
      const reason =
        checkZodFree(fromStem, spec, target, typeOnly) ??
        (relative ? checkRelative(from, fromStem, target, typeOnly) : checkPackage(from, spec, typeOnly));
      if (reason !== null) context.report({ node: source, messageId: 'refused', data: { reason } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default { rules: { 'layer-map': rule } };
