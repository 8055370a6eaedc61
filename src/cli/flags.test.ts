import { describe, expect, it } from 'vitest';
import { parseFlags, type FlagSpec } from './flags';
import { thrownError } from '../test-support/cliTesting';

const SPECS: readonly FlagSpec[] = [
  { name: '--payload', aliases: ['--file'], kind: 'value' },
  { name: '--dry-run', kind: 'boolean' },
];

describe('parseFlags', () => {
  it('reads values, aliases, switches and allowed positionals', () => {
    const parsed = parseFlags(['a.json', '--dry-run'], SPECS, { context: 'exec', maxPositionals: 1 });
    expect(parsed.positionals).toEqual(['a.json']);
    expect([...parsed.switches]).toEqual(['--dry-run']);
    expect(parseFlags(['--file', 'b.json'], SPECS, { context: 'exec' }).values.get('--payload')).toBe(
      'b.json',
    );
  });

  it('takes a value that starts with a single dash, and a literal -- value after --', () => {
    expect(parseFlags(['--payload', '-x'], SPECS, { context: 'exec' }).values.get('--payload')).toBe('-x');
    expect(parseFlags(['--payload', '--', '--x'], SPECS, { context: 'exec' }).values.get('--payload')).toBe(
      '--x',
    );
  });

  it.each([[['--payload']], [['--payload', '--dry-run']], [['--payload', '--']]])(
    'rejects a missing value in %j',
    (tokens) => {
      expect(thrownError(() => parseFlags(tokens, SPECS, { context: 'exec' }))).toEqual({
        code: 'USAGE',
        message: '--payload requires a value',
      });
    },
  );

  it('rejects a repeated value flag, also through an alias and with an identical value', () => {
    expect(
      thrownError(() => parseFlags(['--payload', 'a', '--payload', 'a'], SPECS, { context: 'exec' })).message,
    ).toBe('--payload must be supplied only once');
    expect(
      thrownError(() => parseFlags(['--payload', 'a', '--file', 'b'], SPECS, { context: 'exec' })).message,
    ).toBe('--file (an alias of --payload) must be supplied only once');
  });

  it('rejects unknown flags with a suggestion when one is close', () => {
    expect(thrownError(() => parseFlags(['--dryrun'], SPECS, { context: 'exec' }))).toEqual({
      code: 'USAGE',
      message: 'Unexpected argument for exec: --dryrun. Did you mean --dry-run?',
      details: { argument: '--dryrun' },
    });
    expect(thrownError(() => parseFlags(['--zzz'], SPECS, { context: 'exec' })).message).toBe(
      'Unexpected argument for exec: --zzz',
    );
  });

  it('rejects positionals beyond the allowed count and a stray --', () => {
    expect(
      thrownError(() => parseFlags(['a', 'b'], SPECS, { context: 'exec', maxPositionals: 1 })).message,
    ).toBe('Unexpected argument for exec: b');
    expect(thrownError(() => parseFlags(['label'], SPECS, { context: 'on-screen-log set' })).message).toBe(
      'Unexpected argument for on-screen-log set: label',
    );
    expect(thrownError(() => parseFlags(['--'], SPECS, { context: 'exec' })).message).toBe(
      'Unexpected argument for exec: --',
    );
  });
});
