/**
 * The function-length limit as the real eslint.config.js applies it: in main/, preload/ and renderer/ no function
 * (nor an immediately invoked one, nor a React component) runs over 120 lines, counting its comments and blank lines.
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

/** A React component of `lines` lines in all: its head, `return (`, a <div> of `lines - 6` paragraphs and its end. */
function componentOf(lines: number): string {
  const paragraphs = Array.from({ length: lines - 6 }, () => '      <p>why</p>');
  return [
    'export function Screen(): React.JSX.Element {',
    '  return (',
    '    <div>',
    ...paragraphs,
    '    </div>',
    '  );',
    '}',
  ].join('\n');
}

async function lengthMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath });
  return result?.messages.map((message) => message.message) ?? [];
}

describe('function length in main/, preload/ and renderer/', () => {
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

  it.each(['main/web/x.ts', 'main/electron/x.ts', 'main/demo/x.ts', 'main/x.ts', 'preload/contract/x.ts'])(
    'holds in %s: 120 lines pass, 121 are refused',
    async (file) => {
      expect(await lengthMessages(file, functionOf(120, 'code'))).toEqual([]);
      const messages = await lengthMessages(file, functionOf(121, 'code'));
      expect(messages).toHaveLength(1);
      expect(messages[0]).toContain('121');
    },
  );

  it('holds for a React component in a renderer .tsx file: 120 lines pass, 121 are refused', async () => {
    expect(componentOf(120).split('\n')).toHaveLength(120);
    expect(await lengthMessages('renderer/cashier/X.tsx', componentOf(120))).toEqual([]);
    const messages = await lengthMessages('renderer/cashier/X.tsx', componentOf(121));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('121');
  });

  it('holds for a plain function in a renderer .ts file', async () => {
    expect(await lengthMessages('renderer/shared/x.ts', functionOf(120, 'code'))).toEqual([]);
    expect(await lengthMessages('renderer/shared/x.ts', functionOf(121, 'comments'))).toHaveLength(1);
  });
});
