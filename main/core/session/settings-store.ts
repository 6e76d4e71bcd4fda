/**
 * Where the app's settings live. The session only needs load/save; the web runtime keeps them as validated JSON
 * in the data directory, the Electron shell may back the same interface with electron-store.
 */
import { dirname, join } from 'node:path';
import { readTextOrMissing, writeFileAtomic } from '../storage/atomic-file';
import { ensurePrivateDir } from '../storage/private-dir';
import { defaultSettings, settingsSchema, type Settings } from '../../../preload/contract';

/** Persistence of the settings: load returns valid settings (defaults when absent or corrupt). */
export interface SettingsStore {
  load(): Promise<SettingsLoad>;
  save(settings: Settings): Promise<void>;
}

/** What a load found; `problem` says why defaults were used instead of the file (corrupt, invalid). */
export interface SettingsLoad {
  readonly settings: Settings;
  readonly problem: string | null;
}

export const SETTINGS_FILE = 'settings.json';

/**
 * Settings as one JSON file, written atomically (temp file, fsync, rename, directory fsync) so a crash never leaves
 * half a file.
 */
export class JsonFileSettingsStore implements SettingsStore {
  private readonly path: string;

  constructor(dataDir: string) {
    this.path = join(dataDir, SETTINGS_FILE);
  }

  async load(): Promise<SettingsLoad> {
    const text = await readTextOrMissing(this.path);
    if (text === null) return { settings: defaultSettings, problem: null };
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return { settings: defaultSettings, problem: `${this.path} is not valid JSON; using defaults` };
    }
    const parsed = settingsSchema.safeParse(raw);
    if (!parsed.success) {
      return {
        settings: defaultSettings,
        problem: `${this.path} is invalid (${parsed.error.issues[0]?.message ?? 'unknown'}); using defaults`,
      };
    }
    return { settings: parsed.data, problem: null };
  }

  async save(settings: Settings): Promise<void> {
    const valid = settingsSchema.parse(settings);
    await ensurePrivateDir(dirname(this.path));
    await writeFileAtomic(this.path, `${JSON.stringify(valid, null, 2)}\n`, { mode: 0o600 });
  }
}

/** Settings held in memory only (tests). */
export class MemorySettingsStore implements SettingsStore {
  constructor(private settings: Settings = defaultSettings) {}
  async load(): Promise<SettingsLoad> {
    return { settings: this.settings, problem: null };
  }
  async save(settings: Settings): Promise<void> {
    this.settings = settingsSchema.parse(settings);
  }
}
