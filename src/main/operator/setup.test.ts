import { describe, expect, it } from 'vitest';
import {
  hasZipSignature,
  operatorComponent,
  parseServiceList,
  servicesWrite,
  servicesWriteCommand,
  shellQuote,
  withOperatorService,
  withoutOperatorService,
} from './setup';

const PACKAGE = 'com.androperator.operator';
const OURS = `${PACKAGE}/com.androperator.operator.OperatorAccessibilityService`;
const OTHER = 'com.example.reader/.ReaderService';

describe('service lists', () => {
  it('reads "null" and blanks as no services and trims entries', () => {
    expect(parseServiceList('null\n')).toEqual([]);
    expect(parseServiceList('  \n')).toEqual([]);
    expect(parseServiceList(` ${OTHER} :: ${OURS}\r\n`)).toEqual([OTHER, OURS]);
  });

  it('adds the Operator after the services already enabled', () => {
    expect(operatorComponent(PACKAGE)).toBe(OURS);
    expect(withOperatorService([OTHER], PACKAGE)).toEqual([OTHER, OURS]);
    expect(withOperatorService([], PACKAGE)).toEqual([OURS]);
  });

  it('does not add the Operator twice, whatever its spelling, and drops repeated entries', () => {
    expect(withOperatorService([OURS.toUpperCase(), OTHER], PACKAGE)).toEqual([OURS.toUpperCase(), OTHER]);
    expect(withOperatorService([`${PACKAGE}/.OperatorAccessibilityService`], PACKAGE)).toHaveLength(1);
    expect(withOperatorService([OTHER, OTHER.toLowerCase()], PACKAGE)).toEqual([OTHER, OURS]);
  });

  it('removes every spelling of the Operator and keeps the others', () => {
    const list = [OTHER, OURS, `${PACKAGE}/.OperatorAccessibilityService`, OURS.toUpperCase()];
    expect(withoutOperatorService(list, PACKAGE)).toEqual([OTHER]);
    expect(withoutOperatorService([`${PACKAGE}.dev/.OperatorAccessibilityService`], PACKAGE)).toEqual([
      `${PACKAGE}.dev/.OperatorAccessibilityService`,
    ]);
  });

  it('deletes an empty list instead of writing ""', () => {
    expect(servicesWrite([])).toEqual({ kind: 'delete' });
    expect(servicesWriteCommand(servicesWrite([]))).toBe(
      'settings delete secure enabled_accessibility_services',
    );
    expect(servicesWrite([OTHER, OURS])).toEqual({ kind: 'put', value: `${OTHER}:${OURS}` });
    expect(servicesWriteCommand(servicesWrite([OTHER]))).toBe(
      `settings put secure enabled_accessibility_services '${OTHER}'`,
    );
  });

  it('quotes shell words with $ and single quotes', () => {
    expect(shellQuote('a/b$Inner')).toBe(`'a/b$Inner'`);
    expect(shellQuote(`it's`)).toBe(`'it'\\''s'`);
  });
});

describe('hasZipSignature', () => {
  it('accepts only PK\\x03\\x04 at the start', () => {
    expect(hasZipSignature(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0]))).toBe(true);
    expect(hasZipSignature(new Uint8Array([0x50, 0x4b, 0x05, 0x06]))).toBe(false);
    expect(hasZipSignature(new Uint8Array([0x50, 0x4b]))).toBe(false);
  });
});
