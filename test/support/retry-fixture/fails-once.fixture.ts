// Tests under freshAfterFailure that each fail their first attempt when asked to (FAIL_FIRST_TRY=1), and log to the
// file named by RETRY_LOG which fixture each attempt ran on, and when each fixture was started and closed.
import { appendFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BROWSER_RETRY, freshAfterFailure } from '../browser-retry';

const log = (line: string) => appendFileSync(process.env.RETRY_LOG ?? '', `${line}\n`);
const failFirstTry = process.env.FAIL_FIRST_TRY === '1';

let started = 0;
/** The fixture the current attempt runs on, with what the attempts before it left on it. */
let fixture: { readonly id: number; readonly leftBehind: string[] };

freshAfterFailure(async () => {
  started += 1;
  const id = started;
  fixture = { id, leftBehind: [] };
  log(`start ${id}`);
  return {
    async close() {
      log(`close ${id}`);
    },
  };
});

const attempts = new Map<string, number>();

/** Logs the attempt, leaves something behind on the fixture, and fails the first attempt when asked to. */
function expectAttempt(name: string): void {
  const count = (attempts.get(name) ?? 0) + 1;
  attempts.set(name, count);
  log(`${name} try ${count} on ${fixture.id} finding [${fixture.leftBehind.join(' ')}]`);
  fixture.leftBehind.push(`${name}#${count}`);
  expect(failFirstTry && count === 1, `${name} fails its first try`).toBe(false);
}

describe('two tests sharing a fixture', BROWSER_RETRY, () => {
  it('first', () => expectAttempt('first'));
  it('second', () => expectAttempt('second'));
});
