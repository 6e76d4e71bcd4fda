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
 * Single files a layer may import beyond its map. The money rules (an amount's and a name's limits, chips to cents)
 * have one home the renderer bundles too (money-rules), which the venue's arithmetic and the journal read. The
 * cashier words a movement's age as the tray does (one wording). Every layer that compares player names uses the
 * venue's one naming rule (player-name), which the renderer's walk-in search bundles too. The slip and the CSV write
 * cashier money in the drawer's one unit (cash-text), as every screen does, and times in the PC's local time
 * (local-time); a shift's operator, note and count by denomination follow one rule (shift-input).
 */
const EXTRA_FILES = {
  venue: ['preload/contract/player-name', 'preload/contract/money-rules'],
  cashier: [
    'preload/contract/age-text',
    'preload/contract/player-name',
    'preload/contract/cash-text',
    'preload/contract/number-format',
    'preload/contract/local-time',
    'preload/contract/shift-input',
    'preload/contract/money-rules',
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
  'preload/contract/money-rules',
  'preload/contract/core-lost',
];

/**
 * The files that may load a module through an import() whose argument is not a string literal, each with the one
 * module it may load that way (even across the map). Every other import() must name its module as a string literal,
 * so that the map sees what it loads. An allowed expression must still show its module: `new URL('<relative path>',
 * import.meta.url)` (or its `.href`), written in the import() or in a module-level const it names; anything else is
 * refused, here too.
 */
const DYNAMIC_IMPORTS = {
  // The web runtime draws its first paint with the renderer's own components: this one renderer file runs inside the
  // runtime. It is loaded by URL so that main's type-check does not take in the renderer's DOM-typed code.
  'main/web/first-paint': ['renderer/first-paint/render'],
};

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

const isImportMetaUrl = (node) =>
  node?.type === 'MemberExpression' &&
  node.object.type === 'MetaProperty' &&
  node.object.meta.name === 'import' &&
  node.object.property.name === 'meta' &&
  !node.computed &&
  node.property.name === 'url';

/** The const a name is declared by, if it is a module-level (or enclosing) `const name = <init>`. */
function constInit(identifier, sourceCode) {
  for (let scope = sourceCode.getScope(identifier); scope !== null; scope = scope.upper) {
    const variable = scope.set.get(identifier.name);
    if (variable === undefined) continue;
    const [definition] = variable.defs;
    const declarator = definition?.node;
    if (variable.defs.length !== 1 || declarator?.type !== 'VariableDeclarator') return null;
    return definition.parent?.kind === 'const' ? declarator.init : null;
  }
  return null;
}

/**
 * The relative path an import() expression loads, when it shows it: `new URL('<path>', import.meta.url)`, its
 * `.href`, or a const holding either. Null when the expression does not show its module.
 */
function urlSpecifier(node, sourceCode, depth = 0) {
  if (node === null || node === undefined || depth > 2) return null;
  if (node.type === 'Identifier') return urlSpecifier(constInit(node, sourceCode), sourceCode, depth + 1);
  if (node.type === 'MemberExpression' && !node.computed && node.property.name === 'href') {
    return urlSpecifier(node.object, sourceCode, depth);
  }
  if (node.type !== 'NewExpression' || node.callee.type !== 'Identifier' || node.callee.name !== 'URL') return null;
  const [spec, base] = node.arguments;
  if (spec?.type !== 'Literal' || typeof spec.value !== 'string' || !spec.value.startsWith('.')) return null;
  return isImportMetaUrl(base) ? spec.value : null;
}

/** The string a literal (or a template without expressions) spells; null for any other expression. */
function literalText(source) {
  if (source?.type === 'Literal' && typeof source.value === 'string') return source.value;
  if (source?.type === 'TemplateLiteral' && source.expressions.length === 0) return source.quasis[0].value.cooked;
  return null;
}

/**
 * Why an import() of an expression is refused, or null when it is allowed: an expression hides its module from the
 * map, so only a file listed in DYNAMIC_IMPORTS may use one, and only to load the module listed there, shown as a URL.
 */
function expressionImportRefusal(fromStem, source, sourceCode, resolve) {
  const allowed = DYNAMIC_IMPORTS[fromStem];
  if (allowed === undefined) {
    return (
      `${fromStem}: import() of an expression hides its module from the layer map; name the module as a string ` +
      `literal (or list the file and its one module in DYNAMIC_IMPORTS of eslint-rules/layer-map.js)`
    );
  }
  const spec = urlSpecifier(source, sourceCode);
  if (spec === null) {
    return (
      `${fromStem} may load ${allowed.join(', ')} by import() of an expression, written as ` +
      `new URL('<relative path>', import.meta.url): this expression does not show its module`
    );
  }
  const target = resolve(spec);
  if (allowed.includes(target)) return null;
  return `${fromStem} may load only ${allowed.join(', ')} by import() of an expression, not ${target}`;
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
    const report = (node, reason) => context.report({ node, messageId: 'refused', data: { reason } });
    const resolve = (spec) => strip(toPosix(path.relative(ROOT, path.resolve(path.dirname(context.filename), spec))));
    const check = (node, source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const spec = source.value;
      const typeOnly = isTypeOnly(node);
      const relative = spec.startsWith('.');
      const target = relative ? resolve(spec) : null;
      const reason =
        checkZodFree(fromStem, spec, target, typeOnly) ??
        (relative ? checkRelative(from, fromStem, target, typeOnly) : checkPackage(from, spec, typeOnly));
      if (reason !== null) report(source, reason);
    };
    // import() is checked like any import when it names its module (a literal, or a template without expressions).
    const checkDynamic = (node) => {
      const text = literalText(node.source);
      if (text !== null) return check(node, { ...node.source, type: 'Literal', value: text });
      const reason = expressionImportRefusal(fromStem, node.source, context.sourceCode, resolve);
      if (reason !== null) report(node.source, reason);
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: checkDynamic,
    };
  },
};

export default { rules: { 'layer-map': rule } };
