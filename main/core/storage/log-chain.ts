/**
 * The chain state of one open chained log (framed-log.ts): what was verified at open, how the next record is sealed,
 * and how a rewrite starts the next generation. Pure apart from the random id a new chain takes.
 */
import { randomBytes } from 'node:crypto';
import type { FramedScan } from './framed-record';
import { ChainWriter, verifyChain, type ChainHead, type ChainVerdict, type Genesis } from './record-chain';

export interface ChainOptions {
  /** The books key (32 bytes), never stored in the data folder. */
  readonly key: Buffer;
  /** What the file is ("cashier-journal", "cashier-shifts", ...): written in its genesis, checked at every open. */
  readonly role: string;
  /**
   * Rewrite a file written before the books were chained (no record sealed) as a sealed one. Only when nothing
   * witnessed the file before: otherwise an unsealed file is damage, said, and left as it is.
   */
  readonly adoptUnchained?: boolean;
  /** Wall clock for the genesis (people read it); default Date.now. */
  readonly now?: () => number;
}

/** A rewrite's next generation: its sealed genesis and a writer that seals what follows it. */
export interface NextGeneration {
  readonly genesis: Buffer;
  readonly writer: ChainWriter;
  seal(payload: string | Buffer): Buffer;
}

export interface LogChain {
  seal(payload: string | Buffer): Buffer;
  mark(): ReturnType<ChainWriter['mark']>;
  restore(mark: ReturnType<ChainWriter['mark']>): void;
  head(): ChainHead;
  nextGeneration(): NextGeneration;
  adopt(next: NextGeneration): void;
}

export interface OpenedChain {
  readonly chain: LogChain;
  readonly verdict: ChainVerdict;
  /** What the log writes before anything else: a genesis (new file), a sealed rewrite (adopted), or nothing. */
  readonly start: { readonly kind: 'genesis'; readonly payload: Buffer } | { readonly kind: 'adopt' } | null;
}

const newChainId = (): string => randomBytes(8).toString('hex');

class WriterChain implements LogChain {
  constructor(
    private writer: ChainWriter,
    private readonly options: ChainOptions,
  ) {}

  seal(payload: string | Buffer): Buffer {
    return this.writer.seal(payload);
  }
  mark(): ReturnType<ChainWriter['mark']> {
    return this.writer.mark();
  }
  restore(mark: ReturnType<ChainWriter['mark']>): void {
    this.writer.restore(mark);
  }
  head(): ChainHead {
    return this.writer.head();
  }
  nextGeneration(): NextGeneration {
    const head = this.writer.head();
    const genesis: Genesis = {
      chain: 1,
      role: this.options.role,
      id: head.id,
      generation: head.generation + 1,
      from: { count: head.count, mac: head.mac },
      at: (this.options.now ?? Date.now)(),
    };
    const started = ChainWriter.genesis(this.options.key, genesis);
    return { genesis: started.payload, writer: started.writer, seal: (payload) => started.writer.seal(payload) };
  }
  adopt(next: NextGeneration): void {
    this.writer = next.writer;
  }
}

/** Verifies a scanned file as a chain and readies its writer. */
export function openChain(scan: FramedScan, options: ChainOptions): OpenedChain {
  const verdict = verifyChain(scan.records, options.key, options.role);
  if (verdict.head !== null && verdict.genesis !== null) {
    const writer = new ChainWriter(options.key, verdict.head, verdict.head);
    return { chain: new WriterChain(writer, options), verdict, start: null };
  }
  if (scan.records.length === 0) {
    const genesis: Genesis = {
      chain: 1,
      role: options.role,
      id: newChainId(),
      generation: 0,
      from: null,
      at: (options.now ?? Date.now)(),
    };
    const started = ChainWriter.genesis(options.key, genesis);
    return {
      chain: new WriterChain(started.writer, options),
      verdict,
      start: { kind: 'genesis', payload: started.payload },
    };
  }
  // Unchained (or with an unreadable genesis): appends still seal, from the last stored MAC, so the records this app
  // adds verify among themselves; the file's start stays damage until someone looks.
  const last = verdict.macs.findLast((mac) => mac !== '') ?? '';
  const writer = new ChainWriter(
    options.key,
    { id: newChainId(), role: options.role, generation: 0 },
    { count: scan.records.length, mac: last === '' ? Buffer.alloc(16).toString('hex') : last },
  );
  const adopt = verdict.unchained && options.adoptUnchained === true;
  return { chain: new WriterChain(writer, options), verdict, start: adopt ? { kind: 'adopt' } : null };
}
