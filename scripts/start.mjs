// `npm start` (after `npm run build`): runs the desktop app in Electron when its binary is installed. Where it
// cannot be (machines that reach only package registries), it says so and runs the same core and UI in the web
// runtime instead, printing the page's URL. Arguments after `--` go to whichever runs.
// The electron package's index.js would try to download the binary, so its location is read directly.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);

if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(
    'usage: npm start [-- <options>]\n' +
      '       builds the app, then opens the desktop app (Electron), or, where its binary is not installed,\n' +
      '       runs the same app in your browser as `npm run web` does; with no venue configured it runs the\n' +
      '       built-in demo venue.\n' +
      '       The options are those of `npm run web -- --help` (for example --data-dir <dir>, --fresh-demo).\n',
  );
  process.exit(0);
}

function electronBinary() {
  const packageDir = resolve('node_modules', 'electron');
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

// The child leads its own process group, so a signal reaches everything it started too (Electron's helper
// processes, anything a runtime spawns), not only the child itself. Windows has no process groups to signal (and a
// detached child there gets a console of its own): the child alone is signalled.
const groups = process.platform !== 'win32';
const spawnOptions = { stdio: 'inherit', detached: groups };
const binary = electronBinary();
const child = binary
  ? spawn(binary, ['.', ...args], spawnOptions)
  : (() => {
      console.error(
        'start: the Electron binary is not installed here (node_modules/electron/dist ' +
          'is missing), so the desktop window cannot open; running the same app in ' +
          'your browser instead, as `npm run web` does: open the URL it prints.',
      );
      return spawn(process.execPath, ['--import', 'tsx', 'main/web/cli.ts', ...args], spawnOptions);
    })();

function signalTree(signal) {
  if (child.pid === undefined) return; // never started: the 'error' handler reports it
  try {
    if (groups) process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch (error) {
    if (error.code !== 'ESRCH') throw error;
  }
}

// A tree that has not closed this long after the first signal is ended outright, and the script then exits 1.
const CLOSE_GRACE_MS = 10_000;
let forceTimer = null;
let forced = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    signalTree(signal);
    forceTimer ??= setTimeout(() => {
      forced = true;
      console.error(`start: still running ${CLOSE_GRACE_MS / 1000} s after ${signal}; ending it`);
      signalTree('SIGKILL');
    }, CLOSE_GRACE_MS).unref();
  });
}
child.on('error', (error) => {
  console.error(`start: could not start ${binary ?? 'the web runtime'}: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  // Whatever the child left running in its group ends with it.
  signalTree('SIGKILL');
  process.exit(forced ? 1 : (code ?? (signal === null ? 1 : 0)));
});
