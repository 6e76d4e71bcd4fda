/**
 * The rule that every test asserts something (eslint-rules/expect-expect.js), as the real eslint.config.js applies it
 * to the test tree: a test body with no expect/assert call is refused, whatever form the test takes.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({
  overrideConfig: { files: ['**/*.{ts,tsx}'], languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'tests/expect-expect',
});

async function refusals(code: string, filePath = 'test/unit/x.test.ts'): Promise<number> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath });
  return result?.messages.filter((message) => message.ruleId === 'tests/expect-expect').length ?? 0;
}

describe('every test asserts something', () => {
  it.each([
    ['a plain it', "it('adds', () => { const sum = 1 + 1; void sum; });"],
    ['a test()', "test('adds', async () => { await Promise.resolve(1); });"],
    ['an it.fails', "it.fails('adds', () => { void 0; });"],
    ['an it.each', "it.each([1, 2])('adds %i', (n) => { void n; });"],
    ['a concurrent it', "it.concurrent('adds', function () { return undefined; });"],
    ['an expect only named in a string', "it('adds', () => { const text = 'expect(1).toBe(1)'; void text; });"],
  ])('refuses %s with no assertion', async (_name, code) => {
    expect(await refusals(code)).toBe(1);
  });

  it.each([
    ['expect()', "it('adds', () => { expect(1 + 1).toBe(2); });"],
    ['an awaited expect.poll', "it('waits', async () => { await expect.poll(() => 1).toBe(1); });"],
    ['a nested callback', "it('loops', () => { [1].forEach((n) => expect(n).toBe(1)); });"],
    ['an expect* helper', "it('doubts', async () => { await expectInDoubtNotApplied(h); });"],
    ['a member assert*', "it('checks', () => { helpers.assertBalanced(book); });"],
    ['node:assert', "it('checks', () => { assert.equal(1, 1); });"],
    ['an it.each with expect', "it.each([1])('is %i', (n) => { expect(n).toBe(1); });"],
    ['a skipped test', "it.skip('later', () => { void 0; });"],
    ['a todo', "it.todo('later');"],
  ])('accepts %s', async (_name, code) => {
    expect(await refusals(code)).toBe(0);
  });

  it('applies to the test tree only', async () => {
    expect(await refusals("it('adds', () => { void 0; });", 'main/core/x.ts')).toBe(0);
  });
});
