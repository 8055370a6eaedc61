// Where `npm run build:apk` leaves the Operator APK in a checkout, so the console can offer it in "Install APK...".
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const PACKAGE_NAME = 'androperator-console';
/** The release build first (it matches the default Operator package), then the debug build (`.dev`). */
export const BUILT_APK_NAMES = ['androperator-operator-release.apk', 'androperator-operator-debug.apk'];

/** The checkout a module runs from: the nearest folder above it whose package.json names this project. */
export function checkoutRootOf(start: string): string | undefined {
  for (let directory = start; ; directory = dirname(directory)) {
    const manifest = join(directory, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === PACKAGE_NAME)
          return directory;
      } catch {
        // Not ours (or unreadable): keep looking above it.
      }
    }
    if (dirname(directory) === directory) return undefined;
  }
}

/** The built Operator APK of the checkout above `start`, if one was built (checked now, not cached). */
export function builtOperatorApk(start: string): string | undefined {
  const root = checkoutRootOf(start);
  if (root === undefined) return undefined;
  return BUILT_APK_NAMES.map((name) => join(root, 'out', 'apk', name)).find((path) => existsSync(path));
}
