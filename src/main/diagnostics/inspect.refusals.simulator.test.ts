// Refusals of the inspection tools through runTool on a simulated phone over a real adb server: every dumpsys action
// form the reference names (3.1) and each service's own rule, shell syntax, malformed content:// URIs, projections
// and where clauses, and out-of-range limits; each answered with its code and rule while nothing reaches the phone.
import { expect, describe, it } from 'vitest';
import { isolatedResolver } from '../../test-support/isolatedResolver';
import { useSimulatedDevice } from '../../test-support/simulatedSuite';
import { NO_APPROVER } from '../approval/approval';
import { runTool } from '../android/runTool';
import type { AndroidTool } from '../android/tool';
import { listAndroidApps, topAndroidApps } from './apps';
import { androidContentQuery } from './contentQuery';
import { androidDumpsys } from './dumpsys';
import { inspectAndroidEnvironment } from './environment';

const suite = useSimulatedDevice({ profile: 'phone' });

/** The refusal `args` get from `tool`, asserting that nothing at all (no shell, no sync, no service) was sent. */
async function refused(tool: AndroidTool, args: Record<string, unknown>) {
  const before = suite.sim.device.received().length;
  const result = await runTool(tool, {
    arguments: { ...args, device: suite.serial },
    resolver: isolatedResolver(suite.adb),
    approve: NO_APPROVER,
  });
  expect(suite.sim.device.received().length).toBe(before);
  if (result.ok) throw new Error(`${JSON.stringify(args)} was accepted`);
  return result.error;
}

describe('android_dumpsys refusals (reference 3.1)', () => {
  it.each([
    // The forms the reference's tests name.
    [{ service: 'battery', arguments: 'set level 0' }, 'service_arguments', 'dumpsys battery accepts only'],
    [{ service: 'battery', arguments: 'unplug' }, 'service_arguments', 'dumpsys battery accepts only'],
    [
      { service: 'batterystats', arguments: '--reset' },
      'service_arguments',
      'dumpsys batterystats accepts only',
    ],
    [
      { service: 'deviceidle', arguments: 'force-idle' },
      'service_arguments',
      'dumpsys deviceidle accepts only',
    ],
    // Each service's own rule.
    [{ service: 'package', arguments: 'com.a com.b' }, 'service_arguments', 'exactly one package selector'],
    [{ service: 'package', arguments: '-f' }, 'service_arguments', 'exactly one package selector'],
    [{ service: 'meminfo', arguments: '--unreachable' }, 'service_arguments', 'dumpsys meminfo accepts only'],
    [
      { service: 'activity', arguments: 'start' },
      'service_arguments',
      'dumpsys activity accepts first one of',
    ],
    [
      { service: 'activity', arguments: 'top a b' },
      'service_arguments',
      'at most a section and one selector',
    ],
    [
      { service: 'window', arguments: 'windows displays' },
      'service_arguments',
      'dumpsys window accepts exactly',
    ],
    [{ service: 'deviceidle', arguments: 'whitelist +com.x' }, 'argument_characters', 'may use only letters'],
    [
      { service: 'alarm', arguments: '--proto extra' },
      'service_arguments',
      'dumpsys alarm accepts only -a, -h',
    ],
    // Shell syntax and bounds.
    [{ service: 'package', arguments: 'com.x;reboot' }, 'argument_characters', 'may use only letters'],
    [{ service: 'package', arguments: 'com.x|sh' }, 'argument_characters', 'may use only letters'],
    [{ service: 'battery', arguments: "'" }, 'argument_characters', 'may use only letters'],
    [{ service: 'battery', arguments: '-a\n-h' }, 'argument_characters', 'may use only letters'],
    [{ service: 'battery;reboot' }, 'service_name', 'dumpsys service must be a service name'],
    [{ service: '-l' }, 'service_name', 'dumpsys service must be a service name'],
    [{ service: 'meminfo', arguments: Array(17).fill('-a').join(' ') }, 'argument_words', 'at most 16 words'],
    [
      { service: 'meminfo', arguments: `-a ${'x'.repeat(1030)}` },
      'argument_length',
      'at most 1024 characters',
    ],
  ])('refuses %j naming the rule, and sends nothing', async (args, reason, message) => {
    const error = await refused(androidDumpsys, args);
    expect(error).toMatchObject({
      code: 'ANDROID_COMMAND_REFUSED',
      details: { rule: 'android-dump-options', reason, service: args.service },
    });
    expect(error.message).toContain(message);
    expect(error.message).toContain('(rule android-dump-options)');
  });

  it.each([
    [{}],
    [{ service: '' }],
    [{ service: 'battery', arguments: ['set'] }],
    [{ service: 'battery', raw: 'x' }],
  ])('refuses %j as invalid arguments, and sends nothing', async (args) => {
    expect(await refused(androidDumpsys, args)).toMatchObject({ code: 'INVALID_ARGUMENTS' });
  });
});

describe('android_content_query refusals', () => {
  it.each([
    [{ uri: 'file:///data/local/tmp/x' }, 'uri must start with content://'],
    [{ uri: 'content://' }, 'uri must start with content://'],
    [{ uri: 'content://settings/system;reboot' }, 'uri must start with content://'],
    [{ uri: 'content://settings/system $(id)' }, 'uri must start with content://'],
    [{ uri: "content://settings/system'" }, 'uri must start with content://'],
    [{ uri: 'content://settings/system`id`' }, 'uri must start with content://'],
    [{ uri: 'content://settings/system\nreboot' }, 'uri must start with content://'],
    [{ uri: `content://${'a'.repeat(2050)}` }, 'uri must be at most 2048 characters'],
    [{ uri: 'content://settings/system', projection: 'name;id' }, 'column "name;id" must use only'],
    [{ uri: 'content://settings/system', projection: 'name value' }, 'column "name value" must use only'],
    [{ uri: 'content://settings/system', projection: '' }, 'column "" must use only'],
    [{ uri: 'content://settings/system', projection: [] }, 'must name 1 to 64 columns'],
    [{ uri: 'content://settings/system', projection: Array(65).fill('a') }, 'must name 1 to 64 columns'],
    [{ uri: 'content://settings/system', projection: ['name', "'"] }, `column "'" must use only`],
    [{ uri: 'content://settings/system', projection: 5 }, 'must be a string or an array of column names'],
    [
      { uri: 'content://settings/system', where_clause: "name='a'\nreboot" },
      'must not contain CR, LF or NUL',
    ],
    [{ uri: 'content://settings/system', where_clause: 'a\r' }, 'must not contain CR, LF or NUL'],
    [{ uri: 'content://settings/system', where_clause: 'a\0' }, 'must not contain CR, LF or NUL'],
    [{ uri: 'content://settings/system', where_clause: 'x'.repeat(1025) }, 'must be at most 1024 characters'],
    [{ uri: 'content://settings/system', method: 'insert' }, 'method is not a known field'],
    [{ uri: 'content://settings/system', bind: 'name:s:x' }, 'bind is not a known field'],
    [{}, 'uri must be a content:// URI'],
  ])('refuses %j before anything reaches the device', async (args, message) => {
    const error = await refused(androidContentQuery, args);
    expect(error.code).toBe('INVALID_ARGUMENTS');
    expect(error.message).toContain(message);
  });
});

describe('inspection tool limits', () => {
  it.each([
    [listAndroidApps, { limit: 2.5 }, 'limit must be an integer'],
    [listAndroidApps, { limit: '5' }, 'limit must be an integer'],
    [listAndroidApps, { scope: 'vendor' }, 'scope must be one of all, user, system'],
    [topAndroidApps, { limit: 1.5 }, 'limit must be an integer'],
    [topAndroidApps, { sort: 'cpu' }, 'sort is not a known field'],
    [inspectAndroidEnvironment, { su: true }, 'su is not a known field'],
  ])('%#: refuses %j before anything reaches the device', async (tool, args, message) => {
    const error = await refused(tool, args);
    expect(error.code).toBe('INVALID_ARGUMENTS');
    expect(error.message).toContain(message);
  });
});
