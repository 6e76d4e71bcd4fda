// The demo-venue command line: defaults, both flag spellings, and a clear refusal for anything else.
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../main/demo/cli-args';

describe('demo-venue arguments', () => {
  it('defaults to port 0, seed 1 and bb', () => {
    expect(parseCliArgs([])).toEqual({ ok: true, options: { port: 0, seed: 1, moneyMode: 'bb', ante: 0, straddle: 0 } });
  });

  it('reads --flag value and --flag=value', () => {
    expect(parseCliArgs(['--port', '8123', '--seed=42', '--money-mode', 'hidden', '--ante=0.5', '--straddle', '4'])).toEqual({
      ok: true,
      options: { port: 8123, seed: 42, moneyMode: 'hidden', ante: 0.5, straddle: 4 },
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
  ])('refuses %j with a message and the usage line', (args, message) => {
    const parsed = parseCliArgs(args);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.message).toMatch(message);
      expect(parsed.message).toMatch(/usage: npm run demo-venue/);
    }
  });
});
