/** Where the built app's parts are, relative to the bundled main file (dist/main/index.js). */
import { fileURLToPath } from 'node:url';

/** Absolute paths of the preload bundle and the renderer directory next to `mainFileUrl`'s directory. */
export function appPaths(mainFileUrl: string): { readonly preload: string; readonly renderer: string } {
  return {
    preload: fileURLToPath(new URL('../preload/index.cjs', mainFileUrl)),
    renderer: fileURLToPath(new URL('../renderer/', mainFileUrl)),
  };
}
