/**
 * A fast path for validating hot live frames. Zod builds a new output object for every parse, which costs more
 * than the JSON.parse that produced the value. For the simple shapes of the live plane (loose objects of numbers,
 * strings, booleans, arrays, literals, optional and nullable wrappers) a compiled guard can prove the value
 * already IS a valid output, so it is returned as-is. Anything the guard cannot prove goes through zod, which stays
 * the single source of truth and produces the error details. The guard is compiled FROM the zod schema, so the
 * two cannot drift; a property test checks they agree on arbitrary values.
 */
import type { z } from 'zod';
import { compilePlainGuard } from './guard-compiler';

/**
 * Compiles a guard equivalent to `schema.safeParse(v).success` whose output would equal its input, or null when
 * the schema uses anything beyond the simple shapes above. Generated code (as zod itself does) lets V8 see fixed
 * property names, which is what makes the guard cheaper than the parse it follows.
 */
export function compileGuard(schema: z.core.$ZodType): ((value: unknown) => boolean) | null {
  return compilePlainGuard(schema);
}

/** A validator with a fast path: the guard proves validity without copying, zod explains a failure. */
export type Reader<T> = (value: unknown) => z.ZodSafeParseResult<T>;

/** Builds a Reader for `schema`; without a compilable guard it is plain `safeParse`. */
export function makeReader<T>(schema: z.ZodType<T>): Reader<T> {
  const guard = compileGuard(schema);
  if (guard === null) return (value) => schema.safeParse(value);
  return (value) => (guard(value) ? { success: true, data: value as T } : schema.safeParse(value));
}
