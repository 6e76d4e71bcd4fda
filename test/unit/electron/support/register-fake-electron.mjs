// --import this after tsx: routes `electron` to the fake for everything loaded afterwards.
import { register } from 'node:module';

register('./electron-loader.mjs', import.meta.url);
