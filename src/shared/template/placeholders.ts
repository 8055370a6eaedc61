// The closed vocabulary of template placeholders, in the order the error message lists them.
export const PLACEHOLDER_NAMES = [
  'foreground_app.icon',
  'foreground_app.package_name',
  'foreground_app.version_code',
  'foreground_app.version_name',
  'device.manufacturer',
  'device.model',
  'system.language_code',
  'system.language_tag',
  'system.language_name',
] as const;

export type PlaceholderName = (typeof PLACEHOLDER_NAMES)[number];

const NAME_SET: ReadonlySet<string> = new Set(PLACEHOLDER_NAMES);

export function isPlaceholderName(value: string): value is PlaceholderName {
  return NAME_SET.has(value);
}

/** True when the placeholder reads the foreground app (and so needs foreground observation). */
export function isForegroundPlaceholder(name: PlaceholderName): boolean {
  return name.startsWith('foreground_app.');
}

export const INVALID_TEMPLATE_MESSAGE =
  `Invalid template placeholder; supported names: ${PLACEHOLDER_NAMES.join(', ')}. ` +
  'Escape delimiters as {{{{ and }}}}.';
