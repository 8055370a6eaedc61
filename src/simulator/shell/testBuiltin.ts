import { resolvePath, writeRefusal } from '../device/fileAccess';
import { filesOf, type DeviceFiles } from '../device/files';
import type { BuiltinContext } from './builtins';

// mksh's `test` and `[`: file tests on the device's files, string and integer comparisons, `!`, `-a`, `-o` and
// parentheses, evaluated as POSIX does by argument count first. Status 0 true, 1 false, 2 on a usage error.

const TRUE = 0;
const FALSE = 1;
const USAGE = 2;

class TestSyntaxError extends Error {}

const FILE_TESTS = new Set(['-e', '-f', '-d', '-s', '-r', '-w', '-x', '-L', '-h', '-b', '-c', '-p', '-S']);
const STRING_TESTS = new Set(['-n', '-z']);
const BINARY = new Set([
  '=',
  '==',
  '!=',
  '<',
  '>',
  '-eq',
  '-ne',
  '-lt',
  '-le',
  '-gt',
  '-ge',
  '-nt',
  '-ot',
  '-ef',
]);

interface Lookup {
  files: DeviceFiles;
  cwd: string;
}

function fileTest(operator: string, operand: string, lookup: Lookup): boolean {
  const path = resolvePath(operand, lookup.cwd);
  const directory = lookup.files.isDirectory(path);
  const file = lookup.files.read(path);
  switch (operator) {
    case '-e':
    case '-r':
      return directory || file !== undefined;
    case '-f':
      return file !== undefined;
    case '-d':
      return directory;
    case '-s':
      return directory || (file?.data.length ?? 0) > 0;
    case '-w':
      return (
        (directory || file !== undefined) && writeRefusal(lookup.files, path) !== 'Read-only file system'
      );
    case '-x':
      return directory || (file !== undefined && (file.mode & 0o111) !== 0);
    default:
      // No symlinks, devices, pipes or sockets exist in the simulated file system.
      return false;
  }
}

function integer(text: string): number {
  if (!/^\s*[-+]?\d+\s*$/.test(text)) throw new TestSyntaxError(`${text}: bad number`);
  return Number.parseInt(text, 10);
}

function binary(left: string, operator: string, right: string): boolean {
  switch (operator) {
    case '=':
    case '==':
      return left === right;
    case '!=':
      return left !== right;
    case '<':
      return left < right;
    case '>':
      return left > right;
    case '-eq':
      return integer(left) === integer(right);
    case '-ne':
      return integer(left) !== integer(right);
    case '-lt':
      return integer(left) < integer(right);
    case '-le':
      return integer(left) <= integer(right);
    case '-gt':
      return integer(left) > integer(right);
    case '-ge':
      return integer(left) >= integer(right);
    default:
      // -nt, -ot, -ef compare files; the simulated files have no links and one mtime each.
      return false;
  }
}

/** Recursive descent over `-o` (lowest), `-a`, `!`, primaries and parentheses. */
class Evaluator {
  private index = 0;

  constructor(
    private readonly words: readonly string[],
    private readonly lookup: Lookup,
  ) {}

  run(): boolean {
    const value = this.or();
    if (this.index < this.words.length)
      throw new TestSyntaxError(`${this.words[this.index]}: unexpected operator`);
    return value;
  }

  private peek(offset = 0): string | undefined {
    return this.words[this.index + offset];
  }

  private next(): string {
    const word = this.words[this.index];
    if (word === undefined) throw new TestSyntaxError('missing argument');
    this.index += 1;
    return word;
  }

  private or(): boolean {
    let value = this.and();
    while (this.peek() === '-o') {
      this.index += 1;
      value = this.and() || value;
    }
    return value;
  }

  private and(): boolean {
    let value = this.not();
    while (this.peek() === '-a') {
      this.index += 1;
      value = this.not() && value;
    }
    return value;
  }

  private not(): boolean {
    if (this.peek() === '!' && this.peek(1) !== undefined && !BINARY.has(this.peek(1) as string)) {
      this.index += 1;
      return !this.not();
    }
    return this.primary();
  }

  private primary(): boolean {
    const word = this.next();
    const following = this.peek();
    if (following !== undefined && BINARY.has(following) && this.peek(1) !== undefined) {
      this.index += 1;
      return binary(word, following, this.next());
    }
    if (word === '(' && following !== undefined) {
      const value = this.or();
      if (this.next() !== ')') throw new TestSyntaxError('missing )');
      return value;
    }
    if (FILE_TESTS.has(word) && following !== undefined) return fileTest(word, this.next(), this.lookup);
    if (STRING_TESTS.has(word) && following !== undefined) {
      const operand = this.next();
      return word === '-n' ? operand !== '' : operand === '';
    }
    if (word === '-t' && following !== undefined) {
      integer(this.next());
      return false;
    }
    return word !== '';
  }
}

/** `test EXPR` and `[ EXPR ]`. */
export function testBuiltin(context: BuiltinContext, bracket: boolean): number {
  const name = bracket ? '[' : 'test';
  let words = context.args;
  if (bracket) {
    if (words[words.length - 1] !== ']') {
      context.streams.stderr(`${context.shell.name}: ${name}: missing ]\n`);
      return USAGE;
    }
    words = words.slice(0, -1);
  }
  if (words.length === 0) return FALSE;
  const lookup = { files: filesOf(context.device.state), cwd: context.shell.workingDirectory };
  try {
    return new Evaluator(words, lookup).run() ? TRUE : FALSE;
  } catch (error) {
    if (!(error instanceof TestSyntaxError)) throw error;
    context.streams.stderr(`${context.shell.name}: ${name}: ${error.message}\n`);
    return USAGE;
  }
}
