/**
 * Runs axe-core (the installed devDependency, never a download) on what a Chromium page shows now, and fails with a
 * readable list: one line per rule and element (rule id, the element's selector, what is wrong).
 *
 * The rules: WCAG 2.0 and 2.1, levels A and AA, plus axe's best practices (landmarks and regions, an accessible
 * name that holds the visible label, scrollable regions reachable by keyboard).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] as const;

let source: Promise<string> | null = null;

/** axe.min.js as text, read once per test file. */
function axeSource(): Promise<string> {
  source ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return source;
}

/**
 * The page's violations. axe is evaluated through the devtools protocol rather than added as a script tag: the app's
 * Content-Security-Policy allows only its own scripts, and a page whose scripts were blocked on purpose (the first
 * paint) can still be checked.
 */
export async function axeViolations(page: Page): Promise<Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource());
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(
        document,
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      ),
    [...AXE_TAGS],
  );
  return results.violations;
}

/** One line per element: `rule  selector  what is wrong`, under the screen's name. */
export function describeViolations(screen: string, violations: readonly Result[]): string {
  const lines = violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const why = (node.failureSummary ?? violation.help).replace(/\s+/g, ' ').trim();
      return `  ${violation.id} [${violation.impact ?? 'n/a'}]  ${node.target.join(' ')}  ${why}`;
    }),
  );
  return `${screen}: ${String(lines.length)} axe violation(s)\n${lines.join('\n')}`;
}

/** Fails with the readable list when axe finds anything on the page as it is now. */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  const violations = await axeViolations(page);
  if (violations.length > 0) throw new Error(describeViolations(screen, violations));
}

/**
 * Collects the findings of every screen a test walks, so one run lists them all (a test that stopped at the first
 * screen would hide the rest until that one is fixed).
 */
export class AxeAudit {
  private readonly findings: string[] = [];

  async check(page: Page, screen: string): Promise<void> {
    const violations = await axeViolations(page);
    if (violations.length > 0) this.findings.push(describeViolations(screen, violations));
  }

  /** Fails with every screen's findings, if there were any. */
  expectClean(): void {
    if (this.findings.length > 0) throw new Error(`\n${this.findings.join('\n\n')}`);
  }
}
