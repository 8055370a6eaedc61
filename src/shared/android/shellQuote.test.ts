import { describe, expect, it } from 'vitest';
import { splitWords } from '../../simulator/shell/words';
import { shellQuote } from './shellQuote';

describe('shellQuote', () => {
  it.each(['plain', "it's", 'a b', '$(id)', '`id`', 'x;y', "''", '', '\\n', 'tab\there', 'a&&b'])(
    'keeps %j one word with its exact text for a POSIX word splitter',
    (value) => {
      const split = splitWords(`echo ${shellQuote(value)}`);
      expect(split).toEqual({ ok: true, value: ['echo', value] });
    },
  );

  it('writes a quote as the reference does', () => {
    expect(shellQuote("it's")).toBe("'it'\\''s'");
  });
});
