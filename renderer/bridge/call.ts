/** Turns a bridge outcome into a value or a thrown VenueCommandError, for UI code that awaits commands. */
import type { InvokeOutcome } from '../../preload/contract';

/** main refused a command; `code` says why (bad_arguments, not_ready, host_offline, ...). */
export class VenueCommandError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'VenueCommandError';
  }
}

/** Awaits an invoke and unwraps it. */
export async function call<Result>(pending: Promise<InvokeOutcome<Result>>): Promise<Result> {
  const outcome = await pending;
  if (outcome.ok) return outcome.value;
  throw new VenueCommandError(outcome.error.code, outcome.error.message);
}

/** The message to show for any failure of a command. */
export function failureText(error: unknown): string {
  if (error instanceof VenueCommandError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
