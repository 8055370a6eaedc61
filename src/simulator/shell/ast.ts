import type { RedirectOperator } from './words';

// The syntax tree the parser builds and the interpreter walks.

/** `${NAME:-word}` and friends; the colon forms also treat an empty value as unset. */
export type ParameterOperator = '-' | ':-' | '=' | ':=' | '+' | ':+' | '?' | ':?';

/** One piece of a word: literal text, `$NAME`/`${...}`, or `$(...)`/backquotes; `quoted` pieces are not field-split. */
export type WordPart =
  | { kind: 'literal'; text: string; quoted: boolean }
  | {
      kind: 'parameter';
      name: string;
      quoted: boolean;
      /** `${#NAME}`: the length of the value. */
      length?: boolean;
      operator?: ParameterOperator;
      /** The word after the operator, expanded only when the operator uses it. */
      argument?: WordPart[];
    }
  | { kind: 'command'; script: string; quoted: boolean };

/** A word as written: `text` is its source with quotes removed (for messages), `parts` what expansion reads. */
export interface Word {
  text: string;
  parts: WordPart[];
}

export interface Redirect {
  fd: number;
  operator: RedirectOperator;
  target: Word;
}

/** `NAME=value` before a command (or alone). */
export interface Assignment {
  name: string;
  value: Word;
}

export interface SimpleCommand {
  kind: 'simple';
  assignments: Assignment[];
  words: Word[];
  redirects: Redirect[];
}

export interface LoopCommand {
  kind: 'loop';
  until: boolean;
  condition: CommandList;
  body: CommandList;
  redirects: Redirect[];
}

export interface IfCommand {
  kind: 'if';
  branches: Array<{ condition: CommandList; body: CommandList }>;
  otherwise: CommandList | undefined;
  redirects: Redirect[];
}

/** `for NAME [in WORDS]; do BODY; done`; without `in` the positional parameters are the words. */
export interface ForCommand {
  kind: 'for';
  name: string;
  words: Word[] | undefined;
  body: CommandList;
  redirects: Redirect[];
}

/** `{ list; }` runs in the current shell, `( list )` in a subshell. */
export interface GroupCommand {
  kind: 'group';
  subshell: boolean;
  body: CommandList;
  redirects: Redirect[];
}

export type Command = SimpleCommand | LoopCommand | IfCommand | ForCommand | GroupCommand;

export interface Pipeline {
  negated: boolean;
  commands: Command[];
}

/** `first && second || third`: each pipeline runs depending on the previous status and its connector. */
export interface AndOr {
  first: Pipeline;
  rest: Array<{ connector: '&&' | '||'; pipeline: Pipeline }>;
}

export interface CommandList {
  items: AndOr[];
}
