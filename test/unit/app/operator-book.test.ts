/** Operators: enrolled by the manager, wrong PINs limited and counted durably, in a sealed file of the books. */
import { randomBytes, scryptSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  LEGACY_PINS_FILE,
  MANAGER_LOCK_MS,
  OPERATOR_BOOK_FILE,
  OperatorBook,
  type OperatorEvent,
  waitAfter,
} from '../../../main/core/session/operator-book';
import { Books, defaultWitnessDir, keyFileSource } from '../../../main/core/storage/books';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) {
    rmSync(dir, { recursive: true, force: true });
    rmSync(defaultWitnessDir(dir), { recursive: true, force: true });
  }
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vc-operators-'));
  dirs.push(dir);
  return dir;
}

async function openBook(dir: string, wall: () => number, events: OperatorEvent[] = []): Promise<OperatorBook> {
  // A fresh Books each time, as a restarted process reads them.
  const books = await Books.open(dir, defaultWitnessDir(dir), keyFileSource(defaultWitnessDir(dir)));
  // The wall and the order clock move together here: no step (operator-lock-clock-step.test.ts steps them).
  return OperatorBook.open(dir, books, { wall, elapsed: wall }, (event) => events.push(event));
}

describe('the operator book', () => {
  it('sets up the first operator as the manager; after that a typed name is not an operator', async () => {
    const dir = folder();
    const book = await openBook(dir, () => 1_000);
    expect(await book.check('Ana', '4821', true)).toEqual({ ok: true, name: 'Ana' });
    expect(await book.check('Ben', '1234', true)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('Ben is not an enrolled operator'),
    });
    // Only the manager enrols; Ben then has his own PIN.
    expect(await book.enrol('Ben', '1234', 'Ben', '1234')).toMatchObject({ ok: false });
    expect(await book.enrol('Ana', '4821', 'Ben', '1234')).toEqual({ ok: true, name: 'Ben' });
    expect(await book.enrol('Ben', '1234', 'Cy', '5555')).toMatchObject({ ok: false, reason: /not the manager/ });
    expect(await book.check(' ben ', '1234')).toEqual({ ok: true, name: 'Ben' });
    expect(book.list()).toEqual([
      { name: 'Ana', manager: true, locked: false },
      { name: 'Ben', manager: false, locked: false },
    ]);
    await book.close();
    // No PIN in the file, only salted hashes: no record holds a PIN as a value (a hex hash may contain the digits by
    // chance, so each value is compared whole), and an enrolment has exactly these fields.
    const records = readFileSync(join(dir, OPERATOR_BOOK_FILE), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line.slice(line.indexOf('{'))) as Record<string, unknown>);
    const values = records.flatMap((record) => Object.values(record).map(String));
    expect(values.filter((value) => value === '4821' || value === '1234')).toEqual([]);
    const enrolment = records.find((record) => record.t === 'enrol');
    expect(Object.keys(enrolment ?? {}).sort()).toEqual(['at', 'by', 'hash', 'manager', 'name', 'salt', 't']);
  });

  it('makes wrong PINs wait after 5 and locks at 10, durably, until the manager unlocks', async () => {
    const dir = folder();
    let wall = 1_000_000;
    const events: OperatorEvent[] = [];
    let book = await openBook(dir, () => wall, events);
    await book.check('Ana', '4821', true);
    await book.enrol('Ana', '4821', 'Ben', '1234');
    for (let failure = 1; failure <= 5; failure += 1)
      expect(await book.check('Ben', '0000')).toMatchObject({ ok: false, reason: /Wrong PIN for Ben/ });
    // The 6th try comes at once: refused without looking at the PIN, even the right one.
    expect(await book.check('Ben', '1234')).toMatchObject({ ok: false, reason: /wait 2 s/ });
    // A restart does not reset the count.
    await book.close();
    book = await openBook(dir, () => wall, events);
    expect(await book.check('Ben', '1234')).toMatchObject({ ok: false, reason: /wait/ });
    for (let failure = 6; failure <= 10; failure += 1) {
      wall += waitAfter(failure - 1);
      await book.check('Ben', '0000');
    }
    wall += 3_600_000;
    expect(await book.check('Ben', '1234')).toMatchObject({ ok: false, reason: /locked after 10 wrong PINs/ });
    expect(events.filter((event) => event.kind === 'pin-failed')).toHaveLength(10);
    expect(events.filter((event) => event.kind === 'pin-locked').map((event) => event.operator)).toEqual(['Ben']);
    expect(events.every((event) => !/1234|0000/.test(event.text))).toBe(true);
    expect(await book.unlock('Ana', '4821', 'Ben')).toEqual({ ok: true, name: 'Ben' });
    expect(await book.check('Ben', '1234')).toEqual({ ok: true, name: 'Ben' });
    await book.close();
  });

  // Anyone at the keyboard can type 10 wrong PINs for the manager's name (about a minute of waits); only the manager
  // unlocks, so nobody can ever enrol, unlock, change a setting or close a shift under PINs again. Not fixed: which
  // way back (a second manager, the lock turned into a long wait for the manager) is a decision for the design.
  it('leaves a way back when the manager is locked by wrong PINs someone else typed', async () => {
    const dir = folder();
    let wall = 1_000_000;
    const book = await openBook(dir, () => wall);
    await book.check('Ana', '4821', true);
    await book.enrol('Ana', '4821', 'Ben', '1234');
    for (let failure = 1; failure <= 10; failure += 1) {
      wall += waitAfter(failure - 1);
      await book.check('ana', '0000');
    }
    wall += 7 * 24 * 3_600_000;
    const ways = [await book.check('Ana', '4821'), await book.unlock('Ben', '1234', 'Ana')];
    expect(ways.some((verdict) => verdict.ok)).toBe(true);
    await book.close();
  });

  it("ends the manager's lock an hour after the last wrong PIN, one try at a time; an operator's stays", async () => {
    const dir = folder();
    let wall = 1_000_000;
    const book = await openBook(dir, () => wall);
    await book.check('Ana', '4821', true);
    await book.enrol('Ana', '4821', 'Ben', '1234');
    for (const name of ['Ben', 'Ana'])
      for (let failure = 1; failure <= 10; failure += 1) {
        wall += waitAfter(failure - 1);
        await book.check(name, '0000');
      }
    wall += MANAGER_LOCK_MS - 1;
    expect(await book.check('Ana', '4821')).toEqual({
      ok: false,
      reason: "Ana is locked after 10 wrong PINs: the manager's lock ends by itself in 1 s.",
    });
    wall += 1;
    // One try after the hour; a wrong one locks the manager for another hour, unchecked.
    expect(await book.check('Ana', '0000')).toMatchObject({ ok: false, reason: expect.stringContaining('in 60 min') });
    expect(await book.check('Ana', '4821')).toMatchObject({ ok: false });
    wall += MANAGER_LOCK_MS;
    expect(await book.check('Ana', '4821')).toEqual({ ok: true, name: 'Ana' });
    expect(book.list().find((operator) => operator.name === 'Ana')?.locked).toBe(false);
    // Ben's lock is lifted only by the manager, however long it has been.
    wall += 30 * 24 * 3_600_000;
    expect(await book.check('Ben', '1234')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('manager can unlock'),
    });
    expect(book.list().find((operator) => operator.name === 'Ben')?.locked).toBe(true);
    expect(await book.unlock('Ana', '4821', 'Ben')).toEqual({ ok: true, name: 'Ben' });
    expect(await book.check('Ben', '1234')).toEqual({ ok: true, name: 'Ben' });
    await book.close();
  });

  it('checks no PIN at all once its file was edited, deleted, or the counts cut off', async () => {
    for (const tamper of ['edit', 'delete', 'cut'] as const) {
      const dir = folder();
      const book = await openBook(dir, () => 5_000);
      await book.check('Ana', '4821', true);
      await book.check('Ana', '0000');
      await book.close();
      const file = join(dir, OPERATOR_BOOK_FILE);
      const text = readFileSync(file, 'utf8');
      if (tamper === 'edit') writeFileSync(file, text.replace('"manager":true', '"manager":false'));
      if (tamper === 'delete') rmSync(file);
      if (tamper === 'cut') writeFileSync(file, text.slice(0, text.lastIndexOf('\n', text.length - 2) + 1));
      const reopened = await openBook(dir, () => 6_000);
      expect({ tamper, verdict: await reopened.check('Ana', '4821', true) }).toEqual({
        tamper,
        verdict: { ok: false, reason: expect.stringContaining('operator records on this PC are damaged') },
      });
      await reopened.close();
    }
  });

  it("takes in an earlier version's operator-pins.json once, its first operator as the manager", async () => {
    const dir = folder();
    const entry = (pin: string) => {
      const salt = randomBytes(16);
      return { salt: salt.toString('hex'), hash: scryptSync(pin, salt, 32).toString('hex') };
    };
    writeFileSync(
      join(dir, LEGACY_PINS_FILE),
      JSON.stringify({ v: 1, operators: { ana: entry('4821'), ben: entry('1234') } }),
    );
    const book = await openBook(dir, () => 1_000);
    expect(book.list().map((operator) => [operator.name, operator.manager])).toEqual([
      ['ana', true],
      ['ben', false],
    ]);
    expect(await book.check('Ben', '1234')).toEqual({ ok: true, name: 'ben' });
    await book.close();
  });
});
