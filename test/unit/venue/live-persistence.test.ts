import { readdir, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { LivePersistence, type PersistedLive } from '../../../main/core/venue/index';
import { tempDirsAfterEach } from '../../support/temp-dirs';

const freshDir = tempDirsAfterEach('venue-live-');

const record: PersistedLive = {
  version: 1,
  seq: 42,
  runEpoch: 2,
  lastHandNumber: 9,
  frame: {
    live: true,
    state: {
      hand_number: 9,
      board: ['As'],
      pot: 12.5,
      seats: [{ seat_id: 1, player_id: 'p1', name: 'A', stack: 100, in_hand: true, present: true }],
    },
    at: 1_700_000_000_000,
  },
  savedAt: 1_700_000_000_500,
};

describe('LivePersistence', () => {
  it('round-trips a record and leaves no temp file behind', async () => {
    const dir = await freshDir();
    const store = new LivePersistence(dir);
    expect(await store.load()).toEqual({ kind: 'empty' });
    await store.save(record);
    await store.save({ ...record, seq: 43 });
    const loaded = await store.load();
    expect(loaded).toEqual({ kind: 'loaded', record: { ...record, seq: 43 } });
    expect(await readdir(dir)).toEqual(['live-state.json']);
  });

  it('reports a corrupt file, moves it aside and starts empty', async () => {
    const dir = await freshDir();
    const store = new LivePersistence(dir);
    await writeFile(store.path, '{"version":1,"seq":', 'utf8');
    const loaded = await store.load();
    expect(loaded.kind).toBe('corrupt');
    expect(await store.load()).toEqual({ kind: 'empty' });
    expect((await readdir(dir)).some((name) => name.includes('.corrupt-'))).toBe(true);
  });

  it('reports a well-formed file with wrong types as corrupt', async () => {
    const dir = await freshDir();
    const store = new LivePersistence(dir);
    await writeFile(store.path, JSON.stringify({ ...record, seq: 'forty-two' }), 'utf8');
    expect((await store.load()).kind).toBe('corrupt');
  });

  it('refuses to write a record that does not validate', async () => {
    const store = new LivePersistence(await freshDir());
    await expect(store.save({ ...record, runEpoch: -1 })).rejects.toThrow();
    expect(await store.load()).toEqual({ kind: 'empty' });
  });
});
