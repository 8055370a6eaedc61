// The remote adb servers the user added, kept in the config folder (adb-servers.json) so they survive a restart,
// each with its enable switch and the other addresses that were recognised as the same server.
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { Result } from '../../shared/errors';
import { writeFileAtomic } from '../../node/fs/atomicWrite';

export interface SavedServer {
  /** The canonical "host:port" label. */
  address: string;
  enabled: boolean;
  /** Other addresses entered for the same server. */
  aliases: string[];
}

const fileSchema = z.object({
  version: z.literal(1),
  servers: z.array(
    z.object({
      address: z.string().min(1),
      enabled: z.boolean(),
      aliases: z.array(z.string()).default([]),
    }),
  ),
});

export interface LoadedServers {
  servers: SavedServer[];
  /** Why the file was not used (it is left as it is until the next change replaces it). */
  problem?: string;
}

export async function loadServers(path: string): Promise<LoadedServers> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
    return code === 'ENOENT'
      ? { servers: [] }
      : { servers: [], problem: `${path} cannot be read (${String(code)})` };
  }
  try {
    const parsed = fileSchema.safeParse(JSON.parse(text));
    if (parsed.success) return { servers: parsed.data.servers };
    return {
      servers: [],
      problem: `${path} is not a list of adb servers (${parsed.error.issues[0]?.message})`,
    };
  } catch {
    return { servers: [], problem: `${path} is not JSON` };
  }
}

export async function saveServers(path: string, servers: readonly SavedServer[]): Promise<Result<void>> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 }).catch(() => undefined);
  return writeFileAtomic(path, `${JSON.stringify({ version: 1, servers }, null, 2)}\n`);
}
