import type { Word, WordPart } from './ast';

// Word expansion: parameters, command substitution, then field splitting of unquoted results on blanks and
// newlines (the default IFS). No pathname expansion: `*` and `?` stay literal.

/** What expansion needs from the shell. */
export interface Expander {
  lookup(name: string): string | undefined;
  /** `${NAME:=word}` */
  assign(name: string, value: string): void;
  /** Runs `$(script)` in a subshell and returns its stdout. */
  substitute(script: string): Promise<string>;
  /** `${NAME:?word}` with NAME unset: the shell prints this and the command fails. */
  fail(message: string): never;
}

const FIELD_SEPARATORS = /[ \t\n]+/;

/** Expands a word into fields (none for an unquoted expansion that came out empty). */
export async function expandFields(word: Word, expander: Expander): Promise<string[]> {
  const fields: string[] = [];
  let current = '';
  let started = false;
  for (const part of word.parts) {
    const value = await expandPart(part, expander);
    if (part.quoted || part.kind === 'literal') {
      current += value;
      started = true;
      continue;
    }
    value.split(FIELD_SEPARATORS).forEach((piece, index) => {
      if (index > 0 && started) {
        fields.push(current);
        current = '';
        started = false;
      }
      if (piece !== '') {
        current += piece;
        started = true;
      }
    });
  }
  if (started) fields.push(current);
  return fields;
}

/** Expands a word into one string without field splitting (assignments, redirection targets, `case` words). */
export async function expandText(word: Word, expander: Expander): Promise<string> {
  let text = '';
  for (const part of word.parts) text += await expandPart(part, expander);
  return text;
}

async function expandJoined(parts: readonly WordPart[] | undefined, expander: Expander): Promise<string> {
  let text = '';
  for (const part of parts ?? []) text += await expandPart(part, expander);
  return text;
}

async function expandPart(part: WordPart, expander: Expander): Promise<string> {
  if (part.kind === 'literal') return part.text;
  if (part.kind === 'command') return (await expander.substitute(part.script)).replace(/\n+$/, '');
  const value = expander.lookup(part.name);
  if (part.length) return String((value ?? '').length);
  const operator = part.operator;
  if (operator === undefined) return value ?? '';
  const missing = value === undefined || (operator.startsWith(':') && value === '');
  const kind = operator.replace(':', '');
  // Only the branch taken expands its word (so `${A:-$(cmd)}` runs cmd only when A is unset).
  const usesArgument = kind === '+' ? !missing : missing;
  const argument = usesArgument ? await expandJoined(part.argument, expander) : '';
  switch (kind) {
    case '-':
      return missing ? argument : (value ?? '');
    case '=':
      if (missing) expander.assign(part.name, argument);
      return missing ? argument : (value ?? '');
    case '+':
      return missing ? '' : argument;
    default:
      if (missing) expander.fail(`${part.name}: ${argument || 'parameter null or not set'}`);
      return value ?? '';
  }
}
