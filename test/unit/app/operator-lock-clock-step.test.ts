/**
 * The manager's lock (MANAGER_LOCK_MS) and the growing wait between wrong PINs across a step of the PC's wall clock.
 * The book is given its clocks as session.ts gives them (the wall, `wallOf` the process's order clock, and the order
 * clock itself); here that order clock is built from a wall clock and a monotonic source the test moves by hand, so a
 * step is the wall moving while the monotonic source does not (a wrong time corrected, NTP after a sleep).
 *
 * The rule (the house's lesson on time): the PC's clock steps; a lock or a wait is a length of time, measured
 * by the monotonic clock, never by two readings of the wall clock. A step back must not lock the manager out for a
 * day; a step forward must not end an hour's lock at once (anyone can type the manager's name: each try the lock
 * skips is a PIN guessed for free).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MANAGER_LOCK_MS, OperatorBook, waitAfter, type BookClock } from '../../../main/core/session/operator-book';
import { Books, defaultWitnessDir, keyFileSource } from '../../../main/core/storage/books';
import { createOrderClock, wallOf } from '../../../main/core/venue/clock';

const DAY_MS = 24 * 3_600_000;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) {
    rmSync(dir, { recursive: true, force: true });
    rmSync(defaultWitnessDir(dir), { recursive: true, force: true });
  }
});

/** A PC's clocks the test moves: `elapse` moves both, `step` moves the wall clock alone. */
function pcClocks() {
  let wall = 1_700_000_000_000;
  let monotonic = 0;
  const order = createOrderClock(
    () => wall,
    () => monotonic,
  );
  return {
    /** What session.ts hands the operator book. */
    book: { wall: () => wallOf(order.now(), order), elapsed: () => order.now() } satisfies BookClock,
    elapse(ms: number) {
      wall += ms;
      monotonic += ms;
    },
    step(ms: number) {
      wall += ms;
    },
  };
}

/** A book with Ana as the manager and Ben as an operator, in a fresh folder. */
async function bookWithManager(clock: BookClock, dir = newFolder()): Promise<OperatorBook> {
  const book = await reopen(dir, clock);
  expect(await book.check('Ana', '4821', true)).toEqual({ ok: true, name: 'Ana' });
  expect(await book.enrol('Ana', '4821', 'Ben', '1234')).toEqual({ ok: true, name: 'Ben' });
  return book;
}

function newFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vc-operator-step-'));
  dirs.push(dir);
  return dir;
}

/** The book in `dir` as a (re)started process opens it. */
async function reopen(dir: string, clock: BookClock): Promise<OperatorBook> {
  const books = await Books.open(dir, defaultWitnessDir(dir), keyFileSource(defaultWitnessDir(dir)));
  return OperatorBook.open(dir, books, clock);
}

/** `count` wrong PINs for `name`, each after the wait the one before it asked for. */
async function wrongPins(book: OperatorBook, clocks: ReturnType<typeof pcClocks>, name: string, count: number) {
  for (let failure = 1; failure <= count; failure += 1) {
    clocks.elapse(waitAfter(failure - 1));
    expect(await book.check(name, '0000')).toMatchObject({ ok: false });
  }
}

describe("the manager's lock across a step of the PC's clock", () => {
  it('holds with no step: the control for the two tests below (an hour of elapsed time ends it)', async () => {
    const clocks = pcClocks();
    const book = await bookWithManager(clocks.book);
    await wrongPins(book, clocks, 'Ana', 10);
    clocks.elapse(MANAGER_LOCK_MS - 1_000);
    expect(await book.check('Ana', '4821')).toMatchObject({ ok: false, reason: expect.stringContaining('locked') });
    clocks.elapse(1_000);
    expect(await book.check('Ana', '4821')).toEqual({ ok: true, name: 'Ana' });
    await book.close();
  });

  // Was a bug: operator-book.ts's lockedUntil compared `lastFailureAt + MANAGER_LOCK_MS` with the wall clock, so a
  // wall clock put back a day (a wrong date corrected) kept the manager out for 25 hours; nobody else can lift it.
  // Right: the lock ends an hour of elapsed (monotonic) time after the last wrong PIN, whatever the wall clock did.
  it('ends after an hour of elapsed time even when the wall clock was put back a day meanwhile', async () => {
    const clocks = pcClocks();
    const book = await bookWithManager(clocks.book);
    await wrongPins(book, clocks, 'Ana', 10);
    clocks.step(-DAY_MS);
    clocks.elapse(MANAGER_LOCK_MS + 1_000);
    expect(await book.check('Ana', '4821')).toEqual({ ok: true, name: 'Ana' });
    await book.close();
  });

  // Was a bug: the same comparison let a wall clock stepped forward two hours (NTP after a sleep, a time zone fixed)
  // end the lock one second after the tenth wrong PIN: the next guess at the manager's PIN was checked at once.
  // Right: the lock still holds until an hour of elapsed time has passed.
  it('still holds a second after the tenth wrong PIN when the wall clock jumped forward two hours', async () => {
    const clocks = pcClocks();
    const book = await bookWithManager(clocks.book);
    await wrongPins(book, clocks, 'Ana', 10);
    clocks.step(2 * 3_600_000);
    clocks.elapse(1_000);
    expect(await book.check('Ana', '4821')).toMatchObject({ ok: false, reason: expect.stringContaining('locked') });
    await book.close();
  });

  // Was a bug: the growing wait after the 6th wrong PIN was `lastFailureAt + wait - wall`: after a step back of a day
  // an operator is told to wait about 24 hours (and every try is refused unchecked until then). Right: 2 s of
  // elapsed time.
  it("waits the 6th wrong PIN's 2 s, not a day, after the wall clock was put back a day", async () => {
    const clocks = pcClocks();
    const book = await bookWithManager(clocks.book);
    await wrongPins(book, clocks, 'Ben', 6);
    clocks.step(-DAY_MS);
    clocks.elapse(waitAfter(6));
    expect(await book.check('Ben', '1234')).toEqual({ ok: true, name: 'Ben' });
    await book.close();
  });

  it('after a restart, a wrong PIN dated in the future (the clock was put back) waits afresh, not a day', async () => {
    const dir = newFolder();
    const first = pcClocks();
    const before = await bookWithManager(first.book, dir);
    await wrongPins(before, first, 'Ben', 6);
    await before.close();
    // The next start: the wall clock was put back a day, and the order clock began again.
    const second = pcClocks();
    second.step(-DAY_MS);
    const after = await reopen(dir, second.book);
    expect(await after.check('Ben', '1234')).toMatchObject({
      ok: false,
      reason: expect.stringContaining(`wait ${waitAfter(6) / 1000} s`),
    });
    second.elapse(waitAfter(6));
    expect(await after.check('Ben', '1234')).toEqual({ ok: true, name: 'Ben' });
    await after.close();
  });

  it("after a restart, the manager's lock counts from the last wrong PIN's wall time", async () => {
    const dir = newFolder();
    const first = pcClocks();
    const before = await bookWithManager(first.book, dir);
    await wrongPins(before, first, 'Ana', 10);
    await before.close();
    const second = pcClocks();
    second.step(MANAGER_LOCK_MS / 2);
    const after = await reopen(dir, second.book);
    // The first process's last wrong PIN came after the waits before it: that long after its start.
    const waited = Array.from({ length: 10 }, (_, failure) => waitAfter(failure)).reduce((sum, ms) => sum + ms, 0);
    second.elapse(MANAGER_LOCK_MS / 2 + waited - 1_000);
    expect(await after.check('Ana', '4821')).toMatchObject({ ok: false, reason: expect.stringContaining('1 s') });
    second.elapse(1_000);
    expect(await after.check('Ana', '4821')).toEqual({ ok: true, name: 'Ana' });
    await after.close();
  });
});
