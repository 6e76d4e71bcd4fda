/**
 * The rule that every test asserts something (eslint-rules/test-asserts.js) as the real eslint.config.js applies it
 * to test/**: small test files placed virtually under test/, ones whose test asserts nothing (refused) and ones
 * that assert in each way the rule accepts. Only that rule runs, without type information, so the files need not
 * exist.
 */
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

const RULE = 'local/test-asserts';

function linter(rules: Linter.RulesRecord = {}): ESLint {
  return new ESLint({
    overrideConfig: [
      { files: ['**/*.{ts,tsx}'], languageOptions: { parserOptions: { projectService: false } } },
      { files: ['test/**/*.{ts,tsx}'], rules },
    ],
    ruleFilter: ({ ruleId }) => ruleId === RULE,
  });
}

const eslint = linter();

/** The lines the rule reports in `code`, linted as the test file `filePath`; nothing else may be reported. */
async function refusedLines(code: string, filePath = 'test/unit/x.test.ts', using = eslint): Promise<number[]> {
  const [result] = await using.lintText(`${code}\n`, { filePath });
  const messages = result?.messages ?? [];
  expect(messages.filter((message) => message.ruleId !== RULE)).toEqual([]);
  return messages.map((message) => message.line);
}

const HEAD = "import { assert, describe, expect, it, test } from 'vitest';\n";

/** [what, a test body that asserts nothing] */
const refused: ReadonlyArray<readonly [string, string]> = [
  ['an empty test', "it('x', () => {});"],
  ['a test that only calls the code', "it('x', async () => {\n  await run();\n});"],
  ['test(...) as well as it(...)', "test('x', () => {\n  run();\n});"],
  ['a test with options', "it('x', { retry: 1 }, () => {\n  run();\n});"],
  ['a function expression', "it('x', async function () {\n  await run();\n});"],
  ['it.each(table)(...)', "it.each([1, 2])('x %s', (n) => {\n  run(n);\n});"],
  ['it.runIf(condition)(...)', "it.runIf(true)('x', () => {\n  run();\n});"],
  ['it.fails(...)', "it.fails('x', () => {\n  run();\n});"],
  ['test.concurrent.skip(...)', "test.concurrent.skip('x', () => {\n  run();\n});"],
  ['a test beside an expect outside it', "describe('d', () => it('x', () => run()));\nexpect(1).toBe(1);"],
  ['a test handed over by a name that does not assert', "it('x', run);"],
  ['a helper whose name only contains expect', "it('x', () => {\n  runAndExpect();\n});"],
  ['expect only written in a string', "it('x', () => {\n  const text = 'expect(1).toBe(1)';\n  run(text);\n});"],
  ['expect only named, never called', "it('x', () => {\n  const check = expect;\n  run(check);\n});"],
  ['a computed call', "it('x', () => {\n  checks['expect']();\n});"],
];

/** [what, a test body that asserts] */
const accepted: ReadonlyArray<readonly [string, string]> = [
  ['expect(...)', "it('x', () => {\n  expect(run()).toBe(1);\n});"],
  ['an awaited expect(...).rejects', "it('x', async () => {\n  await expect(run()).rejects.toThrow(/no/);\n});"],
  ['expect.soft / expect.poll', "it('x', async () => {\n  await expect.poll(() => run()).toBe(1);\n});"],
  ['assert and assert.*', "test('x', () => {\n  assert(run());\n  assert.equal(run(), 1);\n});"],
  ['a helper named expect*', "it('x', async () => {\n  await expectSeated(page, 'Ann');\n});"],
  ['a method named assert*', "it('x', () => {\n  harness.assertSettled();\n});"],
  ['an expect inside a loop and a callback', "it('x', () => {\n  for (const n of [1]) run(() => expect(n));\n});"],
  ['it.each(table)(...) that asserts', "it.each([1, 2])('x %s', (n) => {\n  expect(n).toBeGreaterThan(0);\n});"],
  ['a test handed over by an expect* name', "it('x', expectTheDefaults);"],
  ['it.todo, which has no body', "it.todo('x');"],
  ['describe with no test', "describe('d', () => {\n  run();\n});"],
];

describe('every test asserts (test/**)', () => {
  it.each(refused)('refuses %s', async (_what, body) => {
    expect(await refusedLines(`${HEAD}${body}`)).toEqual([2]);
  });

  it.each(accepted)('accepts %s', async (_what, body) => {
    expect(await refusedLines(`${HEAD}${body}`)).toEqual([]);
  });

  it('refuses each bare test of a file and names its line, leaving the ones that assert', async () => {
    const code = [
      HEAD.trimEnd(),
      "it('asserts', () => expect(1).toBe(1));",
      "it('does not', () => run());",
      "it('asserts too', () => assert(run()));",
      "test('does not either', async () => {",
      '  await run();',
      '});',
    ].join('\n');
    expect(await refusedLines(code, 'test/e2e/x.test.ts')).toEqual([3, 5]);
  });

  it('applies to every file under test/ and to nothing outside it', async () => {
    const bare = `${HEAD}it('x', () => run());`;
    expect(await refusedLines(bare, 'test/support/fixture/x.fixture.ts')).toEqual([2]);
    expect(await refusedLines(bare, 'main/core/cashier/x.ts')).toEqual([]);
  });

  it('takes its own lists of test names and assertion names', async () => {
    const custom = linter({
      [RULE]: ['error', { testFunctionNames: ['scenario'], assertFunctionNames: ['check', 'verify*'] }],
    });
    const code = [
      "scenario('checks', () => check(run()));",
      "scenario('verifies', () => verifyTotals(run()));",
      "scenario('expects, which no longer counts', () => expect(run()).toBe(1));",
      "it('is no longer a test here', () => run());",
    ].join('\n');
    expect(await refusedLines(code, 'test/unit/x.test.ts', custom)).toEqual([3]);
  });
});
