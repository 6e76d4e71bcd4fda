/**
 * A list a test pushes its undo steps onto as it makes things (servers, temp dirs, sessions); after each test they
 * run last-made first, so what depends on something is closed before it.
 */
import { afterEach } from 'vitest';

export type Cleanup = () => Promise<void> | void;

/** Registers the afterEach hook in the calling test file and returns the list it empties. */
export function cleanupsAfterEach(): Cleanup[] {
  const cleanups: Cleanup[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return cleanups;
}
