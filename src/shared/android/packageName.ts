// Android package names as the reference's trace and launch tools accept them (section 1.3).
import { z } from 'zod';

/** Dot-separated, at least 2 non-empty parts, each `[A-Za-z0-9_]`, at most 255 characters. */
export const ANDROID_PACKAGE = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)+$/;
export const MAX_PACKAGE_CHARS = 255;

/** True for a name `ANDROID_PACKAGE` accepts within the length limit. */
export function isPackageName(value: string): boolean {
  return value.length <= MAX_PACKAGE_CHARS && ANDROID_PACKAGE.test(value);
}

export const PACKAGE_NAME = z
  .string({ error: 'must be a package name' })
  .max(MAX_PACKAGE_CHARS, `must be at most ${MAX_PACKAGE_CHARS} characters`)
  .regex(
    ANDROID_PACKAGE,
    'must be a package name: at least two dot-separated parts of letters, digits and _',
  );
