import { describe, expect, it } from 'vitest';
import { parseScript, type Command } from './parse';

function parse(input: string) {
  const result = parseScript(input);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function error(input: string): string {
  const result = parseScript(input);
  return result.ok ? 'parsed' : result.error.message;
}

/** A command with its words and redirection targets as text (parts are checked in the expansion tests). */
function shape(command: Command | undefined): unknown {
  if (command?.kind !== 'simple') return command;
  return {
    kind: 'simple',
    assignments: command.assignments.map(({ name, value }) => `${name}=${value.text}`),
    words: command.words.map((word) => word.text),
    redirects: command.redirects.map(({ fd, operator, target }) => ({ fd, operator, target: target.text })),
  };
}

describe('parseScript', () => {
  it("parses adbkit's screencap line into a two-step && list with a redirect", () => {
    const script = parse('echo && screencap -p 2>/dev/null');
    expect(script.items).toHaveLength(1);
    const [item] = script.items;
    expect(shape(item?.first.commands[0])).toEqual({
      kind: 'simple',
      assignments: [],
      words: ['echo'],
      redirects: [],
    });
    expect(item?.rest.map(({ connector }) => connector)).toEqual(['&&']);
    expect(item?.rest[0]?.pipeline.negated).toBe(false);
    expect(item?.rest[0]?.pipeline.commands.map(shape)).toEqual([
      {
        kind: 'simple',
        assignments: [],
        words: ['screencap', '-p'],
        redirects: [{ fd: 2, operator: '>', target: '/dev/null' }],
      },
    ]);
  });

  it("parses adbkit's waitBootComplete loop", () => {
    const [item] = parse('while getprop sys.boot_completed 2>/dev/null; do sleep 1; done').items;
    const loop = item?.first.commands[0];
    expect(loop?.kind).toBe('loop');
    if (loop?.kind !== 'loop') return;
    expect(loop.until).toBe(false);
    expect(shape(loop.condition.items[0]?.first.commands[0])).toMatchObject({
      words: ['getprop', 'sys.boot_completed'],
    });
    expect(shape(loop.body.items[0]?.first.commands[0])).toMatchObject({ words: ['sleep', '1'] });
  });

  it('parses lists, pipelines, negation and if/elif/else', () => {
    const script = parse('a; b | c\n! d || e; if x; then y; elif z; then w; else v; fi');
    expect(script.items).toHaveLength(4);
    expect(script.items[1]?.first.commands).toHaveLength(2);
    expect(script.items[2]?.first.negated).toBe(true);
    const conditional = script.items[3]?.first.commands[0];
    expect(conditional?.kind === 'if' && conditional.branches.length).toBe(2);
    expect(conditional?.kind === 'if' && conditional.otherwise?.items.length).toBe(1);
  });

  it('allows a newline after && and |', () => {
    expect(parse('a &&\n b |\n c').items).toHaveLength(1);
  });

  it('rejects background jobs, dangling operators and unbalanced keywords', () => {
    expect(error('sleep 5 &')).toBe('background jobs (&) are not supported by the simulator');
    expect(error('echo a &&')).toBe('syntax error: unexpected end of input');
    expect(error('; ;')).toBe('parsed');
    expect(error('| a')).toBe("syntax error: '|' unexpected");
    expect(error('while true; do echo')).toBe("syntax error: 'done' expected");
    expect(error('done')).toBe("syntax error: 'done' unexpected");
    expect(error('if a; then; fi')).toBe("syntax error: 'fi' unexpected");
    expect(error('echo >')).toBe('syntax error: redirection without a target');
    expect(error('( a')).toBe("syntax error: ')' expected");
    expect(error('{ a; )')).toBe("syntax error: ')' unexpected");
  });
});
