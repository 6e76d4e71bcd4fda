/**
 * The one record framing of every append-only file (cashier journal, history log), pure over buffers:
 *
 *   8 hex digits (byte length of the payload) ' ' 8 hex digits (CRC32 of the payload) ' ' payload '\n'
 *
 * Payloads are JSON, and JSON.stringify never emits a raw newline, so a file stays one record per line and can be
 * read with standard tools. The CRC catches torn and rotted bytes; the fixed header shape lets a reader find the
 * next intact record after a damaged one, so damage in the middle loses only the records it touched.
 */
import { crc32 } from 'node:zlib';

/** Bytes of framing around each payload (header plus the trailing newline). */
export const FRAME_OVERHEAD_BYTES = 19;
const HEADER_BYTES = 18;
const SPACE = 0x20;
const NEWLINE = 0x0a;

const hex8 = (value: number): string => value.toString(16).padStart(8, '0');

/** Frames one payload (a JSON text, or its UTF-8 bytes). */
export function encodeFramedRecord(payload: string | Buffer): Buffer {
  // A text is encoded straight into the frame (one copy of a record that may hold 2,000 summaries, not two).
  const length = typeof payload === 'string' ? Buffer.byteLength(payload, 'utf8') : payload.length;
  const frame = Buffer.allocUnsafe(HEADER_BYTES + length + 1);
  if (typeof payload === 'string') frame.write(payload, HEADER_BYTES, length, 'utf8');
  else payload.copy(frame, HEADER_BYTES);
  const body = frame.subarray(HEADER_BYTES, HEADER_BYTES + length);
  frame.write(`${hex8(length)} ${hex8(crc32(body))} `, 0, 'latin1');
  frame[frame.length - 1] = NEWLINE;
  return frame;
}

/** What a scan found. */
export interface FramedScan {
  /** Every intact record's payload (views into the scanned buffer), in file order. */
  readonly records: readonly Buffer[];
  /** Byte offset just past the last intact record: appending resumes here. */
  readonly validEnd: number;
  /** Damaged stretches with intact records after them (their records are lost, the later ones kept). */
  readonly damagedRegions: number;
  readonly damagedBytes: number;
  /** Bytes after the last intact record: a torn (unfinished) or corrupt tail, for the writer to cut off. */
  readonly tailBytes: number;
}

/** The value of 8 lowercase hex digits at `offset`, or -1. */
function readHex8(data: Buffer, offset: number): number {
  let value = 0;
  for (let i = offset; i < offset + 8; i += 1) {
    const byte = data[i] as number;
    let digit: number;
    if (byte >= 0x30 && byte <= 0x39) digit = byte - 0x30;
    else if (byte >= 0x61 && byte <= 0x66) digit = byte - 0x57;
    else return -1;
    value = value * 16 + digit;
  }
  return value;
}

/** The end offset of an intact record starting at `offset`, or -1. */
function recordEnd(data: Buffer, offset: number): number {
  if (offset + HEADER_BYTES + 1 > data.length) return -1;
  if (data[offset + 8] !== SPACE || data[offset + 17] !== SPACE) return -1;
  const length = readHex8(data, offset);
  if (length < 0) return -1;
  const end = offset + HEADER_BYTES + length;
  if (end >= data.length || data[end] !== NEWLINE) return -1;
  const crc = readHex8(data, offset + 9);
  if (crc < 0 || crc32(data.subarray(offset + HEADER_BYTES, end)) !== crc) return -1;
  return end + 1;
}

/**
 * Byte by byte rather than line by line: a damaged newline must not take the following intact record down with it.
 * The cheap header checks reject almost every offset before the CRC is computed.
 */
function nextIntact(data: Buffer, from: number): number {
  for (let offset = from; offset + HEADER_BYTES < data.length; offset += 1) {
    if (data[offset + 8] === SPACE && data[offset + 17] === SPACE && recordEnd(data, offset) !== -1) return offset;
  }
  return -1;
}

/** One step of a scan: an intact record's payload, or a damaged stretch that intact records follow. */
export type ScanStep =
  { readonly kind: 'record'; readonly payload: Buffer } | { readonly kind: 'damaged'; readonly bytes: number };

/**
 * Walks the records one at a time, so a caller can yield to the event loop between them. A damaged stretch followed
 * by intact records is reported and skipped; damage with nothing intact after it is the tail (an unfinished last
 * write), which ends the walk. Returns the offset just past the last intact record. Never throws.
 */
export function* walkFramedRecords(data: Buffer): Generator<ScanStep, number> {
  let offset = 0;
  let validEnd = 0;
  while (offset < data.length) {
    const end = recordEnd(data, offset);
    if (end !== -1) {
      yield { kind: 'record', payload: data.subarray(offset + HEADER_BYTES, end - 1) };
      offset = end;
      validEnd = end;
      continue;
    }
    const next = nextIntact(data, offset + 1);
    if (next === -1) break;
    yield { kind: 'damaged', bytes: next - offset };
    offset = next;
  }
  return validEnd;
}

/** Folds the steps of a walk into a FramedScan (the one tally both the one-shot and the yielding readers use). */
export class FramedScanBuilder {
  private readonly records: Buffer[] = [];
  private damagedRegions = 0;
  private damagedBytes = 0;

  constructor(private readonly data: Buffer) {}

  /** Takes one step; returns the intact record's payload, or null for a damaged stretch. */
  take(step: ScanStep): Buffer | null {
    if (step.kind === 'record') {
      this.records.push(step.payload);
      return step.payload;
    }
    this.damagedRegions += 1;
    this.damagedBytes += step.bytes;
    return null;
  }

  /** The scan, given the walk's return value (the offset just past the last intact record). */
  finish(validEnd: number): FramedScan {
    const { records, damagedRegions, damagedBytes } = this;
    return { records, validEnd, damagedRegions, damagedBytes, tailBytes: this.data.length - validEnd };
  }
}

/** Reads every intact record at once (see walkFramedRecords). Never throws. */
export function scanFramedRecords(data: Buffer): FramedScan {
  const scan = new FramedScanBuilder(data);
  const walk = walkFramedRecords(data);
  for (let step = walk.next(); ; step = walk.next()) {
    if (step.done === true) return scan.finish(step.value);
    scan.take(step.value);
  }
}
