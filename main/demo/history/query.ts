/** Reading the historical plane's query parameters strictly: a value is either valid or refused, never guessed. */

/** Unix seconds >= 0 in plain decimal ("1700000000", "1700000000.25"); no sign, exponent, NaN or Infinity. */
const SINCE = /^\d{1,12}(\.\d{1,9})?$/;
const PAGE = /^[1-9]\d{0,8}$/;
const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The `since` cursor, or undefined when it is not a number >= 0. */
export function parseSince(raw: string): number | undefined {
  return SINCE.test(raw) ? Number(raw) : undefined;
}

/** A 1-based page number, or undefined when it is not an integer >= 1. */
export function parsePage(raw: string): number | undefined {
  return PAGE.test(raw) ? Number(raw) : undefined;
}

/** A calendar month "YYYY-MM", or undefined when the value is not one. */
export function parsePeriod(raw: string): string | undefined {
  return PERIOD.test(raw) ? raw : undefined;
}

/** A route's answer: the server serializes `body` as JSON. */
export interface PlaneAnswer {
  readonly status: number;
  readonly body: unknown;
  /** Response headers beyond the server's own (caching hints). */
  readonly headers?: Record<string, string>;
}

export const ok = (body: unknown): PlaneAnswer => ({ status: 200, body });

export const refuse = (status: number, error: string, message: string): PlaneAnswer => ({
  status,
  body: { error, message },
});
