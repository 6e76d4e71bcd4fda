/**
 * An append-only file of framed records (framed-record.ts), opened for one writer.
 *
 * - Open reads every intact record, cuts a torn tail off, and creates a missing file durably (the file and its
 *   directory entry are fsynced before anything is appended to it).
 * - Appends are group-committed: writes queued while an fdatasync runs go out together under the next one. A
 *   durable append resolves only after fdatasync. A non-durable one resolves once written (it survives a process
 *   crash); the next durable append, or an idle sync shortly after, makes it power-cut safe. A failed write is
 *   cut back off, so a later append never lands behind a half-written record.
 * - `rewrite` (compaction) writes a temp file beside the log, fsyncs it, renames it over the log and fsyncs the
 *   directory: a crash at any point leaves either the old file or the new one, never a mix. Appends queued behind
 *   it land in the new file.
 * - Files are created 0600 and exclusively (the temp under a random name), and never opened through a symlink: a
 *   planted link in place of the log or a temp file is refused (UnsafeStorageError) and nothing is written.
 * - A chained log (`chain`: the books' files) seals every record with a MAC over it and the previous record's
 *   (record-chain.ts). Records are sealed when they are written, in file order, and a failed write gives its MACs
 *   back, so the chain on disk never skips a link. Opening verifies the chain and reports, never repairs.
 */
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { encodeFramedRecord, FramedScanBuilder, walkFramedRecords, type FramedScan } from './framed-record';
import { openChain, type ChainOptions, type LogChain } from './log-chain';
import type { ChainHead, ChainVerdict } from './record-chain';
import { diskHealth } from './disk-space';
import { fsyncDirectory } from './fsync-dir';
import {
  createNewFile,
  nodeStorageFs,
  openExistingFile,
  UnsafeStorageError,
  type StorageFs,
  type StorageHandle,
} from './storage-fs';

export interface FramedLogOptions {
  /** How long a non-durable append may wait for an fdatasync when no durable append comes along. Default 20 ms. */
  readonly idleSyncMs?: number;
  /**
   * Receives each intact record as the file is scanned, and is awaited, so a large file can be read in slices
   * that let the event loop turn (checksums included). Records are collected in `scan.records` either way.
   */
  readonly onRecord?: (payload: Buffer) => void | Promise<void>;
  /** The file system (default node:fs); tests pass one that simulates power loss. */
  readonly fs?: StorageFs;
  /** Seal every record into a keyed chain (the books' files); `scan.records` then holds only verified payloads. */
  readonly chain?: ChainOptions;
}

export interface AppendOptions {
  /** Resolve only after fdatasync (default true). */
  readonly durable?: boolean;
  /** Runs once the bytes are written, before the fdatasync (a crash-test phase). */
  readonly onWritten?: () => void;
}

/** What opening the log found. */
export interface FramedLogOpen {
  readonly log: FramedLog;
  readonly scan: FramedScan;
  /** True when the file did not exist and was created. */
  readonly created: boolean;
  /** The chain as verified at open (chained logs only). */
  readonly chain: ChainVerdict | null;
}

/** Rewrites are flushed to the temp file in chunks of about this size. */
const REWRITE_CHUNK_BYTES = 1024 * 1024;

interface WriteOp {
  readonly kind: 'write';
  /** Framed bytes, or (chained logs) the payloads to seal when the write goes out. */
  readonly bytes: Buffer | ReadonlyArray<string | Buffer>;
  readonly durable: boolean;
  readonly onWritten: (() => void) | undefined;
  /** Resolves with the seal of the op's last record (chained logs), or null. */
  readonly resolve: (seal: string | null) => void;
  readonly reject: (error: unknown) => void;
}

interface RewriteOp {
  readonly kind: 'rewrite';
  readonly payloads: Iterable<string | Buffer>;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/** Temp files of compactions that crashed before their rename: `<log>.compact.<random>.tmp`. */
async function removeCrashedTemps(fs: StorageFs, path: string): Promise<void> {
  const prefix = `${basename(path)}.compact.`;
  let names: string[];
  try {
    names = await fs.readdir(dirname(path));
  } catch {
    return;
  }
  for (const name of names) {
    // unlink removes a planted symlink itself, never its target.
    if (name.startsWith(prefix) && name.endsWith('.tmp'))
      await fs.unlink(join(dirname(path), name)).catch(() => undefined);
  }
}

/** Like scanFramedRecords, awaiting `onRecord` as each intact record is reached (the caller may yield there). */
async function scanWith(data: Buffer, onRecord: FramedLogOptions['onRecord']): Promise<FramedScan> {
  const scan = new FramedScanBuilder(data);
  const walk = walkFramedRecords(data);
  for (let step = walk.next(); ; step = walk.next()) {
    if (step.done === true) return scan.finish(step.value);
    const payload = scan.take(step.value);
    if (payload !== null) await onRecord?.(payload);
  }
}

async function writeFully(handle: StorageHandle, data: Buffer, position: number | null): Promise<void> {
  let written = 0;
  while (written < data.length) {
    const { bytesWritten } = await handle.write(
      data,
      written,
      data.length - written,
      position === null ? null : position + written,
    );
    written += bytesWritten;
  }
}

/** The open log; one writer owns it (callers that need cross-process exclusion take a lock first). */
export class FramedLog {
  private ops: Array<WriteOp | RewriteOp> = [];
  private pumping: Promise<void> | null = null;
  private dirty = false;
  private closed = false;
  private idleTimer: NodeJS.Timeout | null = null;
  /** The chain's head as of the last fdatasync (what a witness may record: it survives a power cut). */
  private syncedHead: ChainHead | null = null;

  private constructor(
    private readonly path: string,
    private handle: StorageHandle,
    private bytes: number,
    private readonly idleSyncMs: number,
    private readonly fs: StorageFs,
    private readonly chain: LogChain | null,
  ) {}

  /** Opens (creating if absent) the log at `path`: scans it and cuts any torn tail off. */
  static async open(path: string, options: FramedLogOptions = {}): Promise<FramedLogOpen> {
    const fs = options.fs ?? nodeStorageFs;
    // A compaction that crashed before its rename left only a temp file: the log itself is intact.
    await removeCrashedTemps(fs, path);
    const existing = await openExistingFile(fs, path);
    const handle = existing ?? (await createNewFile(fs, path));
    let content: Buffer | null;
    let scan: FramedScan;
    try {
      content = existing === null ? null : await handle.readFile();
      scan = await scanWith(content ?? Buffer.alloc(0), options.chain === undefined ? options.onRecord : undefined);
      if (content === null) {
        await handle.datasync();
        await fsyncDirectory(dirname(path), fs);
      } else if (scan.tailBytes > 0) {
        await handle.truncate(scan.validEnd);
        await handle.datasync();
      }
    } catch (error) {
      await handle.close();
      throw error;
    }
    const idleSyncMs = options.idleSyncMs ?? 20;
    if (options.chain === undefined)
      return {
        log: new FramedLog(path, handle, scan.validEnd, idleSyncMs, fs, null),
        scan,
        created: content === null,
        chain: null,
      };
    const opened = openChain(scan, options.chain);
    const log = new FramedLog(path, handle, scan.validEnd, idleSyncMs, fs, opened.chain);
    log.syncedHead = opened.start === null ? opened.chain.head() : null;
    // A new (or never sealed) file gets its genesis, and a file from before the books were chained is rewritten
    // sealed, before anything else is appended to it.
    if (opened.start?.kind === 'genesis')
      await log.enqueueWrite(encodeFramedRecord(opened.start.payload), true, undefined);
    else if (opened.start?.kind === 'adopt') await log.rewrite(opened.verdict.payloads);
    return {
      log,
      scan: { ...scan, records: opened.verdict.payloads },
      created: content === null,
      chain: opened.verdict,
    };
  }

  /** Bytes in the log. */
  get size(): number {
    return this.bytes;
  }

  /** Appends records (JSON texts or their bytes) as one write. See the file comment for durability. */
  /** Resolves with the seal (MAC, hex) of the last record appended when the log is chained, else null. */
  append(payloads: ReadonlyArray<string | Buffer>, options: AppendOptions = {}): Promise<string | null> {
    if (this.chain !== null) return this.enqueueWrite(payloads, options.durable ?? true, options.onWritten);
    const frames = payloads.map((payload) => encodeFramedRecord(payload));
    const bytes = frames.length === 1 ? (frames[0] as Buffer) : Buffer.concat(frames);
    return this.enqueueWrite(bytes, options.durable ?? true, options.onWritten);
  }

  /** Where the chain stood at the last fdatasync (chained logs only): what the books' witness may record. */
  durableHead(): ChainHead | null {
    return this.syncedHead;
  }

  /** Replaces the whole log with `payloads`, atomically and durably. */
  rewrite(payloads: Iterable<string | Buffer>): Promise<void> {
    if (this.closed) return Promise.reject(new Error(`${this.path} is closed`));
    return new Promise<void>((resolve, reject) => {
      this.ops.push({ kind: 'rewrite', payloads, resolve, reject });
      this.pumping ??= this.pump();
    });
  }

  /** Waits for queued work, makes every write durable and closes the file. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    while (this.pumping !== null) await this.pumping;
    try {
      if (this.dirty) await this.handle.datasync();
    } finally {
      await this.handle.close();
    }
  }

  private enqueueWrite(
    bytes: WriteOp['bytes'],
    durable: boolean,
    onWritten: (() => void) | undefined,
  ): Promise<string | null> {
    if (this.closed) return Promise.reject(new Error(`${this.path} is closed`));
    return new Promise<string | null>((resolve, reject) => {
      this.ops.push({ kind: 'write', bytes, durable, onWritten, resolve, reject });
      this.pumping ??= this.pump();
    });
  }

  private async pump(): Promise<void> {
    while (this.ops.length > 0) {
      const head = this.ops[0] as WriteOp | RewriteOp;
      if (head.kind === 'rewrite') {
        this.ops.shift();
        await this.runRewrite(head.payloads).then(
          () => {
            diskHealth.wrote();
            head.resolve();
          },
          (error: unknown) => {
            diskHealth.failed(basename(this.path), error);
            head.reject(error);
          },
        );
        continue;
      }
      // Every write queued up to the next rewrite goes out together.
      const firstRewrite = this.ops.findIndex((op) => op.kind === 'rewrite');
      const batch = this.ops.splice(0, firstRewrite === -1 ? this.ops.length : firstRewrite) as WriteOp[];
      await this.runBatch(batch);
    }
    this.pumping = null;
  }

  /** The batch's bytes: framed already, or sealed now, in file order (the chain's next links); each op's last seal. */
  private frameBatch(batch: readonly WriteOp[]): { readonly bytes: Buffer; readonly seals: Array<string | null> } {
    const seals: Array<string | null> = [];
    const parts = batch.map((op) => {
      if (Buffer.isBuffer(op.bytes)) {
        seals.push(null);
        return op.bytes;
      }
      const framed = Buffer.concat(op.bytes.map((payload) => this.sealedFrame(payload)));
      seals.push(op.bytes.length === 0 ? null : (this.chain as LogChain).head().mac);
      return framed;
    });
    return { bytes: parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts), seals };
  }

  private sealedFrame(payload: string | Buffer): Buffer {
    return encodeFramedRecord((this.chain as LogChain).seal(payload));
  }

  private async runBatch(batch: readonly WriteOp[]): Promise<void> {
    const start = this.bytes;
    const mark = this.chain?.mark() ?? null;
    const { bytes, seals } = this.frameBatch(batch);
    const head = this.chain?.head() ?? null;
    try {
      await writeFully(this.handle, bytes, start);
      this.bytes = start + bytes.length;
      for (const op of batch) op.onWritten?.();
      if (batch.some((op) => op.durable)) {
        await this.handle.datasync();
        this.dirty = false;
        this.syncedHead = head;
      } else {
        this.dirty = true;
        this.scheduleIdleSync();
      }
    } catch (error) {
      // Never leave half a record for the next append to land behind (a full disk takes a truncate: it frees).
      this.bytes = start;
      if (mark !== null) this.chain?.restore(mark);
      await this.handle.truncate(start).catch(() => undefined);
      diskHealth.failed(basename(this.path), error);
      for (const op of batch) op.reject(error);
      return;
    }
    if (bytes.length > 0) diskHealth.wrote();
    batch.forEach((op, index) => op.resolve(seals[index] ?? null));
  }

  private scheduleIdleSync(): void {
    if (this.idleTimer !== null) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      // An empty durable write: fdatasyncs what non-durable writes left unsynced.
      if (this.dirty && !this.closed) void this.enqueueWrite(Buffer.alloc(0), true, undefined).catch(() => undefined);
    }, this.idleSyncMs);
    this.idleTimer.unref();
  }

  /** The file now at the log's path (never through a symlink planted meanwhile). */
  private async reopen(): Promise<StorageHandle> {
    const reopened = await openExistingFile(this.fs, this.path);
    if (reopened === null) throw new UnsafeStorageError(this.path, 'the log disappeared during compaction');
    return reopened;
  }

  private async runRewrite(payloads: Iterable<string | Buffer>): Promise<void> {
    // A random name created exclusively: a planted file or symlink can never be written through.
    const temp = `${this.path}.compact.${randomBytes(6).toString('hex')}.tmp`;
    const out = await createNewFile(this.fs, temp);
    // A chained log starts its next generation: a genesis, then the payloads, sealed by a writer of its own that
    // replaces the log's only once the new file is in place.
    const next = this.chain?.nextGeneration() ?? null;
    try {
      let chunk: Buffer[] = next === null ? [] : [encodeFramedRecord(next.genesis)];
      let chunkBytes = 0;
      for (const payload of payloads) {
        const frame = encodeFramedRecord(next === null ? payload : next.seal(payload));
        chunk.push(frame);
        chunkBytes += frame.length;
        if (chunkBytes >= REWRITE_CHUNK_BYTES) {
          await writeFully(out, Buffer.concat(chunk), null);
          chunk = [];
          chunkBytes = 0;
        }
      }
      await writeFully(out, Buffer.concat(chunk), null);
      await out.sync();
    } catch (error) {
      await out.close();
      await this.fs.unlink(temp).catch(() => undefined);
      throw error;
    }
    await out.close();
    // Pending non-durable bytes of the old file are superseded by the new one, which is synced.
    await this.handle.close();
    try {
      await this.fs.rename(temp, this.path);
      if (next !== null) this.chain?.adopt(next);
      await fsyncDirectory(dirname(this.path), this.fs);
      if (next !== null) this.syncedHead = next.writer.head();
      this.dirty = false;
    } finally {
      // Whether or not the rename happened, keep appending to whichever file now sits at the log's path.
      this.handle = await this.reopen();
      this.bytes = (await this.handle.stat()).size;
    }
  }
}
