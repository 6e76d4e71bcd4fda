/**
 * What a document claims about the code, checked against the code (test/unit/tooling/readme-files.test.ts). The
 * rule, precise so that it catches a stale name and not prose:
 *
 * 1. A backticked path to a source or document file (`a/b.ts`, `x.tsx`, `x.md`, `x.css`, `x.yml`) or such a link
 *    target names a file that exists. It resolves beside the document, from any folder above it up to the
 *    repository's root, or in main/core (ARCHITECTURE.md writes `venue/limits.ts`). Folders and `.json` files are
 *    mostly what the app writes at run time (`venues/demo/`, `money-mode.json`), so they are not held to it; an
 *    absolute path (the shared spec) is outside the repository; a path holding `*` or `<` is a pattern, not a name.
 * 2. A backticked identifier tied to a file names something that file's code holds: declared, imported or used (a
 *    word of its code, comments left out). It is tied when the sentence says so right beside it: "`name` in
 *    `file.ts`", "`name` from `file.ts`", "`name` of `file.ts`", "`name` (`file.ts`)", "`file.ts` `name`" or
 *    "`file.ts`'s `name`" (a line break may fall between them); and in a file table, where a row's identifiers in
 *    camelCase or PascalCase (a letter case change, no underscore: the wire's snake_case names are the spec's words,
 *    not the code's) or written as a call (`name()`) belong to the row's own files.
 * 3. Any other backticked name in camelCase or PascalCase (or a call, or a dotted path's parts: `Movement.wall`)
 *    names something the repository's code holds somewhere, unless it is one of the few outside APIs the documents
 *    discuss (OUTSIDE_NAMES). A renamed or removed symbol is caught here even where no file is named beside it.
 *
 * What it cannot see is a claim about behaviour ("the only importer", "reuses the object"): those were read by hand.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';

const PATH = /^[\w.@-][\w.@/-]*\.(tsx?|mjs|cjs|js|md|ya?ml|css|html)$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*(\(\))?$/;
const CODE_FILE = /\.(tsx?|mjs|cjs|js)$/;
/** An identifier a file table row ties to its files: camelCase or PascalCase, or a call. */
const CODE_NAME = /^(?=[^_]*$)(?=.*[a-z])(?=.*[A-Z])[A-Za-z$][\w$]*$|\(\)$/;

/** Outside APIs the documents discuss (React's, Node's): not the repository's code, and not missing from it. */
const OUTSIDE_NAMES = new Set(['useSyncExternalStore', 'cpuUsage']);

/** Where a document's relative path may resolve: its own folder, each folder above it, and main/core. */
function bases(root: string, document: string): string[] {
  const found: string[] = [];
  for (let folder = posix.dirname(document); ; folder = posix.dirname(folder)) {
    found.push(folder === '.' ? root : join(root, folder));
    if (folder === '.' || folder === '/') break;
  }
  return [...found, join(root, 'main/core')];
}

/** The file or folder a document's path names, or null when it names nothing. */
export function resolveNamed(root: string, document: string, path: string): string | null {
  for (const base of bases(root, document)) {
    const full = join(base, path);
    if (existsSync(full) && statSync(full).isFile()) return full;
  }
  return null;
}

/** The words of a code file's code, comments left out (a comment may name what the code no longer holds). */
const codeWords = new Map<string, Set<string>>();
export function wordsOf(file: string): Set<string> {
  const cached = codeWords.get(file);
  if (cached !== undefined) return cached;
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.JSX, readFileSync(file, 'utf8'));
  const words = new Set<string>();
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    for (const word of scanner.getTokenText().match(/[A-Za-z_$][\w$]*/g) ?? []) words.add(word);
  }
  codeWords.set(file, words);
  return words;
}

interface Tie {
  readonly name: string;
  readonly paths: readonly string[];
  readonly line: number;
}

const bare = (name: string): string => name.replace(/\(\)$/, '');
const isPath = (text: string): boolean => PATH.test(text) && !/[*<]/.test(text);

/**
 * Rule 2 in prose: "`name` in/from/of `file`", "`name` (`file`)", "`file` `name`", "`file`'s `name`", read over the
 * whole document so that a sentence wrapped across lines is still one sentence.
 */
function proseTies(markdown: string): Tie[] {
  const ties: Tie[] = [];
  const lineAt = (offset: number): number => markdown.slice(0, offset).split('\n').length;
  const tie = (name: string, path: string, offset: number): void => {
    if (IDENTIFIER.test(name) && isPath(path) && CODE_FILE.test(path))
      ties.push({ name, paths: [path], line: lineAt(offset) });
  };
  const nameFirst = /`([^`\s]+)`\s+(?:in|from|of)\s+(?:the\s+)?`([^`\s]+)`|`([^`\s]+)`\s+\(`([^`\s]+)`\)/g;
  for (const match of markdown.matchAll(nameFirst))
    tie(match[1] ?? match[3] ?? '', match[2] ?? match[4] ?? '', match.index);
  for (const match of markdown.matchAll(/`([^`\s]+)`(?:'s)?\s+`([^`\s]+)`/g))
    tie(match[2] ?? '', match[1] ?? '', match.index);
  return ties;
}

/** The cells of one markdown table row, trimmed (an escaped `\|` stays inside its cell). */
export const cells = (row: string): string[] =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
const backticked = (text: string): string[] => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');

/** Rule 2 in a file table: a row's code names belong to the row's own code files. */
function tableTies(lines: readonly string[]): Tie[] {
  const ties: Tie[] = [];
  for (let at = 0; at + 1 < lines.length; at += 1) {
    const header = lines[at] ?? '';
    if (!header.trimStart().startsWith('|') || !/^\s*\|[\s|:-]+\|\s*$/.test(lines[at + 1] ?? '')) continue;
    if (cells(header)[0]?.toLowerCase() !== 'file') continue;
    for (let row = at + 2; row < lines.length && (lines[row] ?? '').trimStart().startsWith('|'); row += 1) {
      const [first = '', ...rest] = cells(lines[row] ?? '');
      const paths = backticked(first).filter((name) => CODE_FILE.test(name));
      if (paths.length === 0) continue;
      for (const name of backticked(rest.join(' | ')))
        if (CODE_NAME.test(name) && IDENTIFIER.test(name)) ties.push({ name, paths, line: row + 1 });
    }
  }
  return ties;
}

/** Rule 3: the backticked code names of a document that no code of the repository holds. */
function namesNowhere(lines: readonly string[], document: string, everywhere: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  lines.forEach((line, index) => {
    for (const text of backticked(line))
      for (const part of text.split('.').map(bare))
        if (CODE_NAME.test(part) && IDENTIFIER.test(part) && !everywhere.has(part) && !OUTSIDE_NAMES.has(part))
          problems.push(`${document}:${index + 1}: ${part} is nowhere in the code`);
  });
  return problems;
}

/**
 * Every claim of a document the code does not bear out, as "document:line: what". `everywhere` is every word of the
 * repository's code (rule 3).
 */
export function falseClaims(root: string, document: string, everywhere: ReadonlySet<string>): string[] {
  const markdown = readFileSync(join(root, document), 'utf8');
  const lines = markdown.split('\n');
  const problems: string[] = [];
  lines.forEach((line, index) => {
    const named = [
      ...backticked(line),
      ...[...line.matchAll(/\]\(([\w./-]+)(?:#[\w-]+)?\)/g)].map((match) => match[1] ?? ''),
    ];
    for (const path of new Set(named.filter(isPath)))
      if (resolveNamed(root, document, path) === null) problems.push(`${document}:${index + 1}: no ${path}`);
  });
  const ties = [...proseTies(markdown), ...tableTies(lines)];
  for (const { name, paths, line } of ties) {
    const files = paths.map((path) => resolveNamed(root, document, path));
    if (files.some((file) => file === null)) continue;
    if (!files.some((file) => file !== null && wordsOf(file).has(bare(name))))
      problems.push(`${document}:${line}: ${bare(name)} is not in ${paths.join(', ')}`);
  }
  return [...problems, ...namesNowhere(lines, document, everywhere)];
}
