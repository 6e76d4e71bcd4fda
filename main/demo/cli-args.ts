/** Parses the demo-venue command line: --port N, --seed S, --money-mode bb|dollars|hidden (also --flag=value). */
import type { DemoMoneyMode } from './api';

export interface CliOptions {
  readonly port: number;
  readonly seed: number;
  readonly moneyMode: DemoMoneyMode;
}

export type CliParse = { readonly ok: true; readonly options: CliOptions } | { readonly ok: false; readonly message: string };

const USAGE = 'usage: npm run demo-venue -- [--port N] [--seed S] [--money-mode bb|dollars|hidden]';

const integerIn = (text: string, min: number, max: number): number | null =>
  /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max ? Number(text) : null;

export function parseCliArgs(argv: readonly string[]): CliParse {
  let port = 0;
  let seed = 1;
  let moneyMode: DemoMoneyMode = 'bb';
  const fail = (message: string): CliParse => ({ ok: false, message: `${message}\n${USAGE}` });
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flag !== '--port' && flag !== '--seed' && flag !== '--money-mode') return fail(`unknown argument: ${arg}`);
    const value = inline ?? argv[(i += 1)];
    if (value === undefined) return fail(`${flag} needs a value`);
    if (flag === '--port') {
      const parsed = integerIn(value, 0, 65535);
      if (parsed === null) return fail(`--port must be an integer from 0 to 65535, got "${value}"`);
      port = parsed;
    } else if (flag === '--seed') {
      const parsed = integerIn(value, 0, 0xffff_ffff);
      if (parsed === null) return fail(`--seed must be an integer from 0 to 4294967295, got "${value}"`);
      seed = parsed;
    } else {
      if (value !== 'bb' && value !== 'dollars' && value !== 'hidden') return fail(`--money-mode must be bb, dollars or hidden, got "${value}"`);
      moneyMode = value;
    }
  }
  return { ok: true, options: { port, seed, moneyMode } };
}
