// `simctl`: a device command that exists only on simulated devices. Tests, benches and people at a terminal
// (`adb shell simctl help`) switch faults and scenario events with it and read what the device received.
import { navigationOf } from '../device/navigation';
import type { DeviceState } from '../device/state';
import { dumpDelayOf, setDumpDelay } from '../device/uiTree';
import { tracingServiceOf } from '../perfetto/service';
import { failWith, type CommandContext, type CommandHandler } from '../shell/commandTable';
import { setUiTreeDelay, uiTreeClosedEarly, uiTreeDelayOf } from '../device/operatorTreeDelay';
import { dumpsysClosedEarly, dumpsysDelayOf, setDumpsysDelay } from '../shell/commands/dumpsys';
import { SYSTEM_HELP, systemScenario, systemStatus } from './systemScenarios';

/** Faults tests (and curious users) can switch on. */
export interface SimulatorFaults {
  /** Draw acknowledgement: 'normal' (one frame), a delay in ms, or 'withhold' (never: RENDER_TIMEOUT). */
  drawAcknowledgement: 'normal' | 'withhold' | { delayMs: number };
  /** screencap: extra latency, and/or failing with a shell error. */
  screencap: { delayMs: number; fail: boolean };
  /** The panel is drawn but the compositor capture leaves it out (as some secure capture paths do). */
  excludePanelFromCapture: boolean;
}

export function defaultFaults(): SimulatorFaults {
  return {
    drawAcknowledgement: 'normal',
    screencap: { delayMs: 0, fail: false },
    excludePanelFromCapture: false,
  };
}

/** What simctl reaches on the simulated device it runs on. */
export interface SimulatorControl {
  readonly faults: SimulatorFaults;
  readonly state: DeviceState;
  /** The Operator receives the next execute request and closes the stream without an answer. */
  dropNextAgentAnswer(): void;
  /** Turns the Operator's accessibility service on or off (as the Settings app would). */
  setServiceEnabled(enabled: boolean): void;
  /** Drops every host connection once this command's answer is out, and accepts them again after `ms`. */
  unplugFor(ms: number): void;
  /** Crashes or ANRs a running app (logcat, dropbox, /data/anr); a reason when it is not running. */
  crashApp(packageName: string): { ok: true } | { ok: false; reason: string };
  anrApp(packageName: string): { ok: true } | { ok: false; reason: string };
  /** The streams hosts opened, oldest first: the service string and when it arrived. */
  received(): ReadonlyArray<{ atMs: number; service: string }>;
}

const USAGE_STATUS = 2;
const MAX_DELAY_MS = 600_000;
const MAX_UNPLUG_MS = 60_000;

const HELP = `usage: simctl COMMAND [ARGS]   (simulated devices only)

  status                               faults and service state, as JSON
  fault screencap delay MS|fail|ok     slow (MS 0..${MAX_DELAY_MS}) or failing screencap; ok clears both
  fault draw-ack normal|withhold|delay MS
                                       the panel's draw acknowledgement
  fault panel-capture exclude|include  leave the drawn panel out of captures
  fault agent drop-next                the Operator drops its next execute answer
  fault uiautomator delay MS|ok        slow uiautomator dump (MS 0..${MAX_DELAY_MS}); ok clears it
  fault dumpsys delay MS|ok            every dumpsys answer waits MS (0..${MAX_DELAY_MS}); ok clears it
  fault ui-tree delay MS|ok            every Operator get_ui_tree answer waits MS (0..${MAX_DELAY_MS}); ok clears it
  fault clear                          every fault back to normal
  operator enable|disable              the Operator's accessibility service
  unplug MS                            drop host connections, back after MS (1..${MAX_UNPLUG_MS})
  locale TAG                           persist.sys.locale (a configuration change)
  font-scale X                         system font_scale, 0.5..3
  rotate 0|90|180|270                  user_rotation, auto-rotate off
  wifi on|off                          global wifi_on
  airplane on|off                      global airplane_mode_on
  crash PKG                            the running app crashes (FATAL EXCEPTION, dropbox, process gone)
  anr PKG                              the running app stops responding (ANR in, dropbox, /data/anr)
  received [N]                         the last N (default 20) streams hosts opened
  jank PKG [FRAMES [OVERRUN_MS]]       PKG's next FRAMES (default 30) frames run OVERRUN_MS (default 40) late
  trace-loss                           ftrace data is lost in the recording (or next) perfetto session
  animate PKG on|off                   PKG's screen animates without end (never idle for uiautomator dump)
${SYSTEM_HELP}`;

/** The `simctl` command bound to one simulated device. */
export function simctl(control: SimulatorControl): CommandHandler {
  return (context) => {
    const [verb, ...args] = context.args;
    switch (verb) {
      case undefined:
      case 'help':
      case '--help':
        context.stdout(HELP);
        return verb === undefined ? USAGE_STATUS : 0;
      case 'status':
        context.stdout(`${JSON.stringify(status(control), null, 2)}\n`);
        return 0;
      case 'fault':
        return fault(context, control, args);
      case 'operator':
        if (args[0] !== 'enable' && args[0] !== 'disable') return usage(context, 'operator enable|disable');
        control.setServiceEnabled(args[0] === 'enable');
        return 0;
      case 'unplug': {
        const ms = integerIn(args[0], 1, MAX_UNPLUG_MS);
        if (ms === undefined) return usage(context, `unplug MS (1..${MAX_UNPLUG_MS})`);
        control.unplugFor(ms);
        return 0;
      }
      default:
        return scenario(context, control, verb, args);
    }
  };
}

function scenario(
  context: CommandContext,
  control: SimulatorControl,
  verb: string,
  args: readonly string[],
): number {
  const { state } = control;
  const [value] = args;
  switch (verb) {
    case 'locale':
      if (value === undefined || !/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(value))
        return usage(context, 'locale TAG (a BCP 47 tag such as de-DE)');
      state.setLocale(value);
      return 0;
    case 'font-scale': {
      const scale = Number(value);
      if (value === undefined || !Number.isFinite(scale) || scale < 0.5 || scale > 3)
        return usage(context, 'font-scale X (0.5..3)');
      state.putSetting('system', 'font_scale', String(scale));
      return 0;
    }
    case 'rotate': {
      const degrees = ['0', '90', '180', '270'].indexOf(value ?? '');
      if (degrees < 0) return usage(context, 'rotate 0|90|180|270');
      state.putSetting('system', 'accelerometer_rotation', '0');
      state.putSetting('system', 'user_rotation', String(degrees));
      return 0;
    }
    case 'jank': {
      const frames = args[1] === undefined ? 30 : integerIn(args[1], 1, 1000);
      const overrunMs = args[2] === undefined ? 40 : integerIn(args[2], 1, 5000);
      if (value === undefined || frames === undefined || overrunMs === undefined)
        return usage(context, 'jank PKG [FRAMES (1..1000) [OVERRUN_MS (1..5000)]]');
      if (!tracingServiceOf(state).startJank(value, { frames, overrunMs }))
        return usage(context, `jank PKG: ${value} is not running`);
      return 0;
    }
    case 'trace-loss':
      tracingServiceOf(state).injectLoss();
      return 0;
    case 'animate':
      if (value === undefined || (args[1] !== 'on' && args[1] !== 'off'))
        return usage(context, 'animate PKG on|off');
      navigationOf(state).setAnimating(value, args[1] === 'on');
      return 0;
    case 'wifi':
    case 'airplane':
      if (value !== 'on' && value !== 'off') return usage(context, `${verb} on|off`);
      state.putSetting(
        'global',
        verb === 'wifi' ? 'wifi_on' : 'airplane_mode_on',
        value === 'on' ? '1' : '0',
      );
      return 0;
    case 'crash':
    case 'anr': {
      if (value === undefined || !/^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/.test(value))
        return usage(context, `${verb} PKG (a package name)`);
      const result = verb === 'crash' ? control.crashApp(value) : control.anrApp(value);
      return result.ok ? 0 : failWith(context, `simctl: ${result.reason}`, 1);
    }
    case 'received': {
      const count = value === undefined ? 20 : integerIn(value, 1, 1000);
      if (count === undefined) return usage(context, 'received [N] (1..1000)');
      for (const request of control.received().slice(-count))
        context.stdout(`${new Date(request.atMs).toISOString()} ${printable(request.service)}\n`);
      return 0;
    }
    default:
      return (
        systemScenario(context, state, verb, args) ??
        failWith(context, `simctl: unknown command '${verb}'; see simctl help`, USAGE_STATUS)
      );
  }
}

function fault(context: CommandContext, control: SimulatorControl, args: readonly string[]): number {
  const [what, mode, amount] = args;
  const { faults } = control;
  switch (what) {
    case 'screencap': {
      if (mode === 'ok') faults.screencap = { delayMs: 0, fail: false };
      else if (mode === 'fail') faults.screencap = { ...faults.screencap, fail: true };
      else if (mode === 'delay') {
        const ms = integerIn(amount, 0, MAX_DELAY_MS);
        if (ms === undefined) return usage(context, `fault screencap delay MS (0..${MAX_DELAY_MS})`);
        faults.screencap = { ...faults.screencap, delayMs: ms };
      } else return usage(context, 'fault screencap delay MS|fail|ok');
      return 0;
    }
    case 'draw-ack': {
      if (mode === 'normal' || mode === 'withhold') faults.drawAcknowledgement = mode;
      else if (mode === 'delay') {
        const ms = integerIn(amount, 0, MAX_DELAY_MS);
        if (ms === undefined) return usage(context, `fault draw-ack delay MS (0..${MAX_DELAY_MS})`);
        faults.drawAcknowledgement = { delayMs: ms };
      } else return usage(context, 'fault draw-ack normal|withhold|delay MS');
      return 0;
    }
    case 'panel-capture':
      if (mode !== 'exclude' && mode !== 'include')
        return usage(context, 'fault panel-capture exclude|include');
      faults.excludePanelFromCapture = mode === 'exclude';
      return 0;
    case 'agent':
      if (mode !== 'drop-next') return usage(context, 'fault agent drop-next');
      control.dropNextAgentAnswer();
      return 0;
    case 'uiautomator': {
      const ms = mode === 'ok' ? 0 : mode === 'delay' ? integerIn(amount, 0, MAX_DELAY_MS) : undefined;
      if (ms === undefined) return usage(context, `fault uiautomator delay MS (0..${MAX_DELAY_MS})|ok`);
      setDumpDelay(control.state, ms);
      return 0;
    }
    case 'dumpsys': {
      const ms = mode === 'ok' ? 0 : mode === 'delay' ? integerIn(amount, 0, MAX_DELAY_MS) : undefined;
      if (ms === undefined) return usage(context, `fault dumpsys delay MS (0..${MAX_DELAY_MS})|ok`);
      setDumpsysDelay(control.state, ms);
      return 0;
    }
    case 'ui-tree': {
      const ms = mode === 'ok' ? 0 : mode === 'delay' ? integerIn(amount, 0, MAX_DELAY_MS) : undefined;
      if (ms === undefined) return usage(context, `fault ui-tree delay MS (0..${MAX_DELAY_MS})|ok`);
      setUiTreeDelay(control.state, ms);
      return 0;
    }
    case 'clear':
      Object.assign(faults, defaultFaults());
      setDumpDelay(control.state, 0);
      setDumpsysDelay(control.state, 0);
      setUiTreeDelay(control.state, 0);
      return 0;
    default:
      return usage(
        context,
        'fault screencap|draw-ack|panel-capture|agent|uiautomator|dumpsys|ui-tree|clear ...',
      );
  }
}

function status(control: SimulatorControl): Record<string, unknown> {
  const { state } = control;
  return {
    faults: {
      ...control.faults,
      uiautomatorDumpDelayMs: dumpDelayOf(control.state),
      dumpsysDelayMs: dumpsysDelayOf(control.state),
      operatorUiTreeDelayMs: uiTreeDelayOf(control.state),
    },
    /** Delayed dumpsys calls whose stream the host closed before the answer (the last 50). */
    dumpsysClosedEarly: dumpsysClosedEarly(control.state),
    /** Delayed Operator get_ui_tree requests whose agent stream the host closed before the answer (the last 50). */
    uiTreeClosedEarly: uiTreeClosedEarly(control.state),
    settings: {
      locale: state.locale,
      fontScale: state.fontScale,
      userRotation: state.getSetting('system', 'user_rotation') ?? '0',
      wifiOn: state.getSetting('global', 'wifi_on') ?? '0',
      airplaneModeOn: state.getSetting('global', 'airplane_mode_on') ?? '0',
    },
    system: systemStatus(state),
  };
}

function integerIn(text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined || !/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

function usage(context: CommandContext, form: string): number {
  return failWith(context, `usage: simctl ${form}`, USAGE_STATUS);
}

/** Service strings can carry NULs (`abb_exec:`) and newlines; the log shows them escaped. */
function printable(service: string): string {
  return JSON.stringify(service).slice(1, -1);
}
