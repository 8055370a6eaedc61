import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exactSchema } from './exactSchema';

interface Sample {
  name: string;
  note?: string;
  nested: { count: number; flag?: boolean };
  items: { id: string }[];
  data?: Record<string, string>;
}

const nested = z.object({ count: z.number(), flag: z.boolean().optional() });
const fields = {
  name: z.string(),
  note: z.string().optional(),
  nested,
  items: z.array(z.object({ id: z.string() })),
  data: z.record(z.string(), z.string()).optional(),
};

// tsc runs over test files too: each @ts-expect-error below fails the type check if the mismatch compiles.
describe('exactSchema', () => {
  it('accepts a schema equal to its type, strict or loose', () => {
    const strict = exactSchema<Sample>()(z.object(fields));
    const loose = exactSchema<Sample>()(z.looseObject(fields));
    const value: Sample = { name: 'a', nested: { count: 1 }, items: [{ id: 'x' }] };
    expect(strict.parse({ ...value, extra: 1 })).toStrictEqual(value);
    expect(loose.parse({ ...value, extra: 1 })).toStrictEqual({ ...value, extra: 1 });
  });

  it('rejects at compile time a schema missing an optional field, at any depth', () => {
    const { note: _note, ...withoutNote } = fields;
    // @ts-expect-error the schema lacks the optional `note`
    exactSchema<Sample>()(z.object(withoutNote));
    // @ts-expect-error the schema lacks the optional `nested.flag`
    exactSchema<Sample>()(z.object({ ...fields, nested: z.object({ count: z.number() }) }));
    expect(Object.keys(withoutNote)).not.toContain('note');
  });

  it('rejects at compile time an extra field, a changed optionality or a changed type', () => {
    // @ts-expect-error the schema has a field the type does not
    exactSchema<Sample>()(z.object({ ...fields, extra: z.string().optional() }));
    // @ts-expect-error `name` is required in the type
    exactSchema<Sample>()(z.object({ ...fields, name: z.string().optional() }));
    // @ts-expect-error `note` is optional in the type
    exactSchema<Sample>()(z.object({ ...fields, note: z.string() }));
    // @ts-expect-error `data` values are strings in the type
    exactSchema<Sample>()(z.object({ ...fields, data: z.record(z.string(), z.number()).optional() }));
    expect(exactSchema<Sample>()(z.object(fields)).safeParse({ name: 1 }).success).toBe(false);
  });
});
