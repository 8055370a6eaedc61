import { describe, expect, it } from 'vitest';
import { defaultEvidenceDirectory } from './directory';

describe('defaultEvidenceDirectory', () => {
  it('follows XDG_DATA_HOME on Linux, falling back to ~/.local/share', () => {
    expect(defaultEvidenceDirectory({ XDG_DATA_HOME: '/data/me' }, 'linux', '/home/me')).toBe(
      '/data/me/androperator/evidence',
    );
    expect(defaultEvidenceDirectory({}, 'linux', '/home/me')).toBe(
      '/home/me/.local/share/androperator/evidence',
    );
    expect(defaultEvidenceDirectory({ XDG_DATA_HOME: '' }, 'freebsd', '/home/me')).toBe(
      '/home/me/.local/share/androperator/evidence',
    );
  });

  it('ignores a relative XDG_DATA_HOME, as the XDG spec requires', () => {
    expect(defaultEvidenceDirectory({ XDG_DATA_HOME: 'data' }, 'linux', '/home/me')).toBe(
      '/home/me/.local/share/androperator/evidence',
    );
  });

  it('uses Application Support on macOS whatever XDG says', () => {
    expect(defaultEvidenceDirectory({ XDG_DATA_HOME: '/x' }, 'darwin', '/Users/me')).toBe(
      '/Users/me/Library/Application Support/androperator/evidence',
    );
  });

  it('uses %APPDATA% on Windows, falling back to AppData\\Roaming', () => {
    expect(
      defaultEvidenceDirectory({ APPDATA: 'C:\\Users\\me\\AppData\\Roaming' }, 'win32', 'C:\\Users\\me'),
    ).toBe('C:\\Users\\me\\AppData\\Roaming\\androperator\\evidence');
    expect(defaultEvidenceDirectory({}, 'win32', 'C:\\Users\\me')).toBe(
      'C:\\Users\\me\\AppData\\Roaming\\androperator\\evidence',
    );
  });
});
