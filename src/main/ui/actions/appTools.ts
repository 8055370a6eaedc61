// android.launch_app (MAIN/LAUNCHER resolved with `cmd package resolve-activity --brief` before approval, then
// `am start -n`) and android.stop_app (`am force-stop`): the reference's mutating actions, normal approval.
import { ok } from '../../../shared/errors';
import { APP_ARGUMENTS } from '../../../shared/ui/actionArguments';
import { defineTool } from '../../android/tool';
import { forceStopCommand, parseLauncherComponent, resolveLauncherCommand, startCommand } from './commands';
import { performAction } from './perform';
import { contextPorts } from './ports';

export const launchApp = defineTool({
  name: 'android.launch_app',
  cli: { command: 'ui', verb: 'launch' },
  description:
    "Launches a package's MAIN/LAUNCHER activity: resolved with cmd package resolve-activity (read-only) before " +
    'approval, then `am start -n <component>`; an `Error:` line is a failure even with exit 0. Mutating: approval. ' +
    'Optional verification (expected_package is the usual check).',
  risk: 'mutating',
  arguments: APP_ARGUMENTS,
  run(context, args) {
    return performAction(
      {
        tool: 'android.launch_app',
        kind: 'launch_app',
        strength: 'normal',
        async prepare() {
          const resolve = resolveLauncherCommand(args.package);
          const resolved = await context.run(resolve, { timeoutMs: 10_000 });
          if (!resolved.ok) return resolved;
          const component = parseLauncherComponent(args.package, resolved.value.stdout);
          if (!component.ok) return component;
          const command = startCommand(component.value);
          return ok({ command, preview: command, target: null, tree: null });
        },
      },
      contextPorts(context),
      args.verification,
    );
  },
});

export const stopApp = defineTool({
  name: 'android.stop_app',
  cli: { command: 'ui', verb: 'stop' },
  description:
    'Force-stops a package (`am force-stop`): its processes end and it loses its activities. Mutating: approval. ' +
    'Optional verification.',
  risk: 'mutating',
  arguments: APP_ARGUMENTS,
  run(context, args) {
    return performAction(
      {
        tool: 'android.stop_app',
        kind: 'stop_app',
        strength: 'normal',
        prepare() {
          const command = forceStopCommand(args.package);
          return Promise.resolve(ok({ command, preview: command, target: null, tree: null }));
        },
      },
      contextPorts(context),
      args.verification,
    );
  },
});
