// android_background_work: bounded evidence of one package's background work and the device's state that governs it,
// from JobScheduler, AlarmManager, the app-standby bucket and DeviceIdle, each command a section with its own status.
// The reference names only the parameters and caveats; the commands are its section 10 inference.
import { BACKGROUND_WORK_ARGUMENTS } from '../../shared/android/backgroundWorkArguments';
import { shellQuote } from '../../shared/android/shellQuote';
import { fail, ok } from '../../shared/errors';
import type { CommandResult, CommandStatus } from '../../node/adb/deviceCommand';
import { defineTool } from '../android/tool';
import { missingService, overallStatus } from './aggregates/sections';
import { parseJobScheduler } from './backgroundWorkJobs';
import { parseAlarms, parseDozeWhitelist, parseStandbyBucket } from './backgroundWorkParse';

/** What every section carries besides its parsed evidence. */
interface SectionBase {
  command: string;
  status: CommandStatus;
  exit_code: number | null;
  stderr: string;
  stdout_truncated: boolean;
  /** False when this device has no such service or command (then status is failed and `note` says why). */
  supported: boolean;
  note: string | null;
}

export const BACKGROUND_WORK_CAVEATS = [
  'This evidence does not prove that a task will run: JobScheduler, AlarmManager and Doze decide when work runs, and their state changes within seconds.',
  'OEM power policies (vendor battery savers, auto-start or background-launch managers) may restrict the app without showing in these dumps.',
  'No matching jobs or alarms do not prove absence: each service keeps only its first `limit` matching lines, a dump over the 1 MiB cap is cut, and alarms are listed under the package that set them.',
] as const;

const TIMEOUT_NOTE =
  'did not finish within its timeout: narrow the scope (one service, a smaller limit) and try again';

function baseOf(
  command: string,
  result: CommandResult,
  supported: boolean,
  note: string | null,
): SectionBase {
  return {
    command,
    status: supported ? result.status : 'failed',
    exit_code: result.exit_code,
    stderr: result.stderr,
    stdout_truncated: result.stdout_truncated,
    supported,
    note: result.status === 'timed_out' ? `${command} ${TIMEOUT_NOTE}` : note,
  };
}

/** A dumpsys section: missing services are unsupported; failed or timed-out ones carry no parsed evidence. */
function dumpSection<T>(
  command: string,
  result: CommandResult,
  sinceApi: string,
  parse: (stdout: string) => T,
): { base: SectionBase; evidence: T | null } {
  const missing = missingService(result);
  const base = baseOf(
    command,
    result,
    !missing,
    missing ? `this device has no ${command.split(' ')[1]} service (${sinceApi})` : null,
  );
  const usable = base.status === 'complete' || base.status === 'partial';
  return { base, evidence: usable ? parse(result.stdout) : null };
}

export const androidBackgroundWork = defineTool({
  name: 'android_background_work',
  cli: { command: 'android', verb: 'background-work' },
  description:
    "Bounded evidence of an app's background work: its JobScheduler jobs (constraints, satisfied or not, pending reasons, last run), pending AlarmManager alarms (next trigger, wakeup or not), its app-standby bucket (`am get-standby-bucket`, Android 9+) and DeviceIdle state and whitelist membership (Android 6+); each service a section with its own status, parsed fields plus at most limit raw matching lines. Read-only. Does not prove a task will run and may not show OEM power policies.",
  risk: 'read_only',
  arguments: BACKGROUND_WORK_ARGUMENTS,
  async run(context, args) {
    const pkg = args.package;
    const commands = {
      jobscheduler: 'dumpsys jobscheduler',
      alarm: 'dumpsys alarm',
      standby_bucket: `am get-standby-bucket ${shellQuote(pkg)}`,
      deviceidle: 'dumpsys deviceidle',
    } as const;
    // Independent reads: run concurrently (the reference's `parallel` class).
    const runs = await Promise.all(
      [commands.jobscheduler, commands.alarm, commands.standby_bucket, commands.deviceidle].map((command) =>
        context.run(command),
      ),
    );
    // adb could not run one at all (device gone, call cancelled): no section can be trusted.
    const results: CommandResult[] = [];
    for (const run of runs) {
      if (!run.ok) return run;
      results.push(run.value);
    }
    const [jobs, alarms, bucketResult, idle] = results as [
      CommandResult,
      CommandResult,
      CommandResult,
      CommandResult,
    ];

    const jobSection = dumpSection(commands.jobscheduler, jobs, 'Android 5+', (stdout) =>
      parseJobScheduler(stdout, pkg, args.limit),
    );
    const alarmSection = dumpSection(commands.alarm, alarms, 'Android 5+', (stdout) =>
      parseAlarms(stdout, pkg, args.limit),
    );
    const idleSection = dumpSection(
      commands.deviceidle,
      idle,
      'Doze exists from Android 6, API 23',
      (stdout) => parseDozeWhitelist(stdout, pkg, args.limit),
    );
    const standby = parseStandbyBucket(bucketResult.stdout, bucketResult.stderr);
    const bucketBase = baseOf(
      commands.standby_bucket,
      bucketResult,
      standby.supported,
      !standby.supported
        ? 'am get-standby-bucket exists from Android 9 (API 28); older releases have App Standby idle/active only'
        : standby.package_found === false
          ? `the device says ${pkg} is not installed`
          : null,
    );
    const sections = {
      jobscheduler: { ...jobSection.base, ...(jobSection.evidence ?? {}) },
      alarm: { ...alarmSection.base, ...(alarmSection.evidence ?? {}) },
      standby_bucket: {
        ...bucketBase,
        // `Error:` lines or a non-number with exit 0 are a failure (reference section 1.1).
        status: bucketBase.status === 'complete' && standby.bucket === null ? 'failed' : bucketBase.status,
        stdout: bucketResult.stdout.slice(0, 2048),
        ...standby,
      },
      deviceidle: { ...idleSection.base, ...(idleSection.evidence ?? {}) },
    };
    const status = overallStatus(sections);
    if (status === 'failed' || status === 'timed_out')
      return fail(
        status === 'timed_out' ? 'ANDROID_COMMAND_TIMED_OUT' : 'ANDROID_COMMAND_FAILED',
        `android_background_work: no service answered for ${pkg}: ${Object.values(sections)
          .map(
            (section) => `${section.command}: ${section.status}${section.note ? ` (${section.note})` : ''}`,
          )
          .join('; ')}`,
        {
          status,
          sections: Object.fromEntries(
            Object.entries(sections).map(([name, section]) => [
              name,
              {
                command: section.command,
                status: section.status,
                exit_code: section.exit_code,
                stderr: section.stderr,
              },
            ]),
          ),
        },
      );
    return ok({
      kind: 'background_work',
      package: pkg,
      limit: args.limit,
      status,
      sections,
      caveats: [...BACKGROUND_WORK_CAVEATS],
    });
  },
});
