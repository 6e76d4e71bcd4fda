// Module hook for the boot test's child process: `electron` resolves to the hand-written fake.
export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'electron') {
    return { url: new URL('./fake-electron.ts', import.meta.url).href, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
