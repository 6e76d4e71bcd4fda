/**
 * Compiles a zod schema of simple shapes (loose objects of numbers, strings, booleans, arrays, literals, optional
 * and nullable wrappers) into one generated predicate. schema-guard.ts explains why; this module is the compiler.
 *
 * A CLOSED guard proves more than validity: it also proves the value carries no forbidden key at any depth, in the
 * same pass. Every object may hold only its declared keys (a `switch` over each key, which V8 turns into pointer
 * compares of internalized strings), and every value of unknown type must pass `isClean`. Anything it cannot prove
 * (an extra key from a newer venue, a shape it does not support) is a plain `false`: the caller then takes the slow,
 * complete path, so a closed guard can only ever make reading faster, never different.
 */
import type { z } from 'zod';

/** A compiled predicate. */
export type Guard = (value: unknown) => boolean;

/** What a closed guard needs to know about forbidden keys. */
export interface ClosedGuardRules {
  /** Keys that may never appear; a schema declaring one of them is not compiled in closed mode. */
  readonly forbidden: ReadonlySet<string>;
  /** True when a value of unknown type carries no forbidden key at any depth. */
  readonly isClean: (value: unknown) => boolean;
}

/** The parts of a zod v4 schema definition the compiler reads. */
interface DefLike {
  readonly type: string;
  readonly checks?: readonly unknown[];
  readonly format?: string;
  readonly shape?: Readonly<Record<string, z.core.$ZodType>>;
  readonly catchall?: z.core.$ZodType;
  readonly innerType?: z.core.$ZodType;
  readonly element?: z.core.$ZodType;
  readonly values?: readonly unknown[];
  readonly entries?: Readonly<Record<string, unknown>>;
  readonly keyType?: z.core.$ZodType;
  readonly valueType?: z.core.$ZodType;
}

interface Emitter {
  /** Counter for unique local names in the generated code. */
  next: number;
  /** Closed mode's rules, or null for a plain validity guard. */
  readonly closed: ClosedGuardRules | null;
}

function defOf(schema: z.core.$ZodType): DefLike {
  return schema._zod.def as unknown as DefLike;
}

function hasChecks(def: DefLike): boolean {
  return def.checks !== undefined && def.checks.length > 0;
}

/** Emits statements that `return false` unless `expr` satisfies `schema`; null when the shape is unsupported. */
function emitCheck(schema: z.core.$ZodType, expr: string, out: Emitter): string | null {
  const def = defOf(schema);
  switch (def.type) {
    case 'unknown':
      return out.closed === null ? '' : `if (!isClean(${expr})) return false;`;
    case 'string':
      return hasChecks(def) ? null : `if (typeof ${expr} !== 'string') return false;`;
    case 'boolean':
      return hasChecks(def) ? null : `if (typeof ${expr} !== 'boolean') return false;`;
    case 'number':
      if (hasChecks(def)) return null;
      if (def.format === undefined) return `if (typeof ${expr} !== 'number' || !Number.isFinite(${expr})) return false;`;
      if (def.format === 'safeint') return `if (typeof ${expr} !== 'number' || !Number.isSafeInteger(${expr})) return false;`;
      return null;
    case 'literal':
    case 'enum': {
      const values = def.type === 'literal' ? (def.values ?? []) : Object.values(def.entries ?? {});
      if (!values.every((value) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')) return null;
      return `if (${values.map((value) => `${expr} !== ${JSON.stringify(value)}`).join(' && ') || 'true'}) return false;`;
    }
    case 'optional':
    case 'nullable': {
      if (def.innerType === undefined) return null;
      const inner = emitCheck(def.innerType, expr, out);
      if (inner === null) return null;
      const skip = def.type === 'optional' ? `${expr} !== undefined` : `${expr} !== null`;
      return inner === '' ? '' : `if (${skip}) { ${inner} }`;
    }
    case 'array': {
      if (def.element === undefined || hasChecks(def)) return null;
      const item = `v${out.next++}`;
      const index = `i${out.next++}`;
      const inner = emitCheck(def.element, item, out);
      if (inner === null) return null;
      const loop = inner === '' ? '' : `for (let ${index} = 0; ${index} < ${expr}.length; ${index}++) { const ${item} = ${expr}[${index}]; ${inner} }`;
      return `if (!Array.isArray(${expr})) return false; ${loop}`;
    }
    case 'record':
      return emitRecord(def, expr, out);
    case 'object':
      return emitObject(def, expr, out);
    default:
      return null;
  }
}

function emitRecord(def: DefLike, expr: string, out: Emitter): string | null {
  // A record's keys are open-ended, so a closed guard cannot prove them clean: only plain guards compile one.
  if (out.closed !== null || def.keyType === undefined || def.valueType === undefined) return null;
  const keyDef = defOf(def.keyType);
  if (keyDef.type !== 'string' || hasChecks(keyDef)) return null;
  const key = `k${out.next++}`;
  const inner = emitCheck(def.valueType, `${expr}[${key}]`, out);
  if (inner === null) return null;
  const loop = inner === '' ? '' : `for (const ${key} in ${expr}) { ${inner} }`;
  return `if (typeof ${expr} !== 'object' || ${expr} === null || Array.isArray(${expr})) return false; ${loop}`;
}

function emitObject(def: DefLike, expr: string, out: Emitter): string | null {
  // Only loose objects pass their input through unchanged; a stripping object's output differs from its input.
  if (def.catchall === undefined || defOf(def.catchall).type !== 'unknown' || def.shape === undefined) return null;
  const keys = Object.keys(def.shape);
  if (out.closed !== null && keys.some((key) => out.closed?.forbidden.has(key))) return null;
  const parts = [`if (typeof ${expr} !== 'object' || ${expr} === null || Array.isArray(${expr})) return false;`];
  for (const [key, field] of Object.entries(def.shape)) {
    const local = `f${out.next++}`;
    const optional = defOf(field).type === 'optional';
    const check = emitCheck(field, local, out);
    if (check === null) return null;
    parts.push(`const ${local} = ${expr}[${JSON.stringify(key)}];`);
    if (!optional) parts.push(`if (${local} === undefined) return false;`);
    parts.push(check);
  }
  if (out.closed !== null) {
    // Every key it enumerates (own or inherited) must be a declared one, whose value the checks above proved.
    const key = `k${out.next++}`;
    const cases = keys.map((name) => `case ${JSON.stringify(name)}:`).join(' ');
    parts.push(`for (const ${key} in ${expr}) { switch (${key}) { ${cases} break; default: return false; } }`);
  }
  return parts.join(' ');
}

function build(schema: z.core.$ZodType, closed: ClosedGuardRules | null): Guard | null {
  const body = emitCheck(schema, 'value', { next: 0, closed });
  if (body === null) return null;
  try {
    const factory = new Function('isClean', `'use strict'; return function guard(value) { ${body} return true; };`) as (
      isClean: (value: unknown) => boolean,
    ) => Guard;
    return factory(closed?.isClean ?? (() => true));
  } catch {
    // A context that forbids code generation (a strict CSP) still validates, through zod alone.
    return null;
  }
}

/**
 * A guard equivalent to `schema.safeParse(v).success` whose output would equal its input, or null when the
 * schema uses anything beyond the simple shapes above.
 */
export function compilePlainGuard(schema: z.core.$ZodType): Guard | null {
  return build(schema, null);
}

/**
 * A guard that is true only when `schema` accepts the value unchanged AND the value has no key outside the
 * schema's shapes and nothing forbidden inside its values of unknown type; null when not compilable.
 */
export function compileClosedGuard(schema: z.core.$ZodType, rules: ClosedGuardRules): Guard | null {
  return build(schema, rules);
}
