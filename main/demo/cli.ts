/**
 * `npm run demo-venue -- [--port N] [--seed S] [--money-mode bb|dollars|hidden] [--ante X] [--straddle X]
 * [--fault COMMAND]...`: runs the demo venue until SIGINT or SIGTERM. Prints exactly one JSON line on stdout once
 * listening: {"baseUrl", "wsUrl", "key"}. Bad arguments (an ante over the big blind, a straddle under two big blinds
 * too): a message on stderr and exit code 2. While it runs, each line on stdin is a fault command (fault-commands.ts),
 * answered on stderr.
 */
import { createInterface } from 'node:readline';
import { parseCliArgs, USAGE, wantsHelp } from './cli-args';
import { parseFaultCommand } from './fault-commands';
import { startDemoVenue } from './venue';

if (wantsHelp(process.argv.slice(2))) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const parsed = parseCliArgs(process.argv.slice(2));
if (!parsed.ok) {
  process.stderr.write(`${parsed.message}\n`);
  process.exit(2);
}

let venue: Awaited<ReturnType<typeof startDemoVenue>>;
try {
  venue = await startDemoVenue(parsed.options);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
}
for (const command of parsed.faults) command.run(venue.faults);
process.stdout.write(`${JSON.stringify({ baseUrl: venue.baseUrl, wsUrl: venue.wsUrl, key: venue.key })}\n`);

// Faults at runtime: stdout carries only the one JSON line, so every answer goes to stderr.
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === '') return;
  const parsedCommand = parseFaultCommand(line);
  if (!parsedCommand.ok) {
    process.stderr.write(`demo venue: ${parsedCommand.message}\n`);
    return;
  }
  try {
    parsedCommand.command.run(venue.faults);
    process.stderr.write(`demo venue: done: ${parsedCommand.command.text}\n`);
  } catch (error) {
    process.stderr.write(`demo venue: ${error instanceof Error ? error.message : String(error)}\n`);
  }
});

let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  venue.close().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`demo venue: closing failed: ${String(error)}\n`);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
