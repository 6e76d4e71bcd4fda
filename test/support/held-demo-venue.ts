/**
 * A demo venue for the cashier's integration tests: a fast table with write budgets no test reaches, one hand
 * already played (before a run's first hand the venue has no hand number, and stack evidence and a re-send need
 * one), then held between hands so movements apply at once.
 */
import { startDemoVenue, type DemoVenueOptions, type RunningDemoVenue } from '../../main/demo/index';

export async function startHeldDemoVenue(options: DemoVenueOptions): Promise<RunningDemoVenue> {
  const venue = await startDemoVenue({
    paceMs: 1,
    rateLimits: { requestsPerMinute: 1_000_000, writesPerMinute: 1_000_000 },
    ...options,
  });
  await venue.inspect.waitForHands(1);
  await venue.faults.holdBetweenHands();
  return venue;
}

/** The players seated at the venue's table with more than 10 chips, and their seats. */
export function playersWithChips(venue: RunningDemoVenue): { name: string; seat: number }[] {
  return venue.inspect
    .trueTable()
    .seats.flatMap((seat) =>
      seat.name !== null && (seat.stack ?? 0) > 10 ? [{ name: seat.name, seat: seat.seat_id }] : [],
    );
}
