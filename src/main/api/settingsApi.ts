// app:info and settings:update.
import type { ConsoleApi } from '../../shared/api/contract';
import { ok } from '../../shared/errors';
import type { ResolvedDependencies } from './dependencies';

export function settingsApi(
  dependencies: ResolvedDependencies,
): Pick<ConsoleApi, 'app:info' | 'settings:update'> {
  const { app, evidence, settings, hub } = dependencies;
  return {
    'app:info': async () => {
      const builtOperatorApk = app.builtOperatorApk?.();
      return ok({
        version: app.version,
        shell: app.shell,
        platform: app.platform,
        evidenceDirectory: evidence.directory,
        settings: settings.get(),
        ...(builtOperatorApk === undefined ? {} : { builtOperatorApk }),
      });
    },
    'settings:update': async (patch) => {
      const previous = settings.get();
      const updated = await settings.update(patch);
      if (!updated.ok) return updated;
      const next = updated.value;
      if (next.operatorPackage !== previous.operatorPackage) {
        // Validated by the input check and the store; the hub re-reads every Operator status with it.
        const switched = hub.setOperatorPackage(next.operatorPackage);
        if (!switched.ok) return switched;
      }
      await dependencies.onSettingsChanged?.(next, previous);
      return ok(next);
    },
  };
}
