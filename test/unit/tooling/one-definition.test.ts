/**
 * One definition per rule: the money limits (an amount above 0 and at most 1,000,000 chips), a name's longest length
 * (64), how chips round to cents, and the count by denomination's limits each live in one module that main, the
 * contract and the renderer all import (preload/contract/money-rules.ts, and shift-input.ts for a count's pieces). A
 * second copy would drift: the screen would accept what main refuses, or the reverse. This fails when the literal
 * shape of one of those rules appears in code outside its home. The demo venue (main/demo) is left out on purpose:
 * it is a second, independent reading of the spec and shares no code with the client.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const ROOTS = ['main', 'preload', 'renderer'];
const LEFT_OUT = 'main/demo/';

/** Each rule: the code shapes that define it, and the one file allowed to hold them. */
const RULES = [
  {
    rule: 'the largest amount (1,000,000 chips)',
    shape: /\b1_?000_?000\b|\b1e6\b/,
    home: 'preload/contract/money-rules.ts',
  },
  {
    rule: "a name's longest length (64 characters)",
    shape: /maxLength=\{64\}|\.max\(64\)|\.length\s*(>|<=)\s*64\b|NAME\w*\s*=\s*64\b/,
    home: 'preload/contract/money-rules.ts',
  },
  { rule: 'chips rounded to cents', shape: /Math\.round\([^;]*\*\s*100\b/, home: 'preload/contract/money-rules.ts' },
  { rule: 'the most pieces of one denomination', shape: /\bMAX_PIECES\s*=/, home: 'preload/contract/shift-input.ts' },
] as const;

/** Files under the roots that are code, repository-relative. */
function codeFiles(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) found.push(...codeFiles(path));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

/** The code of a file without its comments (a comment may quote a limit; only code defines one). */
function withoutComments(text: string): string {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.JSX, text);
  let code = '';
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    const comment = token === ts.SyntaxKind.SingleLineCommentTrivia || token === ts.SyntaxKind.MultiLineCommentTrivia;
    code += comment ? ' ' : scanner.getTokenText();
  }
  return code;
}

/** Where code outside a rule's home holds one of its shapes: "file: rule". */
export function secondDefinitions(files: readonly { path: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { path, text } of files) {
    const code = withoutComments(text);
    for (const { rule, shape, home } of RULES) if (path !== home && shape.test(code)) found.push(`${path}: ${rule}`);
  }
  return found;
}

describe('one definition per rule', () => {
  it('no code outside its home defines a money limit, a name length, the cent rounding or a denomination limit', () => {
    const files = ROOTS.flatMap(codeFiles)
      .filter((path) => !path.startsWith(LEFT_OUT))
      .map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
    expect(files.length).toBeGreaterThan(100);
    expect(secondDefinitions(files)).toEqual([]);
  });

  it('finds a second copy of each rule, and not one quoted in a comment', () => {
    const copies = [
      { path: 'renderer/cashier/x.ts', text: 'export const MAX_MOVEMENT = 1_000_000;' },
      { path: 'renderer/cashier/y.tsx', text: 'const input = <input maxLength={64} />;' },
      { path: 'main/core/cashier/v.ts', text: 'const MAX_NAME = 64;' },
      { path: 'main/core/cashier/z.ts', text: 'const cents = Math.round(value * 100);' },
      { path: 'preload/contract/w.ts', text: 'export const MAX_PIECES = 100_000;' },
      { path: 'main/core/venue/quoted.ts', text: '/** at most 1_000_000, 64 characters */\nexport const x = 1;' },
      { path: 'preload/contract/money-rules.ts', text: 'export const MAX_AMOUNT = 1_000_000;' },
    ];
    expect(secondDefinitions(copies)).toEqual([
      'renderer/cashier/x.ts: the largest amount (1,000,000 chips)',
      "renderer/cashier/y.tsx: a name's longest length (64 characters)",
      "main/core/cashier/v.ts: a name's longest length (64 characters)",
      'main/core/cashier/z.ts: chips rounded to cents',
      'preload/contract/w.ts: the most pieces of one denomination',
    ]);
  });
});
