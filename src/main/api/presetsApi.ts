// presets:* channels over the presets store.
import type { ConsoleApi } from '../../shared/api/contract';
import { ok } from '../../shared/errors';
import type { ResolvedDependencies } from './dependencies';

export function presetsApi({
  presets,
}: ResolvedDependencies): Pick<ConsoleApi, 'presets:list' | 'presets:save' | 'presets:delete'> {
  return {
    'presets:list': async () => ok(presets.list()),
    'presets:save': ({ name, design }) => presets.save(name, design),
    'presets:delete': ({ name }) => presets.delete(name),
  };
}
