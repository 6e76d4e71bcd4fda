/** Settings' sentence on the venue in use says "Connected to" only while the socket to that venue is open. */
import { describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '../../../preload/contract';
import { venueStatusWords } from '../../../renderer/settings/venue-status';
import { clockTime } from '../../../renderer/shared/time';

const WHERE = 'https://venue.example/v1';
const LAST = Date.UTC(2026, 10, 28, 21, 4, 5);
const NEXT = LAST + 95_000;

const ALL: readonly ConnectionStatus[] = [
  { kind: 'connecting' },
  { kind: 'live' },
  { kind: 'host-offline', lastFrameAt: LAST },
  { kind: 'reconnecting', retryAt: NEXT, lastFrameAt: LAST },
  { kind: 'reconnecting', retryAt: null, lastFrameAt: null, unreachable: true },
  { kind: 'access-withdrawn' },
  { kind: 'no-key' },
  { kind: 'app-not-running', since: LAST },
];

describe('the venue status in Settings', () => {
  it('says "Connected to" only while connected', () => {
    const connected = ALL.filter((connection) =>
      venueStatusWords(WHERE, connection, true).startsWith(`Connected to ${WHERE}`),
    ).map((connection) => connection.kind);
    expect(connected).toEqual(['live', 'host-offline']);
  });

  it('says since when a venue is not answering and when it is tried next', () => {
    expect(venueStatusWords(WHERE, { kind: 'reconnecting', retryAt: NEXT, lastFrameAt: LAST }, true)).toBe(
      `${WHERE} is not answering since ${clockTime(LAST)}; next attempt ${clockTime(NEXT)}.`,
    );
    expect(venueStatusWords(null, { kind: 'reconnecting', retryAt: null, lastFrameAt: null }, false)).toBe(
      'The built-in demo venue has not answered yet; trying now.',
    );
  });

  it('tells a missing key from a key checked for another address', () => {
    expect(venueStatusWords(WHERE, { kind: 'no-key' }, false)).toMatch(/^Not connected: no key is set for /);
    expect(venueStatusWords(WHERE, { kind: 'no-key' }, true)).toMatch(/checked for another address/);
  });
});
