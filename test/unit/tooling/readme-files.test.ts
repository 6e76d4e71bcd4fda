/**
 * The READMEs and the comments say what is there. A README's file table (a table whose first column is headed "file")
 * lists exactly the files and folders beside it, so a reader who trusts it finds every file and no ghost; and no
 * code comment points at an issue number, which means nothing to a reader of the repository: the reason belongs in
 * the comment itself. ARCHITECTURE.md names only files that exist. Every document (the top README, ARCHITECTURE.md
 * and each README under the code and the tests) names only files that exist, and each symbol it ties to a file is in
 * that file (the rule: test/support/doc-claims.ts; its fixture: test/support/doc-claims-fixture/).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { cells, falseClaims, wordsOf } from '../../support/doc-claims';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const README_ROOTS = ['main', 'preload', 'renderer'];
const COMMENT_ROOTS = ['main', 'preload', 'renderer', 'test', 'scripts', 'eslint-rules'];
const CODE = /\.(ts|tsx|js|mjs|cjs)$/;
const ISSUE_NUMBER = /\bissues?\s*#?\s*\d+/i;

/** Every file under `folder` (repository-relative, posix) whose name passes `keep`. */
function filesUnder(folder: string, keep: (name: string) => boolean): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) found.push(...filesUnder(path, keep));
    else if (keep(entry.name)) found.push(path);
  }
  return found.sort();
}

/**
 * The names a README's file tables list: every backticked name in the first cell of each row of a table whose first
 * column is headed "file". Null when the README has no file table.
 */
function listedFiles(markdown: string): string[] | null {
  const lines = markdown.split('\n');
  let names: string[] | null = null;
  for (let at = 0; at + 1 < lines.length; at += 1) {
    const header = lines[at] ?? '';
    const separator = lines[at + 1] ?? '';
    if (!header.trimStart().startsWith('|') || !/^\s*\|[\s|:-]+\|\s*$/.test(separator)) continue;
    if (cells(header)[0]?.toLowerCase() !== 'file') continue;
    names ??= [];
    for (let row = at + 2; row < lines.length && (lines[row] ?? '').trimStart().startsWith('|'); row += 1) {
      const first = cells(lines[row] ?? '')[0] ?? '';
      for (const match of first.matchAll(/`([^`]+)`/g)) names.push(match[1] ?? '');
    }
  }
  return names;
}

/** What sits beside a README: its files, and its folders as `name/`. */
function besideReadme(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.') && entry.name !== 'README.md')
    .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
    .sort();
}

/** Every comment of a source file, found through the TypeScript parser (so strings and regexes are not comments). */
function commentsOf(fileName: string, text: string): string[] {
  const kind = fileName.endsWith('.tsx')
    ? ts.ScriptKind.TSX
    : fileName.endsWith('.ts')
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const seen = new Set<number>();
  const comments: string[] = [];
  const take = (ranges: readonly ts.CommentRange[] | undefined): void => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      comments.push(text.slice(range.pos, range.end));
    }
  };
  const visit = (node: ts.Node): void => {
    take(ts.getLeadingCommentRanges(text, node.pos));
    take(ts.getTrailingCommentRanges(text, node.end));
    // getChildren includes the tokens, so a comment before a closing brace is seen too.
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return comments;
}

const readmes = README_ROOTS.flatMap((folder) => filesUnder(folder, (name) => name === 'README.md'));
const withTables = readmes.filter((readme) => listedFiles(readFileSync(join(ROOT, readme), 'utf8')) !== null);

describe('README file tables', () => {
  it('finds the file tables of the core, the shells and the demo folders it is meant to check', () => {
    expect(withTables).toEqual(expect.arrayContaining(['main/core/venue/README.md', 'main/core/storage/README.md']));
    expect(listedFiles('| File | Job |\n|---|---|\n| `a.ts`, `b.ts` | the `c.ts` it feeds |\n')).toEqual([
      'a.ts',
      'b.ts',
    ]);
    expect(listedFiles('| Route | Answer |\n|---|---|\n| `GET /x` | `y` |\n')).toBeNull();
  });

  it.each(withTables)('%s lists exactly the files beside it', (readme) => {
    const listed = listedFiles(readFileSync(join(ROOT, readme), 'utf8')) ?? [];
    const onDisk = besideReadme(dirname(readme));
    expect({
      notListed: onDisk.filter((name) => !listed.includes(name)),
      notOnDisk: [...new Set(listed)].filter((name) => !onDisk.includes(name)),
    }).toEqual({ notListed: [], notOnDisk: [] });
  });
});

/**
 * The files and folders a document names: backticked paths ending in a file extension or a slash, and link targets.
 * A bare name resolves beside the document, from the repository root, or (as ARCHITECTURE.md writes them) in main/core.
 */
function namedPaths(markdown: string): string[] {
  const backticked = [...markdown.matchAll(/`([\w./-]+)`/g)].map((match) => match[1] ?? '');
  const linked = [...markdown.matchAll(/\]\(([\w./-]+)(?:#[\w-]+)?\)/g)].map((match) => match[1] ?? '');
  return [...new Set([...backticked, ...linked])].filter((name) => /\.(tsx?|js|md|json)$|\/$/.test(name));
}

describe('what the documents name', () => {
  // The rule (test/support/doc-claims.ts): a backticked source path exists, and a backticked identifier the sentence
  // or the file table ties to a file is in that file's code.
  const fixture = 'test/support/doc-claims-fixture/README.md';
  const fixtureCode = wordsOf(join(ROOT, 'test/support/doc-claims-fixture/seat.ts'));

  it('finds every false claim of the fixture, and only those', () => {
    expect(falseClaims(ROOT, fixture, fixtureCode)).toEqual([
      `${fixture}:9: no ghost.ts`,
      `${fixture}:12: no missing/commit.ts`,
      `${fixture}:11: seatCount is not in seat.ts`,
      `${fixture}:11: tableLabel is not in seat.ts`,
      `${fixture}:8: seatCount is not in seat.ts`,
      `${fixture}:8: seatCount is nowhere in the code`,
      `${fixture}:11: seatCount is nowhere in the code`,
      `${fixture}:12: tableLabel is nowhere in the code`,
      `${fixture}:13: openSeatDialog is nowhere in the code`,
    ]);
  });

  const documents = [
    'README.md',
    'ARCHITECTURE.md',
    ...['main', 'preload', 'renderer', 'test'].flatMap((folder) =>
      filesUnder(folder, (name) => name === 'README.md').filter((readme) => readme !== fixture),
    ),
  ];

  // Every word of the repository's code (the fixture's left out: it is a document's subject, not the app).
  const everywhere = new Set(
    ['main', 'preload', 'renderer', 'test', 'scripts', 'eslint-rules']
      .flatMap((folder) => filesUnder(folder, (name) => CODE.test(name)))
      .filter((file) => !file.startsWith('test/support/doc-claims-fixture/'))
      .flatMap((file) => [...wordsOf(join(ROOT, file))]),
  );

  it.each(documents)('%s names only what is there', (document) => {
    expect(falseClaims(ROOT, document, everywhere)).toEqual([]);
  });
});

describe('ARCHITECTURE.md', () => {
  it('names only files and folders that exist', () => {
    const missing = namedPaths(readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8')).filter(
      (name) => ![ROOT, join(ROOT, 'main/core')].some((base) => existsSync(join(base, name))),
    );
    expect(missing).toEqual([]);
  });
});

describe('code comments', () => {
  it('finds comments, and only comments', () => {
    const text = "// a\nconst s = '// b'; /* c */\nfunction f() {\n  return 1;\n  // d\n}\nconst r = /\\/\\/ e/;\n";
    expect(commentsOf('x.ts', text)).toEqual(['// a', '/* c */', '// d']);
  });

  it('name no issue numbers: the reason is written out instead', () => {
    const rootFiles = readdirSync(ROOT).filter((name) => CODE.test(name));
    const files = [...rootFiles, ...COMMENT_ROOTS.flatMap((folder) => filesUnder(folder, (name) => CODE.test(name)))];
    const offenders = files.flatMap((file) =>
      commentsOf(file, readFileSync(join(ROOT, file), 'utf8'))
        .filter((comment) => ISSUE_NUMBER.test(comment))
        .map((comment) => `${file}: ${ISSUE_NUMBER.exec(comment)?.[0] ?? ''}`),
    );
    expect(offenders).toEqual([]);
    // Parsing every source file takes a few seconds on a loaded machine.
  }, 60_000);
});
