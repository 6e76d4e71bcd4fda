/** Idempotency keys: generated once per movement with crypto, reused on every retry of that movement. */
import { randomUUID } from 'node:crypto';

export { IDEMPOTENCY_KEY_PATTERN } from '../venue/limits';

/** A fresh key for a new movement. */
export function newIdempotencyKey(): string {
  return `mv-${randomUUID()}`;
}
