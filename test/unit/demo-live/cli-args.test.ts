// The demo-venue command line: defaults, both flag spellings, and a clear refusal for anything else.
import { describe, expect, it } from 'vitest';
import type { DemoFaults } from '../../../main/demo/api';
import { parseCliArgs } from '../../../main/demo/cli-args';
import { parseFaultCommand } from '../../../main/demo/fault-commands';

describe('demo-venue arguments', () => {
  it('defaults to port 0, seed 1 and bb', () => {
    expect(parseCliArgs([])).toEqual({
      ok: true,
      options: { port: 0, seed: 1, moneyMode: 'bb', ante: 0, straddle: 0 },
      faults: [],
    });
  });

  it('reads --flag value and --flag=value', () => {
    expect(
      parseCliArgs(['--port', '8123', '--seed=42', '--money-mode', 'hidden', '--ante=0.5', '--straddle', '4']),
    ).toEqual({
      ok: true,
      options: { port: 8123, seed: 42, moneyMode: 'hidden', ante: 0.5, straddle: 4 },
      faults: [],
    });
  });

  it.each([
    [['--port', 'eighty'], /--port must be an integer/],
    [['--port', '70000'], /--port must be an integer/],
    [['--seed', '-3'], /--seed must be an integer/],
    [['--money-mode', 'euros'], /--money-mode must be bb, dollars or hidden/],
    [['--ante', '-1'], /--ante must be an amount in table chips/],
    [['--straddle', '4.005'], /--straddle must be an amount in table chips/],
    [['--verbose'], /unknown argument: --verbose/],
    [['--seed'], /--seed needs a value/],
    [['extra'], /unknown argument: extra/],
    [['--fault', 'lose-everything'], /--fault: unknown fault command "lose-everything"/],
    [['--fault', 'slow-host'], /--fault: slow-host takes milliseconds/],
  ])('refuses %j with a message and the usage line', (args, message) => {
    const parsed = parseCliArgs(args);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.message).toMatch(message);
      expect(parsed.message).toMatch(/usage: npm run demo-venue/);
    }
  });

  it('keeps the venue in --state-dir only when asked, and --fresh-state only with it', () => {
    expect(parseCliArgs([]).ok && 'stateDir' in (parseCliArgs([]) as { options: object }).options).toBe(false);
    expect(parseCliArgs(['--state-dir', '/tmp/demo', '--fresh-state'])).toMatchObject({
      ok: true,
      options: { stateDir: '/tmp/demo', freshState: true },
    });
    expect(parseCliArgs(['--state-dir=/tmp/demo'])).toMatchObject({ ok: true, options: { freshState: false } });
    expect(parseCliArgs(['--fresh-state'])).toMatchObject({ ok: false, message: /--fresh-state needs --state-dir/ });
    expect(parseCliArgs(['--state-dir', ''])).toMatchObject({ ok: false });
  });

  it('reads repeated --fault commands in either spelling, in order', () => {
    const parsed = parseCliArgs(['--fault', 'lost-answer', '--fault=slow-host:80000:2', '--fault', 'cut-view']);
    expect(parsed.ok && parsed.faults.map((command) => command.text)).toEqual([
      'lost-answer',
      'slow-host 80000 2',
      'cut-view',
    ]);
  });
});

describe('fault commands', () => {
  /** The DemoFaults calls a command makes, by method name and arguments. */
  function callsOf(line: string): unknown[][] {
    const calls: unknown[][] = [];
    const faults = new Proxy(
      {},
      {
        get:
          (_target, method) =>
          (...args: unknown[]) =>
            calls.push([method, ...args]),
      },
    ) as DemoFaults;
    const parsed = parseFaultCommand(line);
    if (!parsed.ok) throw new Error(parsed.message);
    parsed.command.run(faults);
    return calls;
  }

  it.each([
    ['lost-answer', [['timeoutNextMovements', 1, 'applied-answer-lost']]],
    ['lost-answer 3', [['timeoutNextMovements', 3, 'applied-answer-lost']]],
    ['release-answers', [['releaseLostAnswers']]],
    ['slow-host 80000', [['slowHostNextMovements', 1, 80000]]],
    ['  slow-host:500:4 ', [['slowHostNextMovements', 4, 500]]],
    ['null-hands', [['setNullHandFields', true]]],
    ['null-hands off', [['setNullHandFields', false]]],
    ['cut-view on', [['cutTableView', true]]],
    ['cut-view:off', [['cutTableView', false]]],
  ])('%j calls %j', (line, calls) => {
    expect(callsOf(line)).toEqual(calls);
  });

  it.each([
    '',
    'lost-answer 0',
    'lost-answer two',
    'release-answers now',
    'slow-host -5',
    'slow-host 3600001',
    'null-hands maybe',
    'cut-view on off',
    'host-offline',
  ])('refuses %j with a message', (line) => {
    const parsed = parseFaultCommand(line);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message.length).toBeGreaterThan(10);
  });
});
