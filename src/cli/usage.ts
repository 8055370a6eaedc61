// Syntax errors unwind argument parsing as exceptions carrying a structured USAGE error.
import { AppErrorException } from '../shared/errors';

/** Throws a USAGE error; runCli prints it as `{"code":"USAGE","message":...}` and exits 1. */
export function usageError(message: string, details?: Record<string, unknown>): never {
  throw new AppErrorException(
    details === undefined ? { code: 'USAGE', message } : { code: 'USAGE', message, details },
  );
}
