// logcat:start, logcat:stop and logcat:redaction: the console's live logcat follows (logcatApiFollows.ts), whose
// lines arrive as logcat:batch events and whose device-side end arrives as logcat:ended.
import type { ConsoleApi } from '../../shared/api/contract';
import type { ResolvedDependencies } from './dependencies';
import { LogcatFollows } from './logcatApiFollows';

export function logcatApi(
  dependencies: Pick<ResolvedDependencies, 'hub' | 'events' | 'logcatFollows'>,
): Pick<ConsoleApi, 'logcat:start' | 'logcat:stop' | 'logcat:redaction'> {
  const follows =
    dependencies.logcatFollows ?? new LogcatFollows({ hub: dependencies.hub, events: dependencies.events });
  return {
    'logcat:start': (input) => follows.start(input),
    'logcat:stop': ({ followId }) => follows.stop(followId),
    'logcat:redaction': ({ followId, redact }) => Promise.resolve(follows.setRedaction(followId, redact)),
  };
}
