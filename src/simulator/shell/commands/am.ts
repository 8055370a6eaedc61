import {
  qualifyActivity,
  SETTINGS_PACKAGE,
  shortComponent,
  type Component,
  type DeviceState,
} from '../../device/state';
import { processesOf } from '../../device/processes';
import { failWith, type CommandContext } from '../commandTable';
import { describeIntent, INTENT_FLAGS, parseIntentArguments, type IntentArguments } from './intent';

// `am` is a `cmd activity` front end: usage errors exit 255 (Java's -1).
const USAGE_STATUS = 255;

/** Settings screens reachable by action; any other android.settings.* action opens the Settings main screen. */
const SETTINGS_ACTIVITIES: Record<string, string> = {
  'android.settings.ACCESSIBILITY_SETTINGS': 'com.android.settings.Settings$AccessibilitySettingsActivity',
  'android.settings.SETTINGS': 'com.android.settings.Settings',
  'android.settings.APPLICATION_DETAILS_SETTINGS': 'com.android.settings.applications.InstalledAppDetails',
  'android.settings.DISPLAY_SETTINGS': 'com.android.settings.Settings$DisplaySettingsActivity',
  'android.settings.LOCALE_SETTINGS': 'com.android.settings.Settings$LocalePickerActivity',
};

/** `am start`, `am force-stop`, `am broadcast`. */
export function am(context: CommandContext): number {
  const [subcommand, ...rest] = context.args;
  if (subcommand === 'start' || subcommand === 'start-activity') return start(context, rest);
  if (subcommand === 'force-stop') return forceStop(context, rest);
  if (subcommand === 'broadcast') return broadcast(context, rest);
  return failWith(
    context,
    subcommand === undefined
      ? 'usage: am [start|force-stop|broadcast] ...'
      : `Unknown command: ${subcommand}`,
    USAGE_STATUS,
  );
}

/** Resolves the activity an intent starts, as far as the simulated package manager knows activities. */
function resolveActivity(state: DeviceState, intent: IntentArguments): Component | undefined {
  if (intent.component !== undefined) {
    const [packageName = '', activity = ''] = intent.component.split('/');
    return { packageName, activity: qualifyActivity(packageName, activity) };
  }
  const action = intent.action ?? '';
  if (action === 'android.intent.action.MAIN' && intent.categories.includes('android.intent.category.HOME'))
    return state.launcher;
  if (action.startsWith('android.settings.')) {
    return {
      packageName: SETTINGS_PACKAGE,
      activity: SETTINGS_ACTIVITIES[action] ?? 'com.android.settings.SubSettings',
    };
  }
  if (intent.packageName !== undefined) {
    const launchActivity = state.getPackage(intent.packageName)?.launchActivity;
    if (launchActivity !== undefined) return { packageName: intent.packageName, activity: launchActivity };
  }
  return undefined;
}

/** Any activity class of an installed package is accepted: packages do not declare activity lists here. */
function start(context: CommandContext, args: readonly string[]): number {
  const intent = parseIntentArguments(args);
  if ('error' in intent) return failWith(context, intent.error, USAGE_STATUS);
  const { state } = context.device;
  const target = resolveActivity(state, intent);
  context.stdout(
    `Starting: ${describeIntent(intent, 0, intent.component === undefined ? undefined : target && shortComponent(target))}\n`,
  );
  if (!target) {
    context.stderr(
      `Error: Activity not started, unable to resolve ${describeIntent(intent, INTENT_FLAGS.activityNewTask)}\n`,
    );
    return 1;
  }
  if (!state.getPackage(target.packageName)) {
    context.stderr(
      `Error type 3\nError: Activity class {${target.packageName}/${target.activity}} does not exist.\n`,
    );
    return 1;
  }
  const current = state.foreground;
  if (current.packageName === target.packageName && current.activity === target.activity) {
    context.stdout(
      'Warning: Activity not started, intent has been delivered to currently running top-most instance.\n',
    );
  } else {
    processesOf(state).start(target.packageName);
    state.setForeground(target);
  }
  if (intent.switches.has('-W')) {
    context.stdout(
      `Status: ok\nLaunchState: COLD\nActivity: ${shortComponent(target)}\nTotalTime: 250\nWaitTime: 252\nComplete\n`,
    );
  }
  return 0;
}

/** `am force-stop PKG`: the launcher takes the foreground if PKG had it; silent like Android. */
function forceStop(context: CommandContext, args: readonly string[]): number {
  const packageName = args.find(
    (argument, index) => !argument.startsWith('-') && args[index - 1] !== '--user',
  );
  if (packageName === undefined) return failWith(context, 'Error: package name not specified', USAGE_STATUS);
  const { state } = context.device;
  if (state.foreground.packageName === packageName) state.goHome();
  processesOf(state).stop(packageName);
  return 0;
}

/** `am broadcast ...`: prints Android's two lines and announces the intent on the device state's 'broadcast' event. */
function broadcast(context: CommandContext, args: readonly string[]): number {
  const intent = parseIntentArguments(args);
  if ('error' in intent) return failWith(context, intent.error, USAGE_STATUS);
  context.stdout(`Broadcasting: ${describeIntent(intent, INTENT_FLAGS.receiverFromShell)}\n`);
  context.device.state.sendBroadcast({
    action: intent.action,
    packageName: intent.packageName,
    extras: { ...intent.extras },
    flags: [...intent.switches],
  });
  context.stdout('Broadcast completed: result=0\n');
  return 0;
}
