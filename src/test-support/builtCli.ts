// The built CLI (`node bin/androperator.js`, bundled by scripts/vitest-global-setup.ts) run as a child process, as
// users run it: for subprocess tests that check exit codes, stdout and what a simulated device received.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLI_BIN = join(fileURLToPath(new URL('../..', import.meta.url)), 'bin', 'androperator.js');

export interface BuiltCliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout parsed as one JSON document; empty when stdout is not JSON (an assertion on it then shows stdout). */
  json: Record<string, unknown>;
}

/**
 * Runs the built CLI with `env` over the test's own environment, without the variables a developer's shell may set
 * for the Operator package, and waits for it to exit.
 */
export async function runBuiltCli(
  argv: readonly string[],
  env: Record<string, string>,
): Promise<BuiltCliRun> {
  const { ANDROPERATOR_OPERATOR_PACKAGE: _package, ...inherited } = process.env;
  const child = spawn(process.execPath, [CLI_BIN, ...argv], {
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(stdout) as Record<string, unknown>;
  } catch {
    // Left empty: see BuiltCliRun.json.
  }
  return { code, stdout, stderr, json };
}
