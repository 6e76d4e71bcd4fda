/**
 * Turns one socket message into a typed frame, never throwing. An event payload with a bad part keeps what is
 * valid: a malformed element of an array (one seat of `start_hand` with `seat_id: null`) is left out and a
 * malformed optional field dropped, and the event is returned with `repaired` listing what was left out (the caller
 * reports it and heals the table from GET /live/state). A frame that cannot be read even so is an `invalid` result
 * carrying a VenueProtocolError; an unknown frame type or event kind is `ignored` (the tolerant reader's rule);
 * forbidden live keys are stripped and listed.
 */
import type { z } from 'zod';
import { VenueProtocolError } from './errors';
import { stripForbiddenKeys, textMayCarryForbidden } from './live-privacy';
import {
  EVENT_PAYLOAD_SCHEMAS,
  EventFrameSchema,
  ReplayFrameSchema,
  StateFrameSchema,
  type LiveEvent,
  type ReplayFrame,
  type StateFrame,
} from './schemas-live';

const PAYLOAD_SCHEMAS: ReadonlyMap<string, z.ZodType> = new Map(Object.entries(EVENT_PAYLOAD_SCHEMAS));

/** The outcome of reading one frame. */
export type ParsedFrame =
  | { readonly type: 'state'; readonly frame: StateFrame }
  | { readonly type: 'replay'; readonly frame: ReplayFrame }
  /** `repaired`: what was left out of the payload to read it (absent when nothing was). */
  | { readonly type: 'event'; readonly event: LiveEvent; readonly repaired?: readonly string[] }
  | {
      readonly type: 'ignored';
      readonly reason: 'unknown-kind' | 'unknown-type';
      readonly name: string;
      readonly seq: number | null;
    }
  | { readonly type: 'invalid'; readonly error: VenueProtocolError };

export interface FrameReading {
  readonly parsed: ParsedFrame;
  /** Paths of forbidden keys that were removed (hole cards, reveal flags, equity). Empty when clean. */
  readonly violations: readonly string[];
}

const NO_VIOLATIONS: readonly string[] = Object.freeze([]);

function invalid(where: string, issues: readonly z.core.$ZodIssue[] | string): ParsedFrame {
  const details =
    typeof issues === 'string' ? [issues] : issues.map((issue) => `${issue.path.join('.') || '$'}: ${issue.message}`);
  return { type: 'invalid', error: new VenueProtocolError(`malformed ${where} frame`, where, details) };
}

function describe(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => `${issue.path.join('.') || '$'}: ${issue.message}`);
}

/**
 * The payload without its malformed parts: bad elements of a top-level array removed, bad top-level fields deleted
 * (a required one then fails the second reading). Null when an issue lies deeper than that.
 */
function withoutBadParts(payload: unknown, issues: readonly z.core.$ZodIssue[]): Record<string, unknown> | null {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const copy: Record<string, unknown> = { ...(payload as Record<string, unknown>) };
  const badElements = new Map<string, Set<number>>();
  for (const issue of issues) {
    const [field, index] = issue.path;
    if (typeof field !== 'string') return null;
    if (typeof index === 'number' && Array.isArray(copy[field])) {
      const indexes = badElements.get(field) ?? new Set<number>();
      indexes.add(index);
      badElements.set(field, indexes);
    } else if (issue.path.length === 1) {
      delete copy[field];
    } else {
      return null;
    }
  }
  for (const [field, indexes] of badElements)
    copy[field] = (copy[field] as unknown[]).filter((_, index) => !indexes.has(index));
  return copy;
}

function readEvent(value: unknown): ParsedFrame {
  const envelope = EventFrameSchema.safeParse(value);
  if (!envelope.success) return invalid('event', envelope.error.issues);
  const { kind, seq, ts, payload } = envelope.data;
  const schema = PAYLOAD_SCHEMAS.get(kind);
  if (schema === undefined) return { type: 'ignored', reason: 'unknown-kind', name: kind, seq };
  const parsedPayload = schema.safeParse(payload);
  if (!parsedPayload.success) {
    const kept = withoutBadParts(payload, parsedPayload.error.issues);
    const second = kept === null ? null : schema.safeParse(kept);
    if (second === null || !second.success) return invalid(kind, parsedPayload.error.issues);
    return {
      type: 'event',
      event: { kind, seq, ts, payload: second.data } as LiveEvent,
      repaired: describe(parsedPayload.error.issues),
    };
  }
  return { type: 'event', event: { kind, seq, ts, payload: parsedPayload.data } as LiveEvent };
}

/** Validates an already-parsed frame. Mutates `value` only to remove forbidden keys. */
export function readFrameValue(value: unknown, walkForPrivacy = true): FrameReading {
  try {
    const violations = walkForPrivacy ? stripForbiddenKeys(value) : [];
    return { parsed: classify(value), violations: violations.length === 0 ? NO_VIOLATIONS : violations };
  } catch (error) {
    // Only a pathological value (nesting deep enough to exhaust the stack) gets here; it is malformed, not fatal.
    return { parsed: invalid('socket', `unreadable frame: ${(error as Error).message}`), violations: NO_VIOLATIONS };
  }
}

function classify(value: unknown): ParsedFrame {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return invalid('socket', 'frame is not an object');
  const type = (value as { type?: unknown }).type;
  switch (type) {
    case 'event':
      return readEvent(value);
    case 'state': {
      const result = StateFrameSchema.safeParse(value);
      return result.success ? { type: 'state', frame: result.data } : invalid('state', result.error.issues);
    }
    case 'replay': {
      const result = ReplayFrameSchema.safeParse(value);
      return result.success ? { type: 'replay', frame: result.data } : invalid('replay', result.error.issues);
    }
    default:
      return typeof type === 'string'
        ? { type: 'ignored', reason: 'unknown-type', name: type, seq: null }
        : invalid('socket', 'frame has no string `type`');
  }
}

/** Parses and validates one socket message's text. */
export function readFrameText(text: string): FrameReading {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { parsed: invalid('socket', `not JSON: ${(error as Error).message}`), violations: NO_VIOLATIONS };
  }
  // Text with no fragment of a forbidden key needs no privacy walk: the common frame costs its parse and zod.
  return readFrameValue(value, textMayCarryForbidden(text));
}
