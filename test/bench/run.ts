/**
 * `npm run bench`: runs every test/bench/*.bench.ts in turn (each default-exports an async function returning a
 * JSON-able result) and prints one JSON document. Pass names to run a subset: `npm run bench -- ingest cashier`.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

type Bench = () => Promise<unknown>;

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
if (wanted.includes('--help') || wanted.includes('-h')) {
  process.stdout.write(
    'usage: npm run bench [-- <name>...]\n' +
      '       runs every benchmark in test/bench (or those whose file name contains a <name>) and prints one JSON\n' +
      '       document of ratios against baselines measured in the same run; progress goes to stderr.\n',
  );
  process.exit(0);
}
const files = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => wanted.length === 0 || wanted.some((name) => file.includes(name)))
  .sort();

const results: Record<string, unknown> = {};
for (const file of files) {
  const name = file.replace(/\.bench\.ts$/, '');
  const module = (await import(pathToFileURL(join(here, file)).href)) as { default: Bench };
  try {
    results[name] = await module.default();
  } catch (error) {
    results[name] = { error: error instanceof Error ? error.message : String(error) };
    process.exitCode = 1;
  }
  process.stderr.write(`bench ${name} done\n`);
}
process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
