// Entry point of the `androperator` bundle (out/cli/androperator.js).
import { createUnavailableBackend } from './backend';
import { runCli } from './runCli';
import { runSimulatorsUntilSignal } from './simulators';

// Why: a reader closing the pipe early (`androperator devices | head -c1`) must not crash the CLI with EPIPE.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

process.exitCode = await runCli(process.argv.slice(2), {
  backend: {
    ...createUnavailableBackend(),
    runSimulators: (options, onReady) => runSimulatorsUntilSignal(options, process.env, onReady),
  },
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
