/**
 * One quiet demo venue (its table never deals, so it is always between hands) shared by a conformance file's tests,
 * closed after them. `undoFaults` runs after each test and switches off the faults that file's tests switch on, so no
 * test reads another's fault.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { RunningDemoVenue } from '../../main/demo/index';
import { startQuietVenue } from './demo-live-client';

export function quietVenueForFile(
  use: (venue: RunningDemoVenue) => void,
  undoFaults?: (venue: RunningDemoVenue) => void,
): void {
  let venue: RunningDemoVenue | null = null;
  beforeAll(async () => {
    venue = await startQuietVenue();
    use(venue);
  });
  afterAll(() => venue?.close());
  if (undoFaults !== undefined)
    afterEach(() => {
      if (venue !== null) undoFaults(venue);
    });
}
