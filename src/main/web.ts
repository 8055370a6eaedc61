// Composition root of the browser console (`npm run web`): prints its address, stops cleanly on SIGINT/SIGTERM.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchWebConsole } from './api/http/launchWebConsole';
import { IN_FLIGHT_GRACE_MS } from './serve/shutdown';

const log = (message: string): void => void process.stderr.write(`androperator console: ${message}\n`);
// Built as out/console/web.js next to out/renderer.
const staticDirectory = join(dirname(fileURLToPath(import.meta.url)), '..', 'renderer');

const launched = await launchWebConsole({
  argv: process.argv.slice(2),
  env: process.env,
  staticDirectory,
  print: (line) => void process.stdout.write(`${line}\n`),
  log,
});

if (!launched.ok) {
  const { code, message, hint } = launched.error;
  log(`${code}: ${message}${hint === undefined ? '' : `\n${hint}`}`);
  process.exitCode = code === 'USAGE' ? 2 : 1;
} else if (launched.value !== 'help') {
  const running = launched.value;
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      // A second Ctrl+C means "now": skip the clean shutdown.
      process.exit(130);
    }
    stopping = true;
    log(`${signal}: stopping`);
    // Why a deadline: a wedged adb connection must not keep the process alive forever after Ctrl+C. It lets the
    // device calls in flight end within their own timeout first (the server's close grace), then the hub close.
    setTimeout(() => process.exit(1), IN_FLIGHT_GRACE_MS + 10_000).unref();
    void running.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
