import { describe, expect, it } from 'vitest';
import { device, run, valueOf } from '../../test-support/sequenceFakes';

// A held run against fakes of every port: what reaches the device, and how each capture reaches the disk.

describe('runSequence with hold (fakes)', () => {
  it('sends one take_screenshot and capture per request, clears after release, and sends nothing after clear', async () => {
    const { log, result } = await run({ hold: { captures: 3 } });
    const value = valueOf(result);
    const sent = device(log).filter((line) => line.startsWith('execute') || line.startsWith('capture'));
    expect(sent).toEqual([
      'execute set',
      'execute screenshot',
      'capture 100',
      'execute screenshot',
      'capture 100',
      'execute screenshot',
      'capture 100',
      'execute clear',
    ]);
    expect(value.status).toBe('succeeded');
    expect(value.captures?.map((capture) => capture.file)).toEqual([
      'screenshot.png',
      'capture-2.png',
      'capture-3.png',
    ]);
    expect(value.captures?.every((capture) => capture.foreground?.source === 'host_dumpsys')).toBe(true);
    expect(value.hold?.endedBy).toBe('user');
  });

  it('writes each capture atomically and run.json again after it, so a crash leaves no half-written file', async () => {
    const { log, record } = await run({ hold: { captures: 2 } });
    for (const file of ['screenshot.png', 'capture-2.png']) {
      // The PNG goes to a temporary name, is flushed, then renamed into place: never a partial file under its name.
      const write = log.indexOf(`write ${file}`);
      const flush = log.indexOf(`flush ${file}`);
      const rename = log.indexOf(`rename ${file}`);
      expect(write).toBeGreaterThanOrEqual(0);
      expect(write).toBeLessThan(flush);
      expect(flush).toBeLessThan(rename);
    }
    // run.json is replaced after the second capture (with that capture in it) before clear is sent.
    const secondStored = log.indexOf('rename capture-2.png');
    const clear = log.indexOf('execute clear');
    const between = log.slice(secondStored, clear).filter((line) => line === 'rename run.json');
    expect(between.length).toBeGreaterThanOrEqual(1);
    expect(record?.captures).toHaveLength(2);
    expect(record?.hold).toMatchObject({ endedBy: 'user', maxCaptures: 20 });
  });
});
