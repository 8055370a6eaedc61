import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

// Runs a Python probe script of a fidelity test in the test venv (out/pyenv, made by
// scripts/setup-python-test-env.sh from requirements-test.txt) and returns the JSON object it prints.

export const PYTHON = join(process.cwd(), 'out', 'pyenv', 'bin', 'python');
export const pythonVenvPresent = existsSync(PYTHON);

/** One probed call: what it returned, or the exception it raised. */
export type ProbeResult = { value: unknown } | { error: string };

export function runPythonProbe(
  script: string,
  args: readonly string[],
  timeoutMs = 30_000,
): Promise<Record<string, ProbeResult>> {
  return new Promise((resolve, reject) => {
    const child = spawn(PYTHON, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`${script} exited ${String(code)}: ${stderr}`));
      else {
        try {
          resolve(JSON.parse(stdout) as Record<string, ProbeResult>);
        } catch {
          reject(
            new Error(
              `${script} printed no JSON object (stdout must carry only it): ${stdout.slice(0, 200)}`,
            ),
          );
        }
      }
    });
  });
}
