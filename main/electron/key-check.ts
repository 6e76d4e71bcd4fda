/** The key vault's checker over the core venue client: GET /key on the configured venue. */
import { VenueClient } from '../core/venue/rest-client';
import type { CheckedKey, KeyChecker } from './keyvault';

/** A checker asking the venue at `baseUrl()` (read at each check: the address may change) about a key. */
export function venueKeyChecker(baseUrl: () => string, timeoutMs = 10_000): KeyChecker {
  return async (key) => {
    const info = await new VenueClient({ baseUrl: baseUrl(), key, timeoutMs }).keyInfo();
    if (info.venue === undefined || info.kid === undefined) {
      throw new Error('GET /key answered without the venue or kid fields');
    }
    const checked: CheckedKey = { venue: info.venue, kid: info.kid, live: info.live ?? false };
    return checked;
  };
}
