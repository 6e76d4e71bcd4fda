/**
 * Parses the demo-venue command line: --port N, --seed S, --money-mode bb|dollars|hidden, --ante X, --straddle X,
 * --fault COMMAND (repeatable; see fault-commands.ts), --state-dir DIR (keep the venue there across starts),
 * --fresh-state (with --state-dir: start a new venue there) (also --flag=value). The forced bets are table chips; their
 * ranges are checked with the venue's other options.
 */
import type { DemoMoneyMode } from './api';
import { parseFaultCommand, type FaultCommand } from './fault-commands';

export interface CliOptions {
  readonly port: number;
  readonly seed: number;
  readonly moneyMode: DemoMoneyMode;
  readonly ante: number;
  readonly straddle: number;
  /** Where the venue keeps itself across starts; absent: a new venue on every start. */
  readonly stateDir?: string;
  readonly freshState?: boolean;
}

export type CliParse =
  | { readonly ok: true; readonly options: CliOptions; readonly faults: readonly FaultCommand[] }
  | { readonly ok: false; readonly message: string };

export const USAGE =
  'usage: npm run demo-venue -- [--port N] [--seed S] [--money-mode bb|dollars|hidden] ' +
  '[--ante X] [--straddle X] [--fault COMMAND]... [--state-dir DIR [--fresh-state]]';
const FLAGS = new Set(['--port', '--seed', '--money-mode', '--ante', '--straddle', '--fault', '--state-dir']);

const integerIn = (text: string, min: number, max: number): number | null =>
  /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max ? Number(text) : null;

/** A non-negative amount with at most two decimals ("0.5", "4"), or null. */
const chipsIn = (text: string): number | null => (/^\d+(\.\d{1,2})?$/.test(text) ? Number(text) : null);

/** `--help` or `-h` anywhere: print the usage and stop (exit 0). */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.some((arg) => arg === '--help' || arg === '-h');
}

export function parseCliArgs(argv: readonly string[]): CliParse {
  let port = 0;
  let seed = 1;
  let moneyMode: DemoMoneyMode = 'bb';
  let ante = 0;
  let straddle = 0;
  let stateDir: string | undefined;
  let freshState = false;
  const faults: FaultCommand[] = [];
  const fail = (message: string): CliParse => ({ ok: false, message: `${message}\n${USAGE}` });
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    if (arg === '--fresh-state') {
      freshState = true;
      continue;
    }
    if (!FLAGS.has(flag)) return fail(`unknown argument: ${arg}`);
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
    } else if (flag === '--state-dir') {
      if (value.trim() === '') return fail('--state-dir needs a folder');
      stateDir = value;
    } else if (flag === '--fault') {
      const parsed = parseFaultCommand(value);
      if (!parsed.ok) return fail(`--fault: ${parsed.message}`);
      faults.push(parsed.command);
    } else if (flag === '--ante' || flag === '--straddle') {
      const parsed = chipsIn(value);
      if (parsed === null) return fail(`${flag} must be an amount in table chips such as 0.5 or 4, got "${value}"`);
      if (flag === '--ante') ante = parsed;
      else straddle = parsed;
    } else {
      if (value !== 'bb' && value !== 'dollars' && value !== 'hidden')
        return fail(`--money-mode must be bb, dollars or hidden, got "${value}"`);
      moneyMode = value;
    }
  }
  if (freshState && stateDir === undefined) return fail('--fresh-state needs --state-dir');
  const kept = stateDir === undefined ? {} : { stateDir, freshState };
  return { ok: true, options: { port, seed, moneyMode, ante, straddle, ...kept }, faults };
}
