import { describe, expect, it } from 'vitest';
import { isServiceListed, operatorQueryCommand, parseOperatorQuery } from './operatorStatus';

const PACKAGE = 'com.androperator.operator';
const FULL = `${PACKAGE}/com.androperator.operator.OperatorAccessibilityService`;
const MARK = '__androperator_section__';

function output(paths: string, services: string, enabled: string, newline = '\n'): string {
  return [paths, MARK, services, MARK, enabled, ''].join(newline);
}

describe('isServiceListed', () => {
  it('finds the full and the short component anywhere in the list, ignoring case and blanks', () => {
    expect(isServiceListed(FULL, PACKAGE)).toBe(true);
    expect(isServiceListed(`com.other/.A: ${PACKAGE}/.OperatorAccessibilityService `, PACKAGE)).toBe(true);
    expect(isServiceListed(FULL.toUpperCase(), PACKAGE)).toBe(true);
    expect(
      isServiceListed(
        `com.androperator.operator.dev/com.androperator.operator.OperatorAccessibilityService`,
        'com.androperator.operator.dev',
      ),
    ).toBe(true);
  });

  it('does not accept other services, other packages or a prefix', () => {
    expect(isServiceListed('', PACKAGE)).toBe(false);
    expect(isServiceListed('com.other/.Service', PACKAGE)).toBe(false);
    expect(isServiceListed(`${PACKAGE}.dev/.OperatorAccessibilityService`, PACKAGE)).toBe(false);
    expect(isServiceListed(`${PACKAGE}/.OperatorAccessibilityServiceX`, PACKAGE)).toBe(false);
    expect(isServiceListed(FULL, `${PACKAGE}.dev`)).toBe(false);
  });
});

describe('parseOperatorQuery', () => {
  it('reads installed and enabled from pm path and the two settings', () => {
    expect(parseOperatorQuery(output('package:/data/app/base.apk', FULL, '1'), PACKAGE)).toEqual({
      installed: true,
      serviceEnabled: true,
    });
  });

  it('handles CRLF output of old shells and several apk paths', () => {
    const text = output('package:/data/app/base.apk\r\npackage:/data/app/split.apk', FULL, '1', '\r\n');
    expect(parseOperatorQuery(text, PACKAGE)).toEqual({ installed: true, serviceEnabled: true });
  });

  it('is not enabled when accessibility is off, the list is null/empty, or the service is missing', () => {
    expect(parseOperatorQuery(output('package:/x.apk', FULL, '0'), PACKAGE)?.serviceEnabled).toBe(false);
    expect(parseOperatorQuery(output('package:/x.apk', FULL, 'null'), PACKAGE)?.serviceEnabled).toBe(false);
    expect(parseOperatorQuery(output('package:/x.apk', 'null', '1'), PACKAGE)?.serviceEnabled).toBe(false);
    expect(parseOperatorQuery(output('package:/x.apk', '', '1'), PACKAGE)?.serviceEnabled).toBe(false);
    expect(parseOperatorQuery(output('', 'com.other/.S', '1'), PACKAGE)).toEqual({
      installed: false,
      serviceEnabled: false,
    });
  });

  it('rejects output without both section markers', () => {
    expect(parseOperatorQuery('/system/bin/sh: settings: not found\n', PACKAGE)).toBeUndefined();
    expect(parseOperatorQuery(`package:/x.apk\n${MARK}\n${FULL}\n`, PACKAGE)).toBeUndefined();
  });

  it('builds one command with the package and both settings', () => {
    expect(operatorQueryCommand(PACKAGE)).toBe(
      `pm path ${PACKAGE} 2>/dev/null; echo ${MARK}; settings get secure enabled_accessibility_services; ` +
        `echo ${MARK}; settings get secure accessibility_enabled`,
    );
  });
});
