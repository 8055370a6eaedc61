// `perfetto`, the tracing CLI of Android 9+ (/system/bin/perfetto), against the device's simulated tracing service:
// --query/--query-raw, a binary TraceConfig from a file or stdin (-c -), detached sessions (--detach, --attach
// [--stop], --is_detached) and foreground or background recording into /data/misc/perfetto-traces/.
import { resolvePath } from '../../device/fileAccess';
import { filesOf } from '../../device/files';
import { tracingServiceOf, TRACE_DIRECTORY, type TracingService } from '../../perfetto/service';
import { decodeTraceConfig, TraceConfigError, type TraceConfig } from '../../perfetto/traceConfig';
import { FRAME_TIMELINE_SOURCE } from '../../perfetto/traceWriter';
import type { CommandContext } from '../commandTable';
import { kernelRelease } from './toybox/system';

/** Largest config read from stdin or a file. */
export const MAX_CONFIG_BYTES = 1024 * 1024;
const FIRST_SDK = 28;

const USAGE = `
Usage: perfetto
  --background     -d      : Exits immediately and continues in the background.
                             Prints the PID of the bg process. The printed PID
                             can used to gracefully terminate the tracing
                             session by issuing a \`kill -TERM $PRINTED_PID\`.
  --config         -c      : /path/to/trace/config/file or - for stdin
  --out            -o      : /path/to/out/trace/file or - for stdout
  --txt                    : Parse config as pbtxt. Not for production use.
                             Not a stable API.
  --query                  : Queries the service state and prints it as
                             human-readable text.
  --query-raw              : Like query, but prints raw proto-encoded bytes
                             of tracing_service_state.proto.
  --version                : Prints the version of the Perfetto CLI.
  --help           -h

Detach mode. DISCOURAGED, read https://perfetto.dev/docs/concepts/detached-mode :
  --detach=key          : Detach from the tracing session with the given key.
  --attach=key [--stop] : Re-attach to the session (optionally stop tracing once reattached).
  --is_detached=key     : Check if the session can be re-attached (0:Yes, 2:No, 1:Error).
`;

interface Options {
  config?: string;
  out?: string;
  txt: boolean;
  background: boolean;
  query: boolean;
  queryRaw: boolean;
  version: boolean;
  help: boolean;
  detach?: string;
  attach?: string;
  stop: boolean;
  isDetached?: string;
}

const WITH_VALUE: Record<string, 'config' | 'out' | 'detach' | 'attach' | 'isDetached'> = {
  '-c': 'config',
  '--config': 'config',
  '-o': 'out',
  '--out': 'out',
  '--detach': 'detach',
  '--attach': 'attach',
  '--is_detached': 'isDetached',
};
const FLAGS: Record<string, 'txt' | 'background' | 'query' | 'queryRaw' | 'version' | 'help' | 'stop'> = {
  '--txt': 'txt',
  '-d': 'background',
  '--background': 'background',
  '--query': 'query',
  '--query-raw': 'queryRaw',
  '--version': 'version',
  '-h': 'help',
  '--help': 'help',
  '--stop': 'stop',
};

/** getopt_long's view of the arguments: `--name=value`, `--name value`, `-c value`, `-cvalue`. */
function parseOptions(args: readonly string[]): Options | { error: string } {
  const options: Options = {
    txt: false,
    background: false,
    query: false,
    queryRaw: false,
    version: false,
    help: false,
    stop: false,
  };
  for (let index = 0; index < args.length; index += 1) {
    const argument = args[index] as string;
    const equals = argument.startsWith('--') ? argument.indexOf('=') : -1;
    const name = equals > 0 ? argument.slice(0, equals) : argument;
    const flag = FLAGS[name];
    if (flag && equals < 0) {
      options[flag] = true;
      continue;
    }
    const shortWithValue = /^-[co]./.test(argument) ? argument.slice(0, 2) : undefined;
    const key = WITH_VALUE[shortWithValue ?? name];
    if (!key) {
      if (flag) return { error: `perfetto: option '${name}' doesn't allow an argument` };
      return {
        error: argument.startsWith('--')
          ? `perfetto: unrecognized option '${argument}'`
          : `perfetto: invalid option -- '${argument.slice(1, 2)}'`,
      };
    }
    let value: string | undefined;
    if (shortWithValue) value = argument.slice(2);
    else if (equals > 0) value = argument.slice(equals + 1);
    else value = args[(index += 1)];
    if (value === undefined)
      return { error: `perfetto: option requires an argument -- '${name.replace(/^-+/, '')}'` };
    options[key] = value;
  }
  return options;
}

/** perfetto_cmd's log line on stderr: `[uptime] file:line message`. */
function log(context: CommandContext, service: TracingService, line: number, message: string): void {
  context.stderr(`[${(service.bootNs() / 1e9).toFixed(3)}] perfetto_cmd.cc:${line} ${message}\n`);
}

async function readConfig(context: CommandContext, source: string): Promise<Buffer | { error: string }> {
  if (source === '-') {
    const data = context.hostInput
      ? await context.hostInput.read(MAX_CONFIG_BYTES + 1, context.signal)
      : context.stdin;
    if (data.length > MAX_CONFIG_BYTES)
      return { error: `The trace config is larger than ${MAX_CONFIG_BYTES} bytes` };
    return data;
  }
  const path = resolvePath(source, context.environment.PWD ?? '/');
  const file = filesOf(context.device.state).read(path);
  if (!file) return { error: `Could not open ${source} (errno: 2, No such file or directory)` };
  if (file.data.length > MAX_CONFIG_BYTES)
    return { error: `The trace config is larger than ${MAX_CONFIG_BYTES} bytes` };
  return file.data;
}

/** Why the output file cannot be created (errno text), or undefined. */
function outputRefusal(context: CommandContext, path: string): string | undefined {
  const files = filesOf(context.device.state);
  const parent = path.slice(0, path.lastIndexOf('/')) || '/';
  if (!(parent === TRACE_DIRECTORY || parent.startsWith(`${TRACE_DIRECTORY}/`)))
    return 'errno: 13, Permission denied';
  if (!files.isDirectory(parent)) return 'errno: 2, No such file or directory';
  if (files.read(path) || files.isDirectory(path)) return 'errno: 17, File exists';
  return undefined;
}

function queryText(service: TracingService, sdkLevel: number): string {
  const sources = service.dataSources();
  const lines = [
    `Not meant for machine consumption. Use --query-raw for scripts.`,
    '',
    'DATA SOURCES REGISTERED:',
    ...sources.map((name) => `  ${name}`),
    '',
  ];
  if (sdkLevel >= 31 && !sources.includes(FRAME_TIMELINE_SOURCE)) lines.push('(frametimeline unavailable)');
  return `${lines.join('\n')}\n`;
}

let backgroundPid = 5100;

/**
 * `perfetto`: see the file comment; exit codes 0 ok, 1 error, 2 when `--is_detached`/`--attach` find no session. A
 * write_into_file session grows its file every file_write_period_ms and stops when max_file_size_bytes is reached.
 */
export async function perfetto(context: CommandContext): Promise<number> {
  const { state } = context.device;
  if (state.sdkLevel < FIRST_SDK) {
    context.stderr(`/system/bin/sh: ${context.name}: inaccessible or not found\n`);
    return 127;
  }
  const service = tracingServiceOf(state);
  const parsed = parseOptions(context.args);
  if ('error' in parsed) {
    context.stderr(`${parsed.error}\n${USAGE}`);
    return 1;
  }
  const options = parsed;
  if (options.help) {
    context.stderr(USAGE);
    return 0;
  }
  if (options.version) {
    context.stdout(`${service.queryVersion()}\n`);
    return 0;
  }
  if (options.queryRaw) {
    context.stdout(service.queryRaw());
    return 0;
  }
  if (options.query) {
    context.stdout(queryText(service, state.sdkLevel));
    return 0;
  }
  if (options.isDetached !== undefined) return service.isDetached(options.isDetached) ? 0 : 2;
  if (options.attach !== undefined) return attach(context, service, options.attach, options.stop);
  if (options.config === undefined) {
    context.stderr(USAGE);
    return 1;
  }
  if (options.txt) {
    log(
      context,
      service,
      417,
      'Text (--txt) configs are not supported by the simulated perfetto; pass a binary TraceConfig',
    );
    return 1;
  }
  if (options.out === undefined) {
    log(context, service, 497, 'Either --out or --upload is required');
    return 1;
  }
  if (options.out === '-' && (options.detach !== undefined || options.background)) {
    log(context, service, 502, 'Cannot write the trace to stdout in --detach or --background mode');
    return 1;
  }
  const bytes = await readConfig(context, options.config);
  if ('error' in bytes) {
    log(context, service, 431, bytes.error);
    return 1;
  }
  let config: TraceConfig;
  try {
    config = decodeTraceConfig(bytes);
  } catch (error) {
    if (!(error instanceof TraceConfigError)) throw error;
    log(context, service, 446, 'The trace config is invalid');
    return 1;
  }
  const path = options.out === '-' ? undefined : resolvePath(options.out, context.environment.PWD ?? '/');
  if (path !== undefined) {
    const refusal = outputRefusal(context, path);
    if (refusal) {
      log(context, service, 1093, `Failed to open ${options.out} (${refusal})`);
      return 1;
    }
  }
  const key = options.detach ?? `perfetto-cmd-${service.bootNs()}`;
  const started = service.start({
    key,
    config,
    configBytes: bytes,
    path,
    kernelRelease: kernelRelease(state.sdkLevel),
  });
  if (!started.ok) {
    const message = {
      'key-in-use': 'Session detach failed',
      'session-name-in-use': 'Service error: A trace with this unique session name already exists',
      'no-buffers': 'Service error: Config has no buffers',
    }[started.reason];
    log(context, service, 1190, message);
    return 1;
  }
  const ttl = config.durationMs > 0 ? `${Math.ceil(config.durationMs / 1000)}s` : 'unlimited';
  log(context, service, 1005, `Connected to the Perfetto traced service, TTL: ${ttl}`);
  if (options.detach !== undefined) return 0;
  if (options.background) {
    backgroundPid += 7;
    context.stdout(`${backgroundPid}\n`);
    return 0;
  }
  // Foreground: record until the duration ends or the caller hangs up (Ctrl-C stops and keeps the trace).
  const finished = (await service.waitFor(key, context.signal)) ?? service.stop(key);
  if (!finished) return 1;
  if (finished.path === undefined) context.stdout(finished.data);
  else log(context, service, 1210, `Wrote ${finished.data.length} bytes into ${finished.path}`);
  return 0;
}

async function attach(
  context: CommandContext,
  service: TracingService,
  key: string,
  stop: boolean,
): Promise<number> {
  if (!service.isDetached(key)) {
    // perfetto_cmd exits 2 here, the code --is_detached uses for "no such session".
    log(context, service, 1260, 'Session re-attach failed. Check service logs for details');
    return 2;
  }
  const finished = stop ? service.stop(key) : await service.waitFor(key, context.signal);
  if (!finished) return 1;
  if (finished.path !== undefined)
    log(context, service, 1210, `Wrote ${finished.data.length} bytes into ${finished.path}`);
  return 0;
}
