/** Turns whatever a command threw into the contract's CommandError (code + words a cashier can read). */
import type { CommandError } from '../../../preload/contract';
import { DISK_FULL_CODE, DISK_FULL_REFUSAL, isDiskFull } from '../storage/disk-space';
import { VenueApiError, VenueNetworkError, VenueProtocolError } from '../venue/errors';

/** A command refused on purpose, with a stable code. */
export class CommandRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'CommandRefusal';
  }
}

const VENUE_WORDS: Record<string, string> = {
  unauthorized: 'The venue refused the key.',
  host_offline: 'The venue host is offline; try again when it is back.',
  rate_limited: 'Too many requests to the venue; wait a moment.',
  bad_url: 'The venue refused the URL (it must be https).',
  unknown_kind: 'The venue does not know one of the kinds.',
  webhook_limit: 'The venue allows at most 5 webhooks per key.',
  not_found: 'Not found at the venue.',
};

/**
 * What the page sees of an error nobody planned for: its text may hold paths, addresses or worse, so it stays in the
 * log.
 */
export const INTERNAL_ERROR_MESSAGE =
  'Something went wrong inside the app; nothing more is shown here (see the app log).';

/** Whether commandError would hide this error's text (the caller logs it instead). */
export function isInternalError(error: unknown): boolean {
  return !(
    isDiskFull(error) ||
    error instanceof CommandRefusal ||
    error instanceof VenueApiError ||
    error instanceof VenueNetworkError ||
    error instanceof VenueProtocolError
  );
}

export function commandError(error: unknown): CommandError {
  if (error instanceof CommandRefusal) return { code: error.code, message: error.message };
  // A write any command needed met a full disk (a cancel, a send-again, a shift, the settings): a state in words.
  if (isDiskFull(error)) return { code: DISK_FULL_CODE, message: DISK_FULL_REFUSAL };
  if (error instanceof VenueApiError)
    return {
      code: error.code,
      message: VENUE_WORDS[error.code] ?? `The venue answered ${error.status} ${error.code}.`,
    };
  if (error instanceof VenueNetworkError)
    return { code: 'network', message: `The venue did not answer (${error.message}).` };
  if (error instanceof VenueProtocolError)
    return { code: 'protocol', message: `The venue's answer did not match the API (${error.where}).` };
  return { code: 'internal', message: INTERNAL_ERROR_MESSAGE };
}
