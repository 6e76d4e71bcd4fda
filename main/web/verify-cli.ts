/**
 * `npm run verify -- --data-dir DIR [--digest X] [--books-dir DIR]`: checks every chain of the books in a data folder
 * (and a printed shift digest, when given), prints a report a person reads, and exits 1 on damage, 2 on bad usage.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { verifyDataFolder } from './verify-report';

const USAGE =
  'usage: npm run verify -- --data-dir <dir> [--digest <digest printed on a shift summary>] [--books-dir <dir>]\n' +
  '       checks every record of the books (sealed, in order, nothing witnessed missing) without changing anything;\n' +
  '       the books key and witness are beside the data folder (<dir>.books) unless --books-dir says where;\n' +
  '       exits 0 when verified, 1 on damage or a digest that matches no closed shift, 2 on bad usage';

async function main(argv: readonly string[]): Promise<number> {
  if (argv.some((arg) => arg === '--help' || arg === '-h')) {
    console.log(USAGE);
    return 0;
  }
  let values: { 'data-dir'?: string; digest?: string; 'books-dir'?: string };
  try {
    values = parseArgs({
      args: [...argv],
      options: { 'data-dir': { type: 'string' }, digest: { type: 'string' }, 'books-dir': { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    console.error(`verify: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  if (values['data-dir'] === undefined) {
    console.error(`verify: --data-dir is required\n${USAGE}`);
    return 2;
  }
  const result = await verifyDataFolder({
    dataDir: resolve(values['data-dir']),
    ...(values['books-dir'] === undefined ? {} : { booksDir: resolve(values['books-dir']) }),
    ...(values.digest === undefined ? {} : { digest: values.digest }),
  });
  console.log(result.text);
  return result.ok ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`verify: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
