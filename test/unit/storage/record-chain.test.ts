import { createHmac, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chainMac, ChainWriter, verifyChain } from '../../../main/core/storage/record-chain';

const genesis = { chain: 1 as const, role: 'test-role', id: 'abcd', generation: 0, from: null, at: 0 };

describe('the chain of seals', () => {
  it('is HMAC-SHA256 over the previous seal and the record, cut to 16 bytes, for any key and bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 100 }), fc.uint8Array({ maxLength: 2000 }), (key, inner) => {
        const keyBytes = Buffer.from(key);
        const previous = randomBytes(16);
        const expected = createHmac('sha256', keyBytes).update(previous).update(inner).digest().subarray(0, 16);
        expect(chainMac(keyBytes, previous, Buffer.from(inner)).equals(expected)).toBe(true);
      }),
    );
  });

  it('verifies what it wrote, and leaves out exactly the record whose bytes changed', () => {
    const key = randomBytes(32);
    const started = ChainWriter.genesis(key, genesis);
    const records = [started.payload, ...['a', 'b', 'c'].map((text) => started.writer.seal(`{"n":"${text}"}`))];
    expect(verifyChain(records, key, 'test-role').payloads.map(String)).toEqual([
      '{"n":"a"}',
      '{"n":"b"}',
      '{"n":"c"}',
    ]);
    const altered = records.map((record, index) =>
      index === 2 ? Buffer.from(String(record).replace('"b"', '"x"')) : record,
    );
    const verdict = verifyChain(altered, key, 'test-role');
    expect(verdict.payloads.map(String)).toEqual(['{"n":"a"}', '{"n":"c"}']);
    expect(verdict.damage.map((entry) => [entry.kind, entry.record])).toEqual([['broken', 2]]);
    // The record after the altered one verifies on its stored seal, but nothing proves it was written there.
    expect(verdict.unanchored.map(String)).toEqual(['{"n":"c"}']);
    // Two records copied to the end: the first fails, the second verifies on the first's stored seal, unanchored.
    const copied = verifyChain([...records, records[1] as Buffer, records[2] as Buffer], key, 'test-role');
    expect(copied.damage.map((entry) => [entry.kind, entry.record])).toEqual([['broken', 4]]);
    expect(copied.unanchored.map(String)).toEqual(['{"n":"b"}']);
    // Another key, another role: nothing verifies, and the role is said.
    expect(verifyChain(records, randomBytes(32), 'test-role').payloads).toEqual([]);
    expect(verifyChain(records, key, 'other-role').damage[0]?.kind).toBe('swapped');
  });
});
