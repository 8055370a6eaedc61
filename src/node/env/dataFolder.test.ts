import { describe, expect, it } from 'vitest';
import { configFolder, dataFolder, dataPaths, legacyFolder } from './dataFolder';

const linux = (env: Record<string, string>) => ({ env, platform: 'linux', homedir: '/home/qa' });

describe('dataFolder', () => {
  it('uses XDG_DATA_HOME on Linux when absolute, else ~/.local/share', () => {
    expect(dataFolder(linux({ XDG_DATA_HOME: '/xdg-data' }))).toBe('/xdg-data/androperator');
    expect(dataFolder(linux({ XDG_DATA_HOME: 'relative' }))).toBe('/home/qa/.local/share/androperator');
    expect(dataFolder({ env: {}, platform: 'freebsd', homedir: '/home/qa' })).toBe(
      '/home/qa/.local/share/androperator',
    );
  });

  it('uses Application Support on macOS and APPDATA on Windows', () => {
    expect(dataFolder({ env: {}, platform: 'darwin', homedir: '/Users/qa' })).toBe(
      '/Users/qa/Library/Application Support/androperator',
    );
    const appData = { APPDATA: 'C:\\Users\\qa\\AppData\\Roaming' };
    expect(dataFolder({ env: appData, platform: 'win32', homedir: 'C:\\Users\\qa' })).toBe(
      'C:\\Users\\qa\\AppData\\Roaming\\androperator',
    );
    expect(dataFolder({ env: {}, platform: 'win32', homedir: 'C:\\Users\\qa' })).toBe(
      'C:\\Users\\qa\\AppData\\Roaming\\androperator',
    );
  });

  it('lets an absolute ANDROPERATOR_HOME override every platform rule, for data and config alike', () => {
    const env = { ANDROPERATOR_HOME: '/tmp/home', XDG_DATA_HOME: '/xdg', XDG_CONFIG_HOME: '/cfg' };
    expect(dataFolder(linux(env))).toBe('/tmp/home');
    expect(configFolder(linux(env))).toBe('/tmp/home');
    expect(
      dataFolder({ env: { ANDROPERATOR_HOME: 'D:\\portable' }, platform: 'win32', homedir: 'C:\\q' }),
    ).toBe('D:\\portable');
    expect(dataFolder(linux({ ANDROPERATOR_HOME: 'relative' }))).toBe('/home/qa/.local/share/androperator');
  });
});

describe('configFolder', () => {
  it('is XDG_CONFIG_HOME (or ~/.config) on Linux and the data folder on macOS and Windows', () => {
    expect(configFolder(linux({ XDG_CONFIG_HOME: '/cfg' }))).toBe('/cfg/androperator');
    expect(configFolder(linux({ XDG_CONFIG_HOME: 'relative' }))).toBe('/home/qa/.config/androperator');
    const mac = { env: {}, platform: 'darwin', homedir: '/Users/qa' };
    expect(configFolder(mac)).toBe(dataFolder(mac));
    const windows = { env: {}, platform: 'win32', homedir: 'C:\\Users\\qa' };
    expect(configFolder(windows)).toBe(dataFolder(windows));
  });
});

describe('dataPaths', () => {
  it('puts evidence, screenshots, tokens, discovery and the console state in the data folder', () => {
    expect(dataPaths(linux({}))).toEqual({
      data: '/home/qa/.local/share/androperator',
      config: '/home/qa/.config/androperator',
      evidence: '/home/qa/.local/share/androperator/evidence',
      screenshots: '/home/qa/.local/share/androperator/screenshots',
      daemons: '/home/qa/.local/share/androperator/daemons',
      serveToken: '/home/qa/.local/share/androperator/serve-token',
      consoleToken: '/home/qa/.local/share/androperator/console-token',
      consoleState: '/home/qa/.local/share/androperator/console.json',
      adbServers: '/home/qa/.config/androperator/adb-servers.json',
      systemTraces: '/home/qa/.local/share/androperator/system-traces',
      uiLeases: '/home/qa/.local/share/androperator/ui-leases',
    });
    expect(dataPaths({ env: {}, platform: 'win32', homedir: 'C:\\Users\\qa' }).evidence).toBe(
      'C:\\Users\\qa\\AppData\\Roaming\\androperator\\evidence',
    );
  });

  it('names ~/.androperator as the folder of earlier releases', () => {
    expect(legacyFolder({ platform: 'linux', homedir: '/home/qa' })).toBe('/home/qa/.androperator');
  });
});
