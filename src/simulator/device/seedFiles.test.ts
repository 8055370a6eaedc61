import { describe, expect, it } from 'vitest';
import { DeviceFiles } from './files';
import { seedFilesystem } from './seedFiles';

describe('seeded procfs', () => {
  it('advances /proc/stat ticks and /proc/uptime as the device runs', () => {
    let uptimeMs = 3_605_210;
    const files = new DeviceFiles();
    seedFilesystem(files, 1_764_620_000, () => uptimeMs);
    const cpu0 = (): number[] => {
      const line = files.read('/proc/stat')?.data.toString().split('\n')[1] ?? '';
      expect(line).toMatch(/^cpu0 (\d+ ){9}\d+$/);
      return line.split(' ').slice(1).map(Number);
    };
    const before = cpu0();
    expect(files.read('/proc/uptime')?.data.toString()).toMatch(/^3605\.21 \d+\.\d\d\n$/);
    uptimeMs += 2_000;
    const after = cpu0();
    // USER_HZ is 100: two seconds are 200 ticks on each CPU, most of them idle.
    const elapsed = after.reduce((sum, value, index) => sum + value - (before[index] ?? 0), 0);
    expect(elapsed).toBe(200);
    expect((after[3] ?? 0) - (before[3] ?? 0)).toBeGreaterThan((after[0] ?? 0) - (before[0] ?? 0));
    expect(files.read('/proc/uptime')?.data.toString()).toMatch(/^3607\.21 /);
    expect(files.list('/proc').map(([name]) => name)).toEqual(expect.arrayContaining(['stat', 'uptime']));
  });
});
