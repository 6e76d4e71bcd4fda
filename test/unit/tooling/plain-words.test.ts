/**
 * Every sentence a cashier reads is plain English: the renderer's text (JSX and the strings its builders return) and
 * the messages main writes that reach the screen, the paper and the CSV's message column. A sentence-like literal
 * (three words or more) must hold no schema path, wire or event name, program identifier or key and session jargon
 * (`test/support/plain-words.ts`). Comments are not read; single tokens (a code compared with `===`) are not sentences.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { technicalWords } from '../../support/plain-words';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The main-side files whose messages are shown: a movement's note and blockers, refusals, reconciliation lines. */
const MAIN_MESSAGES = [
  'main/core/cashier/outcome.ts',
  'main/core/cashier/policy.ts',
  'main/core/cashier/machine.ts',
  'main/core/cashier/evidence.ts',
  'main/core/cashier/movement-commands.ts',
  'main/core/cashier/runtime.ts',
  'main/core/cashier/walk-in.ts',
  'main/core/cashier/carry.ts',
  'main/core/cashier/reconcile/report.ts',
  'main/core/session/argument-words.ts',
  'main/core/session/cashier-view.ts',
  'main/core/session/decision-commands.ts',
];

function rendererFiles(folder = 'renderer'): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return rendererFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The text of a literal with its `${...}` parts as "…", or null for a node that is no text. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('…');
  if (ts.isJsxText(node)) return node.text.replace(/\s+/g, ' ').trim();
  return null;
}

/** A literal read as a sentence: three words or more, not an import path, a type or a class list. */
function isSentence(node: ts.Node, text: string): boolean {
  if (text.split(/\s+/).filter((word) => /[A-Za-z]/.test(word)).length < 3) return false;
  const parent = node.parent;
  if (ts.isImportDeclaration(parent) || ts.isLiteralTypeNode(parent)) return false;
  if (ts.isJsxAttribute(parent) && parent.name.getText() === 'className') return false;
  return true;
}

/** Each sentence in `path` with what it holds that a cashier must not read. */
function findings(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(join(ROOT, path), 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const text = literalText(node);
    if (text !== null && isSentence(node, text)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      found.push(...technicalWords(text).map((what) => `${path}:${line} ${what}`));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('plain words where a person reads', () => {
  it('the forbidden patterns catch what a tester saw', () => {
    expect(technicalWords('The PIN is 4 to 12 digits. (1.pin)')).not.toEqual([]);
    expect(technicalWords('Invalid URL (0.baseUrl)')).not.toEqual([]);
    expect(technicalWords('Cash out all and close session')).not.toEqual([]);
    expect(technicalWords('The table shows it applied (not confirmed for this key)')).not.toEqual([]);
    expect(technicalWords('transaction_applied seen for Alice')).not.toEqual([]);
    expect(technicalWords('Buy in 200 chips for Alice at seat 3.')).toEqual([]);
  });

  it('every renderer sentence and every shown main message is plain', () => {
    const files = [...rendererFiles(), ...MAIN_MESSAGES];
    expect(files.length).toBeGreaterThan(MAIN_MESSAGES.length);
    expect(files.flatMap(findings)).toEqual([]);
  });
});
