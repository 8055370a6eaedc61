// Help documents what the commands accept and print (issue 14 defect 8: `--label` was missing from sequence --help).
import { describe, expect, it } from 'vitest';
import { SEQUENCE_FLAG_SPECS } from './deviceCommands';
import { helpFor, TOP_LEVEL_HELP } from './help';

describe('sequence --help', () => {
  const help = helpFor('sequence', undefined) ?? '';

  it('lists every flag sequence accepts, --label included', () => {
    const names = SEQUENCE_FLAG_SPECS.flatMap((spec) => [spec.name, ...(spec.aliases ?? [])]);
    expect(names).toContain('--label');
    expect(names.filter((name) => !new RegExp(`(^|[\\s(])${name}\\b`).test(help))).toEqual([]);
  });

  it('shows --label in the usage lines', () => {
    expect(help.split('\n')[0]).toContain('[--label <name>]');
    expect(TOP_LEVEL_HELP).toMatch(/sequence .*\[--label <name>\]/);
  });
});
