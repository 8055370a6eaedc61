import { describe, expect, it } from 'vitest';
import type { WordPart } from './ast';
import { tokenize } from './words';

function parts(input: string): WordPart[][] {
  const result = tokenize(input);
  if (!result.ok) throw new Error(result.error.message);
  return result.value.flatMap((token) => (token.kind === 'word' ? [token.parts] : []));
}

function failure(input: string): string {
  const result = tokenize(input);
  return result.ok ? 'tokenized' : result.error.message;
}

describe('word parts', () => {
  it('separates literal text from parameters, quoted and unquoted', () => {
    expect(parts(`a$B"c$D"'$e'`)).toEqual([
      [
        { kind: 'literal', text: 'a', quoted: false },
        { kind: 'parameter', name: 'B', quoted: false },
        { kind: 'literal', text: 'c', quoted: true },
        { kind: 'parameter', name: 'D', quoted: true },
        { kind: 'literal', text: '$e', quoted: true },
      ],
    ]);
  });

  it('reads special parameters, braces with operators, and lengths', () => {
    expect(parts('$? $$ $1 ${A:-x y} ${#A}').map((word) => word[0])).toEqual([
      { kind: 'parameter', name: '?', quoted: false },
      { kind: 'parameter', name: '$', quoted: false },
      { kind: 'parameter', name: '1', quoted: false },
      {
        kind: 'parameter',
        name: 'A',
        quoted: false,
        operator: ':-',
        argument: [{ kind: 'literal', text: 'x y', quoted: false }],
      },
      { kind: 'parameter', name: 'A', quoted: false, length: true },
    ]);
  });

  it('keeps a $(...) body whole across quotes, operators and nested parentheses', () => {
    expect(parts(`echo $(a "b)" | c $(d)) \`e\``).slice(1)).toEqual([
      [{ kind: 'command', script: 'a "b)" | c $(d)', quoted: false }],
      [{ kind: 'command', script: 'e', quoted: false }],
    ]);
  });

  it('reports unterminated expansions', () => {
    expect(failure('echo ${A')).toBe("missing '}'");
    expect(failure('echo $(a')).toBe("missing ')'");
    expect(failure('echo `a')).toBe('unterminated `');
    expect(failure('echo ${A%b}')).toBe('${A%b}: bad substitution');
  });
});
