import { describe, expect, it } from 'vitest';
import { consoleEvidenceDirectory, userDataDirectory } from './userData';

describe('userDataDirectory', () => {
  it('uses XDG_CONFIG_HOME on Linux when absolute, else ~/.config', () => {
    expect(userDataDirectory({ XDG_CONFIG_HOME: '/xdg' }, 'linux', '/home/qa')).toBe('/xdg/androperator');
    expect(userDataDirectory({ XDG_CONFIG_HOME: 'relative' }, 'linux', '/home/qa')).toBe(
      '/home/qa/.config/androperator',
    );
    expect(userDataDirectory({}, 'freebsd', '/home/qa')).toBe('/home/qa/.config/androperator');
  });

  it('uses Application Support on macOS and APPDATA on Windows', () => {
    expect(userDataDirectory({}, 'darwin', '/Users/qa')).toBe(
      '/Users/qa/Library/Application Support/androperator',
    );
    expect(userDataDirectory({ APPDATA: 'C:\\Users\\qa\\AppData\\Roaming' }, 'win32', 'C:\\Users\\qa')).toBe(
      'C:\\Users\\qa\\AppData\\Roaming\\androperator',
    );
    expect(userDataDirectory({}, 'win32', 'C:\\Users\\qa')).toBe(
      'C:\\Users\\qa\\AppData\\Roaming\\androperator',
    );
  });

  it('lets an absolute ANDROPERATOR_HOME override every platform rule', () => {
    expect(
      userDataDirectory({ ANDROPERATOR_HOME: '/tmp/home', XDG_CONFIG_HOME: '/xdg' }, 'linux', '/home/qa'),
    ).toBe('/tmp/home');
    expect(userDataDirectory({ ANDROPERATOR_HOME: 'D:\\portable' }, 'win32', 'C:\\Users\\qa')).toBe(
      'D:\\portable',
    );
    expect(userDataDirectory({ ANDROPERATOR_HOME: 'relative' }, 'linux', '/home/qa')).toBe(
      '/home/qa/.config/androperator',
    );
  });
});

describe('consoleEvidenceDirectory', () => {
  it('puts evidence under ANDROPERATOR_HOME when set, else in the evidence store default', () => {
    expect(consoleEvidenceDirectory({ ANDROPERATOR_HOME: '/tmp/home' }, 'linux', '/home/qa')).toBe(
      '/tmp/home/evidence',
    );
    expect(consoleEvidenceDirectory({}, 'linux', '/home/qa')).toBe(
      '/home/qa/.local/share/androperator/evidence',
    );
  });
});
