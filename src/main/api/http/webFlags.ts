// Command-line flags of the browser console (`npm run web -- --port 8080`).
import { fail, ok, type Result } from '../../../shared/errors';
import { isLoopbackHost } from '../../http/security';

export interface WebFlags {
  host: string;
  /** 0: any free port; absent: the port of the last start (remembered in the data folder), else any free one. */
  port?: number;
  /** false with --no-simulator. */
  simulator: boolean;
  /** Print {"url": ...} instead of the sentence. */
  json: boolean;
  help: boolean;
}

export const WEB_USAGE = `Usage: npm run web -- [options]   (or: node out/console/web.js [options])

Serves the androperator console to a browser on this machine and prints its address. The address stays the same
across restarts: the port and the token are kept in the data folder (console.json, console-token), so an open tab
reconnects by itself.

Options:
  --port <n>        Port to listen on (default: the port of the last start when free, else any free port;
                    0: any free port)
  --host <address>  Loopback address to bind: 127.0.0.1 (default), ::1 or localhost
  --no-simulator    Never start a simulated phone, even when no device is connected
  --json            Print {"url": "..."} instead of a sentence
  --help            Show this help`;

function usage(message: string): Result<never> {
  return fail('USAGE', message, undefined, 'Run with --help for the options.');
}

/** Parses `argv` (without node and the script); `--name value` and `--name=value` both work. */
export function parseWebFlags(argv: readonly string[]): Result<WebFlags> {
  const flags: WebFlags = { host: '127.0.0.1', simulator: true, json: false, help: false };
  for (let index = 0; index < argv.length; index += 1) {
    const token = argv[index] ?? '';
    const [name, inline] =
      token.startsWith('--') && token.includes('=')
        ? [token.slice(0, token.indexOf('=')), token.slice(token.indexOf('=') + 1)]
        : [token, undefined];
    const value = (): string | undefined => {
      if (inline !== undefined) return inline;
      index += 1;
      return argv[index];
    };
    switch (name) {
      case '--port': {
        const text = value();
        if (text === undefined || !/^\d{1,5}$/.test(text) || Number(text) > 65535)
          return usage(`--port needs a port number from 0 to 65535, got ${JSON.stringify(text ?? '')}`);
        flags.port = Number(text);
        break;
      }
      case '--host': {
        const text = value();
        if (text === undefined || text === '') return usage('--host needs an address');
        // The console drives devices and writes files: it is reachable from this machine only, with no opt-out.
        if (!isLoopbackHost(text))
          return usage(`The console listens on loopback only (127.0.0.1, ::1, localhost), not ${text}`);
        flags.host = text;
        break;
      }
      case '--no-simulator':
      case '--json':
      case '--help':
      case '-h':
        if (inline !== undefined) return usage(`${name} takes no value`);
        if (name === '--no-simulator') flags.simulator = false;
        else if (name === '--json') flags.json = true;
        else flags.help = true;
        break;
      default:
        return usage(`Unknown option ${token}`);
    }
  }
  return ok(flags);
}
