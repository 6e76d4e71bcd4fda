/** The venue ledger: continuity as the stream reports it, one copy of each event, and its file across restarts. */
import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VENUE_LEDGER_FILE } from '../../../main/core/cashier/reconcile/ledger-file';
import { openVenueLedger } from '../../../main/core/cashier/reconcile/venue-ledger';
import type { StreamNote, VenueEventFields } from '../../../main/core/cashier/reconcile/types';
import { appliedEventFixture } from '../../support/cashier-fixtures';
import { tempDirsAfterEach } from '../../support/temp-dirs';

const { observedAt: _observedAt, ...fields }: VenueEventFields & { observedAt: number } = appliedEventFixture();
const eventNote = (at: number, seq: number, venueTs = 1_000 + seq, catchUp = false): StreamNote => ({
  type: 'event',
  at,
  seq,
  venueTs,
  catchUp,
  fields,
});

const tempDir = tempDirsAfterEach('venue-ledger-');

describe('venue ledger', () => {
  it('stores each event once across a replay, and a field-for-field repeat with its own seq twice', async () => {
    const ledger = await openVenueLedger(await tempDir());
    await ledger.note({ type: 'resume', at: 10, verdict: 'no-cursor' });
    await ledger.note(eventNote(20, 1, 500));
    await ledger.note(eventNote(30, 2, 500));
    await ledger.note({ type: 'drop', at: 40 });
    await ledger.note({ type: 'resume', at: 50, verdict: 'complete' });
    await ledger.note(eventNote(51, 2, 500, true));
    const view = ledger.view(60);
    expect(view.events.map((event) => event.seq)).toEqual([1, 2]);
    expect(view.gaps.map((gap) => gap.reason)).toEqual(['not-watched']);
    await ledger.close();
  });

  it('records a gap with its span when the replay was evicted, and a new run after a reset', async () => {
    const ledger = await openVenueLedger(await tempDir());
    await ledger.note({ type: 'resume', at: 10, verdict: 'no-cursor' });
    await ledger.note(eventNote(20, 5));
    await ledger.note({ type: 'drop', at: 40 });
    await ledger.note({ type: 'gap', at: 90, reason: 'buffer-evicted' });
    await ledger.note({ type: 'drop', at: 100 });
    await ledger.note({ type: 'gap', at: 120, reason: 'engine-reset' });
    // The new run's counter began again: seq 5 is another event, stored.
    await ledger.note(eventNote(130, 5, 2_000));
    const view = ledger.view(200);
    expect(view.gaps.slice(1)).toEqual([
      { from: 40, to: 90, reason: 'buffer-evicted' },
      { from: 100, to: 120, reason: 'engine-reset' },
    ]);
    expect(view.events.map((event) => [event.run, event.seq])).toEqual([
      [0, 5],
      [1, 5],
    ]);
    await ledger.close();
  });

  it('keeps a disconnection open as "disconnected" up to now until the stream resumes', async () => {
    const ledger = await openVenueLedger(await tempDir());
    await ledger.note({ type: 'resume', at: 10, verdict: 'no-cursor' });
    await ledger.note({ type: 'drop', at: 40 });
    expect(ledger.view(500).gaps.at(-1)).toEqual({ from: 40, to: 500, reason: 'disconnected' });
    await ledger.note({ type: 'resume', at: 600, verdict: 'no-cursor' });
    expect(ledger.view(700).gaps.at(-1)).toEqual({ from: 40, to: 600, reason: 'no-cursor' });
    await ledger.close();
  });

  it('reads itself back after a restart (torn tail cut), and a replay after it is not stored again', async () => {
    const dir = await tempDir();
    const first = await openVenueLedger(dir);
    await first.note({ type: 'resume', at: 10, verdict: 'no-cursor' });
    await first.note(eventNote(20, 1));
    await first.note(eventNote(30, 2));
    await first.close();
    // A crash mid-append: half a record at the end of the file.
    const path = join(dir, VENUE_LEDGER_FILE);
    const whole = await readFile(path, 'utf8');
    await appendFile(path, whole.split('\n')[1]?.slice(0, 25) ?? 'x');
    const second = await openVenueLedger(dir);
    expect(second.damaged).toBe(0);
    // Until the stream resumes, the time since the last record is not known to be covered.
    expect(second.view(100).gaps.at(-1)).toEqual({ from: 30, to: 100, reason: 'disconnected' });
    await second.note({ type: 'resume', at: 110, verdict: 'complete' });
    await second.note(eventNote(111, 1, 1_001, true));
    await second.note(eventNote(112, 2, 1_002, true));
    await second.note(eventNote(113, 3, 1_003, true));
    expect(second.view(200).events.map((event) => event.seq)).toEqual([1, 2, 3]);
    expect(second.view(200).gaps.map((gap) => gap.reason)).toEqual(['not-watched']);
    await second.close();
    const third = await openVenueLedger(dir);
    expect(third.view(300).events.map((event) => event.seq)).toEqual([1, 2, 3]);
    await third.close();
  });

  it('skips a record that is not a ledger record and counts it', async () => {
    const dir = await tempDir();
    const first = await openVenueLedger(dir);
    await first.note({ type: 'resume', at: 10, verdict: 'no-cursor' });
    await first.close();
    const { FramedLog } = await import('../../../main/core/storage/framed-log');
    const { log } = await FramedLog.open(join(dir, VENUE_LEDGER_FILE));
    await log.append([JSON.stringify({ v: 1, type: 'event', event: { kind: 'bribe' } })]);
    await log.close();
    const second = await openVenueLedger(dir);
    expect(second.damaged).toBe(1);
    expect(second.view(20).watchingSince).toBe(10);
    await second.close();
  });
});
