/**
 * Property: a client that follows the spec's cursor rules exactly (store the returned cursor, keep the old one on
 * null, fall back to pages and re-cursor on complete: false) ends with exactly the published hands, whatever the
 * sequence of publishes, republishes, walk caps and page sizes: no hand lost, none returned twice by the cursor.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HistoryPlane } from '../../../main/demo/history/plane';
import { get, makePlane, nightOfHands, type CursorBody } from './plane-support';

interface RuleFollowingClient {
  cursor: { ts: number; hand_id: string } | null;
  readonly have: Set<string>;
  /** Hands the cursor mode returned that an earlier cursor answer had already returned. */
  repeats: number;
  readonly fromCursor: Set<string>;
}

/** One sync; `between` runs after the cursor answer and before any page fallback (a publish racing the client). */
function sync(plane: HistoryPlane, client: RuleFollowingClient, between: () => void): void {
  const text =
    client.cursor === null
      ? 'since=0'
      : `since=${client.cursor.ts}&after_id=${encodeURIComponent(client.cursor.hand_id)}`;
  const answer = get<CursorBody | { error: string }>(plane, '/hands', text);
  // 404 not_found before the first publish: treat as empty, keep the cursor.
  if (answer.status === 404) return between();
  expect(answer.status).toBe(200);
  const body = answer.body as CursorBody;
  for (const hand of body.hands) {
    if (client.fromCursor.has(hand.hand_id)) client.repeats += 1;
    client.fromCursor.add(hand.hand_id);
    client.have.add(hand.hand_id);
  }
  between();
  if (!body.complete) {
    for (let page = 1; ; page += 1) {
      const hands = get<{ hands: { hand_id: string }[] }>(plane, '/hands', `page=${page}`).body.hands;
      if (hands.length === 0) break;
      for (const hand of hands) client.have.add(hand.hand_id);
    }
  }
  if (body.cursor !== null) client.cursor = body.cursor;
}

type Step =
  | { readonly kind: 'publish'; readonly hands: number; readonly ties: boolean }
  | { readonly kind: 'republish' }
  | { readonly kind: 'sync'; readonly racePublish: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('publish' as const), hands: fc.integer({ min: 0, max: 12 }), ties: fc.boolean() }),
  fc.record({ kind: fc.constant('republish' as const) }),
  fc.record({ kind: fc.constant('sync' as const), racePublish: fc.integer({ min: 0, max: 4 }) }),
);

describe('cursor client property', () => {
  it('a rule-following client ends with exactly the published set, no loss, no duplicates', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 15 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(step, { maxLength: 25 }),
        (historyHands, published, cursorWalkCap, pageSize, steps) => {
          const plane = makePlane({ historyHands, published, cursorWalkCap, pageSize });
          let clock = 1_800_000_000;
          // Nights close in time order; hands within a night may share a second.
          const publish = (count: number, ties: boolean): void => {
            const times = Array.from({ length: count }, (_, i) => clock + (ties ? Math.floor(i / 3) : i) + 1);
            clock += count + 10;
            plane.publishSession(nightOfHands(times));
          };
          const client: RuleFollowingClient = { cursor: null, have: new Set(), repeats: 0, fromCursor: new Set() };
          for (const next of steps) {
            if (next.kind === 'publish') publish(next.hands, next.ties);
            else if (next.kind === 'republish') plane.republish();
            else sync(plane, client, () => (next.racePublish > 0 ? publish(next.racePublish, false) : undefined));
          }
          // Catch up: sync until a walk comes back complete and empty.
          for (let round = 0; round < 3; round += 1) sync(plane, client, () => undefined);
          expect([...client.have].sort()).toEqual([...plane.publishedHandIds()].sort());
          expect(client.repeats).toBe(0);
        },
      ),
      { numRuns: 150 },
    );
  });
});
