import { describe, expect, it } from 'vitest';
import { runShell } from '../../../../test-support/runShell';

describe('sort', () => {
  it('sorts by bytes, numerically with -n, reversed with -r (the du | sort -nr | head form)', async () => {
    const lines = "printf '12\\t/b\\n9\\t/a\\n100\\t/c\\n'";
    expect((await runShell(`${lines} | sort`)).stdout.toString()).toBe('100\t/c\n12\t/b\n9\t/a\n');
    expect((await runShell(`${lines} | sort -n`)).stdout.toString()).toBe('9\t/a\n12\t/b\n100\t/c\n');
    expect((await runShell(`${lines} | sort -nr | head -n 2`)).stdout.toString()).toBe('100\t/c\n12\t/b\n');
  });

  it('sorts nothing into nothing (du refused as shell)', async () => {
    const run = await runShell('du -sk /data/user/0/* 2>/dev/null | sort -nr | head -n 5');
    expect(run).toMatchObject({ status: 0, stderr: '' });
    expect(run.stdout.toString()).toBe('');
  });
});
