import { describe, expect, it } from 'vitest';
import { SEED_SET_EXAMPLE } from '../execution/seedExample';
import { validateExecution } from '../execution/validateExecution';
import { checkJsonDepth, findExcessiveNesting, MAX_JSON_DEPTH } from './depth';

/** `levels` arrays nested inside each other, as JSON.parse builds them from hostile text. */
function nestedArrays(levels: number): unknown {
  return JSON.parse('['.repeat(levels) + ']'.repeat(levels)) as unknown;
}

describe('findExcessiveNesting', () => {
  it('accepts scalars, a canonical execution and exactly MAX_JSON_DEPTH levels', () => {
    expect(findExcessiveNesting('text')).toBeNull();
    expect(findExcessiveNesting(null)).toBeNull();
    expect(findExcessiveNesting(SEED_SET_EXAMPLE)).toBeNull();
    expect(findExcessiveNesting(nestedArrays(MAX_JSON_DEPTH))).toBeNull();
  });

  it('names the keys and indexes down to the first container past the bound', () => {
    expect(findExcessiveNesting({ a: [1, { b: [] }] }, 4)).toBeNull();
    expect(findExcessiveNesting({ a: [1, { b: [[]] }] }, 4)).toEqual(['a', 1, 'b', 0]);
    expect(findExcessiveNesting(nestedArrays(MAX_JSON_DEPTH + 1))).toHaveLength(MAX_JSON_DEPTH);
  });

  it('walks 100 000 levels without overflowing the stack', () => {
    expect(findExcessiveNesting(nestedArrays(100_000))).toHaveLength(MAX_JSON_DEPTH);
  });
});

describe('checkJsonDepth', () => {
  it('fails with EXECUTION_VALIDATION_FAILED, naming where and not what', () => {
    const deep = { actions: [{ params: { text: nestedArrays(5000) } }], secret: 'hunter2' };
    const checked = checkJsonDepth(deep, 'The request body');
    expect(checked.ok ? undefined : checked.error).toMatchObject({
      code: 'EXECUTION_VALIDATION_FAILED',
      details: { path: 'actions.0.params.text.0.0.…', maxDepth: MAX_JSON_DEPTH },
    });
    expect(checked.ok ? '' : checked.error.message).toMatch(
      /^The request body nests arrays and objects more than 64 levels deep \(at actions\.0\.params\.text\.0\.0\.…\)/,
    );
    expect(JSON.stringify(checked)).not.toContain('hunter2');
  });
});

describe('validateExecution with hostile nesting', () => {
  it.each([
    ['an unknown key', { ...SEED_SET_EXAMPLE, extra: nestedArrays(5000) }, 'extra.0.0.0.0.0.…'],
    ['the actions', { ...SEED_SET_EXAMPLE, actions: nestedArrays(5000) }, 'actions.0.0.0.0.0.…'],
  ])(
    'answers EXECUTION_VALIDATION_FAILED for 5000 levels inside %s instead of overflowing',
    (_name, input, path) => {
      const validated = validateExecution(input);
      expect(validated.ok ? undefined : validated.error).toMatchObject({
        code: 'EXECUTION_VALIDATION_FAILED',
        details: { path },
      });
    },
  );
});

describe('findExcessiveNesting with cycles', () => {
  it('leaves a cycle to the serializability rule', () => {
    const input: Record<string, unknown> = { ...SEED_SET_EXAMPLE };
    input.self = input;
    expect(findExcessiveNesting(input)).toBeNull();
    expect(validateExecution(input)).toMatchObject({
      ok: false,
      error: { details: { reason: expect.stringContaining('serializable') } },
    });
  });
});
