/**
 * The function-length limit as the real eslint.config.js applies it: in main/core no function (nor an immediately
 * invoked one) runs over 120 lines, counting its comments and blank lines; outside the core the limit does not apply.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({
  overrideConfig: { files: ['**/*.{ts,tsx}'], languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'max-lines-per-function',
});

/** A function of `lines` lines in all: its head, `lines - 2` lines of body (blank, comment or code) and its end. */
function functionOf(lines: number, body: 'code' | 'comments' | 'blank', iife = false): string {
  const line = body === 'code' ? '  void 0;' : body === 'comments' ? '  // why' : '';
  const inner = Array.from({ length: lines - 2 }, () => line).join('\n');
  return iife ? `(function () {\n${inner}\n})();` : `export function step(): void {\n${inner}\n}`;
}

async function lengthMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath });
  return result?.messages.map((message) => message.message) ?? [];
}

describe('function length in main/core', () => {
  it('accepts a function of 120 lines', async () => {
    expect(await lengthMessages('main/core/cashier/x.ts', functionOf(120, 'code'))).toEqual([]);
  });

  it.each(['code', 'comments', 'blank'] as const)('refuses 121 lines, counting %s', async (body) => {
    const messages = await lengthMessages('main/core/venue/x.ts', functionOf(121, body));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('121');
  });

  it('refuses an immediately invoked function of 121 lines', async () => {
    expect(await lengthMessages('main/core/session/x.ts', functionOf(121, 'code', true))).toHaveLength(1);
  });

  it('leaves the shells, the demo and the renderer to their own judgement', async () => {
    for (const file of ['main/web/x.ts', 'main/electron/x.ts', 'main/demo/x.ts', 'renderer/x.tsx']) {
      expect(await lengthMessages(file, functionOf(200, 'code'))).toEqual([]);
    }
  });
});
