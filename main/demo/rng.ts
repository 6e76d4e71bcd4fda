/** A small seeded PRNG (mulberry32) so the demo venue is deterministic for a given seed. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
  /** A v4-shaped UUID drawn from this generator (deterministic, not cryptographic). */
  uuid(): string;
}

const HEX_CODES = Array.from('0123456789abcdef', (char) => char.charCodeAt(0));
const VARIANT_CODES = Array.from('89ab', (char) => char.charCodeAt(0));
const DASH = '-'.charCodeAt(0);
const FOUR = '4'.charCodeAt(0);

/**
 * The generator as a class, not closures: the synthetic history creates one per hand (100,000 at start), and
 * prototype methods cost nothing per instance.
 */
/** Character codes of the UUID being drawn (shared: drawing one is synchronous). */
const uuidChars: number[] = [];

class Mulberry32 implements Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(0, items.length - 1)] as T;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i -= 1) {
      const j = this.int(0, i);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  uuid(): string {
    const chars = uuidChars;
    chars.length = 0;
    this.hex(8);
    chars.push(DASH);
    this.hex(4);
    chars.push(DASH, FOUR);
    this.hex(3);
    chars.push(DASH);
    // Draw order as in `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`: the variant before its hex.
    chars.push(VARIANT_CODES[this.int(0, 3)] as number);
    this.hex(3);
    chars.push(DASH);
    this.hex(12);
    return String.fromCharCode(...chars);
  }

  /** Appends `length` random hex digits to the UUID being drawn. */
  private hex(length: number): void {
    for (let i = 0; i < length; i += 1) uuidChars.push(HEX_CODES[this.int(0, 15)] as number);
  }
}

export function createRng(seed: number): Rng {
  return new Mulberry32(seed);
}
