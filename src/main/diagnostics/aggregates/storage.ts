// android_storage: `df -k` plus app data sizes from `du -sk`, which need root (shell sees nothing there).
import { STORAGE_ARGUMENTS } from '../../../shared/android/aggregateArguments';
import { parseDf, parseDu } from '../../../shared/android/aggregates';
import { shellQuote } from '../../../shared/android/shellQuote';
import { ok } from '../../../shared/errors';
import { commandFailure } from '../../android/outcome';
import { defineTool } from '../../android/tool';

export const androidStorage = defineTool({
  name: 'android_storage',
  cli: { command: 'android', verb: 'storage' },
  description:
    'Storage: `df -k` and app data sizes (`du -sk` of /data/user/0/<package> and /data/data/<package>, or the largest limit app directories). du of app data needs root: as adb shell it lists nothing.',
  risk: 'read_only',
  arguments: STORAGE_ARGUMENTS,
  async run(context, args) {
    const command =
      args.package === undefined
        ? `df -k; du -sk /data/user/0/* 2>/dev/null | sort -nr | head -n ${args.limit}`
        : `df -k; du -sk ${shellQuote(`/data/user/0/${args.package}`)} ${shellQuote(`/data/data/${args.package}`)} 2>/dev/null`;
    const run = await context.run(command);
    if (!run.ok) return run;
    const failure = commandFailure(command, run.value);
    if (failure) return failure;
    const filesystems = parseDf(run.value.stdout);
    const app_data = parseDu(run.value.stdout).filter((row) => row.path.startsWith('/data/'));
    return ok({
      kind: 'storage',
      command,
      result: run.value,
      filesystems,
      data: filesystems.filter((row) => row.mountpoint === '/data').at(-1) ?? null,
      app_data,
      caveats: [
        'du of /data/user/0 and /data/data needs root: as adb shell (uid 2000) it is refused and its errors are discarded, so no app_data rows do not mean no data.',
        'df shows filesystem totals; /storage/emulated is the same /data space seen through FUSE, not extra space.',
      ],
    });
  },
});
