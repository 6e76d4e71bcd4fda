/**
 * Command line of `npm run web`. The key is deliberately NOT an option: a command line is visible to every
 * process on the machine (ps, /proc), so the key comes from --key-file or VENUE_KEY only.
 */
import { parseArgs } from 'node:util';
import { isPlainAddress, isSecureOrLoopback } from '../../preload/contract/settings';

export interface WebArgs {
  readonly venue: string | null;
  readonly wsUrl: string | null;
  readonly keyFile: string | null;
  readonly dataDir: string;
  readonly port: number;
  /** Demo venue pace (ms between table commits); null keeps the demo's default. */
  readonly demoPaceMs: number | null;
  /** Where the built renderer is served from (built there first when missing or stale). */
  readonly rendererDir: string;
  /** `--link` / `--monitor-link`: ask the runtime running on the data folder for a new link, print it, exit. */
  readonly newLink: 'cashier' | 'monitor' | null;
  /** Start a new built-in demo venue instead of the one saved in the data folder (its journal wiped with it). */
  readonly freshDemo: boolean;
  /** `--forget-monitors`: ask the runtime running on the data folder to forget every table monitor session, exit. */
  readonly forgetMonitors: boolean;
}

export const USAGE =
  'usage: npm run web -- [--venue <baseUrl>] [--ws-url <wsUrl>] [--key-file ' +
  '<path>] [--data-dir <dir>] [--port <n>] [--demo-pace <ms>] [--fresh-demo] [--renderer-dir <dir>]\n' +
  '       npm run web -- --link|--monitor-link [--data-dir <dir>]   (a new link from the runtime running there)\n' +
  '       npm run web -- --forget-monitors [--data-dir <dir>]   (every table monitor screen needs a new link)\n' +
  '       the key comes from --key-file or the VENUE_KEY environment variable, never from the command line';

function integer(value: string | undefined, name: string, min: number, max: number): number | null {
  if (value === undefined) return null;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max)
    throw new Error(`--${name} must be an integer from ${min} to ${max}`);
  return parsed;
}

function httpUrl(value: string | undefined, name: string, protocols: readonly string[]): string | null {
  if (value === undefined) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`--${name} is not a URL: ${value}`);
  }
  if (!protocols.includes(url.protocol)) throw new Error(`--${name} must use ${protocols.join(' or ')}`);
  // The key travels with every request: in clear text only to a venue on this machine.
  if (!isSecureOrLoopback(value))
    throw new Error(`--${name} must use https/wss (plain http/ws only for a venue on this machine)`);
  if (!isPlainAddress(value)) throw new Error(`--${name} is the scheme, host, port and path only (no user@, ? or #)`);
  return value.replace(/\/+$/, '');
}

/** `--help` or `-h` anywhere: print the usage and stop (exit 0), whatever else is on the line. */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.some((arg) => arg === '--help' || arg === '-h');
}

/** Parses argv (without node and script); throws with a readable message on bad input. */
export function parseWebArgs(argv: readonly string[]): WebArgs {
  if (argv.some((arg) => arg === '--key' || arg.startsWith('--key='))) {
    throw new Error('--key is not accepted: pass the key with --key-file <path> or the VENUE_KEY environment variable');
  }
  const { values } = parseArgs({
    args: [...argv],
    options: {
      venue: { type: 'string' },
      'ws-url': { type: 'string' },
      'key-file': { type: 'string' },
      'data-dir': { type: 'string' },
      port: { type: 'string' },
      'demo-pace': { type: 'string' },
      'fresh-demo': { type: 'boolean' },
      'renderer-dir': { type: 'string' },
      link: { type: 'boolean' },
      'monitor-link': { type: 'boolean' },
      'forget-monitors': { type: 'boolean' },
    },
    strict: true,
    allowPositionals: false,
  });
  const venue = httpUrl(values.venue, 'venue', ['http:', 'https:']);
  const wsUrl = httpUrl(values['ws-url'], 'ws-url', ['ws:', 'wss:']);
  if (wsUrl !== null && venue === null) throw new Error('--ws-url needs --venue');
  const asks = [values.link, values['monitor-link'], values['forget-monitors']].filter((given) => given === true);
  if (asks.length > 1) throw new Error('one of --link, --monitor-link and --forget-monitors at a time');
  return {
    venue,
    wsUrl,
    keyFile: values['key-file'] ?? null,
    dataDir: values['data-dir'] ?? '.venue-data',
    port: integer(values.port, 'port', 0, 65535) ?? 0,
    demoPaceMs: integer(values['demo-pace'], 'demo-pace', 1, 60_000),
    rendererDir: values['renderer-dir'] ?? 'dist/renderer',
    newLink: values.link === true ? 'cashier' : values['monitor-link'] === true ? 'monitor' : null,
    freshDemo: values['fresh-demo'] ?? false,
    forgetMonitors: values['forget-monitors'] ?? false,
  };
}
