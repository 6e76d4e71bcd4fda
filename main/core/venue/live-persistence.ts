/**
 * The live plane's place on disk: the latest picture of the table (in the spec's LiveState shape), the seq of
 * the last applied event and the engine-run marker. An app restart resumes its place with `since_seq`; starting
 * without a network shows this picture, marked stale, with its age.
 *
 * Writes are atomic: temp file, fsync, rename over the old file, fsync the directory, so a crash leaves either
 * the old record or the new one, never half of one. A record that does not parse or validate is reported as
 * corrupt, moved aside for inspection, and the app starts fresh: bad disk data changes nothing.
 */
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { readTextOrMissing, writeFileAtomic } from '../storage/atomic-file';
import { ensurePrivateDir } from '../storage/private-dir';
import { LiveStateSchema } from './schemas-live';

export const PersistedLiveSchema = z.object({
  version: z.literal(1),
  /** Seq of the last applied event of the current engine run, or null. */
  seq: z.int().nullable(),
  /** How many engine restarts (reset: true) this client has followed; changes when seq tracking restarted. */
  runEpoch: z.int().nonnegative(),
  /**
   * The local name of the venue's seq counter `seq` belongs to (intents journal it with their seq). Absent in
   * records written before it was kept: the restored place then starts a new run.
   */
  run: z.string().min(1).max(100).optional(),
  /** Highest hand_number applied, for deduplicating a reset replay. */
  lastHandNumber: z.int().nullable(),
  /** The last known picture of the table, or null when none was ever received. */
  frame: z
    .object({
      live: z.boolean(),
      state: LiveStateSchema.nullable(),
      /** Receive time (ms) of the newest data in this picture. */
      at: z.number(),
    })
    .nullable(),
  savedAt: z.number(),
});
export type PersistedLive = z.infer<typeof PersistedLiveSchema>;

export type LoadResult =
  | { readonly kind: 'empty' }
  | { readonly kind: 'loaded'; readonly record: PersistedLive }
  | { readonly kind: 'corrupt'; readonly reason: string; readonly movedTo: string | null };

/** Reads and atomically writes one venue's live record in `directory`. */
export class LivePersistence {
  readonly path: string;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    readonly directory: string,
    fileName = 'live-state.json',
  ) {
    this.path = join(directory, fileName);
  }

  /** Loads the record; never throws for a missing or corrupt file. */
  async load(): Promise<LoadResult> {
    let text: string | null;
    try {
      text = await readTextOrMissing(this.path);
    } catch (error) {
      return { kind: 'corrupt', reason: `unreadable: ${(error as Error).message}`, movedTo: null };
    }
    if (text === null) return { kind: 'empty' };
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return this.quarantine(`not JSON: ${(error as Error).message}`);
    }
    const parsed = PersistedLiveSchema.safeParse(value);
    if (!parsed.success)
      return this.quarantine(`invalid record: ${parsed.error.issues[0]?.message ?? 'schema mismatch'}`);
    return { kind: 'loaded', record: parsed.data };
  }

  /** Writes `record` atomically. Saves are serialized: the last call's record is the one on disk. */
  save(record: PersistedLive): Promise<void> {
    const checked = PersistedLiveSchema.safeParse(record);
    if (!checked.success)
      return Promise.reject(new Error(`refusing to persist an invalid live record: ${checked.error.message}`));
    const run = this.chain.then(() => this.writeAtomically(JSON.stringify(checked.data)));
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async writeAtomically(text: string): Promise<void> {
    await ensurePrivateDir(this.directory);
    await writeFileAtomic(this.path, text);
  }

  private async quarantine(reason: string): Promise<LoadResult> {
    const movedTo = `${this.path}.corrupt-${Date.now()}`;
    try {
      await rename(this.path, movedTo);
      return { kind: 'corrupt', reason, movedTo };
    } catch {
      return { kind: 'corrupt', reason, movedTo: null };
    }
  }
}
