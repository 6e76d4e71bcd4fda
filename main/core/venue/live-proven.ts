/**
 * The hot path of reading a socket frame. One generated pass per frame proves both that the frame is valid and
 * that it carries no forbidden key (spec rule 2), so a clean frame costs its JSON.parse plus property reads the
 * engine can inline: no text scan, no separate privacy walk, no zod output copy.
 *
 * Each known event kind gets one guard compiled from the envelope schema with that kind's payload schema put in
 * place of the open `payload` record, so the envelope and the payload are checked together. A frame this path
 * cannot prove (an extra key, a forbidden key, a wrong type, an unknown kind) returns null and takes the complete
 * path in live-frames.ts, which strips, reports and explains exactly as before.
 */
import { z } from 'zod';
import { compileClosedGuard, type ClosedGuardRules, type Guard } from './guard-compiler';
import type { ParsedFrame } from './live-frames';
import { FORBIDDEN_LIVE_KEYS } from './live-privacy';
import {
  EVENT_PAYLOAD_SCHEMAS,
  EventFrameSchema,
  ReplayFrameSchema,
  StateFrameSchema,
  type LiveEvent,
  type ReplayFrame,
  type StateFrame,
} from './schemas-live';

/** True when `value` has no forbidden key at any depth (inherited keys count too: a false alarm only costs the slow path). */
function isClean(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) if (!isClean(value[index])) return false;
    return true;
  }
  for (const key in value) {
    if (FORBIDDEN_LIVE_KEYS.has(key) || !isClean((value as Record<string, unknown>)[key])) return false;
  }
  return true;
}

const RULES: ClosedGuardRules = { forbidden: FORBIDDEN_LIVE_KEYS, isClean };

function eventGuards(): ReadonlyMap<string, Guard> {
  const guards = new Map<string, Guard>();
  for (const [kind, payload] of Object.entries(EVENT_PAYLOAD_SCHEMAS)) {
    const guard = compileClosedGuard(EventFrameSchema.extend({ kind: z.literal(kind), payload }), RULES);
    if (guard !== null) guards.set(kind, guard);
  }
  return guards;
}

const EVENT_GUARDS = eventGuards();
const stateGuard = compileClosedGuard(StateFrameSchema, RULES);
const replayGuard = compileClosedGuard(ReplayFrameSchema, RULES);

function provenFrame(frame: { readonly type?: unknown; readonly kind?: unknown }): ParsedFrame | null {
  switch (frame.type) {
    case 'event': {
      const guard = typeof frame.kind === 'string' ? EVENT_GUARDS.get(frame.kind) : undefined;
      return guard?.(frame) === true ? { type: 'event', event: frame as LiveEvent } : null;
    }
    case 'state':
      return stateGuard?.(frame) === true ? { type: 'state', frame: frame as StateFrame } : null;
    case 'replay':
      return replayGuard?.(frame) === true ? { type: 'replay', frame: frame as ReplayFrame } : null;
    default:
      return null;
  }
}

/**
 * The reading of a freshly parsed JSON value when one pass proves it a valid, clean frame of a known type and kind;
 * null when it cannot (the caller then takes the complete path). Never mutates, never throws.
 */
export function readProvenFrame(value: unknown): ParsedFrame | null {
  if (typeof value !== 'object' || value === null) return null;
  try {
    return provenFrame(value);
  } catch {
    // Nesting deep enough to exhaust the stack: the complete path reports it.
    return null;
  }
}
