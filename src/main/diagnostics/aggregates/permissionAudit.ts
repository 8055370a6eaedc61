// android_permission_audit: requested/granted permissions from `dumpsys package` and AppOps modes from
// `cmd appops get`, for one package or the first limit third-party packages.
import { PERMISSION_AUDIT_ARGUMENTS } from '../../../shared/android/aggregateArguments';
import { parsePackagePermissions, type PermissionState } from '../../../shared/android/aggregates';
import { shellQuote } from '../../../shared/android/shellQuote';
import { ok } from '../../../shared/errors';
import { commandFailure } from '../../android/outcome';
import { defineTool } from '../../android/tool';

const PERMISSION_LINES =
  'requested permissions:|install permissions:|runtime permissions:|android.permission.|granted=';

/** `cmd appops get` lines: `CAMERA: allow; time=+1h2m ago` (API 29+) or `CAMERA: allow` (before). */
export function parseAppOps(text: string): Array<{ op: string; mode: string }> {
  return [...text.matchAll(/^\s*(?:Uid mode: )?([A-Z][A-Z0-9_]+): ([a-z_]+)/gm)].map((match) => ({
    op: match[1] as string,
    mode: match[2] as string,
  }));
}

interface PackageAudit {
  package: string;
  permissions: PermissionState[];
  appops: Array<{ op: string; mode: string }>;
}

/** Splits the `=== pkg ===` blocks of the all-packages form. */
function auditBlocks(text: string): PackageAudit[] {
  return [...text.matchAll(/^=== (\S+) ===\n([\s\S]*?)(?=^=== \S+ ===$|(?![\s\S]))/gm)].map((match) => ({
    package: match[1] as string,
    permissions: parsePackagePermissions(match[2] as string),
    appops: parseAppOps(match[2] as string),
  }));
}

export const androidPermissionAudit = defineTool({
  name: 'android_permission_audit',
  cli: { command: 'android', verb: 'permission-audit' },
  description:
    "Permissions and AppOps: `dumpsys package <pkg>; cmd appops get <pkg>` for one package, or for the first limit third-party packages their permission lines and AppOps, with each package's permissions parsed (install/runtime, granted).",
  risk: 'read_only',
  arguments: PERMISSION_AUDIT_ARGUMENTS,
  async run(context, args) {
    const command =
      args.package === undefined
        ? `for p in $(pm list packages -3 | head -n ${args.limit} | cut -d: -f2); do echo "=== $p ==="; dumpsys package "$p" | grep -E '${PERMISSION_LINES}'; cmd appops get "$p"; done`
        : `dumpsys package ${shellQuote(args.package)}; cmd appops get ${shellQuote(args.package)}`;
    const run = await context.run(command, { timeoutMs: 60_000 });
    if (!run.ok) return run;
    const failure = commandFailure(command, run.value);
    if (failure) return failure;
    const stdout = run.value.stdout;
    const packages: PackageAudit[] =
      args.package === undefined
        ? auditBlocks(stdout)
        : [
            {
              package: args.package,
              permissions: parsePackagePermissions(stdout),
              appops: parseAppOps(
                stdout.slice(stdout.search(/^(Uid mode: )?[A-Z][A-Z0-9_]+: [a-z_]+/m) >>> 0),
              ),
            },
          ];
    return ok({
      kind: 'permission_audit',
      command,
      result: run.value,
      packages,
      caveats: [
        'A granted permission is not proof of use, and AppOps modes (allow/ignore/deny/foreground) can restrict a granted permission.',
        'Without a package only the first limit third-party packages are audited, and only their permission lines are kept.',
      ],
    });
  },
});
