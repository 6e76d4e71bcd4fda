import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { venueNameKey } from '../../../preload/contract/player-name';
import { rosterIndex, rosterMatch, searchRoster } from '../../../renderer/cashier/roster-search';

const roster = rosterIndex([
  { playerId: 'p1', name: 'Ava Brennan', handsPlayed: 900 },
  { playerId: 'p2', name: 'Avery Stone', handsPlayed: 40 },
  { playerId: 'p3', name: 'Marco Avalos', handsPlayed: 300 },
  { playerId: 'p4', name: 'Java Kid', handsPlayed: 5000 },
  { playerId: 'p5', name: 'ava  brennan', handsPlayed: 2 },
  { playerId: 'p6', name: 'Zoë Park', handsPlayed: 10 },
]);

const names = (typed: string) => searchRoster(roster, typed).map((entry) => entry.name);

describe('the walk-in roster search', () => {
  it('matches as the venue does: case-blind, spaces collapsed, one Unicode form', () => {
    expect(names('AVA   BRENNAN')).toEqual(['Ava Brennan']);
    expect(names(' ava b')).toEqual(['Ava Brennan']);
    expect(names('Zoe\u0308')).toEqual(['Zoë Park']);
  });

  it('ranks the start of the name, then the start of a later word, then anywhere; regulars first within a rank', () => {
    expect(names('ava')).toEqual(['Ava Brennan', 'Marco Avalos', 'Java Kid']);
    expect(names('av')).toEqual(['Ava Brennan', 'Avery Stone', 'Marco Avalos', 'Java Kid']);
  });

  it('keeps one entry for two rows the venue would take as one name (the busier one)', () => {
    expect(roster.entries.filter((entry) => entry.key === 'ava brennan')).toHaveLength(1);
    expect(rosterMatch(roster, 'AVA BRENNAN')?.playerId).toBe('p1');
  });

  it('suggests nothing for nothing typed, and nothing for a new name', () => {
    expect(names('   ')).toEqual([]);
    expect(names('Quentin')).toEqual([]);
    expect(rosterMatch(roster, 'Quentin')).toBeNull();
  });

  it('stops at the limit', () => {
    expect(searchRoster(roster, 'a', 2)).toHaveLength(2);
  });
});

describe('the bounded top-k search', () => {
  it('returns exactly what sorting every match would, for any roster and any typed text', () => {
    const name = fc.stringMatching(/^[A-Za-z ]{1,12}$/);
    fc.assert(
      fc.property(
        fc.array(fc.record({ name, handsPlayed: fc.nat(50) }), { maxLength: 60 }),
        fc.stringMatching(/^[a-z ]{1,3}$/),
        fc.integer({ min: 1, max: 10 }),
        (rows, typed, limit) => {
          const index = rosterIndex(rows.map((row, at) => ({ playerId: `p${at}`, ...row })));
          const key = venueNameKey(typed);
          const rankOf = (entryKey: string) =>
            entryKey === key
              ? 0
              : entryKey.startsWith(key)
                ? 1
                : entryKey.includes(` ${key}`)
                  ? 2
                  : entryKey.includes(key)
                    ? 3
                    : -1;
          const expected =
            key === ''
              ? []
              : index.entries
                  .filter((entry) => rankOf(entry.key) >= 0)
                  .sort(
                    (a, b) =>
                      rankOf(a.key) - rankOf(b.key) ||
                      b.handsPlayed - a.handsPlayed ||
                      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
                  )
                  .slice(0, limit);
          expect(searchRoster(index, typed, limit)).toEqual(expected);
        },
      ),
    );
  });
});

it('ranks a later word that starts with the text above a match inside a word, wherever that one is', () => {
  const index = rosterIndex([
    { playerId: 'a', name: 'Xab Ab', handsPlayed: 1 },
    { playerId: 'b', name: 'Cabo Lee', handsPlayed: 99 },
  ]);
  expect(searchRoster(index, 'ab').map((entry) => entry.name)).toEqual(['Xab Ab', 'Cabo Lee']);
});
