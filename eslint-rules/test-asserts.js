// Every test asserts something: a test whose body calls nothing that can fail passes whatever the code does. In the
// spirit of vitest/expect-expect, read lexically: the function given to it(...) / test(...) (and their forms
// it.each(...)(...), it.runIf(...)(...), it.fails(...), ...) must call, anywhere inside it, a function whose dotted
// name matches one of `assertFunctionNames`: by default expect and expect.*, assert and assert.*, and any helper or
// method whose own name starts with expect or assert (expectSettled, page.assertShown). A test handed over by name
// (it('x', run)) shows no body and is refused unless that name matches too. it.todo has no body and is left alone.

import { someCall } from './some-call.js';

/** The names the test functions go by, and the helpers that count as an assertion (`*` is any part of one name). */
const DEFAULTS = {
  testFunctionNames: ['it', 'test'],
  assertFunctionNames: ['expect', 'expect.*', 'assert', 'assert.*', 'expect*', 'assert*', '*.expect*', '*.assert*'],
};

/** A glob over a dotted name: `*` stands for any run of characters inside one name, never a dot. */
function globToRegExp(glob) {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^.]*');
  return new RegExp(`^${escaped}$`);
}

/** `a.b.c` for a callee written as a plain name or a chain of plain names, `this` included; null otherwise. */
function dottedName(node) {
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'ThisExpression') return 'this';
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier') {
    const object = dottedName(node.object);
    return object === null ? null : `${object}.${node.property.name}`;
  }
  return null;
}

/**
 * The name of the test function a call starts, through its modifiers and its curried forms: `it`, `it.each(t)`,
 * `it.runIf(c)`, `test.concurrent.fails`, ... Returns [root name, the modifiers named on the way].
 */
function testCallee(callee) {
  const modifiers = [];
  let node = callee;
  for (;;) {
    if (node.type === 'CallExpression') node = node.callee;
    else if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier') {
      modifiers.push(node.property.name);
      node = node.object;
    } else break;
  }
  return node.type === 'Identifier' ? [node.name, modifiers] : [null, modifiers];
}

const isFunction = (node) => node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression';

/** Whether `body` (any node) calls, anywhere inside it, a function whose dotted name matches one of `patterns`. */
function callsAnAssertion(body, patterns, visitorKeys) {
  return someCall(body, visitorKeys, (call) => {
    const name = dottedName(call.callee);
    return name !== null && patterns.some((pattern) => pattern.test(name));
  });
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Every test calls expect, assert or an expect*/assert* helper: no test passes by default' },
    schema: [
      {
        type: 'object',
        properties: {
          testFunctionNames: { type: 'array', items: { type: 'string' } },
          assertFunctionNames: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      noAssertion:
        'This test asserts nothing, so it passes whatever the code does: call expect (or assert, or a helper named ' +
        'expect*/assert*) on what it checks.',
    },
  },
  create(context) {
    const options = { ...DEFAULTS, ...(context.options[0] ?? {}) };
    const patterns = options.assertFunctionNames.map(globToRegExp);
    const visitorKeys = context.sourceCode.visitorKeys;
    return {
      CallExpression(node) {
        const [name, modifiers] = testCallee(node.callee);
        if (name === null || !options.testFunctionNames.includes(name) || modifiers.includes('todo')) return;
        // A call inside the curried form (the `it.each(table)` of `it.each(table)(name, fn)`) is not a test itself.
        if (node.parent.type === 'CallExpression' && node.parent.callee === node) return;
        const body = node.arguments.findLast(isFunction);
        // A test handed over by name: some name after the title must say it asserts (the others may be options).
        const named = node.arguments.slice(1).filter((argument) => argument.type === 'Identifier');
        if (body === undefined && named.length === 0) return;
        const asserts =
          body === undefined
            ? named.some((argument) => patterns.some((pattern) => pattern.test(argument.name)))
            : callsAnAssertion(body.body, patterns, visitorKeys);
        if (!asserts) context.report({ node, messageId: 'noAssertion' });
      },
    };
  },
};

export default { rules: { 'test-asserts': rule } };
