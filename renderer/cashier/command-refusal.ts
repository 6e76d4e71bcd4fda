/**
 * A refused cashier command (main's refusal, or a failure to reach main) as a sentence the cashier acts on, with the
 * technical part kept apart for the details disclosure: the command's code, and any movement reference main named.
 */
import { VenueCommandError } from '../bridge/call';

export interface RefusalText {
  readonly sentence: string;
  /** Code and references, shown behind "Details"; null when there is nothing more. */
  readonly detail: string | null;
}

/** A movement reference as main writes it (an idempotency key), with the parentheses around it. */
const REFERENCE = /\s*\(?\bmv-[A-Za-z0-9-]{8,}\)?/g;

export function commandRefusal(error: unknown): RefusalText {
  const message = error instanceof Error ? error.message : String(error);
  const references = message.match(REFERENCE)?.map((found) => found.replace(/[\s()]/g, '')) ?? [];
  const sentence = message.replace(REFERENCE, '').trim();
  const code = error instanceof VenueCommandError ? error.code : null;
  const parts = [code === null ? null : `code ${code}`, ...references.map((reference) => `ref ${reference}`)];
  const detail = parts.filter((part) => part !== null).join(' · ');
  return { sentence: sentence === '' ? 'The app could not do it.' : sentence, detail: detail === '' ? null : detail };
}
