// The walk of test-asserts.js, on its own: whether any call inside a node, however deep, passes `matches`. Read
// lexically, with the parser's visitor keys, so every kind of node is entered.

/** Whether `root` (any node) holds a CallExpression for which `matches(call)` is true. */
export function someCall(root, visitorKeys, matches) {
  const pending = [root];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node.type === 'CallExpression' && matches(node)) return true;
    for (const key of visitorKeys[node.type] ?? []) {
      const child = node[key];
      if (Array.isArray(child)) {
        for (const item of child) if (item && typeof item.type === 'string') pending.push(item);
      } else if (child && typeof child.type === 'string') pending.push(child);
    }
  }
  return false;
}
