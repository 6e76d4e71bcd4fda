/**
 * The books' chain, pure over buffers: every record of a chained file carries a MAC over its own bytes and the
 * previous record's MAC, keyed with the books key (kept outside the data folder: books.ts). A CRC (framed-record.ts)
 * tells a torn write from an intact one; only this MAC tells a record the app wrote from one anybody else did.
 *
 *   chained payload = <32 hex: MAC> ' ' <inner payload (JSON)>
 *   MAC_i = first 16 bytes of HMAC-SHA256(key, MAC_(i-1) || inner_i), MAC_(-1) = 16 zero bytes
 *
 * Record 0 is the genesis: it names the file's role (so two files cannot be swapped), the chain's id (so a file
 * cannot be replaced by another with the same role), its generation (bumped by every compaction, which rewrites the
 * file) and, for a rewrite, how far the previous generation had come (so a crash between a compaction and the
 * witness catching up is not taken for damage).
 *
 * Verification never throws and never repairs: a record that does not verify is left out of the payloads, and said
 * (`ChainDamage`), with its bytes, so the owner can tell which movement or shift it touched.
 */
import { hash, timingSafeEqual } from 'node:crypto';

export const CHAIN_MAC_BYTES = 16;
const MAC_HEX = CHAIN_MAC_BYTES * 2;
const SPACE = 0x20;
const ZERO_MAC = Buffer.alloc(CHAIN_MAC_BYTES);
const SHA256_BLOCK = 64;

/** Where a chain stands: enough to witness it (books.ts) and to append to it. */
export interface ChainHead {
  /** The chain's id (random at creation, kept across compactions). */
  readonly id: string;
  readonly role: string;
  readonly generation: number;
  /** Records in the file, the genesis included, up to and including the head. */
  readonly count: number;
  /** The MAC of the last record, hex. */
  readonly mac: string;
}

/** What a rewrite's genesis says of the generation it replaced. */
export interface ChainOrigin {
  readonly count: number;
  readonly mac: string;
}

export interface Genesis {
  readonly chain: 1;
  readonly role: string;
  readonly id: string;
  readonly generation: number;
  readonly from: ChainOrigin | null;
  /** Wall time of creation, for people (ms since epoch). */
  readonly at: number;
}

export type ChainDamageKind =
  /** The first record is not a genesis these books wrote (or the file is not chained while the books expect it). */
  | 'foreign'
  /** The genesis names another role: another file was put in this one's place. */
  | 'swapped'
  /** A record that does not verify: altered, inserted, or a record before it removed. */
  | 'broken'
  /** The file holds fewer records, or other ones, than the books witnessed (cut, an older copy, deleted). */
  | 'missing'
  /** Bytes the framing could not read in the middle of the file. */
  | 'unreadable';

export interface ChainDamage {
  readonly kind: ChainDamageKind;
  /** Record index in the file (0 = genesis), or null when the damage is the file as a whole. */
  readonly record: number | null;
  /** One sentence for a person: what is wrong, where. */
  readonly detail: string;
  /** The inner bytes of the record that failed, when there is one (to tell which movement or shift it touched). */
  readonly inner: Buffer | null;
}

export interface ChainVerdict {
  /** The inner payloads that verified, in file order, the genesis left out. */
  readonly payloads: readonly Buffer[];
  /** The MAC (hex) of each verified payload, in the same order: a record's digest (a closed shift's, on paper). */
  readonly payloadMacs: readonly string[];
  readonly damage: readonly ChainDamage[];
  /** The chain as found (null for an empty or unchained file). */
  readonly head: ChainHead | null;
  readonly genesis: Genesis | null;
  /** The stored MAC of every record, in order (the witness compares one of them). */
  readonly macs: readonly string[];
  /** True when no record carries a MAC: a file written before the books were chained. */
  readonly unchained: boolean;
  /**
   * The verified payloads that come after a record that does not verify. Each is sealed by these books, but its seal
   * covers only the stored seal before it, which is itself unproven: the two may have been copied here together
   * from elsewhere in the books. Their owner must not act on them without a person (the journal holds them).
   */
  readonly unanchored: readonly Buffer[];
}

/** HMAC-SHA256's two padded keys (RFC 2104), computed once per books key. */
const pads = new WeakMap<Buffer, { readonly inner: Buffer; readonly outer: Buffer }>();

function padsOf(key: Buffer): { readonly inner: Buffer; readonly outer: Buffer } {
  const held = pads.get(key);
  if (held !== undefined) return held;
  const block = Buffer.alloc(SHA256_BLOCK);
  (key.length > SHA256_BLOCK ? hash('sha256', key, 'buffer') : key).copy(block);
  const made = {
    inner: Buffer.from(block.map((byte) => byte ^ 0x36)),
    outer: Buffer.from(block.map((byte) => byte ^ 0x5c)),
  };
  pads.set(key, made);
  return made;
}

/**
 * HMAC-SHA256(key, previous || inner), its first 16 bytes. Written over the one-shot `crypto.hash` rather than
 * `createHmac`: measured on the build machine, 6 us a record instead of 36 (a buy-in journals three records), with the
 * same result (test/unit/storage/record-chain.test.ts checks it against createHmac).
 */
export function chainMac(key: Buffer, previous: Buffer, inner: Buffer): Buffer {
  const { inner: innerPad, outer: outerPad } = padsOf(key);
  const first = hash('sha256', Buffer.concat([innerPad, previous, inner]), 'buffer');
  return hash('sha256', Buffer.concat([outerPad, first]), 'buffer').subarray(0, CHAIN_MAC_BYTES);
}

/** The stored MAC and inner bytes of a chained payload, or null when it carries none. */
export function splitChained(payload: Buffer): { readonly mac: Buffer; readonly inner: Buffer } | null {
  if (payload.length <= MAC_HEX || payload[MAC_HEX] !== SPACE) return null;
  const hex = payload.toString('latin1', 0, MAC_HEX);
  if (!/^[0-9a-f]+$/.test(hex)) return null;
  return { mac: Buffer.from(hex, 'hex'), inner: payload.subarray(MAC_HEX + 1) };
}

function joinChained(mac: Buffer, inner: Buffer): Buffer {
  const out = Buffer.allocUnsafe(MAC_HEX + 1 + inner.length);
  out.write(mac.toString('hex'), 0, 'latin1');
  out[MAC_HEX] = SPACE;
  inner.copy(out, MAC_HEX + 1);
  return out;
}

function parseGenesis(inner: Buffer): Genesis | null {
  try {
    const value = JSON.parse(inner.toString('utf8')) as Partial<Genesis> | null;
    if (value === null || typeof value !== 'object' || value.chain !== 1) return null;
    if (typeof value.role !== 'string' || typeof value.id !== 'string') return null;
    if (!Number.isSafeInteger(value.generation) || typeof value.at !== 'number') return null;
    const from = value.from ?? null;
    if (from !== null && (!Number.isSafeInteger(from.count) || typeof from.mac !== 'string')) return null;
    return { chain: 1, role: value.role, id: value.id, generation: value.generation as number, from, at: value.at };
  } catch {
    return null;
  }
}

const sameMac = (a: Buffer, b: Buffer): boolean => a.length === b.length && timingSafeEqual(a, b);

/** Appends to a chain: frames each inner payload with its MAC. `mark`/`restore` undo a write that failed. */
export class ChainWriter {
  private previous: Buffer;
  private records: number;

  constructor(
    private readonly key: Buffer,
    private readonly identity: { readonly id: string; readonly role: string; readonly generation: number },
    head: { readonly count: number; readonly mac: string } | null,
  ) {
    this.previous = head === null ? ZERO_MAC : Buffer.from(head.mac, 'hex');
    this.records = head?.count ?? 0;
  }

  /** A new chain's (or a rewrite's) first record. */
  static genesis(key: Buffer, genesis: Genesis): { readonly writer: ChainWriter; readonly payload: Buffer } {
    const writer = new ChainWriter(key, genesis, null);
    return { writer, payload: writer.seal(Buffer.from(JSON.stringify(genesis), 'utf8')) };
  }

  seal(inner: string | Buffer): Buffer {
    const bytes = typeof inner === 'string' ? Buffer.from(inner, 'utf8') : inner;
    const mac = chainMac(this.key, this.previous, bytes);
    this.previous = mac;
    this.records += 1;
    return joinChained(mac, bytes);
  }

  mark(): { readonly previous: Buffer; readonly records: number } {
    return { previous: this.previous, records: this.records };
  }

  restore(mark: { readonly previous: Buffer; readonly records: number }): void {
    this.previous = mark.previous;
    this.records = mark.records;
  }

  head(): ChainHead {
    return { ...this.identity, count: this.records, mac: this.previous.toString('hex') };
  }
}

function describeRecord(index: number): string {
  return index === 0 ? 'the first record' : `record ${index}`;
}

/** Verifies the intact framed records of a file as a chain of `role` under `key`. Never throws. */
export function verifyChain(records: readonly Buffer[], key: Buffer, role: string): ChainVerdict {
  if (records.length === 0)
    return {
      payloads: [],
      payloadMacs: [],
      damage: [],
      head: null,
      genesis: null,
      macs: [],
      unchained: false,
      unanchored: [],
    };
  const split = records.map(splitChained);
  if (split.every((part) => part === null))
    return {
      payloads: records,
      payloadMacs: records.map(() => ''),
      damage: [],
      head: null,
      genesis: null,
      macs: [],
      unchained: true,
      unanchored: [],
    };
  const damage: ChainDamage[] = [];
  const payloads: Buffer[] = [];
  const payloadMacs: string[] = [];
  const macs: string[] = [];
  const unanchored: Buffer[] = [];
  const first = split[0];
  const genesis = first === null || first === undefined ? null : parseGenesis(first.inner);
  const genesisOk = first !== null && first !== undefined && sameMac(chainMac(key, ZERO_MAC, first.inner), first.mac);
  // Nothing after a first record that is not this file's own genesis is anchored in this file.
  let anchored = genesis !== null && genesisOk && genesis.role === role;
  if (genesis === null || !genesisOk) {
    damage.push({
      kind: 'foreign',
      record: 0,
      detail: 'The file does not begin with a record these books wrote.',
      inner: first?.inner ?? (records[0] as Buffer),
    });
  } else if (genesis.role !== role) {
    damage.push({
      kind: 'swapped',
      record: 0,
      detail: `The file is the books' ${genesis.role}, not ${role}.`,
      inner: null,
    });
  }
  let previous = first?.mac ?? ZERO_MAC;
  macs.push(previous.toString('hex'));
  for (let index = 1; index < records.length; index += 1) {
    const part = split[index];
    if (part === null || part === undefined) {
      damage.push({
        kind: 'broken',
        record: index,
        detail: `${describeRecord(index)} carries no seal: the app did not write it.`,
        inner: records[index] as Buffer,
      });
      macs.push('');
      anchored = false;
      continue;
    }
    if (sameMac(chainMac(key, previous, part.inner), part.mac)) {
      payloads.push(part.inner);
      payloadMacs.push(part.mac.toString('hex'));
      if (!anchored) unanchored.push(part.inner);
    } else {
      anchored = false;
      damage.push({
        kind: 'broken',
        record: index,
        detail: `${describeRecord(index)} does not verify: altered, inserted, or a record before it removed.`,
        inner: part.inner,
      });
    }
    previous = part.mac;
    macs.push(part.mac.toString('hex'));
  }
  const head: ChainHead | null =
    genesis === null
      ? null
      : {
          id: genesis.id,
          role: genesis.role,
          generation: genesis.generation,
          count: records.length,
          mac: previous.toString('hex'),
        };
  return { payloads, payloadMacs, damage, head, genesis, macs, unchained: false, unanchored };
}
