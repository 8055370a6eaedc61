// Android's package name rule, shared by every place that accepts an Operator or app package.

const PACKAGE_NAME = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;
export const MAX_PACKAGE_NAME_LENGTH = 255;

/** At least two dot-separated segments, each starting with a letter; this also keeps shell commands safe. */
export function isPackageName(value: string): boolean {
  return value.length <= MAX_PACKAGE_NAME_LENGTH && PACKAGE_NAME.test(value);
}
