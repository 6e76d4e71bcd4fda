// `npm start` (after `npm run build`): runs the desktop app in Electron when its binary is installed. Where it
// cannot be (machines that reach only package registries), it says so and runs the same core and UI in the web
// runtime instead, printing the page's URL. Arguments after `--` go to whichever runs.
// The electron package's index.js would try to download the binary, so its location is read directly.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);

function electronBinary() {
  const packageDir = resolve('node_modules', 'electron');
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

const binary = electronBinary();
const child = binary
  ? spawn(binary, ['.', ...args], { stdio: 'inherit' })
  : (() => {
      console.error('start: the Electron binary is not installed here (node_modules/electron/dist is missing), so the desktop window cannot open; running the same app in your browser instead, as `npm run web` does: open the URL it prints.');
      return spawn(process.execPath, ['--import', 'tsx', 'main/web/cli.ts', ...args], { stdio: 'inherit' });
    })();

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 1 : 0)));
