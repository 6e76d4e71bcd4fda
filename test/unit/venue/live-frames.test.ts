import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VenueProtocolError, readFrameText, readFrameValue } from '../../../main/core/venue/index';
import { fixtureSeats, handEvents, stateFrame } from '../../support/venue-fixtures';

const validFrames: unknown[] = [
  stateFrame(fixtureSeats()),
  { type: 'replay', since_seq: 3, count: 2, complete: true, reset: false, oldest_seq: 4, newest_seq: 5, window: 1000 },
  ...handEvents(fixtureSeats(), 2),
];

describe('readFrameText / readFrameValue', () => {
  it('reads every frame type and ignores unknown kinds and types', () => {
    const kinds = validFrames.map((frame) => readFrameText(JSON.stringify(frame)).parsed.type);
    expect(new Set(kinds)).toEqual(new Set(['state', 'replay', 'event']));
    const unknownKind = readFrameText(
      JSON.stringify({ type: 'event', seq: 9, ts: 1, kind: 'table_renamed', payload: {} }),
    );
    expect(unknownKind.parsed).toEqual({ type: 'ignored', reason: 'unknown-kind', name: 'table_renamed', seq: 9 });
    expect(readFrameText('{"type":"hello"}').parsed.type).toBe('ignored');
  });

  it('keeps unknown fields and reports a wrong type as a typed error', () => {
    const extra = readFrameText(
      JSON.stringify({
        type: 'event',
        seq: 1,
        ts: 1,
        kind: 'street_advance',
        payload: { street: 'turn', hand_number: 1, extra: { a: 1 } },
        future: true,
      }),
    );
    expect(extra.parsed.type).toBe('event');
    const wrong = readFrameText(
      JSON.stringify({
        type: 'event',
        seq: 1,
        ts: 1,
        kind: 'player_action',
        payload: { seat_id: 'three', action_type: 'bet' },
      }),
    );
    expect(wrong.parsed.type).toBe('invalid');
    if (wrong.parsed.type === 'invalid') {
      expect(wrong.parsed.error).toBeInstanceOf(VenueProtocolError);
      expect(wrong.parsed.error.details.join()).toContain('seat_id');
    }
    expect(readFrameText('not json').parsed.type).toBe('invalid');
  });

  it('refuses an event whose payload is not an object, even of an unknown kind', () => {
    for (const payload of [null, [1, 2], 'seat', 3]) {
      for (const kind of ['player_action', 'table_renamed']) {
        const { parsed } = readFrameText(JSON.stringify({ type: 'event', seq: 4, ts: 1, kind, payload }));
        expect(parsed.type).toBe('invalid');
        if (parsed.type === 'invalid') expect(parsed.error.details.join()).toContain('payload');
      }
    }
  });

  it('drops hole cards, reveal flags and equity from the live plane and reports each, keeping the rest', () => {
    const frame = stateFrame(fixtureSeats());
    const state = frame.state as { seats: Array<Record<string, unknown>>; equity?: unknown };
    state.seats[0]!.hole_cards = ['As', 'Kd'];
    state.seats[1]!.revealed = true;
    state.equity = { 1: 0.5 };
    const reading = readFrameText(JSON.stringify(frame));
    expect(reading.violations).toEqual(['$.state.seats[0].hole_cards', '$.state.seats[1].revealed', '$.state.equity']);
    expect(reading.parsed.type).toBe('state');
    if (reading.parsed.type === 'state') {
      expect(reading.parsed.frame.state?.seats?.[0]).not.toHaveProperty('hole_cards');
      expect(reading.parsed.frame.state?.seats).toHaveLength(6);
    }
    const event = readFrameText(
      JSON.stringify({
        type: 'event',
        seq: 1,
        ts: 1,
        kind: 'player_action',
        payload: { seat_id: 1, action_type: 'call', amount: 2, win_pct: 40, cards: ['Ah'] },
      }),
    );
    expect(event.violations).toEqual(['$.payload.win_pct', '$.payload.cards']);
    expect(event.parsed.type).toBe('event');
    // An escaped key cannot sneak past the text pre-check.
    const escaped = readFrameText(
      '{"type":"event","seq":1,"ts":1,"kind":"street_advance","payload":{"\\u0065quity":1}}',
    );
    expect(escaped.violations).toEqual(['$.payload.equity']);
  });

  it('survives 10,000 arbitrary JSON values with typed results only', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const reading = readFrameValue(value);
        const fromText = readFrameText(JSON.stringify(value) ?? 'null');
        for (const parsed of [reading.parsed, fromText.parsed]) {
          if (parsed.type === 'invalid') expect(parsed.error).toBeInstanceOf(VenueProtocolError);
        }
      }),
      { numRuns: 10_000 },
    );
  });

  it('survives mutated valid frames: a field replaced, removed or added at any depth', () => {
    const mutate = (value: unknown, path: readonly number[], replacement: unknown): unknown => {
      if (path.length === 0 || value === null || typeof value !== 'object') return replacement;
      const entries = Object.entries(value as Record<string, unknown>);
      if (entries.length === 0) return replacement;
      const [head, ...rest] = path;
      const index = (head as number) % entries.length;
      const copy: Record<string, unknown> = Array.isArray(value)
        ? ([...value] as unknown as Record<string, unknown>)
        : { ...value };
      const [key, child] = entries[index] as [string, unknown];
      if (rest.length === 0 && replacement === undefined) delete copy[key];
      else copy[key] = mutate(child, rest, replacement);
      return copy;
    };
    fc.assert(
      fc.property(
        fc.constantFrom(...validFrames),
        fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
        fc.oneof(fc.jsonValue(), fc.constant(undefined)),
        (frame, path, replacement) => {
          const mutated = mutate(structuredClone(frame), path, replacement);
          const { parsed } = readFrameText(JSON.stringify(mutated) ?? 'null');
          expect(['state', 'replay', 'event', 'ignored', 'invalid']).toContain(parsed.type);
          if (parsed.type === 'invalid') expect(parsed.error).toBeInstanceOf(VenueProtocolError);
        },
      ),
      { numRuns: 3_000 },
    );
  });
});
