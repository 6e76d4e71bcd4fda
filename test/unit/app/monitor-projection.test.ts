/** The monitor's projection: the table and the connection only; no amounts when the venue hides money. */
import { describe, expect, it } from 'vitest';
import { monitorOutcome, monitorProjection } from '../../../main/core/session/monitor-projection';
import { defaultSettings, type MoneyMode, type SessionSnapshot } from '../../../preload/contract';

/** A snapshot whose venue named `moneyMode` (so room screens follow it), or `roomMoneyMode` when given. */
function snapshot(moneyMode: MoneyMode | null, roomMoneyMode: MoneyMode | null = moneyMode): SessionSnapshot {
  return {
    version: 4,
    epoch: 'ep',
    at: 1000,
    connection: { kind: 'live' },
    venue: { venueId: 'venue_secret_id', name: 'The Room', moneyMode, roomMoneyMode, demo: false },
    key: {
      hasKey: true,
      venue: 'venue_secret_id',
      kid: 'kid_123',
      fromEnvironment: true,
      storage: 'memory-only',
      persistRefused: null,
      problem: null,
    },
    table: {
      tableName: 'T1',
      handNumber: 9,
      street: 'flop',
      board: ['Ah', 'Kd', '2c'],
      button: 1,
      actionOn: 2,
      pot: 120,
      currentBet: 20,
      blinds: { smallBlind: 1, bigBlind: 2, ante: 0, straddle: 0 },
      numSeats: 2,
      betweenHands: false,
      seats: [{ seatId: 1, name: 'Ann', playerId: 'p-uuid-1', stack: 340, inHand: true, present: true, folded: false }],
      updatedAt: 990,
    },
    ticker: [
      { id: 'a', at: 1, kind: 'action', text: 'Ann bets', amount: 20 },
      { id: 'm', at: 2, kind: 'money', text: 'Ann: buy-in', amount: 500 },
    ],
    cashier: {
      ready: true,
      notReadyReason: null,
      tray: [{ id: 'tray-1' }],
      ledger: {
        totals: { buyIns: 500, cashOuts: 0, net: 500, count: 1, toConfirm: 0, doubles: 0 },
        entries: [{ id: 'led-1', playerName: 'Ann', amount: 500 }],
      },
    },
    settings: { ...defaultSettings, largeAmountThreshold: 777, venueBaseUrl: 'https://venue.example/v1' },
    history: {
      state: 'synced',
      reason: null,
      fetched: 5,
      stored: 5,
      total: 5,
      remaining: 0,
      lastSyncedAt: 5,
      error: null,
    },
  } as unknown as SessionSnapshot;
}

describe('the monitor projection', () => {
  it('keeps the table and the connection, and nothing of the cashier, settings, key or history', () => {
    const projected = monitorProjection(snapshot('dollars'));
    expect(projected).toMatchObject({
      version: 4,
      epoch: 'ep',
      connection: { kind: 'live' },
      venue: { venueId: null, name: 'The Room', moneyMode: 'dollars' },
    });
    expect(projected.table).toMatchObject({ pot: 120, seats: [{ name: 'Ann', stack: 340, playerId: null }] });
    expect(projected.ticker.map((line) => line.id)).toEqual(['a']);
    const text = JSON.stringify(projected);
    for (const secret of [
      'venue_secret_id',
      'kid_123',
      'tray-1',
      'led-1',
      '777',
      'venue.example',
      'p-uuid-1',
      'synced',
    ])
      expect(text).not.toContain(secret);
    expect(projected.settings).toEqual(defaultSettings);
  });

  it('removes every amount in hidden money mode', () => {
    const projected = monitorProjection(snapshot('hidden'));
    expect(projected.table).toMatchObject({
      pot: null,
      currentBet: null,
      blinds: null,
      seats: [{ name: 'Ann', stack: null }],
    });
    expect(projected.ticker).toEqual([{ id: 'a', at: 1, kind: 'action', text: 'Ann bets', amount: null }]);
  });

  it('removes every amount while the money mode is unknown (room screens fail closed)', () => {
    const projected = monitorProjection(snapshot(null, 'hidden'));
    expect(projected.venue.moneyMode).toBe('hidden');
    expect(projected.table).toMatchObject({ pot: null, currentBet: null, blinds: null, seats: [{ stack: null }] });
    expect(projected.ticker).toEqual([{ id: 'a', at: 1, kind: 'action', text: 'Ann bets', amount: null }]);
  });

  it.each(['bb', 'dollars', null] as const)('keeps the amounts in a known mode that shows them (%s)', (mode) => {
    const projected = monitorProjection(snapshot(mode));
    expect(projected.venue.moneyMode).toBe(mode);
    expect(projected.table).toMatchObject({ pot: 120, currentBet: 20, seats: [{ stack: 340 }] });
  });

  it('gives the same section object for the same source section, so a push is projected once for every monitor', () => {
    const source = snapshot('hidden');
    const next = { ...source, version: 5 };
    expect(monitorProjection(next).table).toBe(monitorProjection(source).table);
    expect(monitorProjection(next).ticker).toBe(monitorProjection(source).ticker);
  });

  it('projects the answer to a snapshot read, and passes refusals through', () => {
    expect(monitorOutcome({ ok: true, value: snapshot('hidden') })).toEqual({
      ok: true,
      value: monitorProjection(snapshot('hidden')),
    });
    const refused = { ok: false as const, error: { code: 'no_venue', message: 'x' } };
    expect(monitorOutcome(refused)).toBe(refused);
  });
});
