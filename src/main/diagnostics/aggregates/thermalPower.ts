// android_thermal_power and android_doze: battery, thermal, power and Doze state, each section with its own status.
import { NO_ARGUMENTS } from '../../../shared/android/aggregateArguments';
import { parseBattery, parseDeviceIdle, parsePower, parseThermal } from '../../../shared/android/aggregates';
import { ok } from '../../../shared/errors';
import { commandFailure } from '../../android/outcome';
import { defineTool } from '../../android/tool';
import { overallStatus, runSections, withServiceRule } from './sections';

const THERMAL_POWER_COMMANDS = {
  battery: 'dumpsys battery',
  thermal: 'dumpsys thermalservice',
  power: 'dumpsys power',
  deviceidle: 'dumpsys deviceidle',
} as const;

export const androidThermalPower = defineTool({
  name: 'android_thermal_power',
  cli: { command: 'android', verb: 'thermal-power' },
  description:
    'Battery, thermal, power and Doze state (`dumpsys battery`, `thermalservice`, `power`, `deviceidle`, run concurrently), each section with its own status, plus the parsed battery level/status/temperature and thermal status. thermalservice exists from Android 10, deviceidle from 6.',
  risk: 'read_only',
  arguments: NO_ARGUMENTS,
  async run(context) {
    const run = await runSections(context, THERMAL_POWER_COMMANDS);
    if (!run.ok) return run;
    const sections = run.value;
    const parsed = <T>(name: keyof typeof sections, parse: (text: string) => T): T | null =>
      sections[name].status === 'failed' || sections[name].status === 'timed_out'
        ? null
        : parse(sections[name].stdout);
    return ok({
      kind: 'thermal_power',
      status: overallStatus(sections),
      sections,
      summary: {
        battery: parsed('battery', parseBattery),
        thermal: parsed('thermal', parseThermal),
        power: parsed('power', parsePower),
        doze: parsed('deviceidle', parseDeviceIdle),
      },
      caveats: [
        'A snapshot: thermal status and battery change within seconds; refresh to compare.',
        'A missing section (e.g. thermalservice before Android 10, deviceidle before 6) is that service missing on this device, not a failure of the others.',
        'Thermal status is what the HAL reports; OEM throttling policies may act without changing it.',
      ],
    });
  },
});

export const androidDoze = defineTool({
  name: 'android_doze',
  cli: { command: 'android', verb: 'doze' },
  description:
    'Doze state (`dumpsys deviceidle`, Android 6+): the raw dump plus the parsed deep state (mState), light state (mLightState, Android 7+) and the conditions (screen, charging, forced idle).',
  risk: 'read_only',
  arguments: NO_ARGUMENTS,
  async run(context) {
    const command = 'dumpsys deviceidle';
    const run = await context.run(command);
    if (!run.ok) return run;
    const result = withServiceRule(run.value);
    const failure = commandFailure(command, result);
    if (failure) return failure;
    return ok({
      kind: 'doze',
      command,
      result,
      doze: parseDeviceIdle(result.stdout),
      caveats: [
        'A snapshot of the state machine: Doze steps on timers, motion and screen changes, so the state can change right after.',
        'OEM battery savers can restrict apps without any change in mState or mLightState.',
      ],
    });
  },
});
