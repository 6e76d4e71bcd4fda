/**
 * Benchmark arithmetic shared by every bench file. Timing on shared machines is noisy, so a result is always
 * a ratio against a baseline measured in the same run: the two are interleaved round by round and the ratio
 * of medians is reported, never an absolute threshold.
 */

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

export const median = (samples: readonly number[]): number => percentile(samples, 50);

export const round3 = (value: number): number => Math.round(value * 1000) / 1000;

/** Times one call of `fn` in milliseconds. */
export async function timeOnce(fn: () => unknown | Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

export interface InterleavedResult {
  readonly baselineMedianMs: number;
  readonly subjectMedianMs: number;
  /** subject median / baseline median: lower is faster. */
  readonly ratio: number;
  readonly rounds: number;
}

export interface InterleavedSamples {
  readonly baseline: readonly number[];
  readonly subject: readonly number[];
}

/**
 * Times baseline and subject alternately (baseline first on even rounds, subject first on odd ones, so neither
 * always enjoys a warm cache), after `warmup` untimed calls of each, and returns every sample in milliseconds.
 */
export async function interleavedSamples(
  baseline: () => unknown | Promise<unknown>,
  subject: () => unknown | Promise<unknown>,
  rounds: number,
  warmup = 1,
): Promise<InterleavedSamples> {
  const base: number[] = [];
  const subj: number[] = [];
  for (let i = 0; i < warmup; i += 1) {
    await baseline();
    await subject();
  }
  for (let round = 0; round < rounds; round += 1) {
    if (round % 2 === 0) {
      base.push(await timeOnce(baseline));
      subj.push(await timeOnce(subject));
    } else {
      subj.push(await timeOnce(subject));
      base.push(await timeOnce(baseline));
    }
  }
  return { baseline: base, subject: subj };
}

/** Interleaved rounds (see interleavedSamples) compared by their medians. */
export async function interleaved(
  baseline: () => unknown | Promise<unknown>,
  subject: () => unknown | Promise<unknown>,
  rounds = 7,
): Promise<InterleavedResult> {
  const samples = await interleavedSamples(baseline, subject, rounds);
  const baselineMedianMs = median(samples.baseline);
  const subjectMedianMs = median(samples.subject);
  return {
    baselineMedianMs: round3(baselineMedianMs),
    subjectMedianMs: round3(subjectMedianMs),
    ratio: round3(subjectMedianMs / baselineMedianMs),
    rounds,
  };
}

/** Peak resident set size of this process so far, in MiB. */
export function peakRssMiB(): number {
  return round3(process.resourceUsage().maxRSS / 1024);
}
