/**
 * The one GET /key of an entered key: asked where the key is entered (the settings command), before anything keeps
 * it. Its answer travels on with the key: the key store keeps it beside the key, and the venue connection opened
 * right after takes the venue's identity and the kid from it instead of asking again, and sends with the client that
 * asked (handed beside the answer, never stored with it).
 */
import type { KeyCheck } from '../../../preload/contract';
import { VenueClient } from '../venue/rest-client';
import { CommandRefusal } from './command-error';
import { keyOrigin } from './key-origin';

/** What one GET /key said about a key, and the origins (key-origin.ts) it was asked at: the only ones it goes to. */
export interface CheckedKey extends KeyCheck {
  readonly origin: string;
}

/** GET /key through a client bound to a key; refuses an answer that does not name the venue and kid. */
export async function askKey(client: VenueClient, signal?: AbortSignal): Promise<KeyCheck> {
  const info = await client.keyInfo(signal);
  if (info.venue === undefined || info.kid === undefined)
    throw new CommandRefusal('protocol', 'GET /key did not name the venue and kid.');
  return { venue: info.venue, kid: info.kid, live: info.live ?? false };
}

/** An entered key's answer, and the client that asked it: the connection opened next sends with that very client. */
export interface KeyChecked {
  readonly checked: CheckedKey;
  readonly client: VenueClient;
}

/** GET /key once at this address; refuses a key the venue refuses. */
export async function checkKeyAt(baseUrl: string, wsUrl: string | null, key: string): Promise<KeyChecked> {
  const client = new VenueClient({ baseUrl, key });
  const answer = await askKey(client);
  return { checked: { ...answer, origin: keyOrigin(baseUrl, wsUrl) }, client };
}
