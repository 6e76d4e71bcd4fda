/** Operator PINs: the first PIN an operator gives becomes theirs, later ones must match; only a salted hash is kept. */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPERATOR_PINS_FILE, OperatorPins } from '../../../main/core/session/operator-pins';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'venue-pins-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('operator PINs', () => {
  it('enrols the first PIN, then accepts only it, for the same operator however the name is typed', async () => {
    const pins = new OperatorPins(dir);
    expect(await pins.check('Ana Lima', '4821')).toEqual({ ok: true });
    expect(await pins.check(' ana  LIMA ', '4821')).toEqual({ ok: true });
    expect(await pins.check('Ana Lima', '4822')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('Wrong PIN'),
    });
    expect(await pins.check('Ana Lima', undefined)).toMatchObject({ ok: false });
    // Another operator has a PIN of their own.
    expect(await pins.check('Ben', '0000')).toEqual({ ok: true });
    expect(await new OperatorPins(dir).check('Ben', '4821')).toMatchObject({ ok: false });
    expect(await new OperatorPins(dir).check('Ben', '0000')).toEqual({ ok: true });
  });

  it('keeps a salted hash only, in a file only this user can read', async () => {
    const pins = new OperatorPins(dir);
    await pins.check('Ana', '4821');
    await pins.check('Ben', '4821');
    const path = join(dir, OPERATOR_PINS_FILE);
    const text = await readFile(path, 'utf8');
    expect(text).not.toContain('4821');
    const file = JSON.parse(text) as { operators: Record<string, { salt: string; hash: string }> };
    const [ana, ben] = Object.values(file.operators);
    // The same PIN hashes differently for two operators: each has its own salt.
    expect(ana?.salt).not.toBe(ben?.salt);
    expect(ana?.hash).not.toBe(ben?.hash);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('refuses every opening while the file is damaged, rather than let a new PIN replace a colleague’s', async () => {
    await writeFile(join(dir, OPERATOR_PINS_FILE), '{"v":1,"operators":{"ana":{"salt":"zz"}}}');
    await expect(new OperatorPins(dir).check('Ana', '1111')).rejects.toThrow(/damaged/);
  });

  it('gives an operator named like an Object property ("Constructor", "__proto__") a PIN of their own', async () => {
    const pins = new OperatorPins(dir);
    for (const name of ['Constructor', '__proto__', 'hasOwnProperty']) {
      expect(await pins.check(name, '1234')).toEqual({ ok: true });
      expect(await new OperatorPins(dir).check(name, '1234')).toEqual({ ok: true });
      expect(await new OperatorPins(dir).check(name, '9999')).toMatchObject({ ok: false });
    }
  });

  it('calls a torn file (not JSON at all) damaged, with the same words, rather than a parser error', async () => {
    await writeFile(join(dir, OPERATOR_PINS_FILE), '{"v":1,"operators":{"ana":');
    await expect(new OperatorPins(dir).check('Ana', '1111')).rejects.toThrow(/damaged/);
  });
});
