// The reference's "filtered" tools: android_notification, android_crash_report and android_netstats run one dumpsys
// and keep the stdout lines that contain the package as a plain substring, `{kind, status, rows, stderr}`.
import {
  CRASH_REPORT_ARGUMENTS,
  MAX_FILTERED_ROWS,
  NETSTATS_ARGUMENTS,
  NOTIFICATION_ARGUMENTS,
} from '../../../shared/android/aggregateArguments';
import { filterRows, parseDropbox, type DropboxEntry } from '../../../shared/android/aggregates';
import { ok, type Result } from '../../../shared/errors';
import type { CommandStatus } from '../../../node/adb/deviceCommand';
import { commandFailure } from '../../android/outcome';
import { defineTool, type AndroidToolContext } from '../../android/tool';
import { withServiceRule } from './sections';

export const NO_MATCH_CAVEAT =
  'No matching rows do not prove absence: the filter is a plain substring and the service keeps only recent records.';

export interface FilteredAnswer {
  kind: string;
  command: string;
  status: CommandStatus;
  package: string | null;
  rows: string[];
  /** Lines that matched before the cap; limit_reached when more matched than `row_limit`. */
  matched: number;
  row_limit: number;
  limit_reached: boolean;
  stderr: string;
  stdout_truncated: boolean;
  caveats: string[];
}

async function filtered(
  context: AndroidToolContext,
  kind: string,
  command: string,
  needle: string | undefined,
  rowLimit: number,
  caveats: string[],
): Promise<Result<{ answer: FilteredAnswer; stdout: string }>> {
  const run = await context.run(command);
  if (!run.ok) return run;
  const result = withServiceRule(run.value);
  const failure = commandFailure(command, result);
  if (failure) return failure;
  const rows = filterRows(result.stdout, needle, rowLimit);
  return ok({
    stdout: result.stdout,
    answer: {
      kind,
      command,
      status: result.status,
      package: needle ?? null,
      rows: rows.rows,
      matched: rows.matched,
      row_limit: rowLimit,
      limit_reached: rows.limit_reached,
      stderr: result.stderr,
      stdout_truncated: result.stdout_truncated,
      caveats: needle === undefined ? caveats : [NO_MATCH_CAVEAT, ...caveats],
    },
  });
}

export const androidNotification = defineTool({
  name: 'android_notification',
  cli: { command: 'android', verb: 'notification' },
  description:
    'Posted notifications (`dumpsys notification --noredact`), optionally only the lines containing a package; at most limit rows (default and max 200). No matching rows do not prove absence.',
  risk: 'read_only',
  arguments: NOTIFICATION_ARGUMENTS,
  async run(context, args) {
    const answer = await filtered(
      context,
      'notification',
      'dumpsys notification --noredact',
      args.package,
      args.limit,
      ['--noredact shows notification titles and texts unredacted: treat the rows as personal data.'],
    );
    return answer.ok ? ok(answer.value.answer) : answer;
  },
});

export const DROPBOX_TAGS = ['system_app_crash', 'system_app_anr', 'data_app_crash', 'data_app_anr'] as const;

export const androidCrashReport = defineTool({
  name: 'android_crash_report',
  cli: { command: 'android', verb: 'crash-report' },
  description:
    'App crashes and ANRs from the dropbox (the last limit x 80 lines of `dumpsys dropbox --print` for the system/data app crash and ANR tags), as rows and as parsed entries {tag, time, package, process, pid, first_exception_line, evidence}. No entries do not prove no crash: dropbox keeps a bounded history.',
  risk: 'read_only',
  arguments: CRASH_REPORT_ARGUMENTS,
  async run(context, args) {
    const command = `dumpsys dropbox --print ${DROPBOX_TAGS.join(' ')} | tail -n ${args.limit * 80}`;
    const answer = await filtered(context, 'crash_report', command, args.package, MAX_FILTERED_ROWS, [
      'Dropbox keeps a bounded, rate-limited history: an absent entry does not prove the app never crashed.',
      'Only the last limit x 80 dropbox lines are read, so the oldest entry may be cut (it is then not listed).',
      'Native crashes (tombstones) and crashes of processes outside these four tags are not included.',
    ]);
    if (!answer.ok) return answer;
    const pkg = args.package;
    const entries: DropboxEntry[] = parseDropbox(answer.value.stdout).filter(
      (entry) =>
        pkg === undefined ||
        entry.package === pkg ||
        entry.process === pkg ||
        (entry.process ?? '').startsWith(`${pkg}:`),
    );
    return ok({ ...answer.value.answer, entries: entries.slice(-args.limit) });
  },
});

export const androidNetstats = defineTool({
  name: 'android_netstats',
  cli: { command: 'android', verb: 'netstats' },
  description:
    'Network usage statistics (`dumpsys netstats detail`), optionally only the lines containing a text; at most limit rows (max 200). netstats lists uids, not package names, so a package rarely matches.',
  risk: 'read_only',
  arguments: NETSTATS_ARGUMENTS,
  async run(context, args) {
    const answer = await filtered(context, 'netstats', 'dumpsys netstats detail', args.package, args.limit, [
      'netstats rows name uids (uid=10105), not packages: filter by the uid number (e.g. 10105, from `dumpsys package`) to find an app.',
    ]);
    return answer.ok ? ok(answer.value.answer) : answer;
  },
});
