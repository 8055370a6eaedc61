// A compile-time proof that a zod schema describes exactly one TypeScript type: every field on both sides, with
// the same optionality and value types, at every depth. A field added to the type but not to its schema (or the
// reverse) fails to compile where the schema is declared.
import type { z } from 'zod';

type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// Checked first, so a branded string (`string & {}`) is not taken for an object.
type Primitive = string | number | boolean | bigint | symbol | null | undefined;

/** T without `[key: string]: unknown` signatures (a loose zod object's passthrough), at every depth. */
type Known<T> = T extends Primitive
  ? T
  : T extends readonly (infer Item)[]
    ? Known<Item>[]
    : T extends object
      ? { [K in keyof T as string extends K ? (unknown extends T[K] ? never : K) : K]: Known<T[K]> }
      : T;

/** Known<T> with every optional field required: a field optional on one side only, or missing, then differs. */
type Full<T> = T extends Primitive
  ? T
  : T extends readonly (infer Item)[]
    ? Full<Item>[]
    : T extends object
      ? { [K in keyof T as string extends K ? (unknown extends T[K] ? never : K) : K]-?: Full<T[K]> }
      : T;

/** True when A and B have the same fields (names, optionality and types) at every depth. */
export type Exact<A, B> = Mutual<Known<A>, Known<B>> extends true ? Mutual<Full<A>, Full<B>> : false;

/**
 * `exactSchema<T>()(schema)` returns the schema unchanged when its output is exactly T; otherwise the call asks for
 * a second argument ("Expected 2 arguments"), so the mismatch is a compile error at the declaration.
 */
export function exactSchema<T>() {
  return <S extends z.ZodType<T>>(
    schema: S,
    ..._mismatch: Exact<z.output<S>, T> extends true ? [] : [schemaDiffersFromType: never]
  ): S => schema;
}
