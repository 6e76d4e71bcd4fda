/** Idempotency keys: generated once per movement with crypto, reused on every retry of that movement. */
import { randomUUID } from 'node:crypto';

/** The spec's pattern for an idempotency key. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

/** A fresh key for a new movement. */
export function newIdempotencyKey(): string {
  return `mv-${randomUUID()}`;
}
