/** Checks on the --key-file before the key is read from it. */

/** A warning when other users may read the key file (group or world bits set); null when only its owner can. */
export function keyFileWarning(path: string, mode: number, platform: NodeJS.Platform): string | null {
  // Windows reports no meaningful POSIX bits: its access lists are not checked here.
  if (platform === 'win32' || (mode & 0o077) === 0) return null;
  return (
    `warning: the key file ${path} can be read by other users (mode ${(mode & 0o777).toString(8)}); ` +
    `run: chmod 600 ${path}`
  );
}
