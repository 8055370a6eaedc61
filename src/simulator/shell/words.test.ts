import { describe, expect, it } from 'vitest';
import { splitWords, tokenize, type Token } from './words';

function words(input: string): string[] {
  const result = splitWords(input);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function tokens(input: string): Token[] {
  const result = tokenize(input);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('splitWords', () => {
  it('splits on blanks and tabs', () => {
    expect(words('  getprop \t ro.product.model  ')).toEqual(['getprop', 'ro.product.model']);
  });

  it('keeps single-quoted text literal, including backslashes and double quotes', () => {
    expect(words(`echo 'a b' 'c\\d' '"q"'`)).toEqual(['echo', 'a b', 'c\\d', '"q"']);
  });

  it("joins adbkit's quoting of a single quote ('\"'\"')", () => {
    expect(words(`echo 'it'"'"'s'`)).toEqual(['echo', "it's"]);
  });

  it('handles double quotes with their escapes only', () => {
    expect(words(`echo "a \\"b\\" \\$x \\\\ \\n"`)).toEqual(['echo', 'a "b" $x \\ \\n']);
  });

  it('escapes the next character outside quotes and drops backslash-newline', () => {
    expect(words('echo a\\ b c\\;d line\\\ncontinued')).toEqual(['echo', 'a b', 'c;d', 'linecontinued']);
  });

  it('keeps empty quoted words', () => {
    expect(words(`settings put secure enabled_accessibility_services ''`)).toEqual([
      'settings',
      'put',
      'secure',
      'enabled_accessibility_services',
      '',
    ]);
  });

  it('reports an unterminated quote', () => {
    expect(splitWords(`echo 'open`)).toEqual({
      ok: false,
      error: { message: "unterminated quoted string (')" },
    });
    expect(splitWords(`echo "open`)).toEqual({
      ok: false,
      error: { message: 'unterminated quoted string (")' },
    });
  });

  it('keeps JSON payloads intact inside single quotes', () => {
    const json = `{"text":"a && b; c || d > e","n":1}`;
    expect(words(`am broadcast --es payload '${json}'`)).toEqual([
      'am',
      'broadcast',
      '--es',
      'payload',
      json,
    ]);
  });
});

describe('tokenize', () => {
  it('recognises &&, ||, ;, |, & and newlines as operators', () => {
    expect(
      tokens('a&&b||c;d|e&\nf')
        .filter((token) => token.kind === 'operator')
        .map((token) => token.kind === 'operator' && token.value),
    ).toEqual(['&&', '||', ';', '|', '&', '\n']);
  });

  it('reads fd redirections only when the digit stands alone and unquoted', () => {
    expect(tokens('screencap -p 2>/dev/null')).toMatchObject([
      { kind: 'word', value: 'screencap', quoted: false },
      { kind: 'word', value: '-p', quoted: false },
      { kind: 'redirect', fd: 2, operator: '>' },
      { kind: 'word', value: '/dev/null', quoted: false },
    ]);
    expect(tokens('echo a2>x').slice(1, 3)).toMatchObject([
      { kind: 'word', value: 'a2', quoted: false },
      { kind: 'redirect', fd: 1, operator: '>' },
    ]);
    expect(tokens("echo '2'>x")[2]).toEqual({ kind: 'redirect', fd: 1, operator: '>' });
  });

  it('reads >>, >&, <, and 2>&1', () => {
    const redirects = tokens('a >>/dev/null 2>&1 </dev/null 1>&2').filter(
      (token) => token.kind === 'redirect',
    );
    expect(redirects).toEqual([
      { kind: 'redirect', fd: 1, operator: '>>' },
      { kind: 'redirect', fd: 2, operator: '>&' },
      { kind: 'redirect', fd: 0, operator: '<' },
      { kind: 'redirect', fd: 1, operator: '>&' },
    ]);
  });

  it('treats # as a comment only at the start of a word', () => {
    expect(
      tokens('echo a#b # comment\necho c')
        .filter((token) => token.kind === 'word')
        .map((token) => token.kind === 'word' && token.value),
    ).toEqual(['echo', 'a#b', 'echo', 'c']);
  });

  it('marks quoted words so reserved words can be used as arguments', () => {
    expect(tokens(`'while'`)).toMatchObject([{ kind: 'word', value: 'while', quoted: true }]);
  });
});
