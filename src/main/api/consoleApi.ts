// The console API as one typed object: every channel of src/shared/api/contract.ts, split by domain.
import type { ConsoleApi } from '../../shared/api/contract';
import { systemClock } from '../execution/types';
import { androidApi } from './androidApi';
import { ConsoleApprover } from './consoleApprover';
import { approvalApi } from './consoleApproverApi';
import { REAL_RUNNERS, type ConsoleDependencies, type ResolvedDependencies } from './dependencies';
import { devicesApi } from './devicesApi';
import { evidenceApi } from './evidenceApi';
import { executionsApi } from './executionsApi';
import { logcatApi } from './logcatApi';
import { operatorApi } from './operatorApi';
import { presetsApi } from './presetsApi';
import { screenshotApi } from './screenshotApi';
import { screenApi } from './screenApi';
import { settingsApi } from './settingsApi';

export { parseChannelInput } from './channelInputs';

/**
 * Builds the API. Handlers expect inputs that parseChannelInput accepted (the transports call it first, through
 * dispatchChannel); every failure is a value.
 */
export function createConsoleApi(dependencies: ConsoleDependencies): ConsoleApi {
  const resolved: ResolvedDependencies = {
    ...dependencies,
    run: { ...REAL_RUNNERS, ...dependencies.runners },
    clock: dependencies.clock ?? systemClock,
    approvals: dependencies.approvals ?? new ConsoleApprover({ events: dependencies.events }),
  };
  return {
    ...settingsApi(resolved),
    ...devicesApi(resolved),
    ...executionsApi(resolved),
    ...screenshotApi(resolved),
    ...evidenceApi(resolved),
    ...presetsApi(resolved),
    ...operatorApi(resolved),
    ...androidApi(resolved),
    ...logcatApi(resolved),
    ...approvalApi(resolved),
    ...screenApi(resolved),
  };
}
