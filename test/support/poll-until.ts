/** Polls a reading every 25 ms until it is done, for tests that wait on a live runtime with no event to await. */

/** Resolves with the first value of `read()` that `done` accepts; throws after `tries` readings. */
export async function pollUntil<T>(read: () => T, done: (value: T) => boolean, tries = 400): Promise<T> {
  for (let attempt = 0; attempt < tries; attempt += 1) {
    const value = read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('gave up waiting');
}
