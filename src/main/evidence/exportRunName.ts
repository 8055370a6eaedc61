// Picks where an export goes when the user kept the suggested name: the name itself, else its next free copy in the
// same folder (`<id> (2).zip`...). Never an existing path: the write itself still refuses to overwrite (EEXIST).
import { basename, dirname, join } from 'node:path';
import { pathExists } from '../../node/fs/atomicWrite';
import { copyName } from '../../shared/api/exportName';

/** Copies tried before giving up (a folder holding a thousand exports of one run is a mistake, not a use). */
export const MAX_COPIES = 1000;

/** `destination` as copy `copy` in its folder (1 is `destination` itself). */
export function copyPath(destination: string, copy: number): string {
  return copy <= 1 ? destination : join(dirname(destination), copyName(basename(destination), copy));
}

/** The first of `destination`, its copy 2, 3... (from copy `from`) that does not exist; null when all up to MAX_COPIES do. */
export async function freeDestination(
  destination: string,
  from = 1,
): Promise<{ path: string; copy: number } | null> {
  for (let copy = from; copy <= MAX_COPIES; copy += 1) {
    const path = copyPath(destination, copy);
    if (!(await pathExists(path))) return { path, copy };
  }
  return null;
}
