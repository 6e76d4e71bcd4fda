import { describe, expect, it } from 'vitest';
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
