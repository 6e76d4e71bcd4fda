import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../preload/contract/settings';
import { EventLog } from '../../../main/core/session/event-log';
import { settingsEvents } from '../../../main/core/session/settings-events';
import { Books, defaultWitnessDir, keyFileSource } from '../../../main/core/storage/books';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) {
    rmSync(dir, { recursive: true, force: true });
    rmSync(defaultWitnessDir(dir), { recursive: true, force: true });
  }
});

async function openLog(dir: string, wall: () => number): Promise<EventLog> {
  const books = await Books.open(dir, defaultWitnessDir(dir), keyFileSource(defaultWitnessDir(dir)));
  return EventLog.open(dir, books, wall, () => undefined);
}

describe('the event log', () => {
  it('keeps every event across a restart, newest first on screen, and exports one table with ISO times', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vc-events-'));
    dirs.push(dir);
    let wall = Date.UTC(2026, 10, 28, 21, 0, 0);
    const first = await openLog(dir, () => wall);
    await first.record('start', 'Venue Cashier started.');
    wall += 60_000;
    await first.record('pin-failed', 'Wrong PIN for Ann.', 'Ann');
    await first.close();
    const second = await openLog(dir, () => wall);
    expect(second.damage).toEqual([]);
    expect(second.recent().map((entry) => entry.kind)).toEqual(['pin-failed', 'start']);
    const [header, ...rows] = second.csv().trim().split('\r\n');
    expect(header).toBe('time,event,operator,what');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d,pin-failed,Ann,Wrong PIN for Ann\.$/);
    // A shift's period: only the events inside it.
    expect(
      second
        .csv(wall - 1_000, wall + 1_000)
        .trim()
        .split('\r\n'),
    ).toHaveLength(2);
    await second.close();
  });

  it('names each changed setting with its value before and after, and the address on its own', () => {
    const after = {
      ...defaultSettings,
      paperSize: 'a4' as const,
      operatorPin: true,
      venueBaseUrl: 'https://v.example/',
    };
    expect(settingsEvents(defaultSettings, after)).toEqual([
      { kind: 'address-changed', text: 'The venue address changed from none to https://v.example/.' },
      { kind: 'settings-changed', text: 'Settings changed: paper receipt-80mm -> a4; operator PIN off -> on.' },
    ]);
    expect(settingsEvents(defaultSettings, { ...defaultSettings })).toEqual([]);
  });
});
