// Entry point of the `androperator` bundle (out/cli/androperator.js).
import { createAdbBackend } from './adbBackend';
import { runCli } from './runCli';

// Why: a reader closing the pipe early (`androperator devices | head -c1`) must not crash the CLI with EPIPE.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

process.exitCode = await runCli(process.argv.slice(2), {
  backend: createAdbBackend(process.env),
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
