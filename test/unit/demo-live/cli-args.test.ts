// The demo-venue command line: defaults, both flag spellings, and a clear refusal for anything else.
import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../main/demo/cli-args';

describe('demo-venue arguments', () => {
  it('defaults to port 0, seed 1 and bb', () => {
    expect(parseCliArgs([])).toEqual({ ok: true, options: { port: 0, seed: 1, moneyMode: 'bb' } });
  });

  it('reads --flag value and --flag=value', () => {
    expect(parseCliArgs(['--port', '8123', '--seed=42', '--money-mode', 'hidden'])).toEqual({
      ok: true,
      options: { port: 8123, seed: 42, moneyMode: 'hidden' },
    });
  });

  it.each([
    [['--port', 'eighty'], /--port must be an integer/],
    [['--port', '70000'], /--port must be an integer/],
    [['--seed', '-3'], /--seed must be an integer/],
    [['--money-mode', 'euros'], /--money-mode must be bb, dollars or hidden/],
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
