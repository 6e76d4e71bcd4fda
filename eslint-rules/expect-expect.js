// local/expect-expect: a test that asserts nothing passes whatever the code does, so it cannot fail for its reason.
// Every it()/test() body (it.each(...)(...), it.fails, it.concurrent, ... too) must call an assertion somewhere inside
// it: a call whose callee starts with `expect` or `assert` (expect(...), expect.poll(...), assert.equal(...), a
// helper named expectInDoubtNotApplied), or one of the names given in the rule's `assertFunctionNames` option.
// Skipped and todo tests are left alone. Its tests: test/unit/tooling/expect-expect.test.ts.

import { someCall } from './some-call.js';

const TEST_NAMES = new Set(['it', 'test']);
const LEFT_ALONE = new Set(['skip', 'todo']);
const ASSERTING = /^(expect|assert)/;

/** The name a callee is known by: `f` for f(), `g` for a.b.g(), and the root `expect` for expect(x).toBe(). */
function calleeNames(callee) {
  const names = [];
  let node = callee;
  while (node) {
    if (node.type === 'Identifier') names.push(node.name);
    if (node.type === 'MemberExpression') {
      if (node.property.type === 'Identifier') names.push(node.property.name);
      node = node.object;
    } else if (node.type === 'CallExpression') node = node.callee;
    else if (node.type === 'AwaitExpression') node = node.argument;
    else node = null;
  }
  return names;
}

/** The test function's modifiers (`fails`, `each`, ...) when `call` declares a test, else null. */
function testModifiers(call) {
  let callee = call.callee;
  const modifiers = [];
  // it.each(table)('name', fn): the callee is itself a call.
  if (callee.type === 'CallExpression') callee = callee.callee;
  while (callee.type === 'MemberExpression' && callee.property.type === 'Identifier') {
    modifiers.push(callee.property.name);
    callee = callee.object;
  }
  return callee.type === 'Identifier' && TEST_NAMES.has(callee.name) ? modifiers : null;
}

/** Whether `root` calls, anywhere inside it, a function known by an `allowed` name. */
const containsAssertion = (root, visitorKeys, allowed) =>
  someCall(root, visitorKeys, (call) => calleeNames(call.callee).some((name) => allowed(name)));

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'every test calls an assertion' },
    schema: [
      {
        type: 'object',
        properties: { assertFunctionNames: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      noAssertion:
        'This test asserts nothing, so it cannot fail for its reason: call expect (or an expect*/assert* helper).',
    },
  },
  create(context) {
    const extra = new Set(context.options[0]?.assertFunctionNames ?? []);
    const allowed = (name) => ASSERTING.test(name) || extra.has(name);
    const visitorKeys = context.sourceCode.visitorKeys;
    return {
      CallExpression(node) {
        const modifiers = testModifiers(node);
        if (modifiers === null || modifiers.some((modifier) => LEFT_ALONE.has(modifier))) return;
        const body = [...node.arguments]
          .reverse()
          .find((arg) => arg.type === 'ArrowFunctionExpression' || arg.type === 'FunctionExpression');
        if (body === undefined) return;
        if (!containsAssertion(body.body, visitorKeys, allowed)) context.report({ node, messageId: 'noAssertion' });
      },
    };
  },
};

export default { rules: { 'expect-expect': rule } };
