// `androperator serve [--host <h>] [--port <n>] [--allow-remote] [--token <t>]`: the Serve HTTP API.
import { parseNumericToken } from '../shared/cli/numericToken';
import { fail, ok } from '../shared/errors';
import type { ServeRunOptions } from './backend';
import type { CommandHandler } from './context';
import { parseFlags, type FlagSpec } from './flags';
import { usageError } from './usage';

const SERVE_FLAGS: readonly FlagSpec[] = [
  { name: '--host', aliases: ['--bind'], kind: 'value' },
  { name: '--port', kind: 'value' },
  { name: '--allow-remote', kind: 'boolean' },
  { name: '--token', kind: 'value' },
];

/** Parses the tokens after `serve` (common options already removed). Throws USAGE errors. */
export function parseServeArgs(args: readonly string[], operatorPackage: string): ServeRunOptions {
  const flags = parseFlags(args, SERVE_FLAGS, { context: 'serve' });
  const host = flags.values.get('--host');
  if (host !== undefined && host.trim() === '') usageError('--host requires a non-blank address');
  const portText = flags.values.get('--port');
  let port: number | undefined;
  if (portText !== undefined) {
    port = parseNumericToken(portText) ?? undefined;
    if (port === undefined || port < 0 || port > 65535)
      usageError(
        `--port must be an integer from 0 to 65535 (0: any free port), got ${JSON.stringify(portText)}`,
      );
  }
  const token = flags.values.get('--token');
  return {
    ...(host === undefined ? {} : { host }),
    ...(port === undefined ? {} : { port }),
    allowRemote: flags.switches.has('--allow-remote'),
    ...(token === undefined ? {} : { token }),
    operatorPackage,
  };
}

export const serveCommand: CommandHandler = async (args, context) => {
  const options = parseServeArgs(args, context.target.operatorPackage);
  if (context.backend.runServe === undefined)
    return fail('ADB_SERVER_UNAVAILABLE', 'This build of androperator cannot run the Serve API');
  const finished = await context.backend.runServe(
    options,
    (listening) => context.emitLine(listening),
    context.log,
  );
  if (finished.ok) return ok('');
  if (finished.error.code === 'FORBIDDEN' && finished.error.details?.host !== undefined) {
    const hint =
      'Pass --allow-remote to listen on it anyway; every request except /ping still needs the token.';
    return { ok: false, error: { ...finished.error, hint } };
  }
  return finished;
};
