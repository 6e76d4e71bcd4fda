import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeFramedRecord, FRAME_OVERHEAD_BYTES, scanFramedRecords } from '../../../main/core/storage/framed-record';

const payload = (index: number): string => JSON.stringify({ index, text: `record ${index}`, list: [index, index * 2] });
const texts = (scan: ReturnType<typeof scanFramedRecords>): string[] =>
  scan.records.map((record) => record.toString('utf8'));

describe('framed records', () => {
  it('round-trips payloads as one greppable line each', () => {
    const frames = [0, 1, 2].map((i) => encodeFramedRecord(payload(i)));
    expect(frames[0]?.length).toBe(Buffer.byteLength(payload(0)) + FRAME_OVERHEAD_BYTES);
    const file = Buffer.concat(frames);
    expect(file.toString('utf8').split('\n').filter(Boolean)).toHaveLength(3);
    const scan = scanFramedRecords(file);
    expect(texts(scan)).toEqual([0, 1, 2].map(payload));
    expect(scan).toMatchObject({ validEnd: file.length, damagedRegions: 0, tailBytes: 0 });
  });

  it('keeps every intact record when the last one is torn at any byte', () => {
    const head = Buffer.concat([0, 1, 2].map((i) => encodeFramedRecord(payload(i))));
    const last = encodeFramedRecord(payload(3));
    for (let cut = 0; cut < last.length; cut += 1) {
      const scan = scanFramedRecords(Buffer.concat([head, last.subarray(0, cut)]));
      expect(texts(scan)).toEqual([0, 1, 2].map(payload));
      expect(scan.validEnd).toBe(head.length);
      expect(scan.tailBytes).toBe(cut);
      expect(scan.damagedRegions).toBe(0);
    }
  });

  it('skips a corrupt record in the middle and keeps every later one', () => {
    const frames = [0, 1, 2, 3].map((i) => Buffer.from(encodeFramedRecord(payload(i))));
    const middle = frames[1] as Buffer;
    middle[25] = (middle[25] as number) ^ 0x01;
    const scan = scanFramedRecords(Buffer.concat(frames));
    expect(texts(scan)).toEqual([0, 2, 3].map(payload));
    expect(scan).toMatchObject({ damagedRegions: 1, damagedBytes: middle.length, tailBytes: 0 });
  });

  it('resynchronises after a damaged newline without losing the next record', () => {
    const frames = [0, 1, 2].map((i) => Buffer.from(encodeFramedRecord(payload(i))));
    const first = frames[0] as Buffer;
    first[first.length - 1] = 0x20;
    expect(texts(scanFramedRecords(Buffer.concat(frames)))).toEqual([1, 2].map(payload));
  });

  it('never throws on random byte flips and keeps every record it did not touch', () => {
    const frames = Array.from({ length: 6 }, (_, i) => encodeFramedRecord(payload(i)));
    const data = Buffer.concat(frames);
    const starts: number[] = [];
    frames.reduce((offset, frame) => {
      starts.push(offset);
      return offset + frame.length;
    }, 0);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat({ max: data.length - 1 }), fc.integer({ min: 1, max: 255 })), {
          minLength: 1,
          maxLength: 4,
        }),
        (flips) => {
          const damaged = Buffer.from(data);
          const touched = new Set<number>();
          for (const [offset, xor] of flips) {
            damaged[offset] = (damaged[offset] as number) ^ xor;
            touched.add(starts.findLastIndex((start) => start <= offset));
          }
          const kept = new Set(texts(scanFramedRecords(damaged)));
          frames.forEach((_, index) => {
            if (!touched.has(index)) expect(kept.has(payload(index))).toBe(true);
          });
          expect(kept.size).toBeLessThanOrEqual(frames.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads garbage and empty input as no records, all tail', () => {
    expect(scanFramedRecords(Buffer.alloc(0))).toMatchObject({ records: [], validEnd: 0, tailBytes: 0 });
    const garbage = Buffer.from('00000005 0000beef hello\nnot a record at all');
    expect(scanFramedRecords(garbage)).toMatchObject({ records: [], validEnd: 0, tailBytes: garbage.length });
  });

  it('frames payloads that contain newlines by length, not by line', () => {
    const multi = 'line one\nline two';
    const scan = scanFramedRecords(Buffer.concat([encodeFramedRecord(multi), encodeFramedRecord(payload(1))]));
    expect(texts(scan)).toEqual([multi, payload(1)]);
  });
});
