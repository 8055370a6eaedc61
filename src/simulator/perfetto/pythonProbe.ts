// Runs perfettoProbe.py (the Python `perfetto` wheel's protos, installed into out/pyenv by
// scripts/setup-python-test-env.sh from requirements-test.txt) for the cross-checks in tests.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const PYTHON = join(process.cwd(), 'out', 'pyenv', 'bin', 'python');
const PROBE = join(__dirname, 'perfettoProbe.py');

/** Whether the venv has the wheel (the cross-checks are skipped, with a warning, when it does not). */
export function perfettoWheelPresent(): boolean {
  if (!existsSync(PYTHON)) return false;
  return (
    spawnSync(PYTHON, ['-c', 'import perfetto.protos.perfetto.trace.perfetto_trace_pb2'], { stdio: 'ignore' })
      .status === 0
  );
}

/** The probe's stdout for `args`; rejects on a non-zero exit. */
export function runPerfettoProbe(args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(PYTHON, [PROBE, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`perfettoProbe.py exited ${String(code)}: ${stderr}`));
      else resolve(stdout);
    });
  });
}
