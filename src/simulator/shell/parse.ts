import type { Result } from '../../shared/errors';
import type {
  AndOr,
  Assignment,
  Command,
  CommandList,
  ForCommand,
  GroupCommand,
  IfCommand,
  LoopCommand,
  Pipeline,
  Redirect,
  SimpleCommand,
  Word,
} from './ast';
import { tokenize, type SyntaxError, type Token } from './words';

export type * from './ast';

// Recursive-descent parser for the subset of sh the simulator runs: lists (`;`, newline), `&&`, `||`,
// pipelines, `!`, assignments, redirections, `{ }` and `( )` groups, `while`/`until` loops and `if`/`elif`/`else`.

const RESERVED = new Set([
  'while',
  'until',
  'for',
  'do',
  'done',
  'if',
  'then',
  'elif',
  'else',
  'fi',
  '!',
  '{',
  '}',
]);
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=/;

class ParseFailure {
  constructor(readonly message: string) {}
}

/** Parses a whole command line. */
export function parseScript(input: string): Result<CommandList, SyntaxError> {
  const tokens = tokenize(input);
  if (!tokens.ok) return tokens;
  const parser = new Parser(tokens.value);
  try {
    const list = parser.list([]);
    parser.expectEnd();
    return { ok: true, value: list };
  } catch (error) {
    if (error instanceof ParseFailure) return { ok: false, error: { message: error.message } };
    throw error;
  }
}

class Parser {
  private index = 0;

  constructor(private readonly tokens: Token[]) {}

  expectEnd(): void {
    const token = this.peek();
    if (token) throw new ParseFailure(`syntax error: '${describe(token)}' unexpected`);
  }

  /** Parses and-or items until end of input or one of the given reserved words. */
  list(stopWords: readonly string[]): CommandList {
    const items: AndOr[] = [];
    for (;;) {
      this.skipSeparators();
      const token = this.peek();
      if (!token) break;
      if (token.kind === 'word' && !token.quoted && stopWords.includes(token.value)) break;
      if (token.kind === 'operator' && token.value === ')') break;
      items.push(this.andOr());
      const next = this.peek();
      if (next?.kind === 'operator' && next.value === '&') {
        throw new ParseFailure('background jobs (&) are not supported by the simulator');
      }
      if (next && !(next.kind === 'operator' && (next.value === ';' || next.value === '\n'))) {
        if (next.kind === 'word' && !next.quoted && stopWords.includes(next.value)) break;
        if (next.kind === 'operator' && next.value === ')') break;
        throw new ParseFailure(`syntax error: '${describe(next)}' unexpected`);
      }
    }
    return { items };
  }

  private andOr(): AndOr {
    const first = this.pipeline();
    const rest: AndOr['rest'] = [];
    for (;;) {
      const token = this.peek();
      if (token?.kind !== 'operator' || (token.value !== '&&' && token.value !== '||')) break;
      this.index += 1;
      this.skipNewlines();
      rest.push({ connector: token.value, pipeline: this.pipeline() });
    }
    return { first, rest };
  }

  private pipeline(): Pipeline {
    let negated = false;
    const token = this.peek();
    if (token?.kind === 'word' && !token.quoted && token.value === '!') {
      negated = true;
      this.index += 1;
    }
    const commands = [this.command()];
    for (;;) {
      const next = this.peek();
      if (next?.kind !== 'operator' || next.value !== '|') break;
      this.index += 1;
      this.skipNewlines();
      commands.push(this.command());
    }
    return { negated, commands };
  }

  private command(): Command {
    const token = this.peek();
    if (token?.kind === 'word' && !token.quoted) {
      if (token.value === 'while' || token.value === 'until') return this.loop(token.value === 'until');
      if (token.value === 'if') return this.conditional();
      if (token.value === '{') return this.group(false, '}');
      if (token.value === 'for') return this.forLoop();
      if (RESERVED.has(token.value)) throw new ParseFailure(`syntax error: '${token.value}' unexpected`);
    }
    if (token?.kind === 'operator' && token.value === '(') return this.group(true, ')');
    return this.simple();
  }

  private forLoop(): ForCommand {
    this.index += 1;
    const name = this.peek();
    if (name?.kind !== 'word' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name.value) || name.quoted)
      throw new ParseFailure(`syntax error: bad for loop variable`);
    this.index += 1;
    this.skipNewlines();
    let words: Word[] | undefined;
    const keyword = this.peek();
    if (keyword?.kind === 'word' && !keyword.quoted && keyword.value === 'in') {
      this.index += 1;
      words = [];
      for (let token = this.peek(); token?.kind === 'word'; token = this.peek()) {
        words.push({ text: token.value, parts: token.parts });
        this.index += 1;
      }
    }
    this.expectWord('do');
    const body = this.nonEmptyList(['done']);
    this.expectWord('done');
    return { kind: 'for', name: name.value, words, body, redirects: this.redirects() };
  }

  private group(subshell: boolean, close: '}' | ')'): GroupCommand {
    this.index += 1;
    const body = this.nonEmptyList(close === '}' ? ['}'] : []);
    this.skipSeparators();
    const token = this.peek();
    const closed =
      close === '}'
        ? token?.kind === 'word' && !token.quoted && token.value === '}'
        : token?.kind === 'operator' && token.value === ')';
    if (!closed) {
      throw new ParseFailure(
        token ? `syntax error: '${describe(token)}' unexpected` : `syntax error: '${close}' expected`,
      );
    }
    this.index += 1;
    return { kind: 'group', subshell, body, redirects: this.redirects() };
  }

  private loop(until: boolean): LoopCommand {
    this.index += 1;
    const condition = this.nonEmptyList(['do']);
    this.expectWord('do');
    const body = this.nonEmptyList(['done']);
    this.expectWord('done');
    return { kind: 'loop', until, condition, body, redirects: this.redirects() };
  }

  private conditional(): IfCommand {
    this.index += 1;
    const branches: IfCommand['branches'] = [];
    let otherwise: CommandList | undefined;
    for (;;) {
      const condition = this.nonEmptyList(['then']);
      this.expectWord('then');
      const body = this.nonEmptyList(['elif', 'else', 'fi']);
      branches.push({ condition, body });
      const next = this.expectWord('elif', 'else', 'fi');
      if (next === 'elif') continue;
      if (next === 'else') {
        otherwise = this.nonEmptyList(['fi']);
        this.expectWord('fi');
      }
      break;
    }
    return { kind: 'if', branches, otherwise, redirects: this.redirects() };
  }

  private simple(): SimpleCommand {
    const assignments: Assignment[] = [];
    const words: Word[] = [];
    const redirects: Redirect[] = [];
    for (;;) {
      const token = this.peek();
      if (token?.kind === 'word') {
        const assignment = words.length === 0 ? asAssignment(token) : undefined;
        if (assignment) assignments.push(assignment);
        else words.push({ text: token.value, parts: token.parts });
        this.index += 1;
      } else if (token?.kind === 'redirect') {
        redirects.push(this.redirect());
      } else {
        break;
      }
    }
    if (words.length === 0 && redirects.length === 0 && assignments.length === 0) {
      const token = this.peek();
      throw new ParseFailure(
        token ? `syntax error: '${describe(token)}' unexpected` : 'syntax error: unexpected end of input',
      );
    }
    return { kind: 'simple', assignments, words, redirects };
  }

  private redirects(): Redirect[] {
    const redirects: Redirect[] = [];
    while (this.peek()?.kind === 'redirect') redirects.push(this.redirect());
    return redirects;
  }

  private redirect(): Redirect {
    const token = this.tokens[this.index] as Extract<Token, { kind: 'redirect' }>;
    this.index += 1;
    const target = this.peek();
    if (target?.kind !== 'word') throw new ParseFailure('syntax error: redirection without a target');
    this.index += 1;
    return { fd: token.fd, operator: token.operator, target: { text: target.value, parts: target.parts } };
  }

  private nonEmptyList(stopWords: readonly string[]): CommandList {
    const list = this.list(stopWords);
    if (list.items.length === 0) {
      const token = this.peek();
      throw new ParseFailure(
        token ? `syntax error: '${describe(token)}' unexpected` : 'syntax error: unexpected end of input',
      );
    }
    return list;
  }

  private expectWord(...expected: string[]): string {
    this.skipSeparators();
    const token = this.peek();
    if (token?.kind === 'word' && !token.quoted && expected.includes(token.value)) {
      this.index += 1;
      return token.value;
    }
    throw new ParseFailure(
      token
        ? `syntax error: '${describe(token)}' unexpected`
        : `syntax error: '${expected.join("' or '")}' expected`,
    );
  }

  private skipSeparators(): void {
    for (
      let token = this.peek();
      token?.kind === 'operator' && (token.value === ';' || token.value === '\n');
      token = this.peek()
    )
      this.index += 1;
  }

  private skipNewlines(): void {
    for (let token = this.peek(); token?.kind === 'operator' && token.value === '\n'; token = this.peek())
      this.index += 1;
  }

  private peek(): Token | undefined {
    return this.tokens[this.index];
  }
}

function describe(token: Token): string {
  if (token.kind === 'word') return token.value;
  if (token.kind === 'operator') return token.value === '\n' ? 'newline' : token.value;
  return `${token.fd}${token.operator}`;
}

/** `NAME=value` when NAME is unquoted literal text at the start of the word. */
function asAssignment(token: Extract<Token, { kind: 'word' }>): Assignment | undefined {
  const [first, ...rest] = token.parts;
  if (first?.kind !== 'literal' || first.quoted) return undefined;
  const match = ASSIGNMENT.exec(first.text);
  if (!match) return undefined;
  const name = match[1] as string;
  const remainder = first.text.slice(name.length + 1);
  const parts = remainder ? [{ ...first, text: remainder }, ...rest] : rest;
  return { name, value: { text: token.value.slice(name.length + 1), parts } };
}
