// Helpers for the CLI's unit tests; never used by the built CLI.
import { expect } from 'vitest';
import { AppErrorException, type AppError } from '../shared/errors';
import type { CliBackend } from '../cli/backend';
import { createSink } from './fakeBackend';
import { runCli } from '../cli/runCli';

/** Runs `action`, expecting it to throw a structured error, and returns that error. */
export function thrownError(action: () => unknown): AppError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(AppErrorException);
    return (error as AppErrorException).error;
  }
  throw new Error('expected a structured error to be thrown');
}

/** What one in-process runCli call printed and returned. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as one JSON document. */
  json: Record<string, unknown>;
}

export const FIXED_CLOCK = { now: () => 1767225600000, random: () => 0.25 };

/** Runs the CLI in process against `backend` with a fixed clock; `json` is empty when stdout is not JSON. */
export async function runInProcess(
  argv: readonly string[],
  backend: CliBackend,
  env: Record<string, string | undefined> = {},
  cwd = '/',
): Promise<CliRun> {
  const stdout = createSink();
  const stderr = createSink();
  const code = await runCli(argv, { backend, stdout, stderr, env, cwd, clock: FIXED_CLOCK });
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(stdout.text()) as Record<string, unknown>;
  } catch {
    // Help and version output are plain text.
  }
  return { code, stdout: stdout.text(), stderr: stderr.text(), json };
}
