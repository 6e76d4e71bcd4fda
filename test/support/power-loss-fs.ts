/**
 * An in-memory file layer that simulates power loss, as LazyFS does: only what was made durable survives a cut.
 *
 * - A file's bytes survive up to its last fdatasync/fsync; later writes and truncates are lost.
 * - A directory entry (a created file or folder, a rename, an unlink) survives only once that directory was
 *   fsynced after it: a created-but-not-dir-fsynced file, or a rename, is lost with the power.
 * - `cutAfter: n` lets the first n steps (write, datasync, sync, truncate, create, mkdir, rename, unlink) happen;
 *   the next one, and everything after it, fails with PowerCutError, as if the machine died right there.
 *   `afterPowerCut()` is the disk a restarted machine sees.
 * - `skip` removes one kind of durability call (deliberately broken storage), to prove the checker can fail.
 */
import { constants } from 'node:fs';
import type { StorageFs, StorageHandle, StorageStat } from '../../main/core/storage/storage-fs';

interface FileNode {
  readonly kind: 'file';
  data: Buffer;
  durable: Buffer;
  mode: number;
}

interface DirNode {
  readonly kind: 'dir';
  readonly entries: Map<string, Node>;
  durableEntries: Map<string, Node>;
  mode: number;
}

type Node = FileNode | DirNode;

export class PowerCutError extends Error {
  constructor() {
    super('the power was cut');
    this.name = 'PowerCutError';
  }
}

export interface PowerLossOptions {
  /** Steps allowed before the power goes (default: never). */
  readonly cutAfter?: number;
  /** Broken storage: file datasync calls, or directory fsyncs, do nothing. */
  readonly skip?: 'datasync' | 'dir-fsync';
}

const fsError = (code: string, path: string): NodeJS.ErrnoException =>
  Object.assign(new Error(`${code}: ${path}`), { code });
const uid = process.getuid?.() ?? 0;

function newDir(mode: number): DirNode {
  return { kind: 'dir', entries: new Map(), durableEntries: new Map(), mode };
}

/** The durable state of a folder, as a machine sees it after the cut. */
function survivor(dir: DirNode): DirNode {
  const copy = newDir(dir.mode);
  for (const [name, node] of dir.durableEntries) {
    const kept: Node =
      node.kind === 'dir'
        ? survivor(node)
        : { kind: 'file', data: Buffer.from(node.durable), durable: Buffer.from(node.durable), mode: node.mode };
    copy.entries.set(name, kept);
  }
  copy.durableEntries = new Map(copy.entries);
  return copy;
}

export class PowerLossFs implements StorageFs {
  /** Durability-relevant steps taken so far. */
  steps = 0;
  private cut = false;

  private constructor(
    private readonly root: DirNode,
    private readonly options: PowerLossOptions,
  ) {}

  /** A disk holding the folders `dirs` (durably, mode 0700). */
  static withFolders(dirs: readonly string[], options: PowerLossOptions = {}): PowerLossFs {
    const fs = new PowerLossFs(newDir(0o700), options);
    for (const dir of dirs) {
      let at = fs.root;
      for (const part of dir.split('/').filter((segment) => segment !== '')) {
        const next = at.entries.get(part) ?? newDir(0o700);
        at.entries.set(part, next);
        at.durableEntries.set(part, next);
        at = next as DirNode;
      }
    }
    return fs;
  }

  /** What the disk holds after the power came back (a working file system with no cut scheduled). */
  afterPowerCut(options: PowerLossOptions = {}): PowerLossFs {
    return new PowerLossFs(survivor(this.root), options);
  }

  /** One step; throws once the power is gone. */
  private step(): void {
    if (this.cut) throw new PowerCutError();
    if (this.options.cutAfter !== undefined && this.steps >= this.options.cutAfter) {
      this.cut = true;
      throw new PowerCutError();
    }
    this.steps += 1;
  }

  private alive(): void {
    if (this.cut) throw new PowerCutError();
  }

  private locate(path: string): { parent: DirNode; name: string; node: Node | undefined } {
    const parts = path.split('/').filter((segment) => segment !== '');
    const name = parts.pop();
    let parent = this.root;
    for (const part of parts) {
      const next = parent.entries.get(part);
      if (next === undefined) throw fsError('ENOENT', path);
      if (next.kind !== 'dir') throw fsError('ENOTDIR', path);
      parent = next;
    }
    if (name === undefined) return { parent: this.root, name: '', node: this.root };
    return { parent, name, node: parent.entries.get(name) };
  }

  async open(path: string, flags: number, mode = 0o666): Promise<StorageHandle> {
    this.alive();
    const found = this.locate(path);
    let node = found.node;
    if ((flags & constants.O_CREAT) !== 0) {
      if (node !== undefined && (flags & constants.O_EXCL) !== 0) throw fsError('EEXIST', path);
      if (node === undefined) {
        this.step();
        node = { kind: 'file', data: Buffer.alloc(0), durable: Buffer.alloc(0), mode };
        found.parent.entries.set(found.name, node);
      }
    }
    if (node === undefined) throw fsError('ENOENT', path);
    return node.kind === 'dir' ? this.dirHandle(node) : this.fileHandle(node);
  }

  private dirHandle(dir: DirNode): StorageHandle {
    const sync = async () => {
      this.step();
      if (this.options.skip !== 'dir-fsync') dir.durableEntries = new Map(dir.entries);
    };
    const refuse = async (): Promise<never> => {
      throw fsError('EISDIR', 'directory');
    };
    return {
      write: refuse,
      readFile: refuse,
      truncate: refuse,
      datasync: sync,
      sync,
      stat: async () => ({ size: 0, isFile: () => false }),
      chmod: async (mode) => {
        dir.mode = mode;
      },
      close: async () => undefined,
    };
  }

  private fileHandle(file: FileNode): StorageHandle {
    let position = 0;
    const persist = (kind: 'datasync' | 'sync') => async () => {
      this.step();
      if (!(kind === 'datasync' && this.options.skip === 'datasync')) file.durable = Buffer.from(file.data);
    };
    return {
      write: async (buffer, offset, length, at) => {
        this.step();
        const start = at ?? position;
        const end = start + length;
        if (end > file.data.length) {
          const grown = Buffer.alloc(end);
          file.data.copy(grown);
          file.data = grown;
        }
        buffer.copy(file.data, start, offset, offset + length);
        position = end;
        return { bytesWritten: length };
      },
      readFile: async () => {
        this.alive();
        return Buffer.from(file.data);
      },
      datasync: persist('datasync'),
      sync: persist('sync'),
      truncate: async (length) => {
        this.step();
        file.data = Buffer.from(file.data.subarray(0, length));
      },
      stat: async () => {
        this.alive();
        return { size: file.data.length, isFile: () => true };
      },
      chmod: async (mode) => {
        this.alive();
        file.mode = mode;
      },
      close: async () => undefined,
    };
  }

  async rename(from: string, to: string): Promise<void> {
    this.alive();
    const source = this.locate(from);
    if (source.node === undefined) throw fsError('ENOENT', from);
    const target = this.locate(to);
    this.step();
    source.parent.entries.delete(source.name);
    target.parent.entries.set(target.name, source.node);
  }

  async unlink(path: string): Promise<void> {
    this.alive();
    const found = this.locate(path);
    if (found.node === undefined) throw fsError('ENOENT', path);
    this.step();
    found.parent.entries.delete(found.name);
  }

  async mkdir(path: string, mode: number): Promise<void> {
    this.alive();
    const found = this.locate(path);
    if (found.node !== undefined) throw fsError('EEXIST', path);
    this.step();
    found.parent.entries.set(found.name, newDir(mode));
  }

  async lstat(path: string): Promise<StorageStat> {
    this.alive();
    const { node } = this.locate(path);
    if (node === undefined) throw fsError('ENOENT', path);
    return { uid, mode: node.mode, isDirectory: () => node.kind === 'dir', isSymbolicLink: () => false };
  }

  async readdir(path: string): Promise<string[]> {
    this.alive();
    const { node } = this.locate(path);
    if (node === undefined) throw fsError('ENOENT', path);
    if (node.kind !== 'dir') throw fsError('ENOTDIR', path);
    return [...node.entries.keys()];
  }

  /** This file system has no symbolic links. */
  async readlink(path: string): Promise<string> {
    this.alive();
    throw fsError('EINVAL', path);
  }

  async chmod(path: string, mode: number): Promise<void> {
    this.alive();
    const { node } = this.locate(path);
    if (node === undefined) throw fsError('ENOENT', path);
    node.mode = mode;
  }
}
