// The browser console's port, remembered in the data folder so its address (and the tab pointing at it) survives a
// restart. A missing or unreadable file only means "no port remembered".
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { Result } from '../../shared/errors';
import { writeFileAtomic } from '../../node/fs/atomicWrite';

const stateSchema = z.object({ port: z.number().int().min(1).max(65535) });

/** The port saved in `path`, or undefined (no file, not JSON, no valid port). */
export async function readRememberedPort(path: string): Promise<number | undefined> {
  const text = await readFile(path, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const parsed = stateSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.port : undefined;
  } catch {
    return undefined;
  }
}

/** Saves `port` atomically in `path` (the folder is created, 0700). */
export async function rememberPort(path: string, port: number): Promise<Result<void>> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 }).catch(() => undefined);
  return writeFileAtomic(path, `${JSON.stringify({ port })}\n`);
}
